"""The pair_swiss document: validation messages and the output shape, without Django."""

from __future__ import annotations

import json

import pytest

from tournaments.pairing import PairingInputError, explain_round, pair_swiss_document, parse_pairing_document
from tournaments.pairing.swiss import pair_round


def document(players, **extra):
    return {"round": 3, "seed": 1234, "players": players, **extra}


def player(pid, points=0, **fields):
    return {"id": pid, "points": points, "opponents": [], "byes": 0, "dropped": False, **fields}


def test_output_has_exactly_the_spec_fields_and_json_text_is_accepted():
    text = json.dumps(document([player("p1", 3), player("p2", 3), player("p3", 0)]))
    result = pair_swiss_document(text)
    assert set(result) == {"pairings", "bye", "rematches", "cost"}
    assert result["bye"] == "p3"
    assert result["pairings"] == [{"table": 1, "a": "p1", "b": "p2"}]
    assert result["rematches"] == 0 and result["cost"] == 0
    assert pair_swiss_document(text.encode()) == result
    json.dumps(result)  # plain JSON types only


def test_meeting_listed_on_one_side_only_counts_as_met():
    doc = document([player("a", 3, opponents=["b"]), player("b", 3), player("c", 3), player("d", 3)])
    result = pair_swiss_document(doc)
    assert result["rematches"] == 0
    assert {"a", "b"} not in [{p["a"], p["b"]} for p in result["pairings"]]


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("{not json", "malformed JSON at line 1 column 2"),
        ("[1, 2]", "must be a JSON object"),
        (document([player("a"), player("a")]), "duplicate player id 'a'"),
        (document([player("a", opponents=["ghost"])]), "player 'a': opponent 'ghost' is not in 'players'"),
        (document([player("a", -3)]), "player 'a': field 'points' must not be negative, got -3"),
        (document([player("a", "3")]), "player 'a': field 'points' must be an integer, got '3'"),
        (document([player("a", 1.5)]), "player 'a': field 'points' must be an integer"),
        (document([player("a", True)]), "player 'a': field 'points' must be an integer"),
        (document([{"id": "a"}]), "player 'a': field 'points' is missing"),
        (document([player("a", byes=-1)]), "player 'a': field 'byes' must not be negative"),
        (document([player("a", dropped="no")]), "player 'a': field 'dropped' must be true or false"),
        (document([player("a", opponents="b")]), "player 'a': field 'opponents' must be a list"),
        (document([player("a", opponents=[7])]), "non-string id 7"),
        (document([player("a", opponents=["a"])]), "lists itself"),
        (document([player("a", rank=0)]), "field 'rank' must not be below 1"),
        (document([player("a", fixed_table="1")]), "field 'fixed_table' must be an integer"),
        (document([{"id": 5, "points": 0}]), "players[0]: field 'id' must be a non-empty string"),
        (document(["a"]), "players[0] must be an object"),
        ({"round": 0, "seed": 1, "players": []}, "field 'round' must be an integer of at least 1"),
        ({"round": 1, "seed": 1.5, "players": []}, "field 'seed' must be an integer or a string"),
        ({"round": 1, "seed": 1, "players": {}}, "field 'players' must be a list"),
    ],
)
def test_bad_input_raises_a_clear_message(doc, message):
    with pytest.raises(PairingInputError) as caught:
        pair_swiss_document(doc)
    assert message in str(caught.value)


def test_optional_fields_default_and_extra_fields_are_tolerated():
    doc = {"round": 1, "players": [{"id": "a", "points": 0, "name": "Alice"}, {"id": "b", "points": 0}]}
    assert pair_swiss_document(doc)["pairings"] == [{"table": 1, "a": "a", "b": "b"}]


def test_explain_names_pair_downs_and_the_bye():
    doc = document(
        [
            player("a", 6, opponents=["b"]),
            player("b", 6),
            player("c", 3),
            player("d", 3),
            player("e", 0, byes=1),
            player("f", 0),
            player("g", 0),
        ]
    )
    round_number, seed, players = parse_pairing_document(doc)
    result = pair_round(round_number=round_number, seed=seed, players=players)
    lines = explain_round(players=players, round_=result)
    text = "\n".join(lines)
    assert result.bye in ("f", "g")
    assert f"{result.bye} (0 pts) receives the bye" in text
    assert "to avoid a rematch: a already met b" in text or "to avoid a rematch: b already met a" in text
    assert sum("paired down" in line for line in lines) == 2


def test_explain_mentions_an_odd_score_group():
    players = parse_pairing_document(
        document([player("a", 3), player("b", 3), player("c", 3), player("d", 0)])
    )[2]
    result = pair_round(round_number=2, seed=5, players=players)
    lines = explain_round(players=players, round_=result)
    assert any("the 3-point group has an odd number of players (3)" in line for line in lines)
