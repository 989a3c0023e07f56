"""The plain card dict every reader yields, and the error they raise."""

from __future__ import annotations

from typing import Any, TypedDict


class CardRecord(TypedDict):
    """One card, whatever file it came from. Plain data: JSON-serialisable.

    ``key`` is the card's id in its source (a passcode as text for Yu-Gi-Oh!, a set id
    such as ``dsd01_013`` for VanguardEngine, the ``id`` column of a CSV).
    ``alias_of`` names the card whose rules this one shares (a cdb alias: alternate
    artwork, GOAT version); ``alternate_keys`` are other ids printed on the same card
    (YGOPRODeck ``card_images``). ``tags`` are the flags the deck rules use, e.g.
    ``extra_deck``, ``trigger``, ``heal``, ``over``, ``sentinel``, ``boss``, ``unique``,
    ``invocation``, ``premium_terrain``, ``rules_card``.
    """

    game: str
    key: str
    name: str
    name_fr: str | None
    kind: str
    alias_of: str | None
    alternate_keys: list[str]
    tags: list[str]
    stats: dict[str, Any]
    limits: dict[str, str]  # {"tcg": "Forbidden", "ocg": "Limited"} from banlist_info
    scopes: list[str]  # cdb "ot" scopes: ocg, tcg, anime, rush, …
    rarity: str | None
    max_copies: int | None  # a per-card limit (organiser CSVs)
    source: str


def new_record(*, game: str, key: str, name: str, kind: str, source: str, **fields: Any) -> CardRecord:
    record: CardRecord = {
        "game": game,
        "key": key,
        "name": name,
        "name_fr": None,
        "kind": kind,
        "alias_of": None,
        "alternate_keys": [],
        "tags": [],
        "stats": {},
        "limits": {},
        "scopes": [],
        "rarity": None,
        "max_copies": None,
        "source": source,
    }
    record.update(fields)  # type: ignore[typeddict-item]
    return record


class CardFileError(ValueError):
    """A card file that cannot be read, naming where (``row 12``, ``line 4``, ``card
    #3 (id 1234)``) and the field at fault."""

    def __init__(self, message: str, *, where: str | None = None, field: str | None = None):
        self.message = message
        self.where = where
        self.field = field
        prefix = ", ".join(part for part in (where, f"field {field!r}" if field else None) if part)
        super().__init__(f"{prefix}: {message}" if prefix else message)
