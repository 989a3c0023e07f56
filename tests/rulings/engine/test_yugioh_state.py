"""Parsing and printing Yu-Gi-Oh! states: defaults, errors with paths, references, card lookup."""

from __future__ import annotations

import pytest
from ygo_builders import monster, on_field, player, state

from rulings.engine.base import MalformedDocument
from rulings.engine.yugioh import GAME
from rulings.engine.yugioh.state import parse_ref


def parse(data, **kwargs):
    return GAME.parse_state(data, ruleset=kwargs.pop("ruleset", "current"), **kwargs)


def errors(data, **kwargs) -> dict[str, str]:
    with pytest.raises(MalformedDocument) as caught:
        parse(data, **kwargs)
    return {e.path: e.message for e in caught.value.errors}


def test_defaults_fill_a_minimal_state() -> None:
    data = GAME.state_to_json(parse({"players": {"A": {}, "B": {}}}))
    assert data["turn"] == 1 and data["turn_player"] == "A" and data["phase"] == "main1"
    assert data["players"]["A"] == {
        "lp": 8000,
        "deck": 0,
        "hand": [],
        "monsters": [None] * 5,
        "spells_traps": [None] * 5,
        "field_spell": None,
        "graveyard": [],
        "banished": [],
        "extra_deck": [],
        "normal_summon_used": False,
    }


def test_every_error_is_reported_with_its_pointer() -> None:
    bad = state(
        turn=0,
        turn_player="C",
        a=player(
            lp=-1,
            deck="many",
            hand=[{"name": "No kind"}, {"kind": "monster", "level": 4, "atk": 100}],
            monsters=[on_field(monster(), position="sideways")],
        ),
        b=player(
            spells_traps=[{"name": "X", "kind": "spell", "spell_type": "equip", "equipped_to": "B.hand.0"}]
        ),
    )
    found = errors(bad)
    assert set(found) >= {
        "/state/turn",
        "/state/turn_player",
        "/state/players/A/lp",
        "/state/players/A/deck",
        "/state/players/A/hand/0",
        "/state/players/A/hand/1/def",
        "/state/players/A/monsters/0/position",
        "/state/players/B/spells_traps/0/equipped_to",
    }
    assert "card database" in found["/state/players/A/hand/0"]


def test_face_down_attack_position_is_malformed() -> None:
    bad = state(a=player(monsters=[on_field(monster(), "attack", face_up=False)]))
    assert "/state/players/A/monsters/0/position" in errors(bad)


def test_field_flags_only_on_the_field() -> None:
    bad = state(a=player(hand=[dict(monster(), position="attack")]))
    assert "only cards on the field" in errors(bad)["/state/players/A/hand/0/position"]


def test_spell_fields_are_checked() -> None:
    bad = state(
        a=player(
            hand=[
                {"name": "S", "kind": "spell", "spell_type": "magic"},
                {"name": "T", "kind": "trap"},
                {"name": "S2", "kind": "spell", "spell_type": "normal", "atk": 3},
            ]
        )
    )
    assert set(errors(bad)) == {
        "/state/players/A/hand/0/spell_type",
        "/state/players/A/hand/1/trap_type",
        "/state/players/A/hand/2/atk",
    }


def test_equipped_to_must_point_at_a_monster() -> None:
    axe = {"name": "Axe", "kind": "spell", "spell_type": "equip", "equipped_to": "A.monsters.1"}
    assert "/state/players/A/spells_traps/0/equipped_to" in errors(state(a=player(spells_traps=[axe])))
    ok = parse(state(a=player(monsters=[None, on_field(monster())], spells_traps=[axe])))
    assert GAME.state_to_json(ok)["players"]["A"]["spells_traps"][0]["equipped_to"] == "A.monsters.1"


def test_card_lookup_by_name_and_failures() -> None:
    magician = {"id": 1, "name": "Dark Magician", "kind": "monster", "level": 7, "atk": 2500, "def": 2100}
    database = {"Dark Magician": {**magician, "rarity": "ultra"}}

    def lookup(game, ref):
        return database.get(ref.get("name"))

    def broken(game, ref):
        raise RuntimeError("database offline")

    parsed = parse(state(a=player(hand=[{"name": "Dark Magician"}])), cards=lookup)
    # fields of the database the engine does not model are dropped
    assert GAME.state_to_json(parsed)["players"]["A"]["hand"] == [
        {"id": 1, "name": "Dark Magician", "kind": "monster", "level": 7, "atk": 2500, "def": 2100}
    ]
    assert "/state/players/A/hand/0" in errors(state(a=player(hand=[{"name": "Nobody"}])), cards=lookup)
    assert "offline" in errors(state(a=player(hand=[{"id": 5}])), cards=broken)["/state/players/A/hand/0"]


def test_deck_as_count_or_list() -> None:
    counted = parse(state(a=player(deck=12)))
    listed = parse(state(a=player(deck=[monster("Top"), monster("Next")])))
    assert GAME.state_to_json(counted)["players"]["A"]["deck"] == 12
    assert [c["name"] for c in GAME.state_to_json(listed)["players"]["A"]["deck"]] == ["Top", "Next"]


def test_chain_and_end_round_trip() -> None:
    data = state(
        b=player(spells_traps=[{"name": "Dust", "kind": "trap", "trap_type": "normal", "face_up": True}])
    )
    data["chain"] = [{"player": "B", "card": "B.spells_traps.0"}]
    data["ended"] = {"winner": None, "draw": True, "rules": ["YGO-LP-BOTH-ZERO"]}
    out = GAME.state_to_json(parse(data))
    assert out["chain"] == data["chain"] and out["ended"] == data["ended"]
    data["chain"] = [{"player": "B", "card": "B.hand.0"}]
    assert "/state/chain/0/card" in errors(data)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A.hand.0", ("A", "hand", 0)),
        ("B.monsters.4", ("B", "monsters", 4)),
        ("A.field_spell", ("A", "field_spell", 0)),
        ("C.hand.0", None),
        ("A.hand.x", None),
        ("A.hand.-1", None),
        ("A.pocket.0", None),
        (["A", "hand", 0], None),
    ],
)
def test_parse_ref(text, expected) -> None:
    assert parse_ref(text) == expected


def test_copy_is_independent() -> None:
    original = parse(state(a=player(hand=[monster()])))
    clone = GAME.copy(original)
    clone.players["A"].hand.clear()
    assert len(original.players["A"].hand) == 1
