"""Events: creation, settings, staff and the lifecycle draft → registration → check-in → Swiss → top cut →
finished."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.models import Role
from rulings.engine.registry import get_game, plugins
from tournaments.extensions import deck_lists
from tournaments.models import (
    DroppedFigures,
    Event,
    EventStaff,
    EventStaffChange,
    EventStatus,
    Game,
    StaffRole,
    TiebreakPolicy,
    WinFloor,
)
from tournaments.pairing import EventStructure, PairingInputError, event_structure
from tournaments.services.common import lock_event, require_manager
from tournaments.services.errors import NotAllowed, TournamentError

# Each game's plug-in (rulings/engine/<game>/plugin.py, ``event_defaults``) says what a new event starts
# with, and whose published structure it follows: the pairing engine publishes structures for Yu-Gi-Oh! and
# Vanguard; RaymanTCG and Arrows follow the Yu-Gi-Oh! attendance table (the organizer can override both).
_DEFAULTS = {plugin.key: plugin.event_defaults for plugin in plugins()}
STRUCTURE_GAME = {key: defaults.structure for key, defaults in _DEFAULTS.items()}
DEFAULT_POLICY = {key: TiebreakPolicy(defaults.tiebreak_policy) for key, defaults in _DEFAULTS.items()}
DEFAULT_ROUND_MINUTES = {key: defaults.round_minutes for key, defaults in _DEFAULTS.items()}
DEFAULT_BEST_OF = {key: defaults.best_of for key, defaults in _DEFAULTS.items()}
# "" for the engine's default rule set (Vanguard: "standard", the current rules, not the document default).
DEFAULT_RULE_SET = {key: defaults.rule_set for key, defaults in _DEFAULTS.items()}

# Moves an organizer may make by hand; Swiss and top cut start through pairing / topcut_start.
MANUAL_TRANSITIONS = {
    EventStatus.DRAFT: {EventStatus.REGISTRATION},
    EventStatus.REGISTRATION: {EventStatus.DRAFT, EventStatus.CHECK_IN},
    EventStatus.CHECK_IN: {EventStatus.REGISTRATION},
    EventStatus.SWISS: {EventStatus.FINISHED},
    EventStatus.TOP_CUT: {EventStatus.FINISHED},
    EventStatus.FINISHED: set(),
}

# Settings an organizer may change, with the game (tournaments.services.event_edit.event_update: the rules
# on what may change once rounds are paired).
EDITABLE_FIELDS = {
    "name", "rule_set", "banlist", "tier", "date", "venue", "capacity", "best_of", "round_minutes",
    "decklist_deadline", "tiebreak_policy", "win_floor", "dropped_figures", "swiss_rounds_override",
    "top_cut_override", "self_check_in_opens", "self_check_in_closes", "self_check_in_staff_only",
}  # fmt: skip
OPEN_STATES = (EventStatus.REGISTRATION, EventStatus.CHECK_IN)


def _validate(fields: dict[str, Any]) -> None:
    if "game" in fields and fields["game"] not in Game.values:
        raise TournamentError(_("Unknown game."), field="game")
    if "tiebreak_policy" in fields and fields["tiebreak_policy"] not in TiebreakPolicy.values:
        raise TournamentError(_("Unknown tie-breaker policy."), field="tiebreak_policy")
    if "win_floor" in fields and fields["win_floor"] not in WinFloor.values:
        raise TournamentError(_("Unknown win-percentage floor."), field="win_floor")
    if "dropped_figures" in fields and fields["dropped_figures"] not in DroppedFigures.values:
        raise TournamentError(_("Unknown choice for dropped players' figures."), field="dropped_figures")
    if "best_of" in fields and fields["best_of"] not in (1, 3):
        raise TournamentError(_("A match is best of 1 or best of 3."), field="best_of")
    if "tier" in fields and fields["tier"] not in (1, 2, 3, 4):
        raise TournamentError(_("The tier must be 1 to 4."), field="tier")
    if fields.get("round_minutes") is not None and not 1 <= fields["round_minutes"] <= 600:
        raise TournamentError(_("The round time must be 1 to 600 minutes."), field="round_minutes")
    if fields.get("capacity") is not None and fields["capacity"] < 2:
        raise TournamentError(_("The capacity must be at least 2 players."), field="capacity")
    override = fields.get("swiss_rounds_override")
    if override is not None and not 1 <= override <= 30:
        raise TournamentError(_("Swiss rounds must be 1 to 30."), field="swiss_rounds_override")
    cut = fields.get("top_cut_override")
    if cut is not None and cut != 0 and (cut < 2 or cut & (cut - 1) or cut > 256):
        raise TournamentError(
            _("The top cut must be 0 (none) or a power of two from 2 to 256."), field="top_cut_override"
        )
    if "name" in fields and not str(fields["name"]).strip():
        raise TournamentError(_("The event needs a name."), field="name")
    _check_self_check_in_window(fields.get("self_check_in_opens"), fields.get("self_check_in_closes"))


def _check_self_check_in_window(opens, closes) -> None:
    if opens is not None and closes is not None and closes <= opens:
        raise TournamentError(_("Self check-in must close after it opens."), field="self_check_in_closes")


def rule_set_resolve(*, game: str, rule_set: str | None) -> str:
    """The engine's key of the rule set an event plays under: empty means the game's default; an unknown key
    is refused naming the allowed ones (the rule sets are the engine's, `rulings.engine`)."""
    engine_game = get_game(game)
    key = (rule_set or "").strip()
    default = DEFAULT_RULE_SET.get(game) or engine_game.default_ruleset
    if not key:
        return default
    if key not in engine_game.rulesets:
        raise TournamentError(
            _(
                "Unknown rule set “%(key)s” for this game; allowed: %(allowed)s "
                "(empty: the game's default, %(default)s)."
            )
            % {
                "key": key,
                "allowed": ", ".join(engine_game.rulesets),
                "default": default,
            },
            field="rule_set",
            code="unknown_rule_set",
        )
    return key


def banlist_resolve(*, game: str, name: str | None):
    """The imported banlist of this game with this name (decks resolves it: `tournaments.extensions`); None
    for an empty name; TournamentError naming the known ones otherwise."""
    return deck_lists().banlist_resolve(game=game, name=name)


def _banlist_store(*, event: Event, banlist) -> None:
    deck_lists().banlist_store(event=event, banlist=banlist)


def _with_deck_settings(event: Event) -> Event:
    return Event.objects.select_related("organizer", "deck_settings__banlist").get(pk=event.pk)


def event_create(
    *,
    organizer,
    name: str,
    game: str,
    date: datetime.date,
    venue: str = "",
    capacity: int | None = None,
    rule_set: str = "",
    banlist: str = "",
    tier: int = 1,
    best_of: int | None = None,
    round_minutes: int | None = None,
    decklist_deadline: datetime.datetime | None = None,
    tiebreak_policy: str | None = None,
    win_floor: str = WinFloor.POLICY,
    dropped_figures: str = DroppedFigures.FINAL,
    swiss_rounds_override: int | None = None,
    top_cut_override: int | None = None,
    seed: str | None = None,
    self_check_in_opens: datetime.datetime | None = None,
    self_check_in_closes: datetime.datetime | None = None,
    self_check_in_staff_only: bool = False,
) -> Event:
    """A draft event; defaults (policy, round time, best of) come from the game."""
    if not (organizer.is_superuser or organizer.role == Role.ORGANIZER):
        raise NotAllowed(_("Only organizers can create events."))
    fields: dict[str, Any] = {
        "name": name,
        "game": game,
        "date": date,
        "venue": venue,
        "capacity": capacity,
        "rule_set": rule_set,
        "tier": tier,
        "decklist_deadline": decklist_deadline,
        "win_floor": win_floor or WinFloor.POLICY,
        "dropped_figures": dropped_figures or DroppedFigures.FINAL,
        "swiss_rounds_override": swiss_rounds_override,
        "top_cut_override": top_cut_override,
        "self_check_in_opens": self_check_in_opens,
        "self_check_in_closes": self_check_in_closes,
        "self_check_in_staff_only": bool(self_check_in_staff_only),
    }
    _validate(fields)
    fields["best_of"] = best_of if best_of is not None else DEFAULT_BEST_OF[Game(game)]
    fields["round_minutes"] = (
        round_minutes if round_minutes is not None else DEFAULT_ROUND_MINUTES[Game(game)]
    )
    fields["tiebreak_policy"] = tiebreak_policy or DEFAULT_POLICY[Game(game)]
    _validate(fields)
    fields["rule_set"] = rule_set_resolve(game=game, rule_set=rule_set)
    chosen_banlist = banlist_resolve(game=game, name=banlist)
    if seed:
        fields["seed"] = seed
    with transaction.atomic():
        event = Event.objects.create(organizer=organizer, **fields)
        EventStaff.objects.create(event=event, user=organizer, role=StaffRole.ORGANIZER)
        if chosen_banlist is not None:
            _banlist_store(event=event, banlist=chosen_banlist)
    return _with_deck_settings(event)


def event_set_status(*, event: Event, status: str, user=None) -> Event:
    """Move the event along its lifecycle by hand (open registration, open check-in, finish…)."""
    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=user, event=event)
        if status == event.status:
            return event
        if status not in MANUAL_TRANSITIONS.get(EventStatus(event.status), set()):
            raise TournamentError(
                _("An event cannot go from “%(old)s” to “%(new)s” by hand.")
                % {"old": event.get_status_display(), "new": status},
                field="status",
                code="invalid_transition",
            )
        event.status = status
        event.save(update_fields=["status", "updated_at"])
    return event


