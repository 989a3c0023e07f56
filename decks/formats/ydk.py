"""YGOPro / EDOPro ``.ydk`` files and ``ydke://`` URLs."""

from __future__ import annotations

import base64
import binascii
import struct

from .model import (
    MAX_PASSCODE,
    DeckEntry,
    DeckExportError,
    DeckFormatError,
    DeckList,
    decode_deck_text,
    numbered_lines,
    parse_passcode,
    require_not_empty,
    too_many_cards,
)

YDK_SECTIONS = ("main", "extra", "side")
YDK_MARKERS = {"#main": "main", "#extra": "extra", "!side": "side"}
YDKE_PREFIX = "ydke://"
CREATED_BY = "#created by Tableside"


def parse_ydk(data: str | bytes, *, max_cards: int | None = None, max_entries: int | None = None) -> DeckList:
    """Read a .ydk file: ``#main``, ``#extra``, ``!side``, one passcode per copy.

    Other ``#`` lines are comments; passcodes before any marker belong to the Main
    Deck (as in YGOPro); a missing ``!side`` or final newline is fine. Past ``max_cards`` copies the
    reading stops (DeckTooLarge, with the line); ``max_entries`` is checked by ``parse_deck``.
    """
    text = decode_deck_text(data)
    sections: dict[str, list[DeckEntry]] = {name: [] for name in YDK_SECTIONS}
    current = "main"
    copies = 0
    for number, line in numbered_lines(text):
        if not line:
            continue
        marker = YDK_MARKERS.get(line.lower())
        if marker:
            current = marker
        elif line.startswith("#"):
            continue
        elif line.startswith("!"):
            raise DeckFormatError(
                f"Unknown section {line!r}: a .ydk file only has #main, #extra and !side.",
                line=number,
                text=line,
            )
        else:
            # Some editors append the card name after the passcode; the number is what counts.
            token = line.split(None, 1)[0]
            copies += 1
            if max_cards is not None and copies > max_cards:
                raise too_many_cards(max_cards, line=number, text=line)
            sections[current].append(DeckEntry(parse_passcode(token, line=number, what="a .ydk file"), 1))
    return require_not_empty(sections)


def _passcodes(deck: DeckList, section: str, fmt: str) -> list[int]:
    codes = []
    for ref in deck.copies(section):
        if not isinstance(ref, int) or not 0 <= ref <= MAX_PASSCODE:
            raise DeckExportError(
                f"{ref!r} in the {section} deck is not a passcode; {fmt} can only hold passcodes."
            )
        codes.append(ref)
    return codes


def _check_sections(deck: DeckList, fmt: str) -> None:
    extra = set(deck.sections) - set(YDK_SECTIONS)
    if extra:
        raise DeckExportError(f"{fmt} has no place for the {', '.join(sorted(extra))} deck.")


def export_ydk(deck: DeckList) -> str:
    _check_sections(deck, ".ydk")
    lines = [CREATED_BY]
    for section, marker in (("main", "#main"), ("extra", "#extra"), ("side", "!side")):
        lines.append(marker)
        lines.extend(str(code) for code in _passcodes(deck, section, ".ydk"))
    return "\n".join(lines) + "\n"


def _passcodes_in(part: str) -> int:
    """How many 4-byte passcodes a base64 part decodes to, from its length alone."""
    return (len(part) * 3 // 4 - len(part[-2:]) + len(part[-2:].rstrip("="))) // 4


def parse_ydke(
    data: str | bytes, *, max_cards: int | None = None, max_entries: int | None = None
) -> DeckList:
    """Read ``ydke://<main>!<extra>!<side>!``: base64 of little-endian uint32 passcodes.

    More than ``max_cards`` passcodes (counted from the link's length, before decoding) is DeckTooLarge.
    """
    text = decode_deck_text(data).strip()
    if not text.lower().startswith(YDKE_PREFIX):
        raise DeckFormatError("A YDKE link starts with ydke://", line=1, text=text[:40])
    parts = text[len(YDKE_PREFIX) :].split("!")
    if len(parts) == 4 and parts[3] == "":
        parts = parts[:3]
    if len(parts) != 3:
        raise DeckFormatError(
            f"A YDKE link has three parts (main, extra, side) separated by '!'; this one has {len(parts)}.",
            line=1,
            text=text[:80],
        )
    if max_cards is not None and sum(_passcodes_in(part) for part in parts) > max_cards:
        raise too_many_cards(max_cards, line=1, text=text[:80])
    sections: dict[str, list[DeckEntry]] = {}
    for section, part in zip(YDK_SECTIONS, parts, strict=True):
        try:
            raw = base64.b64decode(part, validate=True)
        except (binascii.Error, ValueError):
            raise DeckFormatError(
                f"The {section} part of the YDKE link is not valid base64 (the link may be cut short).",
                line=1,
                text=part[:80],
            ) from None
        if len(raw) % 4:
            raise DeckFormatError(
                f"The {section} part of the YDKE link has {len(raw)} bytes, not a whole number of "
                "4-byte passcodes (the link may be cut short).",
                line=1,
                text=part[:80],
            )
        codes = struct.unpack(f"<{len(raw) // 4}I", raw)
        sections[section] = [DeckEntry(code, 1) for code in codes]
    return require_not_empty(sections)


def export_ydke(deck: DeckList) -> str:
    _check_sections(deck, "A YDKE link")
    parts = []
    for section in YDK_SECTIONS:
        codes = _passcodes(deck, section, "a YDKE link")
        parts.append(base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii"))
    return YDKE_PREFIX + "!".join(parts) + "!"
