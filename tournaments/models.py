"""Events, staff, registrations, rounds, matches, result audit log and penalties.

Every write goes through `tournaments.services`; every read a page or the API needs through
`tournaments.selectors`. Players are identified in the pairing engine by their Registration id.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.games import game_choices, game_enum


def new_seed() -> str:
    return secrets.token_hex(8)


def new_checkin_token() -> str:
    """The secret in a registration's check-in QR code: 128 random bits, URL-safe (docs/security.md)."""
    return secrets.token_urlsafe(16)


# The games of the registry (rulings/engine/registry.py): ``Game.YUGIOH == "yugioh"``.
Game = game_enum()


class TiebreakPolicy(models.TextChoices):
    KONAMI = "konami", _("Konami (points, OMW%, OOMW%)")
    MAGIC = "magic", _("Magic (points, OMW%, GW%, OGW%)")
    POKEMON = "pokemon", _("Pokémon (points, OWP, OOWP, head-to-head)")
    VANGUARD = "vanguard", _("Vanguard (points, OMW%, OOMW%)")


class WinFloor(models.TextChoices):
    """The win-percentage floor of the standings (docs/tiebreakers.md). Only a policy that has a floor reads
    it (Magic 0.33, Pokémon 0.25); Konami and Vanguard have none and keep none whatever is chosen."""

    POLICY = "policy", _("The policy's own floor")
    MTR = "mtr", _("0.33 (Magic Tournament Rules)")
    THIRD = "third", _("1/3 (melee.gg)")


class DroppedFigures(models.TextChoices):
    """What a dropped player's own figures are in the standings (docs/tiebreakers.md)."""

    FINAL = "final", _("Final (from every result, like everyone's)")
    FROZEN = "frozen", _("Frozen at the drop (melee.gg)")


class EventStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    CHECK_IN = "check_in", _("Check-in")
    SWISS = "swiss", _("Swiss rounds")
    TOP_CUT = "top_cut", _("Top cut")
    FINISHED = "finished", _("Finished")


class Event(models.Model):
    name = models.CharField(_("name"), max_length=200)
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    # A key of the engine's rule sets for the game (`rulings.engine.registry.get_game(game).rulesets`),
    # checked by the services; never empty once saved through them.
    rule_set = models.CharField(_("rule set"), max_length=120, blank=True)
    tier = models.PositiveSmallIntegerField(_("tier"), default=1)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    capacity = models.PositiveIntegerField(_("capacity"), null=True, blank=True)
    organizer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("organizer"),
        on_delete=models.PROTECT,
        related_name="organized_events",
    )
    best_of = models.PositiveSmallIntegerField(
        _("best of"), choices=[(1, _("Best of 1")), (3, _("Best of 3"))], default=3
    )
    round_minutes = models.PositiveSmallIntegerField(_("round time (minutes)"), default=50)
    decklist_deadline = models.DateTimeField(_("deck-list deadline"), null=True, blank=True)
    # Self check-in from the player's phone (tournaments.services.registrations.registration_check_in):
    # an optional window, or staff only (the check-in desk). The defaults keep it open whenever check-in is.
    self_check_in_opens = models.DateTimeField(_("self check-in opens"), null=True, blank=True)
    self_check_in_closes = models.DateTimeField(_("self check-in closes"), null=True, blank=True)
    self_check_in_staff_only = models.BooleanField(
        _("check-in by the staff only"),
        default=False,
        help_text=_("Players cannot check themselves in on their phone: the check-in desk does it."),
    )
    status = models.CharField(
        _("status"), max_length=16, choices=EventStatus.choices, default=EventStatus.DRAFT
    )
    tiebreak_policy = models.CharField(
        _("tie-breakers"), max_length=16, choices=TiebreakPolicy.choices, default=TiebreakPolicy.KONAMI
    )
    win_floor = models.CharField(
        _("win-percentage floor"), max_length=8, choices=WinFloor.choices, default=WinFloor.POLICY
    )
    dropped_figures = models.CharField(
        _("dropped players' figures"),
        max_length=8,
        choices=DroppedFigures.choices,
        default=DroppedFigures.FINAL,
    )
    swiss_rounds_override = models.PositiveSmallIntegerField(
        _("Swiss rounds (override)"), null=True, blank=True
    )
    top_cut_override = models.PositiveSmallIntegerField(_("top cut (override)"), null=True, blank=True)
    # Fixed when the Swiss starts, from the game's policy for the checked-in count or the overrides.
    swiss_rounds = models.PositiveSmallIntegerField(_("Swiss rounds"), null=True, blank=True)
    top_cut_size = models.PositiveSmallIntegerField(_("top cut size"), null=True, blank=True)
    seed = models.CharField(_("pairing seed"), max_length=64, default=new_seed)
    # The Celery task pairing the next round, if one is running (progress is shown on the page).
    pairing_task_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return self.name

    @property
    def banlist_name(self) -> str:
        """Name of the event's banlist, or "". The one source of truth is ``decks.EventDeckSettings.banlist``
        (set through the event services, form and API); select_related("deck_settings__banlist") to list."""
        from django.core.exceptions import ObjectDoesNotExist

        try:
            settings_row = self.deck_settings
        except ObjectDoesNotExist:
            return ""
        return settings_row.banlist.name if settings_row.banlist_id else ""

    @property
    def rule_set_title(self) -> str:
        """Title of the engine's rule set the event plays under, in the page's language (its key when the
        engine has no such set)."""
        from django.utils.translation import get_language

        from rulings.engine.i18n import ruleset_title
        from rulings.engine.registry import UnknownGame, get_game

        try:
            engine_game = get_game(self.game)
        except UnknownGame:
            return self.rule_set
        ruleset = engine_game.rulesets.get(self.rule_set or engine_game.default_ruleset)
        if ruleset is None:
            return self.rule_set
        return ruleset_title(self.game, ruleset, get_language() or "en")


