"""A game is one plug-in: a game that lives in the tests (``tests/rulings/dice``) is registered with one
line and every list of games picks it up, with no line of the site's code naming it; a broken game hides
no other; and no list of the game keys is written anywhere but in the registry."""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.utils import translation

from core.games import game_choices
from decks.cardfiles import CardFileError, read_cards
from decks.formats import DeckList
from decks.models import Card, CardImport
from decks.validation import InMemoryCardIndex, validate_deck_list
from rulings.api.serializers import CatalogueQuerySerializer, SituationDocumentSerializer
from rulings.engine import registry
from rulings.engine.construction import check_deck
from rulings.engine.decklists import ResolvedCard, ResolvedDeck, ResolvedEntry
from rulings.games_ui import GAMES_UI, QUERY_LABELS, ZONE_LABELS
from rulings.models import SavedRuling
from rulings.services.tablet import game_ui
from tournaments.models import Event

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def dice():
    with registry.registered("dice", "tests.rulings.dice.plugin"):
        yield registry.get_plugin("dice")


def die(name: str) -> ResolvedCard:
    return ResolvedCard(identity=name, name=name, kind="die", ids=frozenset({name}), tags=frozenset())


@pytest.mark.parametrize("key", registry.game_keys())
def test_each_plug_in_is_its_game(key):
    plugin = registry.get_plugin(key)
    assert plugin.key == plugin.game.key == plugin.ui.key == key
    assert plugin.name == plugin.game.name and plugin.default_ruleset in plugin.rulesets
    assert set(plugin.deck_sections) and set(plugin.ui.zones) <= set(plugin.ui.zone_labels)
    assert set(plugin.ui.queries) <= set(plugin.ui.query_labels)


def test_the_registry_lists_the_game_and_reaches_its_engine(dice):
    assert registry.game_keys()[-1] == "dice"
    assert ("dice", "Dice Duel") in registry.game_choices()
    assert registry.get_game("dice").name == "Dice Duel"
    assert dice.default_ruleset == "standard" and list(dice.rulesets) == ["standard"]


def test_model_and_serializer_choices_pick_it_up(dice):
    for model in (Card, CardImport, Event, SavedRuling):
        assert "dice" in dict(model._meta.get_field("game").choices), model
    assert ("dice", "Dice Duel") in [(key, str(label)) for key, label in game_choices()]
    assert CatalogueQuerySerializer(data={"game": "dice"}).is_valid()
    assert "dice" in SituationDocumentSerializer().fields["game"].choices


def test_without_it_nothing_lists_it():
    assert "dice" not in registry.game_keys()
    assert "dice" not in dict(SavedRuling._meta.get_field("game").choices)
    assert not CatalogueQuerySerializer(data={"game": "dice"}).is_valid()
    assert "dice" not in GAMES_UI


def test_the_tablet_shows_it(dice):
    assert "dice" in GAMES_UI and "dice" in list(GAMES_UI)
    ui = game_ui(game="dice")
    assert [field.name for field in ui.card_fields] == ["name", "faces"]
    assert str(ZONE_LABELS["pool"]) == "Dice pool" and str(QUERY_LABELS["damage"]) == "Damage of an attack"
    with translation.override("fr"):
        assert str(ui.card_fields[0].label) == "Nom"  # a label the engine's catalogue knows
        assert str(ui.card_fields[1].label) == "Faces"  # one it does not: English


def test_its_deck_rules_and_report(dice):
    legal = ResolvedDeck.from_sections({"main": [ResolvedEntry(die(f"d{i}"), 1) for i in range(6)]})
    assert check_deck("dice", legal) == []
    short = ResolvedDeck.from_sections({"main": [ResolvedEntry(die("d1"), 2)]})
    assert [p.code for p in check_deck("dice", short)] == ["main_too_small", "too_many_copies"]
    records = read_cards(b"name:faces\n" * 0 + b"Red:6\nBlue:8\n", game="dice", filename="pool.dice")
    report = validate_deck_list(
        DeckList.of(main=["red", "blue"]), game="dice", cards=InMemoryCardIndex(records)
    )
    assert report.counts == {"main": 2, "side": 0}  # its sections, counted even when empty
    assert [p.code for p in report.problems] == ["main_too_small"]


