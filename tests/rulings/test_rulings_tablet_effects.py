"""Issue 16 on the tablet (through the test client): Yu-Gi-Oh! effects and Vanguard skills built by menus,
every wrong input named, the menus made from the engine's vocabulary, and the builders and questions using
them."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.conf import settings
from django.utils import translation

from rulings.engine import effects as fx
from rulings.services import tablet as tb

from .test_rulings_tablet_vanguard import document_of, errors_of, tap

pytestmark = pytest.mark.django_db

WATCHER = {"name": "Watcher", "kind": "monster", "level": 4, "atk": 1000, "def": 1000}
BREAKER = {"name": "Breaker", "kind": "trap", "trap_type": "normal", "face_up": False}
DRAW_WHEN_DESTROYED = {
    "effect_timing": "trigger", "effect_event": "destroyed", "effect_trigger": "when",
    "effect_optional": "yes", "effect_does_0_op": "draw",
}  # fmt: skip
DESTROY_ATTACKER = {"effect_timing": "quick", "effect_does_0_op": "destroy", "effect_does_0_card": "attacker"}


def board(battle: bool = False) -> dict:
    document = tb.tablet_document_new(game="yugioh")
    state = document["state"]
    state["players"]["A"]["monsters"][0] = dict(WATCHER)
    state["players"]["B"]["spells_traps"][0] = dict(BREAKER)
    if battle:
        state.update({"phase": "battle", "battle_steps": True})
    return {
        **document,
        "state": tb.tablet_state_normalize(game="yugioh", ruleset=document["ruleset"], state=state),
    }


def page_of(response) -> str:
    return unescape(response.content.decode())


def menu(page: str, name: str) -> list[tuple[str, str]]:
    """The (value, label) options of a select of the page."""
    found = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', page, re.S)
    assert found, f"no menu {name}"
    return re.findall(r'<option value="([^"]*)"[^>]*>(.*?)</option>', found.group(1))


def test_an_effect_built_by_menus_goes_on_the_card_and_reads_in_plain_words(client):
    response = tap(client, board(), "add_effect", effect_card="B.spells_traps.0", **DESTROY_ATTACKER)
    assert not errors_of(response)
    card = document_of(response)["state"]["players"]["B"]["spells_traps"][0]
    assert card["effects"] == [{"timing": "quick", "does": [{"op": "destroy", "card": "attacker"}]}]
    assert "Quick effect (Spell Speed 2): destroy the attacking monster" in page_of(response)
    # the menus start afresh, the card stays chosen for its next effect
    assert ("B.spells_traps.0", "Player B's Spell & Trap Zone 1: Breaker (face-down)") in [
        (v, label) for v, label in menu(page_of(response), "effect_card") if v
    ]
    assert 'value="B.spells_traps.0" selected' in response.content.decode()
    assert 'value="quick" selected' not in response.content.decode()


def test_a_trigger_with_its_cost_and_speed(client):
    values = {**DRAW_WHEN_DESTROYED, "effect_cost_0_op": "pay_lp", "effect_cost_0_amount": "500"}
    response = tap(client, board(), "add_effect", effect_card="A.monsters.0", **values)
    assert not errors_of(response)
    effect = document_of(response)["state"]["players"]["A"]["monsters"][0]["effects"][0]
    assert effect == {
        "timing": "trigger", "trigger": "when", "event": "destroyed", "optional": True,
        "cost": [{"op": "pay_lp", "amount": 500}], "does": [{"op": "draw"}],
    }  # fmt: skip
    assert (
        "Trigger effect (Spell Speed 1), when this card is destroyed, optional (“you can”), "
        "cost: pay 500 LP: draw 1 card (you)" in page_of(response)
    )


def test_the_card_just_added_is_the_one_the_effect_goes_on(client):
    new = tb.tablet_document_new(game="yugioh")
    pot = {"card_name": "Pot", "card_kind": "spell", "card_spell_type": "normal"}
    response = tap(client, new, "add_card", card_player="A", card_zone="hand", **pot)
    assert not errors_of(response)
    assert 'value="A.hand.0" selected' in response.content.decode()


def test_choosing_a_timing_or_an_operation_shows_what_it_needs(client):
    page = page_of(tap(client, board(), "refresh", effect_timing="quick"))
    assert 'name="effect_event"' not in page
    page = page_of(tap(client, board(), "refresh", effect_timing="trigger", effect_does_0_op="modify_atk"))
    assert [label for _, label in menu(page, "effect_event")][1] == "this card is Normal Summoned"
    assert 'name="effect_does_0_amount"' in page
    assert ("attacker", "the attacking monster") in menu(page, "effect_does_0_card")
    assert ("A.monsters.0", "Player A's Monster Zone 1: Watcher") in menu(page, "effect_does_0_card")
    assert 'name="effect_does_1_op"' in page  # one more row for the next operation
    assert 'name="effect_does_2_op"' not in page


@pytest.mark.parametrize(
    ("values", "path", "words"),
    [
        ({"effect_does_0_op": "draw"}, "/effect/timing", "Timing: choose one"),
        (
            {**DESTROY_ATTACKER, "effect_timing": "sometimes"},
            "/effect/timing",
            "Timing: one of Ignition effect",
        ),
        ({"effect_timing": "trigger", "effect_does_0_op": "draw"}, "/effect/event", "Event: choose one"),
        ({**DRAW_WHEN_DESTROYED, "effect_optional": "maybe"}, "/effect/optional", "Optional: yes or no"),
        (
            {**DESTROY_ATTACKER, "effect_timing": "ignition", "effect_speed": "2"},
            "/effect/speed",
            "Spell Speed: a ignition effect has Spell Speed 1",
        ),
        ({**DESTROY_ATTACKER, "effect_speed": "9"}, "/effect/speed", "Spell Speed: one of"),
        ({**DESTROY_ATTACKER, "effect_condition": "x" * 301}, "/effect/condition", "at most 300 characters"),
        ({"effect_timing": "quick"}, "/effect/does", "Does: a list of operations"),
        (
            {"effect_timing": "quick", "effect_does_0_op": "explode"},
            "/effect/does/0/op",
            "Does 1: one of Destroy",
        ),
        (
            {"effect_timing": "quick", "effect_does_0_op": "destroy"},
            "/effect/does/0/card",
            "Does 1, Card: destroy needs card",
        ),
        ({**DESTROY_ATTACKER, "effect_does_0_card": "the moon"}, "/effect/does/0/card", "Does 1, Card:"),
        (
            {
                "effect_timing": "quick",
                "effect_does_0_op": "modify_atk",
                "effect_does_0_card": "self",
                "effect_does_0_amount": "lots",
            },
            "/effect/does/0/amount",
            "Does 1, Amount: a whole number, not 'lots'",
        ),
        (
            {"effect_timing": "quick", "effect_does_0_op": "draw", "effect_does_0_count": "0"},
            "/effect/does/0/count",
            "Does 1, Count: a whole number, 1 or more",
        ),
        (
            {"effect_timing": "quick", "effect_does_0_op": "skip_phase", "effect_does_0_phase": "lunch"},
            "/effect/does/0/phase",
            "Does 1, Phase: one of Draw Phase",
        ),
        (
            {**DESTROY_ATTACKER, "effect_cost_0_op": "pay_lp", "effect_cost_0_amount": "-5"},
            "/effect/cost/0/amount",
            "Cost 1, Amount: a whole number, 0 or more",
        ),
        ({**DESTROY_ATTACKER, "effect_card": ""}, "/effect/card", "choose the card that has this effect"),
        (
            {**DESTROY_ATTACKER, "effect_cost_0_op": "pay_lp", "effect_cost_0_amount": "9" * 30},
            "/effect/cost/0/amount",
            "Cost 1, Amount: at most 1,000,000 either way",
        ),
        ({**DESTROY_ATTACKER, "effect_card": "A.monsters.4"}, "/effect/card", "no card at A.monsters.4"),
    ],
)
def test_every_wrong_input_is_refused_naming_its_field(client, values, path, words):
    document = board()
    response = tap(client, document, "add_effect", **{"effect_card": "B.spells_traps.0", **values})
    errors = unescape(errors_of(response))
    assert f"<code>{path}</code>" in errors
    assert words in errors
    assert document_of(response)["state"] == document["state"] or "effects" not in str(document_of(response))


def test_an_effect_is_removed_with_its_button(client):
    document = document_of(
        tap(client, board(), "add_effect", effect_card="A.monsters.0", **DRAW_WHEN_DESTROYED)
    )
    assert "remove_effect:A.monsters.0:0" in tap(client, document, "refresh").content.decode()
    response = tap(client, document, "remove_effect:A.monsters.0:0")
    assert not errors_of(response)
    assert "effects" not in document_of(response)["state"]["players"]["A"]["monsters"][0]
    assert "/effect" in errors_of(tap(client, document, "remove_effect:A.monsters.0:3"))
    assert "/card" in errors_of(tap(client, document, "remove_effect:nowhere"))


def test_the_menus_are_the_engines_vocabulary(client, monkeypatch):
    """An operation added to effects.OPS is offered by the tablet, with its operands, and builds."""
    page = page_of(tap(client, board(), "refresh", effect_timing="quick"))
    assert [value for value, _ in menu(page, "effect_does_0_op")] == ["", *fx.OPS]
    assert [value for value, _ in menu(page, "effect_timing")] == ["", *fx.TIMINGS]
    monkeypatch.setitem(fx.OPS, "flip_a_coin", {"player": "player", "count": "count"})
    page = page_of(tap(client, board(), "refresh", effect_timing="quick", effect_does_0_op="flip_a_coin"))
    assert ("flip_a_coin", "flip a coin") in menu(page, "effect_does_0_op")
    assert ("opponent", "your opponent") in menu(page, "effect_does_0_player")
    assert 'name="effect_does_0_count"' in page
    coin = {"effect_does_0_op": "flip_a_coin", "effect_does_0_player": "opponent", "effect_does_0_count": "2"}
    response = tap(client, board(), "add_effect", effect_card="A.monsters.0", effect_timing="quick", **coin)
    assert not errors_of(response)
    effect = document_of(response)["state"]["players"]["A"]["monsters"][0]["effects"][0]
    assert effect["does"] == [{"op": "flip_a_coin", "player": "opponent", "count": 2}]
    assert "Quick effect (Spell Speed 2): flip a coin your opponent 2" in page_of(response)


def with_effects(document: dict) -> dict:
    state = document["state"]
    state["players"]["A"]["monsters"][0]["effects"] = [
        {
            "timing": "trigger",
            "trigger": "when",
            "event": "destroyed",
            "optional": True,
            "does": [{"op": "draw"}],
        }
    ]
    state["players"]["B"]["spells_traps"][0]["effects"] = [
        {"timing": "quick", "does": [{"op": "destroy", "card": "attacker"}]}
    ]
    return document


def test_activate_offers_the_chosen_cards_effects_and_the_chains_links(client):
    document = with_effects(board(battle=True))
    document["actions"] = [{"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": None}]
    page = page_of(tap(client, document, "refresh", action_player="B", action_type="activate",
                       action_card="B.spells_traps.0"))  # fmt: skip
    assert menu(page, "action_effect") == [
        ("", "—"),
        ("0", "1. Quick effect (Spell Speed 2): destroy the attacking monster"),
    ]
    assert (
        'name="action_card" data-testid="action-card" hx-post' in page
    )  # choosing the card refreshes its effects
    response = tap(client, document, "add_action", action_player="B", action_type="activate",
                   action_card="B.spells_traps.0", action_effect="0")  # fmt: skip
    assert not errors_of(response)
    document = document_of(response)
    assert document["actions"][-1] == {
        "player": "B",
        "type": "activate",
        "card": "B.spells_traps.0",
        "effect": 0,
    }
    page = page_of(tap(client, document, "refresh", action_type="activate"))
    assert menu(page, "action_in_response_to") == [
        ("", "none: a new chain"),
        ("1", "Chain Link 1: B · Breaker"),
    ]


def test_the_chain_question_shows_the_chain_resolving_and_the_trigger(client):
    document = with_effects(board(battle=True))
    document["actions"] = [
        {"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": None},
        {"player": "B", "type": "activate", "card": "B.spells_traps.0", "effect": 0},
    ]
    page = page_of(tap(client, document, "ask:chain"))
    assert "Chain Link 1 (Breaker) resolves. Watcher's effect is triggered." in page
    # the trigger is named where the chain leaves it, though the board still shows it on the field
    assert "Player A's graveyard 1: Watcher, Name: Watcher, Effect: 0, Player: A" in page
    # then both pass: the waiting optional trigger is offered to chain_triggers
    document["actions"].append({"player": "A", "type": "pass"})
    page = page_of(tap(client, document, "refresh", action_type="chain_triggers"))
    assert re.search(r'name="action_optional" value="A.graveyard.0"', page)
    assert "Watcher: Trigger effect (Spell Speed 1), when this card is destroyed" in page
    page = page_of(tap(client, document, "ask:triggers"))
    assert "Chain Link 1: Watcher (player A, optional)." in page


def test_the_effect_questions_have_their_inputs(client):
    document = with_effects(board())
    page = page_of(tap(client, document, "refresh", query_card="B.spells_traps.0"))
    for kind in ("can_activate", "chain", "triggers", "missed_timing"):
        assert f'data-testid="ask-{kind}"' in page
    assert menu(page, "query_effect")[1][0] == "0"
    response = tap(client, document, "ask:can_activate", query_card="B.spells_traps.0", query_effect="0")
    assert not errors_of(response)
    assert document_of(response)["query"] == {"kind": "can_activate", "card": "B.spells_traps.0", "effect": 0}
    assert 'data-testid="answer-can_activate">✓' in response.content.decode()


def test_the_step_by_step_battle_is_a_situation_option(client):
    document = tb.tablet_document_new(game="yugioh")
    response = tap(client, document, "header", turn="3", turn_player="A", phase="battle", battle_steps="on")
    assert not errors_of(response)
    state = document_of(response)["state"]
    assert state["battle_steps"] is True and state["battle_step"] == "start"


# --- Vanguard skills ------------------------------------------------------------------------------------

ACT_SKILL = {
    "effect_kind": "ACT", "effect_on": "V", "effect_once_per_turn": "yes", "effect_counter_blast": "1",
    "effect_effects_0_op": "power", "effect_effects_0_amount": "5000", "effect_effects_0_to": "self",
}  # fmt: skip


def test_a_vanguard_skill_built_by_menus(client):
    document = tb.tablet_document_new(game="vanguard")
    page = page_of(tap(client, document, "refresh", effect_kind="AUTO", effect_effects_0_op="power"))
    assert "Add a skill" in page
    assert [v for v, _ in menu(page, "effect_timing")] == ["", "placed", "attack", "boost", "attacked", "hit",
                                                           "battle_end"]  # fmt: skip
    assert ("front_row", "your front row") in menu(page, "effect_effects_0_to")
    response = tap(client, document, "add_effect", effect_card="A.circles.V", **ACT_SKILL)
    assert not errors_of(response)
    unit = document_of(response)["state"]["players"]["A"]["circles"]["V"]
    assert unit["skills"] == [{"kind": "ACT", "name": "", "on": "V", "once_per_turn": True,
                               "cost": {"counter_blast": 1}, "condition": {},
                               "effects": [{"power": 5000, "to": "self"}]}]  # fmt: skip
    assert (
        "ACT skill (vanguard circle), once per turn, cost: counter blast 1: +5000 power to this unit"
        in page_of(response)
    )
    page = page_of(
        tap(client, document_of(response), "refresh", action_type="activate", action_card="A.circles.V")
    )
    assert menu(page, "action_skill")[1][0] == "0"
    assert 'data-testid="ask-auto_order"' in page and 'name="query_timing"' in page


@pytest.mark.parametrize(
    ("values", "path", "words"),
    [
        (
            {"effect_kind": "AUTO", "effect_effects_0_op": "draw", "effect_effects_0_amount": "1"},
            "/effect/timing",
            "Timing: choose one",
        ),
        (
            {**ACT_SKILL, "effect_counter_blast": "two"},
            "/effect/counter_blast",
            "Counter blast: a whole number",
        ),
        ({**ACT_SKILL, "effect_effects_0_amount": "0"}, "/effect/effects/0/amount", "Effects 1, Amount:"),
        (
            {**ACT_SKILL, "effect_kind": "CONT", "effect_effects_0_op": "draw"},
            "/effect/effects/0",
            "a CONT skill only modifies",
        ),
        (
            {**ACT_SKILL, "effect_condition_damage_at_least": "many"},
            "/effect/condition_damage_at_least",
            "If your damage is at least: a whole number",
        ),
        ({**ACT_SKILL, "effect_on": "GC"}, "/effect/on", "Works on: one of V, RC, any"),
        ({"effect_kind": "ACT"}, "/effect/effects", "Effects: required"),
    ],
)
def test_every_wrong_skill_input_is_refused_naming_its_field(client, values, path, words):
    response = tap(
        client, tb.tablet_document_new(game="vanguard"), "add_effect", effect_card="A.circles.V", **values
    )
    errors = unescape(errors_of(response))
    assert f"<code>{path}</code>" in errors
    assert words in errors


# --- French ---------------------------------------------------------------------------------------------


def test_the_effect_menus_and_words_are_french_on_a_french_tablet(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    document = with_effects(board())
    with translation.override("en"):
        page = page_of(tap(client, document, "refresh", effect_timing="trigger", effect_does_0_op="destroy"))
    assert "Ajouter un effet" in page
    assert ("quick", "Effet Rapide") in menu(page, "effect_timing")
    assert ("destroyed", "cette carte est détruite") in menu(page, "effect_event")
    assert ("attacker", "le monstre attaquant") in menu(page, "effect_does_0_card")
    assert "Effet Rapide (Vitesse de Sort 2) : détruire le monstre attaquant" in page
    assert (
        "Effet de Déclenchement (Vitesse de Sort 1), quand cette carte est détruite, "
        "optionnel (« vous pouvez ») : piocher 1 carte (vous)" in page
    )


@pytest.mark.parametrize(
    ("query", "french"),
    [
        ("chain", "Le Maillon de Chaîne 1 (Breaker) se résout. L'effet de Watcher est déclenché."),
        ("triggers", "Aucun effet déclenché n'attend d'être mis en chaîne."),
    ],
)
def test_the_answers_about_effects_read_in_french(client, query, french):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    document = with_effects(board(battle=True))
    document["actions"] = [
        {"player": "A", "type": "attack", "attacker": "A.monsters.0", "target": None},
        {"player": "B", "type": "activate", "card": "B.spells_traps.0", "effect": 0},
    ]
    with translation.override("en"):
        page = page_of(tap(client, document, f"ask:{query}"))
    assert french in page
    assert 'data-testid="ask-chain">Comment la Chaîne se résout-elle ?' in page
    if query == "chain":  # the events of the resolution in French words too
        assert "Type: Se résout" in page and "A · Déclenché" in page and "Au Cimetière: ✓" in page


def test_a_vanguard_skill_is_activated_and_asked_about_from_the_menus(client):
    document = tb.tablet_document_new(game="vanguard")
    document = document_of(tap(client, document, "add_effect", effect_card="A.circles.V", effect_kind="ACT",
                               effect_effects_0_op="draw", effect_effects_0_amount="1"))  # fmt: skip
    response = tap(client, document, "ask:can_activate", query_card="A.circles.V", query_skill="0")
    assert not errors_of(response)
    assert document_of(response)["query"] == {"kind": "can_activate", "card": "A.circles.V", "skill": 0}
    assert 'data-testid="answer-legal">✓' in response.content.decode()
    response = tap(client, document, "ask:auto_order", query_timing="placed", query_card="A.circles.V")
    assert not errors_of(response)
    assert "No AUTO skill triggers at that timing." in page_of(response)
    response = tap(client, document, "add_action", action_player="A", action_type="activate",
                   action_card="A.circles.V", action_skill="0")  # fmt: skip
    assert not errors_of(response)
    assert document_of(response)["actions"] == [
        {"player": "A", "type": "activate", "card": "A.circles.V", "skill": 0}
    ]
    assert 'data-testid="verdict">legal' in response.content.decode()


def test_each_game_names_its_own_questions(client):
    page = page_of(tap(client, tb.tablet_document_new(game="vanguard"), "refresh"))
    assert 'data-testid="ask-can_activate">Can this skill be activated now?' in page
    page = page_of(tap(client, tb.tablet_document_new(game="yugioh"), "refresh"))
    assert 'data-testid="ask-can_activate">Can this be activated now?' in page
