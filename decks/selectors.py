"""Every read of the decks app: card lookups and search, banlists, deck lists."""

from __future__ import annotations

import bisect
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rapidfuzz import fuzz, process

from core.collation import collation_key
from decks.cardfiles import CardRecord
from decks.formats import CardRef, DeckEntry, DeckList
from decks.models import Banlist, Card, CardKey, DeckCheck, DeckListVersion, EventDeckSettings
from decks.models import DeckList as DeckListRow
from decks.names import SUGGESTION_CUTOFF, normalise_name
from decks.validation import lend_alias_keys
from rulings.engine.decklists import Banlist as EngineBanlist
from tournaments.models import Registration
from tournaments.permissions import can_judge

SEARCH_CANDIDATES = 400
RANKED_CANDIDATES = 80


def card_to_record(card: Card) -> CardRecord:
    """The pure layer's view of a stored card."""
    return {
        "game": card.game,
        "key": card.key,
        "name": card.name,
        "name_fr": card.name_fr or None,
        "kind": card.kind,
        "alias_of": card.alias_of or None,
        "alternate_keys": list(card.alternate_keys),
        "tags": list(card.tags),
        "stats": dict(card.stats),
        "limits": dict(card.limits),
        "scopes": list(card.scopes),
        "rarity": card.rarity or None,
        "max_copies": card.max_copies,
        "source": card.source,
    }


def deck_from_json(content: Mapping[str, Any]) -> DeckList:
    """The deck of a stored version's content (`{section: [{"ref", "count"}]}`)."""
    return DeckList({s: [DeckEntry(e["ref"], e["count"]) for e in entries] for s, entries in content.items()})


class DatabaseCardIndex:
    """A ``decks.validation.CardIndex`` over the cards of one game in the database.

    ``preload(deck)`` fetches every card a deck names in a few queries, so that
    validating a deck costs the same whatever its size; lookups are cached.
    """

    def __init__(self, game: str):
        self.game = game
        self._by_id: dict[str, CardRecord | None] = {}
        self._by_name: dict[str, CardRecord | None] = {}

    def preload(self, deck: DeckList) -> DatabaseCardIndex:
        ids: set[str] = set()
        names: set[str] = set()
        for entries in deck.sections.values():
            for ref, _count in entries:
                if isinstance(ref, int):
                    ids.add(str(ref))
                else:
                    ids.add(ref.strip().lower())
                    names.add(normalise_name(ref))
        self._load_ids(ids)
        self._load_names(names)
        aliases = {r["alias_of"] for r in self._by_id.values() if r and r["alias_of"]}
        aliases |= {r["alias_of"] for r in self._by_name.values() if r and r["alias_of"]}
        self._load_ids({a.lower() for a in aliases} - set(self._by_id))
        self._add_reverse_aliases()
        return self

    def _add_reverse_aliases(self) -> None:
        """Give each loaded card the ids of the cards that alias it (GOAT versions, unofficial
        reprints), so a banlist that names only those versions still finds the card."""
        records = {id(r): r for r in (*self._by_id.values(), *self._by_name.values()) if r}
        keys = {r["key"] for r in records.values()}
        if not keys:
            return
        rows = Card.objects.filter(game=self.game, alias_of__in=keys).values_list("alias_of", "key")
        lend_alias_keys(records.values(), rows)

    def _load_ids(self, ids: set[str]) -> None:
        ids = {i for i in ids if i not in self._by_id}
        if not ids:
            return
        found = CardKey.objects.filter(game=self.game, key__in=ids).select_related("card")
        for row in found:
            self._by_id[row.key] = card_to_record(row.card)
        for key in ids:
            self._by_id.setdefault(key, None)

    def _load_names(self, names: set[str]) -> None:
        names = {n for n in names if n and n not in self._by_name}
        if not names:
            return
        cards = Card.objects.filter(game=self.game).filter(Q(name_norm__in=names) | Q(name_fr_norm__in=names))
        for card in cards.order_by("pk"):
            for normalised in (card.name_norm, card.name_fr_norm):
                if normalised in names:
                    self._by_name.setdefault(normalised, card_to_record(card))
        for name in names:
            self._by_name.setdefault(name, None)

    def by_id(self, key: str) -> CardRecord | None:
        key = key.strip().lower()
        if key not in self._by_id:
            self._load_ids({key})
        return self._by_id[key]

    def by_name(self, name: str) -> CardRecord | None:
        normalised = normalise_name(name)
        if normalised not in self._by_name:
            self._load_names({normalised})
        return self._by_name.get(normalised)

    def suggest(self, name: str) -> str | None:
        results = card_search(game=self.game, query=name, limit=1, cutoff=SUGGESTION_CUTOFF)
        if not results:
            return None
        card = results[0]
        # Suggest the name in the language the player wrote.
        if card.name_fr and fuzz.WRatio(normalise_name(name), card.name_fr_norm) > fuzz.WRatio(
            normalise_name(name), card.name_norm
        ):
            return card.name_fr
        return card.name


