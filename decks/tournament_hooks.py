"""What decks contributes to tournaments, registered by `DecksConfig.ready()` (never imported by tournaments).

- `DeckLists`: the deck lists and banlists as tournaments' pages, forms and event services see them
  (`tournaments.extensions.DeckLists`).
- `DeckListsSection`: the `deck_settings` and `deck_lists` of the event file (export, checks, import).
- The deck-lists exporter: every submitted list as text, for judges (`tournaments.exporters`).
- The warnings before pairing (`decks.pairing_warnings`): no deck list, or a list that is not legal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.db.models import Exists, Expression, OuterRef
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from decks.formats import export_deck
from decks.models import Banlist, DeckAuditEntry, DeckCheck, DeckList, DeckListVersion, EventDeckSettings
from decks.pairing_warnings import deck_list_warnings
from decks.selectors import deck_from_json, deck_sheet, event_deck_lists, lists_published
from tournaments.exporters import Exporter
from tournaments.extensions import DocumentChecks, ExportPeople, ImportContext
from tournaments.models import Event, Registration
from tournaments.services.errors import TournamentError


class DeckLists:
    """`tournaments.extensions.DeckLists` over decks' models and selectors."""

    def latest_version(self, *, registration: Registration) -> DeckListVersion | None:
        return (
            DeckListVersion.objects.filter(deck_list__in=DeckList.objects.filter(registration=registration))
            .order_by("-number")
            .first()
        )

    def has_deck(self) -> Expression:
        return Exists(DeckListVersion.objects.filter(deck_list__registration=OuterRef("pk")))

    def submitted(self, *, event: Event) -> list[tuple[Registration, DeckListVersion]]:
        return [(reg, version) for reg, _dl, version in event_deck_lists(event=event) if version is not None]

    def published(self, *, event: Event) -> list[tuple[Registration, DeckListVersion]]:
        if not lists_published(event=event):
            return []
        return self.submitted(event=event)

    def sheet(self, *, content: dict, game: str) -> list[dict]:
        return deck_sheet(content=content, game=game)

    def banlist_names(self) -> list[tuple[str, str]]:
        return list(Banlist.objects.order_by("game", "-date", "name").values_list("game", "name"))

    def banlist_resolve(self, *, game: str, name: str | None) -> Banlist | None:
        """The event's banlist is stored in ``EventDeckSettings.banlist`` only."""
        name = (name or "").strip()
        if not name:
            return None
        banlist = Banlist.objects.filter(game=game, name=name).first()
        if banlist is None:
            known = list(
                Banlist.objects.filter(game=game)
                .order_by("-date", "name")
                .values_list("name", flat=True)[:20]
            )
            raise TournamentError(
                _("No banlist “%(name)s” for this game; imported: %(known)s.")
                % {"name": name, "known": ", ".join(known) or _("none")},
                field="banlist",
                code="unknown_banlist",
            )
        return banlist

    def banlist_store(self, *, event: Event, banlist: Banlist | None) -> None:
        EventDeckSettings.objects.update_or_create(event=event, defaults={"banlist": banlist})


def _dt(value) -> str | None:
    return value.isoformat() if value is not None else None


def _username(user) -> str | None:
    return user.username if user is not None else None


def _member(value: Any, container: set) -> bool:
    return type(value) is int and value in container