class StaffRole(models.TextChoices):
    """A person's role on one event's staff (tournaments.services.common says what each may do).

    A scorekeeper runs the day (the console, results, check-in, the timer, printouts of pairings and
    standings) but is not a judge: no deck lists' contents, deck checks, unlocks or judge calls."""

    ORGANIZER = "organizer", _("Organizer")
    HEAD_JUDGE = "head_judge", _("Head judge")
    JUDGE = "judge", _("Judge")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")


class EventStaff(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_roles")
    role = models.CharField(_("role"), max_length=16, choices=StaffRole.choices, default=StaffRole.JUDGE)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="eventstaff_unique_user")]
        verbose_name = _("event staff")
        verbose_name_plural = _("event staff")

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) @ {self.event}"


class EventStaffChange(models.Model):
    """Audit of every appointment to and removal from an event's staff (written by event_add_staff and
    event_remove_staff): an empty old role is an appointment, an empty new role a removal."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="staff_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="event_staff_changes"
    )
    old_role = models.CharField(_("old role"), max_length=16, choices=StaffRole.choices, blank=True)
    new_role = models.CharField(_("new role"), max_length=16, choices=StaffRole.choices, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="event_staff_changes_made",
    )
    changed_at = models.DateTimeField(_("changed at"), auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-id"]
        verbose_name = _("event staff change")
        verbose_name_plural = _("event staff changes")

    def __str__(self) -> str:
        return f"{self.user} @ {self.event}: {self.old_role or '-'} → {self.new_role or '-'}"


class RegistrationStatus(models.TextChoices):
    REGISTERED = "registered", _("Registered")
    CHECKED_IN = "checked_in", _("Checked in")
    DROPPED = "dropped", _("Dropped")
    NO_SHOW = "no_show", _("No-show")


class PlayerGameId(models.Model):
    """A player's ID for one game's publisher (KONAMI ID, Bushiroad ID: the game's plug-in ``player_id``
    names it and its format). One per person and game, not per registration: entered once (at registration
    or later), it is on every event of that game — slips, staff standings, exports."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_ids")
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    value = models.CharField(_("player ID"), max_length=40)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="playergameid_unique_user_game")]
        verbose_name = _("player ID")
        verbose_name_plural = _("player IDs")

    def __str__(self) -> str:
        return f"{self.game}:{self.value}"


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="registrations"
    )
    status = models.CharField(
        _("status"), max_length=16, choices=RegistrationStatus.choices, default=RegistrationStatus.REGISTERED
    )
    checked_in_at = models.DateTimeField(null=True, blank=True)
    # Round after which the player dropped (0: before round 1); None while playing.
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    dropped_at = models.DateTimeField(null=True, blank=True)
    # First Swiss round the player can be paired in (late entry: earlier rounds count as losses).
    first_round = models.PositiveSmallIntegerField(default=1)
    awarded_byes = models.PositiveSmallIntegerField(_("awarded byes"), default=0)
    fixed_table = models.PositiveIntegerField(_("fixed table"), null=True, blank=True)
    # Carried by the QR code of the player's phone page and deck sheet: the check-in desk's scan URL.
    checkin_token = models.CharField(max_length=32, unique=True, default=new_checkin_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_unique_player"),
        ]
        indexes = [models.Index(fields=["event", "status"])]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")

    def __str__(self) -> str:
        return f"{self.player} @ {self.event_id}"


