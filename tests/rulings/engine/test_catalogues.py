"""The engine's gettext catalogues: every msgid has its French, the .mo says what the .po says.

``python -m rulings.engine.makemessages`` (``make messages``) extracts the msgids from the engine's
source and its rule texts, merges them into ``locale/<lang>/LC_MESSAGES/engine.po`` and compiles
``engine.mo``; these tests fail when someone forgot to run it, or to translate what it brought in.
"""

from __future__ import annotations

import ast
import gettext
import io
import string
import textwrap

import pytest

from rulings.engine import makemessages
from rulings.engine.i18n import LANGUAGES, LOCALE_DIR, catalogue
from rulings.engine.makemessages import ENGINE_DIR
from rulings.engine.pofile import Entry, PoFile, dump, mo_bytes, parse

TEMPLATE = makemessages.extract()
KEYS = {entry.key for entry in TEMPLATE}
PO_PATH = LOCALE_DIR / "fr" / "LC_MESSAGES" / "engine.po"
FRENCH = parse(PO_PATH.read_text(encoding="utf-8"))
BY_KEY = {entry.key: entry for entry in FRENCH.entries}


def fields(template: str) -> list[tuple[str, str, str | None]]:
    """The fields of a template with their format spec and conversion (``{amount:+d}``), sorted."""
    found = string.Formatter().parse(template)
    return sorted({(name, spec, conversion) for _, name, spec, conversion in found if name is not None})


def test_the_languages_are_the_catalogues_there_are():
    assert LANGUAGES == ("en", "fr")


def test_the_extractor_finds_the_messages_words_and_rule_texts():
    contexts = {entry.context for entry in TEMPLATE}
    assert "YGO-TRIBUTE-COUNT" in contexts and "vanguard:original" in contexts
    assert (None, "{player} draws a card.", None) in KEYS
    assert (None, "Player {player} draws {count} card.", "Player {player} draws {count} cards.") in KEYS
    assert ("yugioh phase", "battle", None) in KEYS and ("phase", "end", None) in KEYS
    assert len([key for key in KEYS if key[0] is None]) > 280


# Where the engine hands a text over: call name -> (position of the text, keyword names).
TEXT_ARGUMENTS = {
    "Event": (3, ("message",)),
    "IllegalAction": (1, ("message",)),
    "GameOver": (1, ("message",)),
    "illegal": (1, ("explanation", "text")),
    "_illegal": (1, ("text",)),
    "_event": (2, ("text",)),
    "end_game": (None, ("text",)),
    "players_lose": (None, ("draw_text", "loss_text")),
    "lose_lp": (5, ("why",)),
    "destroy_monster": (4, ("why",)),
    "_require_phase": (2, ("what",)),
    "_main_phase": (2, ("what",)),
    "_own_ref": (4, ("what",)),
    "_field_monster": (2, ("what",)),
}