class DeckListsSection:
    """The event file's `deck_settings` (banlist, publication) and `deck_lists` (versions, audit, checks).

    People are named by username, like everywhere in the file; an import attributes the versions and the
    audit to the importer with a note naming the original author (`ImportContext.provenance`)."""

    title = gettext_lazy("Deck lists")
    keys = ("deck_settings", "deck_lists")

    def export(self, *, event: Event, people: ExportPeople) -> dict[str, Any]:
        """Five queries whatever the number of lists."""
        key_of, usernames = people.key_of, people.usernames
        deck_settings = EventDeckSettings.objects.filter(event=event).select_related("banlist").first()
        versions = list(
            DeckListVersion.objects.filter(deck_list__registration__event=event)
            .select_related("submitted_by", "deck_list")
            .order_by("deck_list__registration_id", "number")
        )
        audit = list(
            DeckAuditEntry.objects.filter(deck_list__registration__event=event)
            .select_related("actor", "version", "deck_list")
            .order_by("id")
        )
        checks = list(
            DeckCheck.objects.filter(deck_list__registration__event=event)
            .select_related("selected_by", "checked_by", "version", "deck_list")
            .order_by("id")
        )
        deck_lists = list(DeckList.objects.filter(registration__event=event).order_by("registration_id"))
        deck_docs = []
        for dl in deck_lists:
            deck_docs.append({
                "player": key_of[dl.registration_id],
                "unlocked": dl.unlocked,
                "created_at": _dt(dl.created_at),
                "versions": [
                    {"number": v.number, "format": v.format, "source": v.source, "content": v.content,
                     "content_hash": v.content_hash, "legal": v.legal, "report": v.report,
                     "submitted_by": _username(v.submitted_by), "submitted_at": _dt(v.submitted_at)}
                    for v in versions if v.deck_list_id == dl.pk
                ],
                "audit": [
                    {"action": a.action, "actor": _username(a.actor), "note": a.note,
                     "version": a.version.number if a.version else None, "created_at": _dt(a.created_at)}
                    for a in audit if a.deck_list_id == dl.pk
                ],
                "checks": [
                    {"round_number": c.round_number, "selected_by": _username(c.selected_by),
                     "selected_at": _dt(c.selected_at), "version": c.version.number, "counted": c.counted,
                     "differences": c.differences, "checked_by": _username(c.checked_by),
                     "checked_at": _dt(c.checked_at), "note": c.note}
                    for c in checks if c.deck_list_id == dl.pk
                ],
            })  # fmt: skip
        usernames.update(v.submitted_by.username for v in versions if v.submitted_by is not None)
        usernames.update(a.actor.username for a in audit if a.actor is not None)
        for c in checks:
            usernames.update(u.username for u in (c.selected_by, c.checked_by) if u is not None)
        return {
            "deck_settings": None if deck_settings is None else {
                "banlist": deck_settings.banlist.name if deck_settings.banlist else None,
                "lists_published": deck_settings.lists_published,
                "published_at": _dt(deck_settings.published_at),
            },
            "deck_lists": deck_docs,
        }  # fmt: skip

    def check(self, *, doc: dict[str, Any], checks: DocumentChecks) -> None:
        """What the schema cannot say: the banlist exists here, one list per player, version references."""
        fail, player, user, items = checks.fail, checks.player, checks.user, checks.items
        ev = doc.get("event") if isinstance(doc.get("event"), dict) else {}
        ds = doc.get("deck_settings")
        banlist = ds.get("banlist") if isinstance(ds, dict) else None
        if (
            isinstance(banlist, str)
            and not Banlist.objects.filter(game=ev.get("game"), name=banlist).exists()
        ):
            message = _("No banlist “%(name)s” on this instance: import it first.") % {"name": banlist}
            fail("/deck_settings/banlist", message, "unknown_banlist")
        lists_seen: set[str] = set()
        for i, dl in items(doc.get("deck_lists")):
            path = f"/deck_lists/{i}"
            player(dl.get("player"), f"{path}/player", null=False)
            if isinstance(dl.get("player"), str):
                if dl["player"] in lists_seen:
                    fail(f"{path}/player", _("This player has two deck lists."), "duplicate")
                lists_seen.add(dl["player"])
            version_numbers: set[int] = set()
            for k, v in items(dl.get("versions")):
                number = v.get("number")
                if type(number) is int:
                    if number in version_numbers:
                        fail(f"{path}/versions/{k}/number", _("Two versions have this number."), "duplicate")
                    version_numbers.add(number)
                user(v.get("submitted_by"), f"{path}/versions/{k}/submitted_by")
            for k, a in items(dl.get("audit")):
                user(a.get("actor"), f"{path}/audit/{k}/actor")
                if a.get("version") is not None and not _member(a.get("version"), version_numbers):
                    fail(f"{path}/audit/{k}/version", _("No such version of this deck list."))
            for k, c in items(dl.get("checks")):
                if not _member(c.get("version"), version_numbers):
                    fail(f"{path}/checks/{k}/version", _("No such version of this deck list."))
                for key in ("selected_by", "checked_by"):
                    user(c.get(key), f"{path}/checks/{k}/{key}")

    def normalise(self, *, doc: dict[str, Any]) -> None:
        doc.setdefault("deck_settings", None)
        doc.setdefault("deck_lists", [])
        for dl in doc["deck_lists"]:
            dl.setdefault("audit", [])
            dl.setdefault("checks", [])

    def placeholders(self, *, doc: dict[str, Any]) -> Iterable[str | None]:
        for dl in doc.get("deck_lists", []):
            for c in dl.get("checks", []):
                yield from (c.get("selected_by"), c.get("checked_by"))

    def history(self, *, doc: dict[str, Any]) -> int:
        return sum(len(dl["audit"]) + len(dl["versions"]) for dl in doc["deck_lists"])

    def comparable(self, *, doc: dict[str, Any], rename: Callable[..., dict]) -> dict[str, Any]:
        """The versions' authors and the audit's actors and notes are the importer's after an import."""
        return {
            "deck_lists": [
                {
                    **rename(dl, "player"),
                    "versions": [rename(v, drop=("submitted_by",)) for v in dl["versions"]],
                    "audit": [rename(a, drop=("actor", "note")) for a in dl.get("audit", [])],
                    "checks": [rename(c, "selected_by", "checked_by") for c in dl.get("checks", [])],
                }
                for dl in doc.get("deck_lists", [])
            ]
        }

    def restore(self, *, doc: dict[str, Any], context: ImportContext) -> None:
        event, when, uid = context.event, context.when, context.user_id
        importer_id = context.importer.pk if context.importer is not None else None
        ds = doc["deck_settings"]
        if ds is not None:
            banlist = Banlist.objects.get(game=event.game, name=ds["banlist"]) if ds.get("banlist") else None
            EventDeckSettings.objects.create(
                event=event, banlist=banlist, lists_published=ds["lists_published"],
                published_at=when(ds.get("published_at")),
            )  # fmt: skip
        for dl in doc["deck_lists"]:
            deck_list = DeckList.objects.create(
                registration=context.registration_of[dl["player"]], unlocked=dl["unlocked"]
            )
            if dl.get("created_at"):
                DeckList.objects.filter(pk=deck_list.pk).update(created_at=when(dl["created_at"]))
            versions = {}
            for v in dl["versions"]:
                row = DeckListVersion.objects.create(
                    deck_list=deck_list, number=v["number"], format=v["format"], source=v["source"],
                    content=v["content"], content_hash=v["content_hash"], legal=v["legal"],
                    report=v["report"], submitted_by_id=importer_id,
                )  # fmt: skip
                if v.get("submitted_at"):
                    DeckListVersion.objects.filter(pk=row.pk).update(submitted_at=when(v["submitted_at"]))
                versions[v["number"]] = row
            submitted = set()
            for a in dl["audit"]:
                if a["action"] == DeckAuditEntry.Action.SUBMIT and a.get("version") is not None:
                    submitted.add(a["version"])
                row = DeckAuditEntry.objects.create(
                    deck_list=deck_list, action=a["action"], actor_id=importer_id,
                    note=context.provenance(original=context.original(a.get("actor")), text=a["note"]),
                    version=versions.get(a["version"]) if a.get("version") is not None else None,
                )  # fmt: skip
                # Like every other timestamp: a missing one keeps the time of the import.
                if a.get("created_at"):
                    DeckAuditEntry.objects.filter(pk=row.pk).update(created_at=when(a["created_at"]))
            # A version the file gives no submission entry for still says where it comes from.
            for v in dl["versions"]:
                if v["number"] not in submitted:
                    row = DeckAuditEntry.objects.create(
                        deck_list=deck_list, action=DeckAuditEntry.Action.SUBMIT, actor_id=importer_id,
                        note=context.provenance(original=context.original(v.get("submitted_by"))),
                        version=versions[v["number"]],
                    )  # fmt: skip
                    if v.get("submitted_at"):
                        DeckAuditEntry.objects.filter(pk=row.pk).update(created_at=when(v["submitted_at"]))
            for ch in dl["checks"]:
                row = DeckCheck.objects.create(
                    deck_list=deck_list, round_number=ch.get("round_number"),
                    selected_by_id=uid(ch.get("selected_by")),
                    version=versions[ch["version"]], counted=ch.get("counted"), differences=ch["differences"],
                    checked_by_id=uid(ch.get("checked_by")), checked_at=when(ch.get("checked_at")),
                    note=ch["note"],
                )  # fmt: skip
                if ch.get("selected_at"):
                    DeckCheck.objects.filter(pk=row.pk).update(selected_at=when(ch["selected_at"]))


def render_deck_lists(event: Event) -> tuple[str, str, bytes]:
    """Every player's latest list as text (by username), one after the other: for judges."""
    parts = []
    for registration, version in DeckLists().submitted(event=event):
        title = _("%(player)s (%(username)s), version %(number)d") % {
            "player": registration.player,
            "username": registration.player.username,
            "number": version.number,
        }
        parts.append(f"# {title}\n{export_deck(deck_from_json(version.content), format='text').strip()}\n")
    return f"{slugify(event.name)}-decklists.txt", "text/plain; charset=utf-8", "\n".join(parts).encode()


DECK_LISTS_EXPORTER = Exporter(
    "decklists.txt", gettext_lazy("Deck lists (text)"), render_deck_lists, judges_only=True, order=60
)


def register() -> None:
    """Called by `DecksConfig.ready()`."""
    from tournaments import exporters, extensions

    extensions.register_deck_lists(DeckLists())
    extensions.register_event_file_section(DeckListsSection())
    extensions.register_pairing_warnings(deck_list_warnings)
    exporters.register(DECK_LISTS_EXPORTER)
