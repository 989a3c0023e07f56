"""Issue 14: every action an engine accepts can be built on the tablet, and every engine key the tablet
shows (phases, action types and their fields, card kinds and choices, a player's numbers and flags, the
answers' labels) has a word, in French too."""

from __future__ import annotations

import importlib

import pytest

from rulings.engine.registry import get_game, plugins
from rulings.engine.tablet_words import WORDS, word

# Printed the same in French (game terms, abbreviations); everything else must change.
SAME_IN_FRENCH = {
    "Standby", "Ride", "Mulligan", "Fusion", "Position", "Terrains", "Terrain", "Front", "Over", "LP", "Deck",
    "Tings", "Phase", "Actions", "Boost", "Passage", "Timing", "Type", "Drive checks", "Normal", "Grade",
    "ATK", "DEF", "clan",
}  # fmt: skip


RAYMAN_TERRAIN_TYPES = {"Air", "Bon", "Eau", "Feu", "Mauvais", "Terre"}  # printed names, shown as printed


def engine_action_types(key: str) -> set[str]:
    module = importlib.import_module(f"rulings.engine.{key}.actions")
    fields = getattr(module, "ACTION_FIELDS", None) or module.SCHEMAS
    return set(fields)


@pytest.mark.parametrize("plugin", plugins(), ids=lambda p: p.key)
def test_every_action_of_the_engine_can_be_built_on_the_tablet(plugin):
    assert engine_action_types(plugin.key) <= set(plugin.ui.actions)
    assert plugin.default_ruleset in plugin.rulesets


@pytest.mark.parametrize("plugin", plugins(), ids=lambda p: p.key)
def test_every_key_the_tablet_shows_has_a_french_word(plugin):
    ui = plugin.ui
    keys = set(ui.phases) | set(ui.actions) | set(ui.queries)
    for params in [*ui.actions.values(), *ui.queries.values()]:
        keys |= {p.name for p in params} | {c for p in params for c in p.choices if c}
    for field in ui.card_fields:
        keys |= {c for c in field.choices if c}
    engine = get_game(plugin.key)
    state = engine.state_to_json(
        engine.parse_state(ui.empty_state, ruleset=engine.default_ruleset, cards={}, path="/state")
    )
    for side in state["players"].values():
        keys |= {k for k, v in side.items() if isinstance(v, bool | int)}
    keys -= {"A", "B", "both"} | RAYMAN_TERRAIN_TYPES
    missing = sorted(k for k in keys if k not in WORDS)
    assert not missing, f"no tablet word for {missing}"
    english = sorted(
        k for k in keys if word(k, "fr") == word(k, "en") and word(k, "en") not in SAME_IN_FRENCH
    )
    assert not english, f"English left in French for {english}"


@pytest.mark.django_db
def test_the_new_builders_append_what_the_engine_reads(client):
    from rulings.services import tablet as tb

    from .test_rulings_tablet_vanguard import document_of, errors_of, tap

    document = tb.tablet_document_new(game="rayman")
    response = tap(client, document, "add_action", action_player="A", action_type="gain_tings",
                   action_to="A", action_amount="3")  # fmt: skip
    assert not errors_of(response)
    assert document_of(response)["actions"] == [{"player": "A", "type": "gain_tings", "to": "A", "amount": 3}]
    document = tb.tablet_document_new(game="yugioh")
    response = tap(client, document, "add_action", action_player="A", action_type="pass")
    assert not errors_of(response)
    assert document_of(response)["actions"] == [{"player": "A", "type": "pass"}]


@pytest.mark.django_db
def test_the_french_tablet_names_the_game_as_the_site_does(client):
    from django.conf import settings
    from django.utils import translation

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    with translation.override("en"):  # the request activates French: leave the thread's language as it was
        page = client.get("/rulings/?game=yugioh").content.decode()
    assert 'data-testid="game-ruleset">Yu-Gi-Oh! JCC · ' in page
    assert "Yu-Gi-Oh! TCG ·" not in page


def test_the_answers_fixed_english_sentences_read_in_the_page_language():
    """The contract fixes `"when": "draw phase of turn 6"` in the JSON; the tablet says it in French."""
    from django.utils import translation

    from rulings.templatetags.rulings_extras import pretty

    answer = {"deck": 0, "loses": True, "when": "draw phase of turn 6"}
    with translation.override("fr"):
        assert "Phase de pioche du tour 6" in pretty(answer)
    with translation.override("en"):
        assert "Draw Phase of turn 6" in pretty(answer)
        assert pretty("draw phase of turn x") == "draw phase of turn x"  # not one of them: as it is


def test_references_inside_engine_sentences_read_as_places():
    from django.utils import translation

    from rulings.templatetags.rulings_extras import refs_in_words

    text = "Watcher (A.monsters.0) goes to the Graveyard; B.hand.2 is kept; A.field_spell too; x.y.1 not."
    with translation.override("en"):
        said = refs_in_words(text)
    assert "Watcher (Player A's Monster Zone 1) goes to the Graveyard" in said
    assert "Player B's hand 3 is kept" in said and "Player A's Field Zone too" in said and "x.y.1 not" in said
    with translation.override("fr"):
        assert "du joueur A" in refs_in_words("Watcher (A.monsters.0)")


def test_every_true_false_flag_a_card_may_carry_has_a_word():
    """The board shows a card's flags as toggles: each game's document flags read as words, in French too (a
    French tablet once showed "summoned this turn")."""
    from rulings.engine.arrows.state import MONSTER_FLAGS
    from rulings.engine.rayman.state import CREATURE_FLAGS
    from rulings.engine.yugioh.state import FIELD_FLAGS

    flags = {"face_up", *FIELD_FLAGS, *MONSTER_FLAGS, *CREATURE_FLAGS}
    for flag in sorted(flags):
        assert flag in WORDS, flag
        assert word(flag, "fr") != word(flag, "en"), flag