def written_texts(tree: ast.AST) -> list[int]:
    """Lines where a plain string or an f-string is handed over as an event's or a refusal's text."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
        if name not in TEXT_ARGUMENTS:
            continue
        position, keywords = TEXT_ARGUMENTS[name]
        given = [node.args[position]] if position is not None and len(node.args) > position else []
        given += [k.value for k in node.keywords if k.arg in keywords]
        for value in given:
            if _is_text(value):
                found.append(value.lineno)
    return found


def _is_text(node: ast.AST) -> bool:
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.IfExp):
        return _is_text(node.body) or _is_text(node.orelse)
    return False


def test_the_engine_never_writes_a_sentence_itself():
    """Every event and refusal says a message (msg(...)), never English text: text could not be
    translated. (The replays check the messages said; this checks the ones no test plays.)"""
    written = {
        f"{path.relative_to(ENGINE_DIR)}:{line}"
        for path in sorted(ENGINE_DIR.rglob("*.py"))
        for line in written_texts(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert not written, f"English text where a message belongs: {sorted(written)}"


def test_the_guard_sees_written_text():
    tree = ast.parse(
        "Event('draw', {}, (), f'{p} draws.')\n"
        "raise illegal('R', 'Nope.')\n"
        "raise illegal('R', msg('Nope.'))\n"
        "end_game(s, e, winner=None, rule='R', text='draw' + '.')\n"
        "raise GameOver(r, msg('Over.') if x else 'Over.')\n"
    )
    assert written_texts(tree) == [1, 2, 4, 5]


def test_every_msgid_has_its_french():
    missing = [key for key in KEYS if key not in BY_KEY or not BY_KEY[key].translated]
    assert not missing, (
        f"no French for {len(missing)} msgid(s) (run `make messages`, translate): {missing[:10]}"
    )


def test_the_french_catalogue_has_nothing_the_engine_no_longer_says():
    stale = [entry.key for entry in FRENCH.entries if entry.key not in KEYS]
    assert not stale, f"msgids no longer used (run `make messages`): {stale[:10]}"


def test_the_files_are_what_make_messages_writes():
    """The .pot, .po and .mo on disk are up to date (the .mo compared by content, msgfmt's or ours)."""
    stale = [
        path.name
        for path, content in makemessages.plan().items()
        if not path.exists() or path.read_bytes() != content
    ]
    assert not stale, f"out of date: {stale} (run `make messages`)"


def test_a_stale_mo_is_noticed():
    changed = parse(PO_PATH.read_text(encoding="utf-8"))
    changed.entries[0].strs = ["autre chose"]
    compiled = (PO_PATH.with_suffix(".mo")).read_bytes()
    assert makemessages.mo_matches(FRENCH, compiled)
    assert not makemessages.mo_matches(changed, compiled)
    assert not makemessages.mo_matches(FRENCH, b"")


@pytest.mark.parametrize("entry", FRENCH.entries, ids=lambda e: (e.context or "") + "|" + e.id[:40])
def test_french_entry_is_well_formed(entry: Entry):
    for french in entry.strs:
        assert french.strip() == french and "  " not in french
    if "python-brace-format" not in entry.flags:
        return  # a rule text, shown as it is
    english = fields(entry.id) if entry.plural is None else sorted({*fields(entry.id), *fields(entry.plural)})
    assert all(name.isidentifier() for name, _, _ in english), "fields are named: {player}, not {0}"
    for french in entry.strs:
        if entry.plural is None:
            assert fields(french) == english, "the French uses other fields than the English"
        else:
            assert set(fields(french)) <= set(english)


def test_a_field_mismatch_is_caught():
    assert fields("{player} attaque.") != fields("{player} attacks {target}.")


def test_the_compiled_catalogue_is_read_by_gettext():
    french = catalogue("fr")
    assert isinstance(french, gettext.GNUTranslations)
    assert french.pgettext("YGO-TRIBUTE-COUNT", "How many Tributes") == "Combien de Sacrifices"
    assert catalogue("en") is None


def test_without_its_mo_a_language_is_compiled_from_its_po(tmp_path, monkeypatch):
    from rulings.engine import i18n

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "engine.po").write_bytes(PO_PATH.read_bytes())
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    french = i18n.catalogue.__wrapped__("fr")  # the cached one reads the real folder
    assert french.pgettext("YGO-TRIBUTE-COUNT", "How many Tributes") == "Combien de Sacrifices"


# --- the .po and .mo formats ----------------------------------------------------------------------


def test_po_round_trip_keeps_everything():
    assert dump(parse(dump(FRENCH))) == dump(FRENCH)
    assert parse(dump(FRENCH)) == FRENCH


def test_po_parse_reads_contexts_plurals_flags_and_escapes():
    text = textwrap.dedent(
        r"""
        # a header comment
        msgid ""
        msgstr "Plural-Forms: nplurals=2; plural=(n > 1);\n"

        # translator's note
        #. for the translator
        #: yugioh/rules.py common/turns.py
        #, python-brace-format
        msgctxt "phase"
        msgid "draw {x}"
        msgstr "de pioche \"{x}\""

        #~ msgid "gone"
        #~ msgstr "parti"

        msgid "{n} card"
        msgid_plural "{n} cards"
        msgstr[0] "{n} carte"
        msgstr[1] ""
        "{n} cartes"
        """
    )
    po = parse(text)
    assert po.header == "Plural-Forms: nplurals=2; plural=(n > 1);\n"
    first, second = po.entries
    assert (first.context, first.id, first.strs) == ("phase", "draw {x}", ['de pioche "{x}"'])
    assert first.references == ["yugioh/rules.py", "common/turns.py"] and first.flags == [
        "python-brace-format"
    ]
    assert first.comments == ["for the translator"] and first.translator == ["translator's note"]
    assert (second.plural, second.strs) == ("{n} cards", ["{n} carte", "{n} cartes"])
    assert len(po.entries) == 2  # the obsolete one is dropped
    with pytest.raises(ValueError, match="line 2"):
        parse('msgid "a"\nbogus "b"\n')


