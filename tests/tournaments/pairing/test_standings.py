"""Tie-breaker formulas on hand-worked examples, one per policy (arithmetic in the comments)."""

from __future__ import annotations

import pytest

from tournaments.pairing import PairingInputError
from tournaments.pairing.standings import MatchRecord, compute_standings, konami_number, settings_for_policy

# Five players, two rounds, one bye each round:
#   R1: A beats B 2-0, C beats D 2-1, E has the bye.
#   R2: A beats C 2-1, E beats D 2-0, B has the bye.
# Points: A 6, B 3, C 3, D 0, E 6.
FIVE_PLAYERS = [
    MatchRecord(round=1, player_a="A", player_b="B", games_a=2, games_b=0),
    MatchRecord(round=1, player_a="C", player_b="D", games_a=2, games_b=1),
    MatchRecord(round=1, player_a="E", player_b=None),
    MatchRecord(round=2, player_a="A", player_b="C", games_a=2, games_b=1),
    MatchRecord(round=2, player_a="E", player_b="D", games_a=2, games_b=0),
    MatchRecord(round=2, player_a="B", player_b=None),
]

# Four players, three rounds, no bye; A and B tie on everything, as do C and D:
#   R1: B beats A, D beats C.  R2: B beats D, A beats C.  R3: A beats D, C beats B.
# Points: A 6, B 6, C 3, D 3.  MWP: A = B = 6/9, C = D = 3/9.
# OMW(A) = (B 6/9 + C 3/9 + D 3/9) / 3 = 4/9 = OMW(B);  OMW(C) = (D 3/9 + A 6/9 + B 6/9) / 3 = 5/9 = OMW(D).
# OOMW(A) = (4/9 + 5/9 + 5/9) / 3 = 14/27 = OOMW(B);  OOMW(C) = (5/9 + 4/9 + 4/9) / 3 = 13/27 = OOMW(D).
FOUR_TIED = [
    MatchRecord(round=1, player_a="B", player_b="A", games_a=2, games_b=1),
    MatchRecord(round=1, player_a="D", player_b="C", games_a=2, games_b=1),
    MatchRecord(round=2, player_a="B", player_b="D", games_a=2, games_b=1),
    MatchRecord(round=2, player_a="A", player_b="C", games_a=2, games_b=1),
    MatchRecord(round=3, player_a="A", player_b="D", games_a=2, games_b=1),
    MatchRecord(round=3, player_a="C", player_b="B", games_a=2, games_b=1),
]


def by_player(rows):
    return {row.player: row for row in rows}


def test_konami_points_omw_oomw_and_the_eight_digit_number():
    rows = compute_standings(records=FIVE_PLAYERS, settings=settings_for_policy("konami"))
    # MWP = points / (3 x rounds, the bye counting as a round won): A 1, B .5, C .5, D 0, E 1.
    # OMW: A (B .5 + C .5)/2 = .5; B (A 1) = 1; C (D 0 + A 1)/2 = .5; D (C .5 + E 1)/2 = .75; E (D 0) = 0.
    # OOMW: A (1 + .5)/2 = .75; B .5; C (.75 + .5)/2 = .625; D (.5 + 0)/2 = .25; E .75.
    table = by_player(rows)
    assert [row.player for row in rows] == ["A", "E", "B", "C", "D"]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5]
    assert table["A"].omw == pytest.approx(0.5) and table["A"].oomw == pytest.approx(0.75)
    assert table["D"].omw == pytest.approx(0.75) and table["D"].oomw == pytest.approx(0.25)
    assert table["C"].oomw == pytest.approx(0.625)
    assert table["A"].konami_number == "06500750"
    assert table["E"].konami_number == "06000750"
    # OMW 100% would need four digits: shown as 999.
    assert table["B"].konami_number == "03999500"
    assert table["A"].tiebreakers == (6, 0.5, 0.75)


