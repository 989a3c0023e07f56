"""Deck-list submission, deadline lock and unlock, deck checks, publication."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from decks.formats import SECTION_TITLES, DeckFormatError, DeckList, parse_deck
from decks.models import Banlist, DeckAuditEntry, DeckCheck, DeckListVersion, EventDeckSettings
from decks.models import DeckList as DeckListRow
from decks.selectors import banlist_for_event, banlist_to_engine, can_staff, deck_from_json, deck_is_locked
from decks.services.validation import deck_validate
from decks.validation import ValidationReport
from rulings.engine.construction import UnknownRuleset
from tournaments.permissions import can_manage

MAX_UPLOAD_BYTES = 64 * 1024


class DeckRefused(Exception):
    """A submission or action that is refused; ``errors`` are ``{"path", "message", "code"}`` items."""

    def __init__(
        self,
        message: str,
        *,
        code: str = "invalid",
        errors: list[dict[str, Any]] | None = None,
        status: int = 400,
        report: ValidationReport | None = None,
    ):
        self.message = message
        self.code = code
        self.errors = errors or [{"path": "", "message": message, "code": code}]
        self.status = status
        self.report = report
        super().__init__(message)


def deck_hash(deck: DeckList) -> str:
    canonical = json.dumps(deck.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def deck_parse(
    *, data: str | bytes, format: str | None = None, filename: str | None = None
) -> tuple[DeckList, str]:
    """Parse a submission; raise DeckRefused with the line at fault. Returns (deck, format used)."""
    from decks.formats import detect_format

    size = len(data.encode("utf-8") if isinstance(data, str) else data)
    if size > MAX_UPLOAD_BYTES:
        raise DeckRefused(
            _("The deck list is %(size)s bytes; the limit is 64 KB.") % {"size": f"{size:,}"},
            code="too_large",
            status=413,
        )
    try:
        chosen = format or detect_format(data, filename=filename)
        deck = parse_deck(data, format=chosen)
    except DeckFormatError as error:
        where = _("Line %(line)s: ") % {"line": error.line} if error.line is not None else ""
        raise DeckRefused(f"{where}{error.message}", code="unreadable") from None
    return deck, chosen


def event_deck_validate(*, event, deck: DeckList) -> ValidationReport:
    banlist = banlist_for_event(event=event)
    try:
        return deck_validate(
            deck=deck,
            game=event.game,
            banlist=banlist_to_engine(banlist) if banlist else None,
            ruleset=event.rule_set or None,
        )
    except UnknownRuleset:
        # The event's rule set is a free-text label on the tournaments side: fall back to the game's default.
        return deck_validate(
            deck=deck, game=event.game, banlist=banlist_to_engine(banlist) if banlist else None
        )


def decklist_submit(
    *, registration, user, data: str | bytes, format: str | None = None, filename: str | None = None
) -> DeckListVersion:
    """Store a new version of the registration's deck list, if it is legal and not locked.

    Refused (nothing saved) when the list cannot be read, is not legal (every problem listed),
    or the event's deadline has passed and no judge has unlocked it.
    """
    event = registration.event
    is_player = user is not None and registration.player_id == user.pk
    if not is_player and not can_staff(user=user, event=event):
        raise DeckRefused(_("You can only submit your own deck list."), code="permission_denied", status=403)
    existing = DeckListRow.objects.filter(registration=registration).first()
    if deck_is_locked(deck_list=existing, event=event) and not can_staff(user=user, event=event):
        if existing is not None:  # the refusal is kept in the audit log (its own, committed write)
            DeckAuditEntry.objects.create(
                deck_list=existing,
                action=DeckAuditEntry.Action.REFUSED,
                actor=user,
                note=_("Submission after the deadline"),
            )
        raise DeckRefused(_locked_message(event), code="locked", status=409)
    deck, chosen = deck_parse(data=data, format=format, filename=filename)
    report = event_deck_validate(event=event, deck=deck)
    if not report.legal:
        raise DeckRefused(
            _("The deck list is not legal: %(count)s problem(s). Nothing was saved.")
            % {"count": len(report.problems)},
            code="illegal_deck",
            errors=[
                {"path": f"/problems/{i}", "message": p["message"], "code": p["code"]}
                for i, p in enumerate(report.to_json()["problems"])
            ],
            report=report,
        )
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    with transaction.atomic():
        deck_list, _created = DeckListRow.objects.select_for_update().get_or_create(registration=registration)
        if deck_is_locked(deck_list=deck_list, event=event) and not can_staff(user=user, event=event):
            raise DeckRefused(_locked_message(event), code="locked", status=409)  # locked meanwhile
        last = deck_list.versions.order_by("-number").values_list("number", flat=True).first() or 0
        version = DeckListVersion.objects.create(
            deck_list=deck_list,
            number=last + 1,
            format=chosen,
            source=text,
            content=deck.to_json(),
            content_hash=deck_hash(deck),
            legal=report.legal,
            report=report.to_json(),
            submitted_by=user,
        )
        DeckAuditEntry.objects.create(
            deck_list=deck_list, action=DeckAuditEntry.Action.SUBMIT, actor=user, version=version
        )
        if deck_list.unlocked:
            deck_list.unlocked = False
            deck_list.save(update_fields=["unlocked", "updated_at"])
            DeckAuditEntry.objects.create(
                deck_list=deck_list,
                action=DeckAuditEntry.Action.RELOCK,
                actor=user,
                note=_("Locked again after the new submission"),
            )
    return version


def _locked_message(event) -> str:
    deadline = date_format(timezone.localtime(event.decklist_deadline), "DATETIME_FORMAT")
    return _(
        "Deck lists for this event were locked at the deadline (%(deadline)s): your list can no longer be "
        "changed. Ask a judge if it must be corrected."
    ) % {"deadline": deadline}


def decklist_unlock(*, deck_list: DeckListRow, user, note: str) -> DeckAuditEntry:
    """A judge reopens one player's list after the deadline; the note goes to the audit log."""
    event = deck_list.registration.event
    if not can_staff(user=user, event=event):
        raise DeckRefused(
            _("Only the staff of this event can unlock a deck list."), code="permission_denied", status=403
        )
    if not note.strip():
        raise DeckRefused(
            _("Write why the list is unlocked: the note is kept in the audit log."),
            code="required",
            errors=[{"path": "/note", "message": _("This field is required."), "code": "required"}],
        )
    with transaction.atomic():
        deck_list.unlocked = True
        deck_list.save(update_fields=["unlocked", "updated_at"])
        return DeckAuditEntry.objects.create(
            deck_list=deck_list, action=DeckAuditEntry.Action.UNLOCK, actor=user, note=note.strip()
        )