def event_delete(*, event: Event, user=None) -> None:
    """Only a draft (or an event still taking registrations with no round) can be deleted."""
    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=user, event=event)
        if event.status not in (EventStatus.DRAFT, *OPEN_STATES) or event.rounds.exists():
            raise TournamentError(_("Only an event that has not started can be deleted."), code="started")
        event.delete()


def _check_appointable(person) -> None:
    """Only a real, active account can join an event's staff (an imported placeholder cannot log in)."""
    if getattr(person, "is_placeholder", False):
        raise TournamentError(
            _("%(name)s is an imported player record, not an account: they cannot be on the staff.")
            % {"name": person},
            field="user",
            code="placeholder",
        )
    if not person.is_active:
        raise TournamentError(
            _("%(name)s's account is deactivated: they cannot be on the staff.") % {"name": person},
            field="user",
            code="inactive",
        )


def event_add_staff(*, event: Event, user, role: str = StaffRole.JUDGE, by=None) -> EventStaff:
    """Appoint `user` to the event's staff as organizer, head judge, judge or scorekeeper (or change their
    staff role); audited in EventStaffChange. Appointing the same role again is refused as unchanged."""
    if role not in StaffRole.values:
        raise TournamentError(
            _("Unknown staff role “%(role)s”; allowed: %(allowed)s.")
            % {"role": role, "allowed": ", ".join(StaffRole.values)},
            field="role",
        )
    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=by, event=event)
        _check_appointable(user)
        current = EventStaff.objects.filter(event=event, user=user).first()
        if user.pk == event.organizer_id and role != StaffRole.ORGANIZER:
            raise TournamentError(_("The event's creator stays its organizer."), field="user")
        if current is not None and current.role == role:
            raise TournamentError(
                _("%(name)s is already on this event's staff as %(role)s.")
                % {"name": user, "role": current.get_role_display()},
                field="user",
                code="unchanged",
            )
        old_role = current.role if current is not None else ""
        if current is None:
            current = EventStaff.objects.create(event=event, user=user, role=role)
        else:
            current.role = role
            current.save(update_fields=["role"])
        EventStaffChange.objects.create(
            event=event, user=user, old_role=old_role, new_role=role, changed_by=by
        )
    return current