def test_konami_number_truncates_and_pads():
    # The published example: 33 points, OMW 72.6..%, OOMW 67.7..%.
    assert konami_number(points=33, omw=0.72699, oomw=0.6779) == "33726677"
    assert konami_number(points=3, omw=0.0, oomw=0.0999) == "03000099"
    # Float noise just under an exact thousandth is not truncated away.
    assert konami_number(points=9, omw=0.7 - 1e-15, oomw=0.1) == "09700100"


def test_magic_floors_and_leaves_byes_out_of_opponents():
    rows = compute_standings(records=FIVE_PLAYERS, settings=settings_for_policy("magic"))
    table = by_player(rows)
    # MWP floored at .33: D has 0 points -> .33.  OMW: C = (D .33 + A 1)/2 = .665; E = (D .33) = .33.
    assert table["D"].mwp == pytest.approx(0.33)
    assert table["C"].omw == pytest.approx(0.665)
    assert table["E"].omw == pytest.approx(0.33)
    # GWP = game points / (3 x games), the bye a 2-0 win:
    #   A 2-0, 2-1: 12 / 15 = .8;  B 0-2, bye 2-0: 6 / 12 = .5;  C 2-1, 1-2: 9 / 18 = .5;
    #   D 1-2, 0-2: 3 / 15 = .2 -> floor .33;  E bye 2-0, 2-0: 12 / 12 = 1.
    assert table["A"].gwp == pytest.approx(0.8)
    assert table["B"].gwp == pytest.approx(0.5)
    assert table["D"].gwp == pytest.approx(0.33)
    assert table["E"].gwp == pytest.approx(1.0)
    # OGW: C = (D .33 + A .8)/2 = .565; D = (C .5 + E 1)/2 = .75.
    assert table["C"].ogw == pytest.approx(0.565)
    assert table["D"].ogw == pytest.approx(0.75)
    assert [row.player for row in rows] == ["A", "E", "B", "C", "D"]
    assert table["C"].tiebreakers == pytest.approx((3, 0.665, 0.5, 0.565))


def test_pokemon_removes_byes_for_others_floors_caps_drops():
    rows = compute_standings(records=FIVE_PLAYERS, settings=settings_for_policy("pokemon"), dropped={"A": 2})
    table = by_player(rows)
    # Win % seen by opponents: A 6/6 = 1 capped at .75 (dropped); B without the bye 0/3 -> floor .25;
    # C 3/6 = .5; D 0 -> .25; E without the bye 3/3 = 1.
    # OMW: A (B .25 + C .5)/2 = .375; B (A .75) = .75; C (D .25 + A .75)/2 = .5; D (C .5 + E 1)/2 = .75;
    # E (D .25) = .25.
    assert table["A"].omw == pytest.approx(0.375)
    assert table["B"].omw == pytest.approx(0.75)
    assert table["C"].omw == pytest.approx(0.5)
    assert table["E"].omw == pytest.approx(0.25)
    # OOMW: A (.75 + .5)/2 = .625; C (.75 + .375)/2 = .5625; D (.5 + .25)/2 = .375.
    assert table["A"].oomw == pytest.approx(0.625)
    assert table["C"].oomw == pytest.approx(0.5625)
    assert table["D"].oomw == pytest.approx(0.375)
    # The bye player's own MWP still counts the bye (B: 3 / 6).
    assert table["B"].mwp == pytest.approx(0.5)
    assert table["A"].dropped_round == 2
    assert [row.player for row in rows] == ["A", "E", "B", "C", "D"]


def test_pokemon_head_to_head_breaks_a_two_player_tie_between_players_who_met():
    rows = compute_standings(records=FOUR_TIED, settings=settings_for_policy("pokemon"))
    table = by_player(rows)
    assert table["A"].omw == pytest.approx(4 / 9) and table["B"].omw == pytest.approx(4 / 9)
    assert table["A"].oomw == pytest.approx(14 / 27) and table["C"].oomw == pytest.approx(13 / 27)
    # B beat A in round 1, D beat C: the later ids go first, so only head-to-head can explain the order.
    assert [row.player for row in rows] == ["B", "A", "D", "C"]
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    assert (table["B"].head_to_head, table["A"].head_to_head) == (1, 0)


