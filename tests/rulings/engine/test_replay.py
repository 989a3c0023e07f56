"""The generic replay: envelope checks, steps, stopping, start events, chains settling, catalogue."""

from __future__ import annotations

import pytest
from ygo_builders import document, monster, on_field, player, state

from rulings.engine.base import MalformedDocument
from rulings.engine.registry import game_keys
from rulings.engine.replay import ENVELOPE_FIELDS, catalogue_json, replay


def error_paths(doc: object) -> set[str]:
    with pytest.raises(MalformedDocument) as caught:
        replay(doc)
    return {e.path for e in caught.value.errors}


@pytest.mark.parametrize("doc", [None, [], "x", 3, True])
def test_document_must_be_an_object(doc: object) -> None:
    assert error_paths(doc) == {""}


def test_unknown_game_and_fields_reported_together() -> None:
    assert error_paths({"game": "chess", "state": {}, "colour": "red"}) == {"/game", "/colour"}


def test_missing_game_and_state() -> None:
    assert error_paths({}) == {"/game", "/state"}


def test_unknown_ruleset() -> None:
    assert error_paths(document(state(), ruleset="ancient")) == {"/ruleset"}


def test_actions_and_query_types() -> None:
    assert error_paths({"game": "yugioh", "state": state(), "actions": {}, "query": []}) == {
        "/actions",
        "/query",
    }


def test_state_errors_are_all_collected() -> None:
    bad = state(a=player(lp=-5, monsters=[on_field(monster(atk=-1))]), phase="lunch")
    assert error_paths(document(bad)) >= {
        "/state/phase",
        "/state/players/A/lp",
        "/state/players/A/monsters/0/atk",
    }


def test_action_error_path_names_the_action_index() -> None:
    doc = document(
        state(), [{"player": "A", "type": "next_phase"}, {"player": "A", "type": "next_phase", "speed": 2}]
    )
    assert error_paths(doc) == {"/actions/1/speed"}


def test_answer_shape_and_default_ruleset() -> None:
    answer = replay(
        document(state(), [{"player": "A", "type": "next_phase"}], {"kind": "hand_limit", "player": "A"})
    )
    assert set(answer) == {"game", "ruleset", "steps", "stopped_at", "state", "outcome", "answer"}
    assert answer["game"] == "yugioh" and answer["ruleset"] == "current"
    assert answer["steps"][0]["index"] == 0 and answer["steps"][0]["legal"] is True
    assert answer["outcome"] == {"finished": False, "winner": None, "draw": False, "rules": []}


def test_no_query_no_answer_key() -> None:
    assert "answer" not in replay(document(state()))


def test_illegal_action_stops_the_replay_and_keeps_the_earlier_state() -> None:
    doc = document(
        state(a=player(hand=[monster(), monster("Second")])),
        [
            {"player": "A", "type": "normal_summon", "card": "A.hand.0"},
            {"player": "A", "type": "normal_summon", "card": "A.hand.0"},
            {"player": "A", "type": "next_phase"},
        ],
    )
    answer = replay(doc)
    assert [s["legal"] for s in answer["steps"]] == [True, False]
    assert answer["stopped_at"] == 1
    assert answer["steps"][1]["rules"] == ["YGO-NS-ONCE"]
    assert "already" in answer["steps"][1]["explanation"]
    assert [c["name"] for c in answer["state"]["players"]["A"]["hand"]] == ["Second"]


def test_start_events_go_into_the_first_step() -> None:
    doc = document(state(turn=2, turn_player="B", phase="draw"), [{"player": "B", "type": "next_phase"}])
    first = replay(doc)["steps"][0]
    assert [e["type"] for e in first["events"]] == ["draw", "phase"]
    assert first["rules"] == ["YGO-DRAW", "YGO-TURN-PHASES"]
    assert first["action"] == {"player": "B", "type": "next_phase"}


def test_start_events_without_actions_get_a_step_without_action() -> None:
    answer = replay(document(state(turn=2, turn_player="B", phase="draw", b=player(deck=0))))
    assert answer["steps"] == [
        {
            "index": 0,
            "action": None,
            "legal": True,
            "events": [{"type": "deck_out", "player": "B", "winner": "A"}],
            "rules": ["YGO-DECK-OUT"],
            "explanation": "Player B must draw with no card left in the deck and loses the duel.",
        }
    ]
    assert answer["outcome"]["winner"] == "A"