def event_remove_staff(*, event: Event, user, by=None) -> None:
    """Take `user` off the event's staff; audited in EventStaffChange. The event's creator stays."""
    with transaction.atomic():
        event = lock_event(event.pk)
        require_manager(user=by, event=event)
        if user.pk == event.organizer_id:
            raise TournamentError(_("The event's creator stays its organizer."), field="user")
        current = EventStaff.objects.filter(event=event, user=user).first()
        if current is None:
            raise TournamentError(
                _("%(name)s is not on this event's staff.") % {"name": user}, field="user", code="not_staff"
            )
        current.delete()
        EventStaffChange.objects.create(
            event=event, user=user, old_role=current.role, new_role="", changed_by=by
        )


def event_planned_structure(*, event: Event, players: int) -> EventStructure:
    """Swiss rounds and top cut for this many checked-in players: the game's policy, then the overrides."""
    try:
        structure = event_structure(game=STRUCTURE_GAME[Game(event.game)], players=players, tier=event.tier)
    except PairingInputError as exc:
        raise TournamentError(str(exc), code="not_enough_players") from exc
    rounds = event.swiss_rounds_override or structure.swiss_rounds
    cut = event.top_cut_override if event.top_cut_override is not None else structure.top_cut
    # A cut larger than the field is no cut at all; otherwise keep the largest power of two that fits.
    while cut and cut > players:
        cut //= 2
    if cut == 1:
        cut = 0
    return EventStructure(swiss_rounds=rounds, top_cut=cut, round_robin=structure.round_robin)