def test_konami_shares_the_rank_of_fully_tied_players():
    rows = compute_standings(records=FOUR_TIED, settings=settings_for_policy("konami"))
    assert [(row.player, row.rank) for row in rows] == [("A", 1), ("B", 1), ("C", 3), ("D", 3)]
    assert all(row.head_to_head is None for row in rows)


def test_head_to_head_needs_exactly_two_tied_players():
    # Everyone 3 points, every percentage .5: four tied players, so head-to-head does not apply.
    records = [
        MatchRecord(round=1, player_a="A", player_b="B", games_a=2),
        MatchRecord(round=1, player_a="C", player_b="D", games_a=2),
        MatchRecord(round=2, player_a="B", player_b="C", games_a=2),
        MatchRecord(round=2, player_a="D", player_b="A", games_a=2),
    ]
    rows = compute_standings(records=records, settings=settings_for_policy("pokemon"))
    assert [row.rank for row in rows] == [1, 1, 1, 1]


def test_vanguard_ordering_is_configurable():
    default = compute_standings(records=FIVE_PLAYERS, settings=settings_for_policy("vanguard"))
    assert [row.player for row in default] == ["A", "E", "B", "C", "D"]
    # OOMW first: E (.75) and A (.75) tie, then OMW: A .5 > E 0; B .5 vs C .625 -> C before B.
    custom = compute_standings(
        records=FIVE_PLAYERS, settings=settings_for_policy("vanguard", keys=("points", "oomw", "omw"))
    )
    assert [row.player for row in custom] == ["A", "E", "C", "B", "D"]


def test_result_kinds_and_point_settings():
    records = [
        MatchRecord(round=1, player_a="A", player_b="B", kind="intentional_draw"),
        MatchRecord(round=1, player_a="C", player_b="D", kind="double_loss"),
        MatchRecord(round=2, player_a="A", player_b="C", games_a=2, kind="match_loss", penalized="A"),
        MatchRecord(round=2, player_a="B", player_b="D", games_a=1, games_b=1, kind="unfinished"),
        # A game loss is already in the game count: 1-1 with one more game to B means B wins 1-2.
        MatchRecord(round=3, player_a="A", player_b="B", games_a=1, games_b=2, kind="game_loss"),
    ]
    konami = by_player(compute_standings(records=records, settings=settings_for_policy("konami")))
    # A: draw 1 + penalised loss 0 + loss 0 = 1; B: draw 1 + unfinished double loss 0 + win 3 = 4;
    # C: double loss 0 + win 3 = 3; D: 0 + 0 = 0.
    assert {p: r.points for p, r in konami.items()} == {"A": 1, "B": 4, "C": 3, "D": 0}
    magic = by_player(compute_standings(records=records, settings=settings_for_policy("magic")))
    # Magic: the unfinished match is a draw, B 1 + 1 + 3 = 5 and D 0 + 1 = 1.
    assert (magic["B"].points, magic["D"].points) == (5, 1)
    assert (magic["B"].draws, magic["D"].draws) == (2, 1)
    custom = settings_for_policy("konami", points_win=2, points_draw=1, points_bye=1)
    with_bye = [*records, MatchRecord(round=4, player_a="D", player_b=None)]
    points = {r.player: r.points for r in compute_standings(records=with_bye, settings=custom)}
    assert points == {"A": 1, "B": 3, "C": 2, "D": 1}


def test_players_without_records_are_listed_last():
    rows = compute_standings(records=FIVE_PLAYERS, players=["Z"], settings=settings_for_policy("konami"))
    assert rows[-1].player == "Z" and rows[-1].points == 0 and rows[-1].omw == 0.0


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: settings_for_policy("chess"), "unknown policy 'chess'"),
        (lambda: settings_for_policy("konami", keys=("points", "elo")), "unknown tie-breaker key"),
        (
            lambda: compute_standings(
                records=[MatchRecord(round=1, player_a="A", player_b="B", kind="forfeit")]
            ),
            "unknown result kind 'forfeit'",
        ),
        (
            lambda: compute_standings(
                records=[MatchRecord(round=1, player_a="A", player_b="B", kind="match_loss")]
            ),
            "needs 'penalized'",
        ),
        (
            lambda: compute_standings(records=[MatchRecord(round=1, player_a="A", player_b="A")]),
            "cannot play themselves",
        ),
    ],
)
def test_bad_standings_input_is_reported(make, message):
    with pytest.raises(PairingInputError) as caught:
        make()
    assert message in str(caught.value)


