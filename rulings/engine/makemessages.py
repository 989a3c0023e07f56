"""``python -m rulings.engine.makemessages [--check] [--locale LANG]``: the engine's gettext catalogues.

What Django's ``makemessages`` and ``compilemessages`` do for the site, for the engine's own domain
(``engine``), in pure Python (no xgettext, msgmerge or msgfmt needed; ``make messages`` runs it):

1. **Extract** every msgid into ``locale/engine.pot``: the literal arguments of each ``msg(...)``,
   ``msg_plural(...)`` and ``terms(...)`` call in ``rulings/engine/**/*.py`` (read with :mod:`ast`; a
   call whose msgid is not a literal string is an error), then, game by game, the English titles and
   descriptions of its rule sets (msgctxt ``"<game>:<key>"``) and the titles, summaries and
   interpretations of its rule catalogue (msgctxt: the rule id), its plug-in's name (msgctxt ``"game"``)
   and its tablet labels (msgctxt ``"tablet"``).
2. **Merge** the template into each ``locale/<lang>/LC_MESSAGES/engine.po`` as ``msgmerge
   --no-obsolete`` does: a msgid still used keeps its translation and the translator's notes, a new
   one comes in untranslated, one no longer used is dropped. ``--locale de`` starts a new language.
3. **Compile** each .po into its ``engine.mo`` (``pofile.mo_bytes``; untranslated and fuzzy entries
   are left out, so gettext falls back to English for them).

A file is only written when its content changes. ``--check`` writes nothing and exits 1 when a file
would change or a msgid has no translation (what ``tests/rulings/engine/test_i18n.py`` checks too).
"""

from __future__ import annotations

import argparse
import ast
import gettext
import io
import struct
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from .pofile import Entry, PoFile, dump, mo_bytes, parse

ENGINE_DIR = Path(__file__).resolve().parent
LOCALE_DIR = ENGINE_DIR / "locale"
DOMAIN = "engine"
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
# The calls that mark a msgid, and where their literal arguments are.
MARKERS = {"msg": ("id",), "msg_plural": ("id", "plural"), "terms": ("context", "words")}
HEADER = (
    "Project-Id-Version: Tableside rules engine\n"
    "Language: {language}\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Plural-Forms: {plural_forms}\n"
)
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}


class ExtractionError(Exception):
    """A marker call the extractor cannot read (its msgid is not a literal string), with where it is."""


@dataclass
class Found:
    entries: dict[tuple[str | None, str, str | None], Entry] = field(default_factory=dict)

    def add(
        self,
        msgid: str,
        *,
        where: str,
        context: str | None = None,
        plural: str | None = None,
        note: str = "",
        template: bool = True,
    ) -> None:
        """``template``: the text is filled in with ``str.format`` (a message), not shown as it is (a
        word, a rule text: there ``{`` is just a brace)."""
        key = (context, msgid, plural)
        entry = self.entries.get(key)
        if entry is None:
            flags = ["python-brace-format"] if template else []
            entry = Entry(msgid, ["", ""] if plural else [""], context, plural, flags=flags)
            self.entries[key] = entry
        if where not in entry.references:
            entry.references.append(where)
        if note and note not in entry.comments:
            entry.comments.append(note)