def event_deck_settings_update(
    *, event, user, banlist: Banlist | None | object = ..., lists_published: bool | None = None
) -> EventDeckSettings:
    if not can_manage(user=user, event=event):
        raise DeckRefused(
            _("Only an organizer of this event can do this."), code="permission_denied", status=403
        )
    with transaction.atomic():
        settings_row, _created = EventDeckSettings.objects.get_or_create(event=event)
        if banlist is not ...:
            settings_row.banlist = banlist  # type: ignore[assignment]
        if lists_published is not None and lists_published != settings_row.lists_published:
            settings_row.lists_published = lists_published
            settings_row.published_at = timezone.now() if lists_published else None
        settings_row.save()
    return settings_row


def deck_checks_select(
    *, event, user, round_number: int | None, count: int, seed: str | None = None
) -> list[DeckCheck]:
    """Pick ``count`` deck lists at random (among those not yet checked this round) for a deck check."""
    if not can_staff(user=user, event=event):
        raise DeckRefused(
            _("Only the staff of this event can select deck checks."), code="permission_denied", status=403
        )
    if count < 1:
        raise DeckRefused(
            _("Choose at least one deck."),
            errors=[{"path": "/count", "message": _("Choose at least one deck."), "code": "min_value"}],
        )
    with transaction.atomic():
        already = DeckCheck.objects.filter(deck_list__registration__event=event, round_number=round_number)
        lists = list(
            DeckListRow.objects.filter(registration__event=event, versions__isnull=False)
            .exclude(pk__in=already.values("deck_list_id"))
            .exclude(registration__status__in=["dropped", "no_show"])
            .distinct()
            .order_by("pk")
        )
        chooser = random.Random(seed) if seed is not None else random.SystemRandom()  # noqa: S311
        chosen = chooser.sample(lists, min(count, len(lists)))
        checks = []
        for deck_list in sorted(chosen, key=lambda d: d.pk):
            version = deck_list.versions.order_by("-number").first()
            checks.append(
                DeckCheck.objects.create(
                    deck_list=deck_list, round_number=round_number, selected_by=user, version=version
                )
            )
    return checks


@dataclass(frozen=True)
class Difference:
    section: str
    ref: str
    name: str
    registered: int
    counted: int

    def to_json(self) -> dict[str, Any]:
        return {
            "section": self.section,
            "section_title": SECTION_TITLES.get(self.section, self.section),
            "ref": self.ref,
            "name": self.name,
            "registered": self.registered,
            "counted": self.counted,
            "delta": self.counted - self.registered,
        }


def deck_differences(*, registered: DeckList, counted: DeckList, game: str) -> list[Difference]:
    """Every card whose count differs between the registered and the counted deck, per section.

    References are compared as cards (a passcode and the card's name are the same card)."""
    from decks.selectors import DatabaseCardIndex

    index = DatabaseCardIndex(game).preload(registered).preload(counted)

    def key_of(ref) -> tuple[str, str]:
        record = index.by_id(str(ref)) if isinstance(ref, int) else (index.by_id(ref) or index.by_name(ref))
        if record is None:
            return f"?{ref}", str(ref)
        return record["key"], record["name"]

    totals: dict[tuple[str, str], list] = {}
    for which, deck in ((0, registered), (1, counted)):
        for section, entries in deck.sections.items():
            for ref, count in entries:
                key, name = key_of(ref)
                row = totals.setdefault((section, key), [name, 0, 0])
                row[1 + which] += count
    return [
        Difference(section, key, name, reg, cnt)
        for (section, key), (name, reg, cnt) in totals.items()
        if reg != cnt
    ]


def deck_check_record(
    *, check: DeckCheck, user, data: str | bytes, format: str | None = None, note: str = ""
) -> DeckCheck:
    """Enter the counted deck of a deck check; store every difference with the registered version."""
    event = check.deck_list.registration.event
    if not can_staff(user=user, event=event):
        raise DeckRefused(
            _("Only the staff of this event can record a deck check."), code="permission_denied", status=403
        )
    counted, _chosen = deck_parse(data=data, format=format)
    registered = deck_from_json(check.version.content)
    differences = deck_differences(registered=registered, counted=counted, game=event.game)
    with transaction.atomic():
        check.counted = counted.to_json()
        check.differences = [d.to_json() for d in differences]
        check.checked_by = user
        check.checked_at = timezone.now()
        check.note = note
        check.save()
        DeckAuditEntry.objects.create(
            deck_list=check.deck_list,
            action=DeckAuditEntry.Action.CHECK,
            actor=user,
            version=check.version,
            note=_("%(count)s difference(s)") % {"count": len(differences)} + (f" — {note}" if note else ""),
        )
    return check