# A late entrant L missed round 1 (a "missed" record: a loss with no opponent):
#   R1: A beats B 2-0, C has the bye, L missed.   R2: A beats C 2-1, L beats B 2-1.
# Points: A 6, C 3, L 3, B 0.
# MWP: A 6/6 = 1;  B 0/6 = 0;  C 3/6 = 1/2;  L 3/6 = 1/2 (the missed round is a round played with 0 points;
#   without it L would have 3/3 = 1).
# GWP (game points / 3 x games): A (6+6)/(3x5) = 4/5;  B (0+3)/15 = 1/5;  C bye 2-0 then 1-2: (6+3)/15 = 3/5;
#   L missed = 0-2 then 2-1: (0+6)/15 = 2/5.
# Opponents: A {B, C}, B {A, L}, C {A}, L {B} -- nobody has an opponent for L's missed round.
# OMW: A (0 + 1/2)/2 = 1/4;  B (1 + 1/2)/2 = 3/4;  C 1;  L 0.
# OOMW: A (3/4 + 1)/2 = 7/8;  B (1/4 + 0)/2 = 1/8;  C 1/4;  L 3/4.
# Konami order: A (6), then C and L on 3 points: C's OMW 1 beats L's 0; B last.
LATE_ENTRY = [
    MatchRecord(round=1, player_a="A", player_b="B", games_a=2, games_b=0),
    MatchRecord(round=1, player_a="C", player_b=None),
    MatchRecord(round=1, player_a="L", player_b=None, kind="missed"),
    MatchRecord(round=2, player_a="A", player_b="C", games_a=2, games_b=1),
    MatchRecord(round=2, player_a="L", player_b="B", games_a=2, games_b=1),
]


def test_missed_round_is_a_loss_in_the_players_own_percentages_and_nobody_elses():
    rows = compute_standings(records=LATE_ENTRY, settings=settings_for_policy("konami"))
    assert [row.player for row in rows] == ["A", "C", "L", "B"]
    table = by_player(rows)
    late = table["L"]
    assert (late.points, late.wins, late.draws, late.losses, late.byes, late.rounds_played) == (
        3,
        1,
        0,
        1,
        0,
        2,
    )
    assert late.mwp == pytest.approx(1 / 2)
    assert late.gwp == pytest.approx(2 / 5)
    assert late.omw == pytest.approx(0.0) and late.oomw == pytest.approx(3 / 4)
    assert table["A"].omw == pytest.approx(1 / 4) and table["A"].oomw == pytest.approx(7 / 8)
    assert table["B"].omw == pytest.approx(3 / 4) and table["B"].oomw == pytest.approx(1 / 8)
    assert table["C"].omw == pytest.approx(1.0) and table["C"].oomw == pytest.approx(1 / 4)
    assert table["C"].byes == 1 and table["C"].gwp == pytest.approx(3 / 5)
    assert table["B"].gwp == pytest.approx(1 / 5) and table["A"].gwp == pytest.approx(4 / 5)