def _literal(node: ast.AST | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _source_messages(found: Found, folder: Path = ENGINE_DIR) -> None:
    problems: list[str] = []
    for path in sorted(folder.rglob("*.py")):
        where = path.relative_to(folder).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name not in MARKERS:
                continue
            place = f"{where}:{node.lineno}"
            if name == "terms":
                context = _literal(node.args[0]) if node.args else None
                words = node.args[1] if len(node.args) > 1 else None
                if isinstance(words, ast.Dict):
                    values = [_literal(v) for v in words.values]
                elif isinstance(words, ast.Tuple | ast.List):
                    values = [_literal(v) for v in words.elts]
                else:
                    values = [None]
                if context is None or None in values:
                    problems.append(f"{place}: terms() needs a literal context and literal words")
                    continue
                for value in values:
                    note = f"a word ({context})"
                    found.add(value, where=where, context=context, note=note, template=False)
                continue
            msgid = _literal(node.args[0]) if node.args else None
            plural = _literal(node.args[1]) if name == "msg_plural" and len(node.args) > 1 else None
            if msgid is None or (name == "msg_plural" and plural is None):
                problems.append(f"{place}: {name}() needs its msgid as a literal string")
                continue
            found.add(msgid, where=where, plural=plural)
    if problems:
        raise ExtractionError("\n".join(problems))


def _game_texts(found: Found) -> None:
    from .plugin import situation_card_names
    from .registry import game_keys, get_plugin

    for key in game_keys():
        plugin = get_plugin(key)
        game = plugin.game
        found.add(plugin.name, where=f"{key}/plugin.py", context="game", note="a game's name", template=False)
        ui = plugin.ui
        labels = [field.label for field in ui.card_fields]
        labels += [*ui.zone_labels.values(), *ui.query_labels.values()]
        for situation in ui.situations:  # its title, then its cards' names (the board in the page's language)
            labels += [situation.title, *situation_card_names(situation.document)]
        if ui.effects is not None:  # its labels are terms("tablet", …) of the game's modules, found above
            labels.append(ui.effects.title)
        for label in labels:
            found.add(
                label, where=f"{key}/ui.py", context="tablet", note="the judge's tablet", template=False
            )
        if plugin.player_id is not None:
            found.add(
                plugin.player_id.format,
                where=f"{key}/plugin.py",
                context="player-id",
                note="an ID's format",
                template=False,
            )
        for text in plugin.penalties.infractions.values():
            found.add(text, where=f"{key}/plugin.py", context="penalty", note="an infraction", template=False)
        where = f"{key}/catalogue.py"  # where its rule texts are written
        for ruleset in game.rulesets.values():
            context = f"{key}:{ruleset.key}"
            for part in ("title", "description"):
                note = f"{part} of the rule set {context}"
                found.add(getattr(ruleset, part), where=where, context=context, note=note, template=False)
        for rule in game.catalogue.values():
            for part in ("title", "summary", "interpretation"):
                text = getattr(rule, part)
                if text:
                    found.add(text, where=where, context=rule.id, note=f"{part} of {rule.id}", template=False)


def extract() -> list[Entry]:
    """The template: every msgid of the engine, in source order, then the games' rule texts."""
    found = Found()
    _source_messages(found)
    _game_texts(found)
    clashes = {(c, i) for c, i, p in found.entries if p is not None} & {
        (c, i) for c, i, p in found.entries if p is None
    }
    if clashes:
        raise ExtractionError(f"used both with and without a plural: {sorted(map(str, clashes))}")
    return list(found.entries.values())


def template_file(entries: Iterable[Entry]) -> PoFile:
    header = HEADER.format(language="", plural_forms="nplurals=INTEGER; plural=EXPRESSION;")
    comments = ["The rules engine's messages (rulings/engine). Made by `make messages`; do not edit."]
    return PoFile(header, [_copy(entry) for entry in entries], comments)


def _copy(entry: Entry, strs: list[str] | None = None) -> Entry:
    return Entry(
        entry.id,
        list(strs if strs is not None else entry.strs),
        entry.context,
        entry.plural,
        list(entry.comments),
        list(entry.references),
        list(entry.flags),
        list(entry.translator),
    )


def merged(template: Iterable[Entry], existing: PoFile | None, language: str) -> PoFile:
    """``msgmerge --no-obsolete``: the template's entries with the translations ``existing`` has."""
    known = {entry.key: entry for entry in existing.entries} if existing else {}
    entries = []
    for entry in template:
        old = known.get(entry.key)
        if old is None:
            entries.append(_copy(entry))
            continue
        new = _copy(entry, old.strs)
        new.translator = list(old.translator)
        new.flags += [flag for flag in old.flags if flag == "fuzzy"]
        entries.append(new)
    if existing is not None:
        return PoFile(existing.header, entries, existing.header_comments)
    plural_forms = PLURAL_FORMS.get(language, "nplurals=2; plural=(n != 1);")
    header = HEADER.format(language=language, plural_forms=plural_forms)
    comments = [f"The rules engine's messages in {language}. Translate each msgstr; `make messages` merges."]
    return PoFile(header, entries, comments)


def untranslated(po: PoFile) -> list[Entry]:
    return [entry for entry in po.entries if not entry.translated]


def mo_matches(po: PoFile, mo: bytes) -> bool:
    """Whether a compiled catalogue says exactly what the .po says (whoever compiled it, msgfmt or us)."""
    try:
        compiled = gettext.GNUTranslations(io.BytesIO(mo))
        expected = gettext.GNUTranslations(io.BytesIO(mo_bytes(po)))
    except (OSError, ValueError, UnicodeDecodeError, struct.error):
        return False
    return compiled._catalog == expected._catalog  # the parsed msgid -> msgstr tables


def plan(languages: Iterable[str] = ()) -> dict[Path, bytes]:
    """Every file the catalogues should have, and its content: the .pot, each .po and each .mo."""
    template = extract()
    files = {TEMPLATE: dump(template_file(template)).encode("utf-8")}
    folders = {path.parent.parent.name: path.parent for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")}
    for language in languages:
        folders.setdefault(language, LOCALE_DIR / language / "LC_MESSAGES")
    for language, folder in sorted(folders.items()):
        po_path = folder / f"{DOMAIN}.po"
        existing = parse(po_path.read_text(encoding="utf-8")) if po_path.exists() else None
        po = merged(template, existing, language)
        files[po_path] = dump(po).encode("utf-8")
        mo_path = folder / f"{DOMAIN}.mo"
        current = mo_path.read_bytes() if mo_path.exists() else b""
        files[mo_path] = current if mo_matches(po, current) else mo_bytes(po)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if anything is out of date"
    )
    parser.add_argument("--locale", action="append", default=[], help="also make (or start) this language")
    args = parser.parse_args(argv)
    try:
        files = plan(args.locale)
    except (ExtractionError, ValueError) as exc:
        print(f"makemessages: {exc}", file=sys.stderr)
        return 2
    changed = [path for path, content in files.items() if not path.exists() or path.read_bytes() != content]
    missing = {
        path: untranslated(parse(content.decode("utf-8")))
        for path, content in files.items()
        if path.suffix == ".po"
    }
    root = ENGINE_DIR.parent.parent
    for path in changed:
        print(f"{'would write' if args.check else 'writing'} {path.relative_to(root)}")
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(files[path])
    for path, entries in missing.items():
        for entry in entries:
            context = f" [{entry.context}]" if entry.context else ""
            print(f"{path.relative_to(root)}: no translation for {entry.id!r}{context}", file=sys.stderr)
    if args.check and (changed or any(missing.values())):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
