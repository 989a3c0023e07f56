"""The Yu-Gi-Oh! queries: answer shapes of the spec and malformed queries."""

from __future__ import annotations

import pytest
from ygo_builders import document, monster, on_field, player, state

from rulings.engine.base import MalformedDocument
from rulings.engine.replay import replay


def ask(st: dict, query: dict, **envelope) -> dict:
    return replay(document(st, query=query, **envelope))["answer"]


def test_damage_answer_has_the_spec_keys() -> None:
    battle = state(
        phase="battle",
        a=player(monsters=[on_field(monster(atk=2000))]),
        b=player(monsters=[on_field(monster("S", 1300))]),
    )
    answer = ask(battle, {"kind": "damage", "attacker": "A.monsters.0", "target": "B.monsters.0"})
    assert answer["damage"] == {"A": 0, "B": 700}
    assert answer["destroyed"] == ["B.monsters.0"] and answer["flipped"] == []
    assert answer["lp_after"] == {"A": 8000, "B": 7300}
    assert answer["rules"] == ["YGO-BATTLE-ATK-VS-ATK"]


def test_damage_query_does_not_change_the_state() -> None:
    battle = state(phase="battle", a=player(monsters=[on_field(monster(atk=2000))]))
    result = replay(document(battle, query={"kind": "damage", "attacker": "A.monsters.0", "target": None}))
    assert result["answer"]["lp_after"]["B"] == 6000
    assert result["state"]["players"]["B"]["lp"] == 8000


@pytest.mark.parametrize(
    ("query", "path"),
    [
        ({"kind": "weather"}, "/query/kind"),
        ({"kind": "damage"}, "/query/attacker"),
        ({"kind": "damage", "attacker": "A.hand.0"}, "/query/attacker"),
        ({"kind": "damage", "attacker": "A.monsters.0", "target": "A.monsters.0"}, "/query/target"),
        ({"kind": "hand_limit", "player": "C"}, "/query/player"),
        ({"kind": "deck_out", "player": "A", "when": 3}, "/query/when"),
    ],
)
def test_malformed_queries(query: dict, path: str) -> None:
    st = state(a=player(hand=[monster()], monsters=[on_field(monster())]))
    with pytest.raises(MalformedDocument) as caught:
        replay(document(st, query=query))
    assert path in {e.path for e in caught.value.errors}


def test_hand_limit_per_rule_set() -> None:
    crowded = state(phase="end", b=player(hand=[monster(str(i)) for i in range(9)]))
    assert ask(crowded, {"kind": "hand_limit", "player": "B"}) == {
        "limit": 6, "hand": 9, "must_discard": 0, "rules": ["YGO-HAND-LIMIT"]
    }  # fmt: skip
    assert ask(crowded, {"kind": "hand_limit", "player": "B"}, ruleset="classic")["must_discard"] == 3


def test_deck_out_timeline() -> None:
    assert ask(state(turn=3, turn_player="A", a=player(deck=0)), {"kind": "deck_out", "player": "A"})[
        "when"
    ] == ("draw phase of turn 5")
    # a Draw Phase state has not drawn yet: with 1 card, the player draws it now and runs dry 2 turns later
    answer = ask(
        state(turn=4, turn_player="B", phase="draw", b=player(deck=1)), {"kind": "deck_out", "player": "B"}
    )
    assert answer == {
        "deck": 0,
        "loses": True,
        "when": "draw phase of turn 6",
        "rules": ["YGO-DECK-OUT", "YGO-DRAW"],
    }


def test_deck_out_after_the_loss() -> None:
    lost = state(turn=4, turn_player="B", phase="draw", b=player(deck=0))
    answer = ask(lost, {"kind": "deck_out", "player": "B"})
    assert answer["loses"] is True and answer["when"].startswith("already lost")


def test_first_turn_skip_counts_in_deck_out() -> None:
    fresh = state(turn=1, turn_player="A", phase="draw", a=player(deck=1))
    replayed = replay(document(fresh, query={"kind": "deck_out", "player": "A"}))
    assert replayed["answer"]["when"] == "draw phase of turn 5"
    classic = replay(document(fresh, query={"kind": "deck_out", "player": "A"}, ruleset="classic"))
    assert classic["answer"]["when"] == "draw phase of turn 3"


def test_legal_actions_main_phase() -> None:
    st = state(
        a=player(
            hand=[monster(), {"name": "Trap Hole", "kind": "trap", "trap_type": "normal"}],
            monsters=[on_field(monster("Old"))],
        )
    )
    actions = ask(st, {"kind": "legal_actions", "player": "A"})["actions"]
    assert {"player": "A", "type": "normal_summon", "card": "A.hand.0"} in actions
    assert {"player": "A", "type": "set_spell_trap", "card": "A.hand.1"} in actions
    assert {"player": "A", "type": "change_position", "card": "A.monsters.0"} in actions
    assert {"player": "A", "type": "activate", "card": "A.hand.1"} not in actions
    assert actions[-1] == {"player": "A", "type": "next_phase"}
    assert ask(st, {"kind": "legal_actions", "player": "B"})["actions"] == []


def test_legal_summons_lists_fusions() -> None:
    twin = monster("Twin", 2800, 2100, 6, monster_type="fusion", materials=["Warwolf", "Other"])
    st = state(
        a=player(
            hand=[
                {"name": "Polymerization", "kind": "spell", "spell_type": "normal"},
                monster(),
                monster("Other"),
            ],
            extra_deck=[twin, monster("Lone", 1, 1, 6, monster_type="fusion", materials=["X", "Y"])],
        )
    )
    answer = ask(st, {"kind": "legal_summons", "player": "A"})
    assert {"card": "A.extra_deck.0", "type": "special_summon", "tributes_needed": 0} in answer["summons"]
    assert [entry["card"] for entry in answer["not_legal"]] == ["A.extra_deck.1"]
    assert answer["not_legal"][0]["rules"] == ["YGO-FUSION-SUMMON"]