def test_its_card_files_and_csv_columns(dice):
    csv = read_cards(b"name,kind,faces,colour\nRed,d\xc3\xa9,6,red\n", game="dice", filename="dice.csv")
    assert [(r["name"], r["kind"], r["stats"]) for r in csv] == [
        ("Red", "die", {"faces": 6, "colour": "red"})
    ]
    assert [r["stats"] for r in read_cards(b"Green:12\n", game="dice", filename="x.dice")] == [{"faces": 12}]
    with pytest.raises(CardFileError, match="a .dice file does not hold yugioh cards"):
        list(read_cards(b"Green:12\n", game="yugioh", filename="x.dice"))
    with pytest.raises(CardFileError, match="a .cdb file does not hold dice cards"):
        list(read_cards(b"", game="dice", filename="x.cdb"))
    card = SimpleNamespace(key="red", name="Red", kind="die", stats={"faces": 8}, tags=[])
    assert dice.card_to_situation(card) == {"name": "Red", "faces": 8}


def test_a_broken_game_hides_no_other():
    with registry.registered("broken", "tests.rulings.dice.broken"):
        with pytest.raises(ImportError, match="being written"):
            registry.get_plugin("broken")
        assert [key for key, _ in registry.game_choices()] == ["yugioh", "vanguard", "rayman", "arrows"]
        assert "broken" not in GAMES_UI and "broken" not in dict(SavedRuling._meta.get_field("game").choices)
        assert "yugioh" in GAMES_UI and registry.get_game("rayman").key == "rayman"
        deck = ResolvedDeck.from_sections({"main": [ResolvedEntry(die("x"), 1)]})
        assert check_deck("arrows", deck)  # the other games' rules still answer
    assert "broken" not in registry.game_keys()


# --- no list of the games outside the registry -------------------------------------------------------

SOURCE_FOLDERS = ("benchmarks", "config", "core", "decks", "rulings", "tournaments")


def _word(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _keyed(node: ast.AST) -> list[str | None]:
    """The words in key position: the items of a literal, the first item of its pairs (choices), a dict's
    keys, the first word of each value a class body assigns (``YUGIOH = "yugioh", "Yu-Gi-Oh!"``)."""
    if isinstance(node, ast.Dict):
        return [_word(key) for key in node.keys]
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return [
            _word(item.elts[0] if isinstance(item, ast.Tuple) and item.elts else item) for item in node.elts
        ]
    if isinstance(node, ast.ClassDef):
        values = [statement.value for statement in node.body if isinstance(statement, ast.Assign)]
        return [
            _word(value.elts[0] if isinstance(value, ast.Tuple) and value.elts else value) for value in values
        ]
    return []


def game_lists(tree: ast.AST, keys: set[str]) -> list[int]:
    """Lines of a literal or a class naming two or more games by their keys, and nothing else in key position
    (``("yugioh", "magic", "vanguard")``, publishers of pairing structures, is no list of our games)."""
    found = []
    for node in ast.walk(tree):
        words = {word for word in _keyed(node) if word is not None}
        if len(words & keys) >= 2 and words <= keys:
            found.append(node.lineno)
    return found


# decks/demo.py: the demo card pool of each game `make run` loads; a game needs none to work.
ALLOWED = {Path("rulings/engine/registry.py"), Path("decks/demo.py")}


def test_no_list_of_the_games_outside_the_registry():
    """Every list of games derives from rulings/engine/registry.py (model choices, serializers, forms,
    lookups, the tablet, benchmarks): writing the keys again means a new game must be added there too."""
    keys = set(registry.game_keys())
    found = []
    for folder in SOURCE_FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path.relative_to(ROOT) in ALLOWED or "migrations" in path.parts:
                continue
            lines = game_lists(ast.parse(path.read_text(encoding="utf-8")), keys)
            found += [f"{path.relative_to(ROOT)}:{line}" for line in lines]
    assert not found, f"a list of the games outside the registry: {found}"


def test_the_guard_sees_a_list_of_games():
    tree = ast.parse(
        'GAMES = ("yugioh", "vanguard")\nX = {"rayman": 1, "arrows": 2}\nY = ["yugioh", "chess"]\n'
    )
    assert game_lists(tree, {"yugioh", "vanguard", "rayman", "arrows"}) == [1, 2]


def test_no_page_or_script_lists_the_games():
    """A template or a script that names two games on one line (``game == "yugioh" or game == "arrows"``)
    is a list of games too: ask the game's plug-in instead (its deck sections, its tablet description)."""
    keys = registry.game_keys()
    found = []
    for path in sorted([*(ROOT / "templates").rglob("*.html"), *(ROOT / "static").rglob("*.js")]):
        if "vendor" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if sum(f'"{key}"' in line or f"'{key}'" in line for key in keys) >= 2:
                found.append(f"{path.relative_to(ROOT)}:{number}")
    assert not found, f"games listed in a page or a script: {found}"