class RoundStage(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    TOP_CUT = "top_cut", _("Top cut")


class Round(models.Model):
    """A round of the event; numbers run on from the Swiss rounds into the top cut (unique per event)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=16, choices=RoundStage.choices, default=RoundStage.SWISS)
    seed = models.CharField(max_length=80, blank=True)
    method = models.CharField(max_length=32, blank=True)
    rematches = models.PositiveIntegerField(default=0)
    cost = models.BigIntegerField(default=0)
    # Plain-words account of pair-downs and the bye (explain_round), computed at pairing time.
    explanation = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="round_unique_number")]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.event} — round {self.number}"


class ResultKind(models.TextChoices):
    NORMAL = "normal", _("Played")
    INTENTIONAL_DRAW = "intentional_draw", _("Intentional draw")
    DOUBLE_LOSS = "double_loss", _("Double loss")
    GAME_LOSS = "game_loss", _("Game loss penalty")
    MATCH_LOSS = "match_loss", _("Match loss penalty")
    UNFINISHED = "unfinished", _("Unfinished (time)")
    BYE = "bye", _("Bye")
    MISSED = "missed", _("Missed round (late entry)")


class MatchStatus(models.TextChoices):
    PENDING = "pending", _("Awaiting result")
    REPORTED = "reported", _("Reported, awaiting confirmation")
    CONFIRMED = "confirmed", _("Confirmed")


class Match(models.Model):
    """One table of a round. player_b is empty for a bye or a missed (late-entry) round."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveIntegerField(null=True, blank=True)
    player_a = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="matches_as_a")
    player_b = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="matches_as_b", null=True, blank=True
    )
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.PENDING)
    kind = models.CharField(max_length=20, choices=ResultKind.choices, blank=True)
    games_a = models.PositiveSmallIntegerField(default=0)
    games_b = models.PositiveSmallIntegerField(default=0)
    games_drawn = models.PositiveSmallIntegerField(default=0)
    # The player who takes a game-loss or match-loss penalty.
    penalized = models.ForeignKey(
        Registration, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Top-cut matches (and convenience for Swiss): the winner when there is one.
    winner = models.ForeignKey(
        Registration, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    reported_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # Optimistic concurrency: every write bumps it; a client sends the version it saw.
    version = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["round", "table", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "table"], condition=Q(table__isnull=False), name="match_unique_table"
            ),
        ]
        indexes = [models.Index(fields=["round", "status"])]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"R{self.round_id} T{self.table}: {self.player_a_id} v {self.player_b_id}"

    @property
    def is_bye(self) -> bool:
        return self.player_b_id is None


class ResultChange(models.Model):
    """Audit log: every report, confirmation, staff entry and correction of a match result."""

    class Action(models.TextChoices):
        REPORT = "report", _("Reported by a player")
        CONFIRM = "confirm", _("Confirmed by the opponent")
        STAFF_ENTRY = "staff_entry", _("Entered by staff")
        CORRECTION = "correction", _("Corrected by staff")
        PENALTY = "penalty", _("Penalty applied by a judge")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(max_length=16, choices=Action.choices)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)
    version = models.PositiveIntegerField()

    class Meta:
        ordering = ["match", "changed_at", "id"]
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")

    def __str__(self) -> str:
        return f"{self.action} of match {self.match_id} (v{self.version})"


class PenaltyKind(models.TextChoices):
    WARNING = "warning", _("Warning")
    GAME_LOSS = "game_loss", _("Game loss")
    MATCH_LOSS = "match_loss", _("Match loss")
    DISQUALIFICATION = "disqualification", _("Disqualification")


