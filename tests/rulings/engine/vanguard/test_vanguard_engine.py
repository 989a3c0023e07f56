"""Behaviour of the Vanguard engine beyond the golden scenarios: battle sub-steps, choices, copies."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from vanguard_builders import CRIT, G1, G2, G3, HEAL, K0, K1, K2, STAND, document, player, unit

from rulings.engine.base import Game, IllegalAction, MalformedDocument
from rulings.engine.registry import get_game
from rulings.engine.replay import replay
from rulings.engine.vanguard import GAME
from rulings.engine.vanguard.actions import Action
from rulings.engine.vanguard.game import sample_deck

RULE_TEXT = Path("/work/shared/rules/vanguard-regles.txt")


def test_registry_exposes_the_game_and_its_rule_sets() -> None:
    game = get_game("vanguard")
    assert isinstance(game, Game)
    assert game.default_ruleset == "original"
    assert game.rulesets["original"].flags["trigger_power"] == 5000
    assert game.rulesets["standard"].flags["trigger_power"] == 10000
    flags = game.rulesets["standard"].flags
    assert (flags["deck_size"], flags["trigger_count"], flags["max_heal_triggers"]) == (50, 16, 4)
    assert (flags["max_over_triggers"], flags["max_sentinels"], flags["max_per_name"]) == (1, 4, 4)
    assert game.rulesets["original"].flags["max_sentinels"] is None


def test_every_rule_is_tied_to_the_french_text() -> None:
    if not RULE_TEXT.exists():
        pytest.skip("/work/shared/rules is not available on this machine")
    text = " ".join(RULE_TEXT.read_text(encoding="utf-8").split())
    for rule in GAME.catalogue.values():
        assert rule.id.startswith("VG-") and rule.source == "vanguard-regles.txt"
        for fragment in re.split(r"\s*(?:\[\.\.\.\]|—)\s*", rule.passage):
            fragment = " ".join(fragment.split()).strip(" .")
            if fragment:
                assert fragment in text, f"{rule.id}: {fragment!r} is not in the rule text"


def test_sample_decks_follow_the_deck_flags() -> None:
    for ruleset in ("original", "standard"):
        flags = GAME.rulesets[ruleset].flags
        deck = sample_deck("Kagero", ruleset)
        assert len(deck) == flags["deck_size"]
        assert sum(c.trigger is not None for c in deck) == flags["trigger_count"]
        assert sum(c.trigger == "heal" for c in deck) <= flags["max_heal_triggers"]
        assert all(c.trigger in (None, *flags["triggers"]) for c in deck)
        assert deck[0].grade == 0 and deck[0].trigger is None


def test_guard_step_waits_for_the_defender_then_settles_after_the_last_action() -> None:
    doc = document(
        "battle",
        player(unit(G2)),
        player(unit(K2), hand=[K1, K0]),
        [
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.V",
                "target": "B.circles.V",
                "drive_checks": [G1],
                "damage_checks": [K1],
            }
        ],
    )
    state = GAME.parse_state(doc["state"], ruleset="original")
    action = GAME.parse_action(state, doc["actions"][0], path="/actions/0")
    after, _ = GAME.apply(state, action)
    assert after.battle is not None and after.battle.step == "guard"  # B could still guard
    assert state.players["A"].circles["V"].stand, "apply must not modify its input"
    answer = replay(doc)
    assert answer["state"]["battle"] is None
    assert len(answer["state"]["players"]["B"]["damage"]) == 1


def test_guard_with_no_cards_ends_the_guard_step() -> None:
    doc = document("battle", player(unit(G2)), player(unit(K2), hand=[K1]))
    state = GAME.parse_state(doc["state"], ruleset="original")
    attack = Action("attack", "A", attacker="A.circles.V", target="B.circles.V", drive_checks=[], path="/x")
    attack = GAME.parse_action(
        state,
        {
            "player": "A",
            "type": "attack",
            "attacker": "A.circles.V",
            "target": "B.circles.V",
            "drive_checks": [G1],
            "damage_checks": [K0],
        },
        path="/actions/0",
    )
    state, _ = GAME.apply(state, attack)
    assert [a.to_json() for a in GAME.legal_actions(state)] == [
        {"player": "B", "type": "guard", "cards": []},
        {"player": "B", "type": "guard", "cards": ["B.hand.0"]},
    ]
    assert GAME.legal_actions(state, "A") == []
    state, events = GAME.apply(state, Action("guard", "B", cards=()))
    assert state.battle is None
    assert [c.name for c in state.players["B"].damage] == [K0["name"]]
    assert "hit" in [e.type for e in events]


def test_the_attackers_next_action_closes_the_guard_step_first() -> None:
    doc = document(
        "battle",
        player(unit(G2), FL=unit(G2)),
        player(unit(K2), hand=[K1]),
        [
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.V",
                "target": "B.circles.V",
                "drive_checks": [G1],
                "damage_checks": [K0],
            },
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.FL",
                "target": "B.circles.V",
                "damage_checks": [K1],
            },
        ],
    )
    answer = replay(doc)
    assert answer["stopped_at"] is None
    assert [c["name"] for c in answer["state"]["players"]["B"]["damage"]] == [K0["name"], K1["name"]]


def test_stand_trigger_with_two_rested_rear_guards_needs_stand_to() -> None:
    base = document(
        "battle",
        player(unit(G2), FL=unit(G2, False), FR=unit(G2, False)),
        player(unit(K2)),
        [
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.V",
                "target": "B.circles.V",
                "drive_checks": [STAND],
                "damage_checks": [K1],
            },
            {"player": "A", "type": "assign_trigger", "power_to": "A.circles.V"},
        ],
    )
    answer = replay(base)
    assert answer["stopped_at"] == 1
    assert "stand_to" in answer["steps"][1]["explanation"]
    base["actions"][1]["stand_to"] = "A.circles.FR"
    answer = replay(base)
    circles = answer["state"]["players"]["A"]["circles"]
    assert (circles["FL"]["stand"], circles["FR"]["stand"]) == (False, True)


def test_heal_may_choose_the_damage_card() -> None:
    doc = document(
        "battle",
        player(unit(G2), damage=[G1]),
        player(unit(K2), damage=[K0, K1]),
        [
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.V",
                "target": "B.circles.V",
                "drive_checks": [G1],
                "damage_checks": [{**HEAL, "clan": "Kagero"}],
            },
            {"player": "B", "type": "assign_trigger", "power_to": "B.circles.V", "heal": "B.damage.0"},
        ],
    )
    answer = replay(doc)
    b = answer["state"]["players"]["B"]
    assert [c["name"] for c in b["drop"]] == [K0["name"]]
    assert [c["name"] for c in b["damage"]] == [K1["name"], HEAL["name"]]


def test_trigger_choice_by_the_wrong_player_is_illegal() -> None:
    doc = document(
        "battle",
        player(unit(G2)),
        player(unit(K2)),
        [
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.V",
                "target": "B.circles.V",
                "drive_checks": [CRIT],
                "damage_checks": [K1, K1],
            },
            {
                "player": "B",
                "type": "assign_trigger",
                "power_to": "B.circles.V",
                "critical_to": "B.circles.V",
            },
        ],
    )
    answer = replay(doc)
    assert answer["stopped_at"] == 1 and answer["steps"][1]["rules"] == ["VG-TRIGGER-CHOICE"]


def test_malformed_documents_name_their_paths() -> None:
    bad = document(
        "main",
        player({**unit(G2), "atk": 5}),
        player(unit(K2), deck=-1),
        [{"player": "A", "type": "call", "card": "A.hand.3", "circle": "XX"}],
    )
    with pytest.raises(MalformedDocument) as caught:
        replay(bad)
    assert {e.path for e in caught.value.errors} >= {
        "/state/players/A/circles/V/atk",
        "/state/players/B/deck",
    }
    good_state = document("main", player(unit(G2), hand=[G1]), player(unit(K2)))
    good_state["actions"] = [{"player": "A", "type": "call", "card": "A.hand.3", "circle": "XX", "oops": 1}]
    with pytest.raises(MalformedDocument) as caught:
        replay(good_state)
    assert {e.path for e in caught.value.errors} == {
        "/actions/0/card",
        "/actions/0/circle",
        "/actions/0/oops",
    }
    good_state["actions"] = [{"player": "A", "type": "summon"}]
    with pytest.raises(MalformedDocument) as caught:
        replay(good_state)
    assert caught.value.errors[0].path == "/actions/0/type"


def test_check_cards_with_a_listed_deck_are_refused() -> None:
    doc = document(
        "battle",
        player(unit(G2), deck=[G1, G1]),
        player(unit(K2)),
        [
            {
                "player": "A",
                "type": "attack",
                "attacker": "A.circles.V",
                "target": "B.circles.V",
                "drive_checks": [G1],
                "damage_checks": [K1],
            }
        ],
    )
    with pytest.raises(MalformedDocument) as caught:
        replay(doc)
    assert [e.path for e in caught.value.errors] == ["/actions/0/drive_checks"]


def test_every_listed_action_is_legal() -> None:
    rng = random.Random(7)
    for ruleset in ("original", "standard"):
        state = GAME.initial_state(rng=rng, ruleset=ruleset)
        GAME.start(state)
        for _ in range(400):
            if GAME.outcome(state).finished:
                state = GAME.initial_state(rng=rng, ruleset=ruleset)
            actions = GAME.legal_actions(state)
            assert actions, state.to_json()
            for action in rng.sample(actions, min(4, len(actions))):
                GAME.apply(state, action)  # raises if listed but illegal
            state, _ = GAME.apply(state, rng.choice(actions))


def test_illegal_actions_are_not_listed() -> None:
    doc = document("main", player(unit(G1), hand=[G2, G1]), player(unit(K2)))
    state = GAME.parse_state(doc["state"], ruleset="original")
    listed = {tuple(sorted(a.to_json().items())) for a in GAME.legal_actions(state)}
    assert ("card", "A.hand.0") not in {item for entry in listed for item in entry}  # grade 2 over grade 1
    with pytest.raises(IllegalAction):
        GAME.apply(state, Action("call", "A", card="A.hand.0", circle="FL"))


def test_a_hundred_action_random_replay_reproduces_the_played_state() -> None:
    rng = random.Random(3)
    state = GAME.initial_state(rng=rng, ruleset="original")
    start_json = GAME.state_to_json(state)
    actions = []
    while len(actions) < 100:
        if GAME.outcome(state).finished:
            state = GAME.initial_state(rng=rng, ruleset="original")
            start_json = GAME.state_to_json(state)
            actions = []
        action = rng.choice(GAME.legal_actions(state))
        actions.append(GAME.action_to_json(action))
        state, _ = GAME.apply(state, action)
    doc = {"game": "vanguard", "state": start_json, "actions": actions}
    answer = replay(doc)
    assert answer["stopped_at"] is None
    state, _ = GAME.settle(state, None)  # the replay closes a guard step left open by the last action
    assert answer["state"] == GAME.state_to_json(state)


def test_deck_out_query_needs_a_player() -> None:
    doc = document("main", player(unit(G3)), player(unit(K2)), query={"kind": "deck_out"})
    with pytest.raises(MalformedDocument) as caught:
        replay(doc)
    assert caught.value.errors[0].path == "/query/player"


def test_golden_passages_quote_the_french_text() -> None:
    if not RULE_TEXT.exists():
        pytest.skip("/work/shared/rules is not available on this machine")
    import json

    text = " ".join(RULE_TEXT.read_text(encoding="utf-8").split())
    golden = sorted((Path(__file__).parents[2] / "golden" / "vanguard").glob("*.json"))
    assert len(golden) >= 40
    for path in golden:
        passage = json.loads(path.read_text(encoding="utf-8"))["passage"]
        assert passage.startswith("vanguard-regles.txt: ")
        for fragment in re.split(r"\s*(?:\[\.\.\.\]|—)\s*", passage.removeprefix("vanguard-regles.txt: ")):
            fragment = " ".join(fragment.split()).strip(" .")
            if fragment:
                assert fragment in text, f"{path.name}: {fragment!r} is not in the rule text"


def test_counted_deck_mulligan_takes_the_drawn_cards() -> None:
    doc = {
        "game": "vanguard",
        "state": {
            "turn": 1,
            "turn_player": "B",
            "phase": "setup",
            "players": {
                "A": player(unit({**G1, "grade": 0}), hand=[G1, G2, G3], deck=10),
                "B": player(unit(K0), hand=[K1], deck=10),
            },
        },
        "actions": [
            {"player": "A", "type": "mulligan", "cards": ["A.hand.2"], "drawn": [G1]},
            {"player": "B", "type": "mulligan", "cards": []},
        ],
    }
    answer = replay(doc)
    a, b = answer["state"]["players"]["A"], answer["state"]["players"]["B"]
    assert [c["name"] for c in a["hand"]] == [G1["name"], G2["name"], G1["name"]]
    assert a["deck"] == 10  # one card back, one card out
    assert answer["state"]["turn_player"] == "B" and b["hand"][-1] == {"hidden": True} and b["deck"] == 9
    doc["actions"][0]["drawn"] = [G1, G2]
    assert replay(doc)["stopped_at"] == 0


def test_pending_trigger_lists_only_its_choices() -> None:
    doc = document(
        "battle",
        player(unit(G2), FL=unit(G2)),
        player(unit(K2)),
        [
            {"type": "attack", "attacker": "A.circles.V", "target": "B.circles.V", "drive_checks": [CRIT]},
            {"type": "guard", "cards": []},
        ],
        query={"kind": "legal_actions"},
    )
    actions = replay(doc)["answer"]["actions"]
    assert len(actions) == 4  # power to V or FL, critical to V or FL
    assert {a["type"] for a in actions} == {"assign_trigger"} and {a["player"] for a in actions} == {"A"}
    doc["query"] = {"kind": "legal_actions", "player": "B"}
    assert replay(doc)["answer"]["actions"] == []


def test_deck_out_query_counts_the_draw_phases() -> None:
    state = document("draw", player(unit(G2), deck=2), player(unit(K2), deck=5))["state"]
    for who, expected in (("A", 3 + 2), ("B", 4 + 2 * 4)):
        doc = {"game": "vanguard", "state": state, "query": {"kind": "deck_out", "player": who}}
        answer = replay(doc)["answer"]
        # A draws on entering the draw phase of turn 3 (deck 1 left), its last card on turn 5.
        assert answer["loses"] is False and answer["turn"] == expected, answer
    setup = document("setup", player(unit({**G1, "grade": 0}), deck=2), player(unit(K0), deck=5))["state"]
    doc = {"game": "vanguard", "state": setup, "query": {"kind": "deck_out", "player": "A"}}
    assert replay(doc)["answer"]["turn"] == 5  # before the game: draws on turns 3 and 5


def test_query_damage_reports_the_losing_player() -> None:
    doc = document(
        "main",
        player(unit(G3), deck=[G1, G2, G1]),
        player(unit(K2), damage=[K1] * 4, deck=[K1, K0, K1]),
        query={"kind": "damage", "attacker": "A.circles.V", "target": "B.circles.V"},
    )
    doc["state"]["players"]["A"]["circles"]["V"]["critical"] = 2
    answer = replay(doc)["answer"]
    assert answer["hit"] and answer["drive_checks"] == 2 and answer["damage_checks"] == 2
    assert answer["damage_after"] == {"A": 0, "B": 6} and answer["loses"] == ["B"]
    # The question changes nothing: the replayed state still has B at 4 damage and the full decks.
    state = replay(doc)["state"]
    assert len(state["players"]["B"]["damage"]) == 4 and len(state["players"]["A"]["deck"]) == 3


def test_bare_card_references_go_through_the_lookup() -> None:
    known = {"Blaster Blade": G2, "Berserk Dragon": K2}
    asked = []

    def lookup(game: str, reference: dict) -> dict | None:
        asked.append((game, dict(reference)))
        return known.get(reference.get("name"))

    doc = document(
        "main",
        player({"name": "Blaster Blade", "stand": False}, hand=[{"name": "Blaster Blade"}]),
        player(unit(K2)),
        [{"player": "A", "type": "call", "card": "A.hand.0", "circle": "FL"}],
    )
    answer = replay(doc, card_lookup=lookup)
    circles = answer["state"]["players"]["A"]["circles"]
    assert circles["V"]["power"] == 9000 and circles["V"]["stand"] is False
    assert circles["FL"]["name"] == "Blaster Blade" and circles["FL"]["grade"] == 2
    assert ("vanguard", {"name": "Blaster Blade"}) in asked
    doc["state"]["players"]["A"]["hand"] = [{"name": "Unknown Card"}]
    with pytest.raises(MalformedDocument) as caught:
        replay(doc, card_lookup=lookup)
    assert [e.path for e in caught.value.errors] == ["/state/players/A/hand/0"]
    with pytest.raises(MalformedDocument):  # without a database a bare name is not a card
        replay(
            {**doc, "state": document("main", player({"name": "Blaster Blade"}), player(unit(K2)))["state"]}
        )


# ------------------------------------------------------------ issue 14: refusals and query legality


def test_attackers_guard_is_refused_without_closing_the_guard_step() -> None:
    attack = {"player": "A", "type": "attack", "attacker": "A.circles.V", "target": "B.circles.V"}
    attack.update(drive_checks=[G1], damage_checks=[K1])
    doc = document(
        "battle",
        player(unit(G2), hand=[G1]),
        player(unit(K2), hand=[K0]),
        [attack, {"player": "A", "type": "guard", "cards": ["A.hand.0"]}],
    )
    answer = replay(doc)
    assert answer["stopped_at"] == 1
    assert answer["steps"][1]["rules"] == ["VG-GUARD"]
    assert answer["state"]["battle"]["step"] == "guard"
    assert answer["state"]["players"]["B"]["damage"] == []
    assert len(answer["state"]["players"]["A"]["hand"]) == 1
    # The same attack with nothing after it: the replay closes the step, the battle is resolved.
    closed = replay({**doc, "actions": [attack]})
    assert closed["state"]["battle"] is None


def test_attackers_refused_call_closes_nothing() -> None:
    attack = {"player": "A", "type": "attack", "attacker": "A.circles.V", "target": "B.circles.V"}
    doc = document(
        "battle",
        player(unit(G2), hand=[G1], deck=[G1, G1, G1]),
        player(unit(K2), deck=[K1, K1]),
        [attack, {"player": "A", "type": "call", "card": "A.hand.0", "circle": "FL"}],
    )
    answer = replay(doc)
    assert answer["stopped_at"] == 1
    assert answer["state"]["battle"]["step"] == "guard"
    assert len(answer["state"]["players"]["A"]["deck"]) == 3


def test_damage_query_says_a_grade_2_boost_is_not_legal() -> None:
    query = {"kind": "damage", "attacker": "A.circles.V", "target": "B.circles.V"}
    doc = document(
        "battle", player(unit(G2), BC=unit(G2)), player(unit(K2)), query={**query, "booster": "A.circles.BC"}
    )
    answer = replay(doc)["answer"]
    assert answer["legal"] is False
    assert answer["not_legal"]["rules"] == ["VG-BOOST"]
    assert "grade 2" in answer["not_legal"]["explanation"]
    legal = replay({**doc, "query": query})
    assert legal["answer"]["legal"] is True and "not_legal" not in legal["answer"]


def test_damage_query_checks_timing_and_guardians() -> None:
    query = {"kind": "damage", "attacker": "A.circles.V", "target": "B.circles.V", "guardians": ["B.hand.0"]}
    main = replay(document("main", player(unit(G2)), player(unit(K1), hand=[K2]), query=query))["answer"]
    assert main["legal"] is False and "VG-ATTACK" in main["not_legal"]["rules"]
    battle = replay(document("battle", player(unit(G2)), player(unit(K1), hand=[K2]), query=query))["answer"]
    assert battle["legal"] is False and battle["not_legal"]["rules"] == ["VG-GUARD"]


def test_guard_step_closes_when_a_hit_skill_then_waits() -> None:
    """As with a trigger, the close stands when the closed battle waits for an AUTO skill's choice."""
    hit = {"kind": "AUTO", "timing": "hit", "on": "RC", "cost": {"soul_blast": 1}, "effects": [{"draw": 1}]}
    doc = document(
        "battle",
        {**player(unit(G2), FL={**unit(G2), "skills": [hit]}), "soul": [G1]},
        player(unit(K1), deck=[K1, K2]),
        [
            {"player": "A", "type": "attack", "attacker": "A.circles.FL", "target": "B.circles.V"},
            {"player": "A", "type": "next_phase"},
        ],
    )
    answer = replay(doc)
    assert answer["stopped_at"] == 1
    assert answer["steps"][1]["rules"] == ["VG-SKILL-AUTO"]
    assert answer["state"]["pending_skills"][0]["unit"] == "A.circles.FL"
    assert len(answer["state"]["players"]["B"]["damage"]) == 1
    resolved = replay(
        {
            **doc,
            "actions": [doc["actions"][0], {"player": "A", "type": "resolve_skill", "card": "A.circles.FL"}],
        }
    )
    assert resolved["stopped_at"] is None and resolved["state"]["battle"] is None
    assert (
        resolved["state"]["players"]["A"]["soul"] == []
        and len(resolved["state"]["players"]["A"]["hand"]) == 1
    )