def card_get(*, game: str, ref: CardRef) -> Card | None:
    """A card by passcode/id (its own or an alternate) or by English/French name."""
    if isinstance(ref, int) or (isinstance(ref, str) and ref.strip().isdigit()):
        row = CardKey.objects.filter(game=game, key=str(ref).strip().lstrip("0") or "0").select_related(
            "card"
        )
        found = row.first()
        if found:
            return found.card
    if isinstance(ref, str):
        found = CardKey.objects.filter(game=game, key=ref.strip().lower()).select_related("card").first()
        if found:
            return found.card
        normalised = normalise_name(ref)
        if normalised:
            return (
                Card.objects.filter(game=game)
                .filter(Q(name_norm=normalised) | Q(name_fr_norm=normalised))
                .order_by("pk")
                .first()
            )
    return None


class _SearchIndex:
    """The normalised names of one game's cards, held in memory per process for fast autocomplete.

    Imports in this process clear it; changes made by another process (the import worker) are seen
    within ``CHECK_SECONDS``: the newest ``updated_at`` of the game's cards (an indexed ``MAX``) is
    compared at most that often. ``TTL_SECONDS`` bounds how long deletions can go unseen.
    """

    TTL_SECONDS = 120.0
    CHECK_SECONDS = 1.0

    def __init__(self) -> None:
        self._by_game: dict[str, dict] = {}

    def clear(self) -> None:
        self._by_game.clear()

    def get(self, game: str) -> dict:
        cached = self._by_game.get(game)
        now = time.monotonic()
        if cached is not None and now - cached["checked"] < self.CHECK_SECONDS:
            return cached
        stamp = Card.objects.filter(game=game).aggregate(last=Max("updated_at"))["last"]
        if cached is not None and cached["stamp"] == stamp and now - cached["loaded"] <= self.TTL_SECONDS:
            cached["checked"] = now
            return cached
        cached = self._load(game, stamp, now)
        self._by_game[game] = cached
        return cached

    @staticmethod
    def _load(game: str, stamp, now: float) -> dict:
        rows = list(Card.objects.filter(game=game).values_list("pk", "name_norm", "name_fr_norm", "kind"))
        words: set[str] = set()
        starts, parts, offset = [], [], 0
        for _pk, name_norm, name_fr_norm, _kind in rows:
            words.update(name_norm.split())
            words.update(name_fr_norm.split())
            # One string for the whole game, "\n<english>\t<french>" per card: str.find scans it at C speed.
            part = f"\n{name_norm}\t{name_fr_norm}"
            starts.append(offset)
            parts.append(part)
            offset += len(part)
        return {
            "stamp": stamp,
            "loaded": now,
            "checked": now,
            "pks": [row[0] for row in rows],
            "names": [row[1] for row in rows],
            "names_fr": [row[2] for row in rows],
            "kinds": [row[3] for row in rows],
            "vocabulary": sorted(w for w in words if len(w) >= 3),
            "text": "".join(parts),
            "starts": starts,
        }


