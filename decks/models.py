"""Cards per game, banlists, card imports, and the deck lists players register for events.

Writes go through ``decks.services``; reads through ``decks.selectors``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.games import game_choices, game_enum

# The games of the registry (rulings/engine/registry.py): ``Game.YUGIOH == "yugioh"``.
Game = game_enum()


class Card(models.Model):
    """One card of one game, as imported from a card file (or entered in the admin)."""

    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    key = models.CharField(_("id"), max_length=64, help_text=_("Passcode or set id, as in the card file."))
    name = models.CharField(_("English name"), max_length=255)
    name_fr = models.CharField(_("French name"), max_length=255, blank=True)
    # normalise_name() of the English and French names, for exact matching and search.
    name_norm = models.CharField(max_length=255, editable=False)
    name_fr_norm = models.CharField(max_length=255, blank=True, editable=False)
    kind = models.CharField(_("kind"), max_length=32)
    alias_of = models.CharField(_("alias of"), max_length=64, blank=True)
    alternate_keys = models.JSONField(_("alternate ids"), default=list, blank=True)
    tags = models.JSONField(_("tags"), default=list, blank=True)
    stats = models.JSONField(_("stats"), default=dict, blank=True)
    limits = models.JSONField(_("limits"), default=dict, blank=True)
    scopes = models.JSONField(_("scopes"), default=list, blank=True)
    rarity = models.CharField(_("rarity"), max_length=32, blank=True)
    max_copies = models.PositiveSmallIntegerField(_("max copies"), null=True, blank=True)
    source = models.CharField(_("source"), max_length=64, blank=True)
    # sha256 of the imported record: re-importing an unchanged card writes nothing.
    content_hash = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        ordering = ["game", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="decks_card_unique_key")]
        indexes = [
            # Covers the search's substring scan (game, both names, pk): SQLite reads the index, not the rows.
            models.Index(fields=["game", "name_norm", "name_fr_norm"], name="decks_card_names"),
            models.Index(fields=["game", "updated_at"], name="decks_card_updated"),
            models.Index(fields=["game", "alias_of"], name="decks_card_alias"),
            models.Index(fields=["game", "name_fr_norm"], name="decks_card_name_fr_norm"),
        ]

    def __str__(self) -> str:
        return self.name


class CardKey(models.Model):
    """Every id a card is known by (its own, alternate artworks), for lookups by passcode."""

    game = models.CharField(max_length=16, choices=game_choices)
    key = models.CharField(max_length=64)
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="keys")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "key"], name="decks_cardkey_unique")]

    def __str__(self) -> str:
        return f"{self.game}:{self.key}"


class Banlist(models.Model):
    """One Forbidden & Limited list (an EDOPro ``!name`` block): id → copies allowed (0, 1, 2, 3)."""

    game = models.CharField(_("game"), max_length=16, choices=game_choices, default=Game.YUGIOH)
    name = models.CharField(_("name"), max_length=120)
    date = models.DateField(_("date"), null=True, blank=True)
    whitelist = models.BooleanField(_("whitelist"), default=False)
    limits = models.JSONField(_("limits"), default=dict, blank=True)
    source = models.CharField(_("source file"), max_length=255, blank=True)
    content_hash = models.CharField(max_length=64, blank=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("banlist")
        verbose_name_plural = _("banlists")
        ordering = ["game", "-date", "name"]
        constraints = [models.UniqueConstraint(fields=["game", "name"], name="decks_banlist_unique_name")]

    def __str__(self) -> str:
        return self.name

    def counts(self) -> dict[int, int]:
        out = {0: 0, 1: 0, 2: 0, 3: 0}
        for value in self.limits.values():
            out[min(int(value), 3)] = out.get(min(int(value), 3), 0) + 1
        return out


class CardImport(models.Model):
    """One import of a card file into the shared pool: uploaded by an admin (a Celery task imports it), or
    run by a command. Changes it brings to existing cards wait as ``CardChange`` rows for an admin."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Importing")
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    class Origin(models.TextChoices):
        UPLOAD = "upload", _("Uploaded on the site")
        COMMAND = "command", _("Command line")
        SYNC = "sync", _("Downloaded (sync_cards)")

    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    filename = models.CharField(_("file name"), max_length=255)
    size = models.PositiveBigIntegerField(_("size in bytes"), default=0)
    origin = models.CharField(_("origin"), max_length=16, choices=Origin.choices, default=Origin.UPLOAD)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    task_id = models.CharField(max_length=64, blank=True)
    # Counters, kept up to date chunk by chunk (in each chunk's transaction): a resumed import goes on
    # counting from where the interrupted one stopped.
    total = models.PositiveIntegerField(default=0)
    created = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    unchanged = models.PositiveIntegerField(default=0)
    staged = models.PositiveIntegerField(default=0)
    conflicts = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("card import")
        verbose_name_plural = _("card imports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.get_game_display()})"


class CardImportFile(models.Model):
    """The uploaded file of an import, kept until the import succeeds (so that a failed one can run again).
    Its own row: the import's counters move at every chunk, and SQLite rewrites a whole row on update."""

    card_import = models.OneToOneField(
        CardImport, primary_key=True, on_delete=models.CASCADE, related_name="file"
    )
    data = models.BinaryField(editable=False)

    class Meta:
        verbose_name = _("card import file")
        verbose_name_plural = _("card import files")

    def __str__(self) -> str:
        return f"file of card import {self.card_import_id}"


class CardChange(models.Model):
    """What an import would change on an existing card (a new name, kind, stats …), or a card of the file
    whose id belongs to another card (a conflict). Nothing changes until an admin applies it; an applied
    change stays as the audit entry: the values before and after, the import, who applied it and when."""

    class Kind(models.TextChoices):
        CHANGE = "change", _("Change")
        CONFLICT = "conflict", _("Conflict")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an admin")
        APPLIED = "applied", _("Applied")
        DISCARDED = "discarded", _("Discarded")
        SUPERSEDED = "superseded", _("Replaced by a newer import")
        STALE = "stale", _("Out of date: the card changed since")

    card_import = models.ForeignKey(
        CardImport, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes"
    )
    # The card changed; for a conflict, the other card that already owns the id.
    card = models.ForeignKey(Card, null=True, blank=True, on_delete=models.SET_NULL, related_name="changes")
    game = models.CharField(_("game"), max_length=16, choices=game_choices)
    key = models.CharField(_("id in the file"), max_length=64)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.CHANGE)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.PENDING)
    # Field by field ("name", "stats.atk", …): the card's values and the file's; a field absent from
    # one side is absent from its dict.
    before = models.JSONField(_("before"), default=dict, blank=True)
    after = models.JSONField(_("after"), default=dict, blank=True)
    record = models.JSONField(default=dict, blank=True, editable=False)  # the file's whole card
    record_hash = models.CharField(max_length=64, blank=True, editable=False)
    note = models.TextField(_("note"), blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    applied_at = models.DateTimeField(_("applied at"), null=True, blank=True)
    applied_via = models.CharField(_("applied through"), max_length=64, blank=True)
    discarded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    discarded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("card change")
        verbose_name_plural = _("card changes")
        ordering = ["card_import", "kind", "key", "id"]
        constraints = [
            # One open decision per card id: a re-run converges on the same row.
            models.UniqueConstraint(
                fields=["game", "key"],
                condition=models.Q(status="pending"),
                name="decks_cardchange_one_pending",
            )
        ]
        indexes = [models.Index(fields=["card_import", "status", "kind"], name="decks_change_import")]

    def __str__(self) -> str:
        return f"{self.kind} of {self.game}:{self.key} ({self.status})"


class EventDeckSettings(models.Model):
    """Deck-list settings of an event that the tournaments app does not carry: the banlist (as a row of
    ours) and whether the deck lists are public. The deadline is ``Event.decklist_deadline``."""

    event = models.OneToOneField("tournaments.Event", on_delete=models.CASCADE, related_name="deck_settings")
    banlist = models.ForeignKey(
        Banlist, verbose_name=_("banlist"), null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    lists_published = models.BooleanField(_("deck lists published"), default=False)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("event deck settings")
        verbose_name_plural = _("event deck settings")

    def __str__(self) -> str:
        return f"deck settings of event {self.event_id}"


class DeckList(models.Model):
    """A player's deck list for one event (one per registration); its content lives in versions."""

    registration = models.OneToOneField(
        "tournaments.Registration", on_delete=models.CASCADE, related_name="deck_list"
    )
    # A judge may reopen one player's list after the deadline; the next submission closes it again.
    unlocked = models.BooleanField(_("unlocked after the deadline"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("deck list")
        verbose_name_plural = _("deck lists")

    def __str__(self) -> str:
        return f"deck list of registration {self.registration_id}"


class ImmutableRow(Exception):
    pass


class DeckListVersion(models.Model):
    """One submission, kept forever as submitted: format, text, parsed content, hash, time, validity."""

    deck_list = models.ForeignKey(DeckList, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    format = models.CharField(_("format"), max_length=16)
    source = models.TextField(_("as submitted"))
    content = models.JSONField(_("content"))  # DeckList.to_json(): {section: [{"ref", "count"}]}
    content_hash = models.CharField(_("content hash"), max_length=64)
    legal = models.BooleanField(_("legal"), default=True)
    report = models.JSONField(_("validation report"), default=dict)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    submitted_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("deck list version")
        verbose_name_plural = _("deck list versions")
        ordering = ["deck_list", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck_list", "number"], name="decks_version_unique_number")
        ]

    def __str__(self) -> str:
        return f"v{self.number} of deck list {self.deck_list_id}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ImmutableRow("a submitted deck list version cannot be changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableRow("a submitted deck list version cannot be deleted")


class DeckAuditEntry(models.Model):
    """Who did what to a deck list, and why: submissions, unlocks, deck checks, publication."""

    class Action(models.TextChoices):
        SUBMIT = "submit", _("Submitted")
        REFUSED = "refused", _("Edit refused (locked)")
        UNLOCK = "unlock", _("Unlocked by a judge")
        RELOCK = "relock", _("Locked again")
        CHECK = "check", _("Deck check")

    deck_list = models.ForeignKey(DeckList, on_delete=models.CASCADE, related_name="audit")
    action = models.CharField(max_length=16, choices=Action.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.TextField(_("note"), blank=True)
    version = models.ForeignKey(
        DeckListVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["deck_list", "created_at", "id"]
        verbose_name = _("deck audit entry")
        verbose_name_plural = _("deck audit entries")

    def __str__(self) -> str:
        return f"{self.action} on deck list {self.deck_list_id}"


class DeckCheck(models.Model):
    """A deck check: selected (randomly or by hand) for a round, then the counted deck compared."""

    deck_list = models.ForeignKey(DeckList, on_delete=models.CASCADE, related_name="checks")
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    selected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    selected_at = models.DateTimeField(auto_now_add=True)
    version = models.ForeignKey(DeckListVersion, on_delete=models.PROTECT, related_name="checks")
    counted = models.JSONField(_("counted deck"), null=True, blank=True)
    differences = models.JSONField(_("differences"), default=list, blank=True)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    checked_at = models.DateTimeField(null=True, blank=True)
    note = models.TextField(_("note"), blank=True)

    class Meta:
        ordering = ["-selected_at", "id"]
        verbose_name = _("deck check")
        verbose_name_plural = _("deck checks")

    def __str__(self) -> str:
        return f"deck check of {self.deck_list_id} (round {self.round_number})"