class Penalty(models.Model):
    """An infraction and its penalty (tournaments.services.penalties): a game or match loss changed the
    match's result; a disqualification drops the player once a head judge or organizer approved it."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="penalties")
    match = models.ForeignKey(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="penalties"
    )
    kind = models.CharField(_("penalty"), max_length=20, choices=PenaltyKind.choices)
    # A key of the game's penalty guide (rulings.engine plug-in ``penalties``); "" for older rows and for
    # the game/match losses entered with a result.
    infraction = models.CharField(_("infraction"), max_length=40, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    issued_at = models.DateTimeField(auto_now_add=True)
    # A disqualification waits for a head judge's (or organizer's) approval; other penalties need none.
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    approved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "issued_at", "id"]
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")

    def __str__(self) -> str:
        return f"{self.kind} for {self.registration_id}"

    @property
    def awaiting_approval(self) -> bool:
        return self.kind == PenaltyKind.DISQUALIFICATION and self.approved_at is None


class RoundTimer(models.Model):
    """The clock of a round: started, paused and resumed by staff; tables get extra time (deck check, judge
    call). Remaining time = duration − (elapsed before the last pause + time since the last start)."""

    round = models.OneToOneField(Round, on_delete=models.CASCADE, related_name="timer")
    duration_seconds = models.PositiveIntegerField(_("duration (seconds)"))
    # Running since; None while paused or not started.
    started_at = models.DateTimeField(null=True, blank=True)
    elapsed_seconds = models.FloatField(default=0)  # accumulated before the last pause
    version = models.PositiveIntegerField(default=1)

    class Meta:
        verbose_name = _("round timer")
        verbose_name_plural = _("round timers")

    def __str__(self) -> str:
        return f"timer of round {self.round_id}"


class TableExtension(models.Model):
    """Extra time for one table of a round (deck check, judge call), in the audit trail with a reason."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="extensions")
    table = models.PositiveIntegerField()
    minutes = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=200, blank=True)
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    granted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "table", "id"]
        verbose_name = _("table extension")
        verbose_name_plural = _("table extensions")

    def __str__(self) -> str:
        return f"+{self.minutes} min for table {self.table} of round {self.round_id}"


class MatchDispute(models.Model):
    """A player disputes the result their opponent reported: the match waits for a judge, who enters or
    corrects the result (which resolves the dispute)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="disputes")
    raised_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    reason = models.CharField(max_length=300, blank=True)
    raised_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "raised_at", "id"]
        verbose_name = _("result dispute")
        verbose_name_plural = _("result disputes")

    def __str__(self) -> str:
        return f"dispute of match {self.match_id}"


class EventTransfer(models.Model):
    """An event export or import run by a Celery task (with a progress bar): the export's document is kept
    here for download; an import's document waits here for the worker, which records the event or the
    problems found."""

    class Kind(models.TextChoices):
        EXPORT = "export", _("Export")
        IMPORT = "import", _("Import")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    kind = models.CharField(max_length=8, choices=Kind.choices)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    document = models.JSONField(null=True, blank=True)
    errors = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    task_id = models.CharField(max_length=64, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("event transfer")
        verbose_name_plural = _("event transfers")

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk}"


class EventChange(models.Model):
    """Audit of what staff change in an event once it exists (tournaments.services.event_edit): a setting
    (`field`, old → new), a round re-opened or paired again, two players swapped between tables, a late
    entry. `details` keeps what the change replaced (the old pairings, the results un-confirmed)."""

    class Action(models.TextChoices):
        EDIT = "edit", _("Setting changed")
        REOPEN = "reopen", _("Round re-opened")
        REPAIR = "repair", _("Round paired again")
        SWAP = "swap", _("Players swapped")
        LATE_ENTRY = "late_entry", _("Late entry")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="changes")
    action = models.CharField(_("action"), max_length=16, choices=Action.choices)
    field = models.CharField(_("field"), max_length=40, blank=True)
    old_value = models.TextField(_("old value"), blank=True)
    new_value = models.TextField(_("new value"), blank=True)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    details = models.JSONField(default=dict, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(_("changed at"), auto_now_add=True)

    class Meta:
        ordering = ["-changed_at", "-id"]
        indexes = [models.Index(fields=["event", "changed_at"])]
        verbose_name = _("event change")
        verbose_name_plural = _("event changes")

    def __str__(self) -> str:
        return f"{self.action} {self.field} @ {self.event_id}"