def test_mo_bytes_is_what_gettext_reads():
    po = PoFile(
        "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n > 1);\n",
        [
            Entry("Attack", ["d'Attaque"], context="position"),
            Entry("{n} card", ["{n} carte", "{n} cartes"], plural="{n} cards"),
            Entry("not translated", [""]),
            Entry("fuzzy one", ["flou"], flags=["fuzzy"]),
        ],
    )
    compiled = gettext.GNUTranslations(io.BytesIO(mo_bytes(po)))
    assert compiled.pgettext("position", "Attack") == "d'Attaque"
    assert compiled.gettext("Attack") == "Attack"  # the context matters
    assert [compiled.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2)] == [
        "{n} carte", "{n} carte", "{n} cartes"
    ]  # fmt: skip
    assert compiled.gettext("not translated") == "not translated"
    assert compiled.gettext("fuzzy one") == "fuzzy one"  # like msgfmt: fuzzy entries are left out


def test_long_strings_are_wrapped_like_msgmerge():
    text = dump(PoFile("", [Entry("word " * 30, ["mot " * 30])]))
    assert all(len(line) <= 79 for line in text.splitlines())
    assert parse(text).entries[0].id == "word " * 30


# --- the extractor --------------------------------------------------------------------------------


def test_the_extractor_refuses_a_msgid_that_is_not_literal(tmp_path):
    (tmp_path / "game.py").write_text(
        "from .messages import msg, terms\n"
        "def f(text, x):\n"
        "    good = msg('A {x} word.', x=x)\n"
        "    return msg(text), terms('phase', WORDS)\n",
        encoding="utf-8",
    )
    found = makemessages.Found()
    with pytest.raises(makemessages.ExtractionError) as caught:
        makemessages._source_messages(found, tmp_path)
    assert "game.py:4: msg()" in str(caught.value) and "game.py:4: terms()" in str(caught.value)


def test_the_extractor_reads_every_marker(tmp_path):
    (tmp_path / "game.py").write_text(
        "from .messages import msg, msg_plural, terms\n"
        "PHASES = terms('phase', ('draw', 'main'))\n"
        "POSITIONS = terms('position', {'attack': 'Attack'})\n"
        "def f(n):\n"
        "    return msg('Hello {name}.', name='A'), msg_plural('{n} card', '{n} cards', n, n=n)\n",
        encoding="utf-8",
    )
    found = makemessages.Found()
    makemessages._source_messages(found, tmp_path)
    assert set(found.entries) == {
        ("phase", "draw", None),
        ("phase", "main", None),
        ("position", "Attack", None),
        (None, "Hello {name}.", None),
        (None, "{n} card", "{n} cards"),
    }
    assert found.entries[(None, "Hello {name}.", None)].flags == ["python-brace-format"]
    assert found.entries[("phase", "draw", None)].flags == []


def test_merge_keeps_translations_and_drops_what_is_gone():
    template = [Entry("kept"), Entry("new")]
    existing = PoFile("h", [Entry("kept", ["gardé"], translator=["note"]), Entry("gone", ["parti"])])
    po = makemessages.merged(template, existing, "fr")
    assert [(e.id, e.strs, e.translator) for e in po.entries] == [
        ("kept", ["gardé"], ["note"]),
        ("new", [""], []),
    ]
    assert po.header == "h"
    assert "nplurals=2; plural=(n > 1);" in makemessages.merged(template, None, "fr").header