def test_missed_round_in_best_of_one_and_alone():
    # Best of 1: the missed round is a 0-1 game record.  Only missed rounds: MWP 0, GWP 0, no opponents.
    settings = settings_for_policy("vanguard", bye_games=(1, 0))
    records = [
        MatchRecord(round=1, player_a="L", player_b=None, kind="missed"),
        MatchRecord(round=2, player_a="L", player_b="B", games_a=1, games_b=0),
        MatchRecord(round=1, player_a="M", player_b=None, kind="missed"),
    ]
    table = by_player(compute_standings(records=records, settings=settings))
    # L: 3 points over 2 rounds = 1/2; games 1 won of 2 = (3 + 0) / (3 x 2) = 1/2.
    assert table["L"].mwp == pytest.approx(1 / 2) and table["L"].gwp == pytest.approx(1 / 2)
    assert table["L"].omw == pytest.approx(0.0)  # B: 0 of 1
    assert table["B"].omw == pytest.approx(1 / 2)  # L's MWP, missed round included
    assert (table["M"].points, table["M"].losses, table["M"].rounds_played, table["M"].omw) == (0, 1, 1, 0.0)


def test_missed_round_with_an_opponent_is_refused():
    with pytest.raises(PairingInputError, match="missed round has no opponent"):
        compute_standings(records=[MatchRecord(round=1, player_a="A", player_b="B", kind="missed")])


# A drops after round 1, having beaten B; B then wins twice. At the drop B's MWP was 0; at the end it is 6/9.
DROP_AFTER_ROUND_1 = [
    MatchRecord(round=1, player_a="A", player_b="B", games_a=2),
    MatchRecord(round=1, player_a="C", player_b="D", games_a=2),
    MatchRecord(round=2, player_a="B", player_b="C", games_a=2),
    MatchRecord(round=2, player_a="D", player_b=None),
    MatchRecord(round=3, player_a="B", player_b="D", games_a=2),
    MatchRecord(round=3, player_a="C", player_b=None),
]


def test_dropped_players_final_figures_keep_moving_with_their_opponents():
    rows = by_player(compute_standings(records=DROP_AFTER_ROUND_1, dropped={"A": 1}))
    assert rows["A"].omw == pytest.approx(6 / 9)


@pytest.mark.parametrize(
    ("policy", "frozen_omw"), [("konami", 0.0), ("magic", 0.33), ("vanguard", 0.0), ("pokemon", 0.25)]
)
def test_frozen_dropped_player_keeps_the_figures_of_the_drop(policy, frozen_omw):
    live = by_player(
        compute_standings(records=DROP_AFTER_ROUND_1, settings=settings_for_policy(policy), dropped={"A": 1})
    )
    frozen = by_player(
        compute_standings(
            records=DROP_AFTER_ROUND_1,
            settings=settings_for_policy(policy, freeze_dropped=True),
            dropped={"A": 1},
        )
    )
    assert frozen["A"].omw == pytest.approx(frozen_omw)
    assert live["A"].omw != pytest.approx(frozen_omw)
    # Only the dropped player's own row is frozen: everyone else reads today's figures.
    for player in "BCD":
        assert frozen[player].tiebreakers == live[player].tiebreakers
        assert (frozen[player].omw, frozen[player].oomw) == (live[player].omw, live[player].oomw)
    assert frozen["A"].points == live["A"].points == 3


def test_freezing_changes_nothing_without_a_drop_or_for_a_drop_after_the_last_round():
    settings = settings_for_policy("magic", freeze_dropped=True)
    plain = compute_standings(records=FIVE_PLAYERS, settings=settings_for_policy("magic"))
    assert compute_standings(records=FIVE_PLAYERS, settings=settings) == plain
    last = max(record.round for record in FIVE_PLAYERS)
    dropped_at_end = compute_standings(
        records=FIVE_PLAYERS, settings=settings_for_policy("magic"), dropped={"A": last}
    )
    assert compute_standings(records=FIVE_PLAYERS, settings=settings, dropped={"A": last}) == dropped_at_end


def test_the_melee_floor_is_exactly_one_third():
    mtr = by_player(compute_standings(records=FIVE_PLAYERS, settings=settings_for_policy("magic")))
    melee = by_player(
        compute_standings(
            records=FIVE_PLAYERS, settings=settings_for_policy("magic", mwp_floor=1 / 3, gwp_floor=1 / 3)
        )
    )
    assert mtr["D"].mwp == 0.33
    assert melee["D"].mwp == 1 / 3
    assert melee["E"].omw == 1 / 3  # E's only opponent is D
