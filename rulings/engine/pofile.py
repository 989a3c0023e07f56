"""Just enough of gettext's .po and .mo formats for the engine's catalogues, in pure Python.

``parse`` reads a .po file (msgctxt, msgid_plural, ``#.``/``#:``/``#,`` comments; obsolete ``#~``
entries are dropped), ``dump`` writes one the way xgettext and msgmerge lay it out (long strings
wrapped at 79 columns), and ``mo_bytes`` compiles the translated, non-fuzzy entries into a GNU .mo
file that :class:`gettext.GNUTranslations` reads — what ``msgfmt`` does, so a fresh install needs no
gettext tools. See :mod:`rulings.engine.makemessages`.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

__all__ = ["Entry", "PoFile", "dump", "mo_bytes", "parse"]


@dataclass
class Entry:
    id: str  # noqa: A003 - the gettext word
    strs: list[str] = field(default_factory=lambda: [""])  # msgstr, or msgstr[0], msgstr[1]…
    context: str | None = None
    plural: str | None = None
    comments: list[str] = field(default_factory=list)  # "#." lines: for the translator
    references: list[str] = field(default_factory=list)  # "#:" lines: where the msgid is used
    flags: list[str] = field(default_factory=list)  # "#," flags: fuzzy, python-brace-format
    translator: list[str] = field(default_factory=list)  # "# " lines: the translator's own notes

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return self.context, self.id, self.plural

    @property
    def translated(self) -> bool:
        return all(self.strs) and "fuzzy" not in self.flags


@dataclass
class PoFile:
    header: str  # the msgstr of the empty msgid: "Content-Type: …\nPlural-Forms: …\n"
    entries: list[Entry]
    header_comments: list[str] = field(default_factory=list)  # lines above the header, as written


_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "f": "\f"}
_ESCAPE_RE = re.compile(r'[\\"\n\t\r]')
_UNESCAPE_RE = re.compile(r"\\(.)")


def _quote(text: str) -> str:
    return '"' + _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group()], text) + '"'


def _unquote(literal: str) -> str:
    literal = literal.strip()
    if len(literal) < 2 or literal[0] != '"' or literal[-1] != '"':
        raise ValueError(f"not a quoted .po string: {literal!r}")
    return _UNESCAPE_RE.sub(lambda m: _UNESCAPES.get(m.group(1), m.group(1)), literal[1:-1])


def parse(text: str) -> PoFile:
    """Read a .po file; raise ValueError (with the line number) on a line it does not understand."""
    header, header_comments = "", []
    entries: list[Entry] = []
    block: dict[str, list[str]] = {}
    comments: dict[str, list[str]] = {"#.": [], "#:": [], "#,": [], "# ": []}
    current: str | None = None

    def flush() -> None:
        nonlocal block, comments, current, header, header_comments
        if "msgid" in block:
            msgid = "".join(block["msgid"])
            strs = [
                "".join(block[k]) for k in sorted((k for k in block if k.startswith("msgstr")), key=_order)
            ] or [""]
            flags = [f.strip() for line in comments["#,"] for f in line.split(",") if f.strip()]
            if msgid == "" and "msgctxt" not in block:
                header, header_comments = strs[0], comments["# "]
            else:
                entries.append(
                    Entry(
                        msgid,
                        strs,
                        "".join(block["msgctxt"]) if "msgctxt" in block else None,
                        "".join(block["msgid_plural"]) if "msgid_plural" in block else None,
                        comments["#."],
                        [ref for line in comments["#:"] for ref in line.split()],
                        flags,
                        comments["# "],
                    )
                )
        elif block:
            raise ValueError("an entry without msgid")
        block, current = {}, None
        comments = {"#.": [], "#:": [], "#,": [], "# ": []}

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        try:
            if not line:
                flush()
            elif line.startswith("#~") or line.startswith("#|"):
                continue  # obsolete entries and previous msgids are not kept
            elif line.startswith("#"):
                if block:
                    flush()
                kind = line[:2] if line[:2] in comments else "# "
                comments[kind].append(line[2:].strip() if kind != "# " else line[1:].strip())
            elif line.startswith('"'):
                if current is None:
                    raise ValueError("a string outside an entry")
                block[current].append(_unquote(line))
            else:
                keyword, _, rest = line.partition(" ")
                if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr(\[\d+\])?", keyword):
                    raise ValueError(f"unknown keyword {keyword!r}")
                if keyword in ("msgctxt", "msgid") and ("msgstr" in block or "msgstr[0]" in block):
                    flush()  # an entry that follows without a blank line
                current = keyword
                block[current] = [_unquote(rest)]
        except ValueError as exc:
            raise ValueError(f"line {number}: {exc}") from None
    flush()
    return PoFile(header, entries, header_comments)


def _order(keyword: str) -> int:
    return int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0


def _wrapped(keyword: str, text: str, width: int = 79) -> list[str]:
    """``keyword "text"``, or ``keyword ""`` and the text in pieces that fit (broken after spaces and
    after each ``\\n``), as msgmerge writes it."""
    single = f"{keyword} {_quote(text)}"
    if len(single) <= width and "\n" not in text[:-1]:
        return [single]
    pieces: list[str] = []
    for line in re.split(r"(?<=\n)", text):
        if not line:
            continue
        current = ""
        for word in re.split(r"(?<= )", line):
            if current and len(_quote(current + word)) > width:
                pieces.append(current)
                current = word
            else:
                current += word
        if current:
            pieces.append(current)
    return [f'{keyword} ""', *(_quote(piece) for piece in pieces)]


def dump(po: PoFile) -> str:
    """The .po text: the header, then each entry with its comments, a blank line between entries."""
    lines = [
        *(f"# {c}".rstrip() for c in po.header_comments),
        *_wrapped("msgid", ""),
        *_wrapped("msgstr", po.header),
    ]
    for entry in po.entries:
        lines.append("")
        lines += [f"# {c}".rstrip() for c in entry.translator]
        lines += [f"#. {c}" for c in entry.comments]
        lines += [f"#: {ref}" for ref in entry.references]
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        if entry.context is not None:
            lines += _wrapped("msgctxt", entry.context)
        lines += _wrapped("msgid", entry.id)
        if entry.plural is not None:
            lines += _wrapped("msgid_plural", entry.plural)
            lines += [line for i, s in enumerate(entry.strs) for line in _wrapped(f"msgstr[{i}]", s)]
        else:
            lines += _wrapped("msgstr", entry.strs[0])
    return "\n".join(lines) + "\n"


def mo_bytes(po: PoFile) -> bytes:
    """A GNU .mo file of the header and every translated, non-fuzzy entry (keys sorted, no hash table)."""
    pairs = {b"": po.header.encode("utf-8")}
    for entry in po.entries:
        if not entry.translated:
            continue
        key = entry.id if entry.plural is None else f"{entry.id}\0{entry.plural}"
        if entry.context is not None:
            key = f"{entry.context}\x04{key}"
        pairs[key.encode("utf-8")] = "\0".join(entry.strs).encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + 8 * count
    data_at = translations_at + 8 * count
    table_originals, table_translations, data = [], [], bytearray()
    for key in keys:
        table_originals.append((len(key), data_at + len(data)))
        data += key + b"\0"
    for key in keys:
        value = pairs[key]
        table_translations.append((len(value), data_at + len(data)))
        data += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, data_at)
    tables = b"".join(struct.pack("<2I", *pair) for pair in table_originals + table_translations)
    return head + tables + bytes(data)