_SEARCH_INDEX = _SearchIndex()


def search_index_clear() -> None:
    """Forget the in-memory name index (the card services call it after writing cards)."""
    _SEARCH_INDEX.clear()


def _coverage(tokens: list[str], text: str) -> float:
    """How well every word of the query is matched by some word of ``text`` (0-100)."""
    words = text.split()
    if not tokens or not words:
        return 0.0
    return sum(max(fuzz.ratio(token, word) for word in words) for token in tokens) / len(tokens)


def _rank(normalised: str, text: str) -> float:
    if not text:
        return 0.0
    tokens = normalised.split()
    score = fuzz.WRatio(normalised, text)
    if len(tokens) > 1:
        score = (score + _coverage(tokens, text)) / 2
    if text == normalised:
        score += 30
    elif text.startswith(normalised):
        score += 20
    elif f" {normalised}" in f" {text}":
        score += 10
    elif normalised in text:
        score += 5
    return score - len(text) / 100


MAX_HITS = 5000


def _matching(index: dict, needles: Iterable[str], allowed, found: dict[int, None]) -> None:
    """Add the rows holding a needle, best placed first: names starting with it, then names with a
    word starting with it, then anywhere — so the capped candidate set keeps the likeliest cards."""
    text, starts = index["text"], index["starts"]
    places: dict[int, int] = {}
    for needle in needles:
        # Short needles match almost everything: only look at the starts of names and words.
        probes = [f"\n{needle}", f"\t{needle}", f" {needle}"] if len(needle) < 3 else [needle]
        for probe in probes:
            position = text.find(probe)
            while position != -1 and len(places) < MAX_HITS:
                row = bisect.bisect_right(starts, position) - 1
                # The character before the needle: start of a name ("\n", "\t"), of a word (" "), or other.
                before = probe[0] if len(probe) > len(needle) else (text[position - 1] if position else "\n")
                place = 0 if before in "\n\t" else (1 if before == " " else 2)
                if place < places.get(row, 3):
                    places[row] = place
                position = text.find(probe, position + 1)
    for row in sorted(places, key=lambda r: (places[r], r)):
        if len(found) >= SEARCH_CANDIDATES:
            return
        if row not in found and allowed(row):
            found[row] = None


