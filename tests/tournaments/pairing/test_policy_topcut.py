"""Event structure per game and the single-elimination top cut."""

from __future__ import annotations

import pytest

from tournaments.pairing import Bracket, PairingInputError, bracket_order, event_structure


@pytest.mark.parametrize(
    ("players", "rounds", "cut"),
    [
        (4, 3, 0),
        (8, 3, 0),
        (9, 4, 4),
        (16, 4, 4),
        (17, 5, 4),
        (32, 5, 4),
        (33, 6, 8),
        (64, 6, 8),
        (65, 7, 8),
        (128, 7, 8),
        (129, 8, 8),
        (256, 8, 8),
        (257, 9, 8),
        (512, 9, 8),
        (513, 10, 8),
        (1024, 10, 8),
        (1025, 11, 8),
        (2048, 11, 8),
        (2049, 12, 0),
        (9000, 12, 0),
    ],
)
def test_yugioh_rounds_and_cut_by_attendance(players, rounds, cut):
    structure = event_structure(game="yugioh", players=players)
    assert (structure.swiss_rounds, structure.top_cut) == (rounds, cut)
    assert not structure.round_robin


@pytest.mark.parametrize(
    ("players", "days"),
    [(100, ()), (200, (7, 4)), (300, (8, 4)), (600, (8, 5)), (1500, (9, 5)), (3000, (9, 6))],
)
def test_yugioh_two_day_events(players, days):
    structure = event_structure(game="yugioh", players=players, tier=3)
    assert structure.days == days
    if days:
        assert structure.swiss_rounds == sum(days) and structure.top_cut == 8


@pytest.mark.parametrize(
    ("players", "rounds", "cut"),
    [
        (9, 5, 4),
        (16, 5, 4),
        (17, 5, 8),
        (33, 6, 8),
        (65, 7, 8),
        (129, 8, 8),
        (217, 8, 8),
        (257, 9, 8),
        (513, 10, 16),
    ],
)
def test_magic_rounds_and_cut(players, rounds, cut):
    structure = event_structure(game="magic", players=players)
    assert (structure.swiss_rounds, structure.top_cut) == (rounds, cut)


def test_magic_awarded_byes_count_as_more_players():
    # 14 players, two with 1 bye (count 2 each) and one with 3 byes (counts 8): 14 + 1 + 1 + 7 = 23 -> 17-32.
    structure = event_structure(game="magic", players=14, awarded_byes=[1, 1, 3])
    assert (structure.swiss_rounds, structure.top_cut) == (5, 8)
    with pytest.raises(PairingInputError, match="awarded byes must be 0 to 3"):
        event_structure(game="magic", players=14, awarded_byes=[4])


@pytest.mark.parametrize(
    ("players", "cut", "robin"), [(4, 0, True), (5, 4, False), (16, 4, False), (17, 8, False)]
)
def test_vanguard_cut(players, cut, robin):
    structure = event_structure(game="vanguard", players=players)
    assert (structure.top_cut, structure.round_robin) == (cut, robin)


@pytest.mark.parametrize(
    ("game", "players", "rounds"), [("yugioh", 2, 1), ("yugioh", 3, 3), ("magic", 3, 3), ("vanguard", 4, 3)]
)
def test_tiny_events_are_round_robins(game, players, rounds):
    structure = event_structure(game=game, players=players)
    assert structure.round_robin and structure.swiss_rounds == rounds and structure.top_cut == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "yugioh", "players": 1}, "at least 2 players"),
        ({"game": "go", "players": 10}, "unknown game 'go'"),
        ({"game": "yugioh", "players": 10, "tier": 7}, "tier must be 1 to 4"),
        ({"game": "yugioh", "players": "10"}, "players must be an integer"),
    ],
)
def test_event_structure_errors(kwargs, message):
    with pytest.raises(PairingInputError, match=message):
        event_structure(**kwargs)


def test_bracket_orders():
    assert bracket_order(2) == [1, 2]
    assert bracket_order(4) == [1, 4, 2, 3]
    assert bracket_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order16 = bracket_order(16)
    assert sorted(order16) == list(range(1, 17))
    assert all(order16[k] + order16[k + 1] == 17 for k in range(0, 16, 2))
    # Seeds 1 and 2 are in different halves, so they can only meet in the final.
    assert 1 in order16[:8] and 2 in order16[8:]
    for bad in (0, 1, 6, 12):
        with pytest.raises(PairingInputError, match="power of two"):
            bracket_order(bad)


def test_top_eight_seeding_advancing_and_placings():
    seeds = [f"s{k}" for k in range(1, 9)]
    bracket = Bracket(seeds=seeds)
    first_round = [(m.a, m.b) for m in bracket.matches(1)]
    assert first_round == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]
    for winner in ("s1", "s5", "s7", "s3"):
        bracket.report(round_number=1, winner=winner)
    assert [(m.a, m.b) for m in bracket.matches(2)] == [("s1", "s5"), ("s7", "s3")]
    bracket.report(round_number=2, winner="s5")
    bracket.report(round_number=2, winner="s3")
    assert [(m.a, m.b) for m in bracket.matches(3)] == [("s5", "s3")]
    assert bracket.champion is None
    bracket.report(round_number=3, winner="s3")
    assert bracket.champion == "s3"
    placings = bracket.placings()
    assert placings == {
        "s3": "1",
        "s5": "2",
        "s1": "3-4",
        "s7": "3-4",
        "s8": "5-8",
        "s4": "5-8",
        "s2": "5-8",
        "s6": "5-8",
    }


def test_top_four_and_bracket_errors():
    bracket = Bracket(seeds=["a", "b", "c", "d"])
    assert [(m.a, m.b) for m in bracket.matches(1)] == [("a", "d"), ("b", "c")]
    with pytest.raises(PairingInputError, match="does not play"):
        bracket.report(round_number=1, winner="zz")
    with pytest.raises(PairingInputError, match="not set up yet"):
        bracket.matches(2)
    bracket.report(round_number=1, winner="d")
    with pytest.raises(PairingInputError, match="already has a winner"):
        bracket.report(round_number=1, winner="a")
    with pytest.raises(PairingInputError, match="appears twice"):
        Bracket(seeds=["a", "a"])