def test_lost_at_start_then_any_action_is_game_over() -> None:
    answer = replay(
        document(state(turn=2, turn_player="B", phase="draw", b=player(deck=0)), [{"type": "next_phase"}])
    )
    step = answer["steps"][0]
    assert step["legal"] is False and answer["stopped_at"] == 0
    assert step["rules"] == ["YGO-DECK-OUT", "YGO-GAME-OVER"]
    assert step["events"][0]["type"] == "deck_out"


def test_step_rules_are_deduplicated_union_of_event_rules() -> None:
    doc = document(state(), [{"player": "A", "type": "inflict_damage", "to": "both", "amount": 100}])
    step = replay(doc)["steps"][0]
    assert step["rules"] == ["YGO-EFFECT-DAMAGE"]
    assert len(step["events"]) == 2 and step["explanation"].count("effect damage") == 2


def test_open_chain_resolves_in_the_step_of_its_last_link() -> None:
    doc = document(
        state(
            a=player(hand=[{"name": "Pot", "kind": "spell", "spell_type": "normal"}]),
            b=player(
                spells_traps=[{"name": "Dust", "kind": "trap", "trap_type": "normal", "face_up": False}]
            ),
        ),
        [
            {"player": "A", "type": "activate", "card": "A.hand.0"},
            {"player": "B", "type": "activate", "card": "B.spells_traps.0", "in_response_to": 1},
            {"player": "A", "type": "next_phase"},
        ],
    )
    steps = replay(doc)["steps"]
    assert [e["type"] for e in steps[0]["events"]] == ["activate"]
    assert [(e["type"], e.get("link")) for e in steps[1]["events"]] == [
        ("activate", 2),
        ("resolve", 2),
        ("resolve", 1),
    ]
    assert [e["type"] for e in steps[2]["events"]] == ["phase"]


def test_replay_is_deterministic_and_does_not_touch_the_document() -> None:
    doc = document(
        state(a=player(hand=[monster()])), [{"player": "A", "type": "normal_summon", "card": "A.hand.0"}]
    )
    snapshot = repr(doc)
    assert replay(doc) == replay(doc)
    assert repr(doc) == snapshot


def test_final_state_replays_to_itself() -> None:
    doc = document(
        state(a=player(hand=[monster()])), [{"player": "A", "type": "normal_summon", "card": "A.hand.0"}]
    )
    final = replay(doc)["state"]
    assert replay(document(final))["state"] == final


def test_card_lookup_resolves_bare_references() -> None:
    known = {
        46986414: {
            "id": 46986414,
            "name": "Dark Magician",
            "kind": "monster",
            "level": 7,
            "atk": 2500,
            "def": 2100,
        }
    }

    def lookup(game: str, ref: dict) -> dict | None:
        assert game == "yugioh"
        return known.get(ref.get("id"))

    doc = document(state(a=player(hand=[{"id": 46986414}, {"id": 1}])))
    with pytest.raises(MalformedDocument) as caught:
        replay(doc, card_lookup=lookup)
    assert [e.path for e in caught.value.errors] == ["/state/players/A/hand/1"]
    doc["state"]["players"]["A"]["hand"].pop()
    hand = replay(doc, card_lookup=lookup)["state"]["players"]["A"]["hand"]
    assert hand == [known[46986414]]


def test_catalogue_json_lists_every_rule_with_its_passage() -> None:
    rules = catalogue_json("yugioh")
    assert len(rules) >= 40
    assert len({r["id"] for r in rules}) == len(rules)
    for rule in rules:
        assert rule["id"].startswith("YGO-") and rule["summary"] and rule["passage"]
        assert rule["source"] in (
            "yugioh-reglement.txt",
            "yugioh-phase-de-bataille.txt",
            "official-rules-notes.md",
        )


def test_envelope_fields_and_games() -> None:
    assert ENVELOPE_FIELDS == ("game", "ruleset", "state", "actions", "query")
    assert "yugioh" in game_keys()


def test_selfplay_benchmark_runs_and_prints_json() -> None:
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    result = subprocess.run(
        [sys.executable, "benchmarks/engine_selfplay.py", "--game", "yugioh", "--seconds", "0.2"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["game"] == "yugioh" and report["actions"] > 0 and report["actions_per_second"] > 0
    assert report["games_without_legal_actions"] == 0