def card_search(
    *, game: str, query: str, limit: int = 10, cutoff: float = 50.0, kinds: Iterable[str] | None = None
) -> list[Card]:
    """Cards whose English or French name matches ``query``, best first.

    Tolerant of typos, accents and punctuation. Candidates are the cards whose normalised
    name (English or French) holds the whole query, else one of its words, else a known
    word close to one of its words (typos); rapidfuzz then ranks that small set. Two
    queries: the freshness check of the in-memory name index, and fetching the results.
    """
    normalised = normalise_name(query)
    if not normalised:
        return []
    index = _SEARCH_INDEX.get(game)
    wanted = set(kinds) if kinds else None
    allowed = (lambda i: index["kinds"][i] in wanted) if wanted else (lambda i: True)
    found: dict[int, None] = {}
    _matching(index, [normalised], allowed, found)
    tokens = [t for t in normalised.split() if len(t) >= 3]
    if len(found) < limit and len(tokens) > 1:
        _matching(index, tokens, allowed, found)
    if len(found) < limit and tokens:
        corrected: set[str] = set()
        for token in tokens:
            for word, _score, _i in process.extract(
                token, index["vocabulary"], scorer=fuzz.ratio, limit=3, score_cutoff=75
            ):
                corrected.add(word)
        corrected -= set(tokens)
        if corrected:
            _matching(index, corrected, allowed, found)
    rows = list(found)
    if len(rows) > RANKED_CANDIDATES:
        # A cheap first cut (rapidfuzz's C loop) before the finer ranking below.
        keep: set[int] = set()
        for column in ("names", "names_fr"):
            texts = [index[column][i] for i in rows]
            best = process.extract(normalised, texts, scorer=fuzz.WRatio, limit=RANKED_CANDIDATES // 2)
            keep.update(rows[position] for _text, _score, position in best)
        rows = [i for i in rows if i in keep]
    scored = []
    for i in rows:
        score = max(_rank(normalised, index["names"][i]), _rank(normalised, index["names_fr"][i]))
        if score >= cutoff:
            scored.append((-score, index["names"][i], index["pks"][i]))
    ranked = [pk for _score, _name, pk in sorted(scored)[:limit]]
    if not ranked:
        return []
    by_pk = Card.objects.in_bulk(ranked)
    return [by_pk[pk] for pk in ranked if pk in by_pk]


def banlist_list(*, game: str | None = None):
    banlists = Banlist.objects.all()
    if game:
        banlists = banlists.filter(game=game)
    return banlists.order_by("game", "-date", "name")


def banlist_get(*, name: str, game: str = "yugioh") -> Banlist | None:
    return Banlist.objects.filter(game=game, name=name).first()


def banlist_to_engine(banlist: Banlist) -> EngineBanlist:
    return EngineBanlist(
        name=banlist.name,
        limits={str(k): int(v) for k, v in banlist.limits.items()},
        whitelist=banlist.whitelist,
        date=banlist.date,
        game=banlist.game,
    )


# --- deck lists ------------------------------------------------------------------------------------------


def can_staff(*, user, event) -> bool:
    """A judge, head judge or organizer of this event (or a superuser): a scorekeeper is not — deck lists'
    contents, deck checks and unlocks are a judge's (tournaments.permissions.can_judge)."""
    return user is not None and can_judge(user=user, event=event)


def banlist_for_event(*, event) -> Banlist | None:
    """The event's banlist: the one chosen in its deck settings (the only place an event's banlist is kept;
    the event form and API set it through the tournaments services)."""
    settings_row = EventDeckSettings.objects.filter(event=event).select_related("banlist").first()
    return settings_row.banlist if settings_row is not None else None


def lists_published(*, event) -> bool:
    return EventDeckSettings.objects.filter(event=event, lists_published=True).exists()


def deadline_passed(*, event, now=None) -> bool:
    deadline = getattr(event, "decklist_deadline", None)
    return deadline is not None and (now or timezone.now()) >= deadline


def deck_is_locked(*, deck_list: DeckListRow | None, event, now=None) -> bool:
    if not deadline_passed(event=event, now=now):
        return False
    return not (deck_list is not None and deck_list.unlocked)


def deck_list_visible(*, deck_list: DeckListRow, user) -> bool:
    """Private to the player and the event's staff until the organizer publishes the lists."""
    event = deck_list.registration.event
    if user is not None and user.is_authenticated and deck_list.registration.player_id == user.pk:
        return True
    if can_staff(user=user, event=event):
        return True
    return lists_published(event=event)


def deck_list_for(*, registration) -> DeckListRow | None:
    return DeckListRow.objects.filter(registration=registration).first()


def deck_list_get(*, pk: int) -> DeckListRow | None:
    return (
        DeckListRow.objects.select_related("registration__event", "registration__player")
        .filter(pk=pk)
        .first()
    )


def current_version(*, deck_list: DeckListRow | None) -> DeckListVersion | None:
    if deck_list is None:
        return None
    return deck_list.versions.order_by("-number").first()


def deck_list_versions(*, deck_list: DeckListRow):
    return deck_list.versions.select_related("submitted_by").order_by("-number")


def deck_list_audit(*, deck_list: DeckListRow):
    return deck_list.audit.select_related("actor", "version").order_by("created_at", "id")


@dataclass(frozen=True)
class DeckRow:
    count: int
    name: str
    ref: str
    kind: str
    detail: str


KIND_GROUPS = {
    "monster": _("Monster cards"),
    "unit": _("Units"),
    "creature": _("Creatures"),
    "spell": _("Spell cards"),
    "magic": _("Magic"),
    "order": _("Orders"),
    "trap": _("Trap cards"),
    "terrain": _("Terrains"),
}
KIND_ORDER = {
    "monster": 0,
    "unit": 0,
    "creature": 0,
    "spell": 1,
    "magic": 1,
    "order": 1,
    "trap": 2,
    "terrain": 2,
}


def deck_sheets(*, contents: list[dict], game: str) -> list[list[dict]]:
    """``deck_sheet`` for many lists at once, with one card lookup for all of them (a fixed number of
    queries, whatever the number of lists)."""
    decks = [deck_from_json(content) for content in contents]
    merged: dict[str, list] = {}
    for deck in decks:
        for section, entries in deck.sections.items():
            merged.setdefault(section, []).extend(entries)
    index = DatabaseCardIndex(game).preload(DeckList(merged))
    return [deck_sheet(content=content, game=game, index=index) for content in contents]


def deck_sheet(*, content: dict, game: str, index: DatabaseCardIndex | None = None) -> list[dict]:
    """The list laid out for a deck check: per section, sorted by kind then name, with totals."""
    from decks.formats import SECTION_TITLES

    deck = deck_from_json(content)
    index = index or DatabaseCardIndex(game).preload(deck)
    out = []
    for section, entries in deck.sections.items():
        rows: dict[str, DeckRow] = {}
        for ref, count in entries:
            record = (
                index.by_id(str(ref)) if isinstance(ref, int) else (index.by_id(ref) or index.by_name(ref))
            )
            if record is None:
                key, row = f"?{ref}", DeckRow(count, str(ref), str(ref), "", "")
            else:
                stats = record["stats"]
                detail = " · ".join(
                    str(v) for v in (stats.get("level") or stats.get("rank") or stats.get("grade"),) if v
                )
                key = record["key"]
                row = DeckRow(count, record["name"], record["key"], record["kind"], detail)
            if key in rows:
                row = DeckRow(rows[key].count + count, row.name, row.ref, row.kind, row.detail)
            rows[key] = row
        ordered = sorted(rows.values(), key=lambda r: (KIND_ORDER.get(r.kind, 3), r.name.casefold()))
        groups: dict[str, list[DeckRow]] = {}
        for row in ordered:
            groups.setdefault(str(KIND_GROUPS.get(row.kind, _("Other"))), []).append(row)
        out.append(
            {
                "title": SECTION_TITLES.get(section, section),
                "rows": ordered,
                "total": sum(r.count for r in ordered),
                # The official sheets list the Main Deck by card type, each with its total.
                "groups": [
                    {"title": title, "rows": rows, "total": sum(r.count for r in rows)}
                    for title, rows in groups.items()
                ],
            }
        )
    return out


def event_deck_lists(*, event):
    """Every registration of the event with its deck list and latest version (a fixed number of queries)."""
    registrations = sorted(  # by name in the reader's collation (core.collation)
        Registration.objects.filter(event=event).select_related("player", "deck_list"),
        key=lambda r: (collation_key(str(r.player)), r.player.username),
    )
    lists = [r.deck_list for r in registrations if hasattr(r, "deck_list")]
    latest: dict[int, DeckListVersion] = {}
    for version in DeckListVersion.objects.filter(deck_list__in=lists).order_by("deck_list_id", "number"):
        latest[version.deck_list_id] = version
    return [
        (r, getattr(r, "deck_list", None), latest.get(getattr(getattr(r, "deck_list", None), "pk", None)))
        for r in registrations
    ]


def event_deck_checks(*, event):
    return (
        DeckCheck.objects.filter(deck_list__registration__event=event)
        .select_related("deck_list__registration__player", "version", "checked_by")
        .order_by("-round_number", "deck_list__registration__player__username")
    )


def deck_list_get_queryset():
    return DeckListRow.objects.select_related("registration__event", "registration__player")


def event_deck_settings_get(*, event) -> EventDeckSettings | None:
    return EventDeckSettings.objects.filter(event=event).select_related("banlist").first()
