"""Tie-breakers on hand-worked examples, through the services and the database."""

from __future__ import annotations

import pytest

from tournaments import services
from tournaments.models import Registration

pytestmark = pytest.mark.django_db


def _play_by_strength(event, judge, strength: dict[int, int], rounds: int) -> None:
    """The stronger player always wins 2-0 (a lower number is stronger)."""
    for _ in range(rounds):
        round_ = services.round_pair_next(event=event, user=event.organizer)
        for match in round_.matches.filter(player_b__isnull=False):
            a_wins = strength[match.player_a_id] < strength[match.player_b_id]
            services.match_enter_result(match=match, user=judge, games_a=2 if a_wins else 0,
                                        games_b=0 if a_wins else 2)  # fmt: skip


@pytest.fixture
def round_robin(event_factory, judge):
    """Four players A > B > C > D: three rounds without rematches are a round robin."""

    def build(policy: str):
        event = event_factory(players=4, judge=judge, tiebreak_policy=policy)
        regs = list(Registration.objects.filter(event=event).order_by("id"))
        strength = {r.pk: k for k, r in enumerate(regs)}
        _play_by_strength(event, judge, strength, 3)
        return event, regs

    return build


def test_konami_round_robin_worked_by_hand(round_robin):
    from tournaments.selectors import event_standings

    event, (a, b, c, d) = round_robin("konami")
    rows = event_standings(event=event)
    assert [r.registration_id for r in rows] == [a.pk, b.pk, c.pk, d.pk]
    # MWP: A 1, B 2/3, C 1/3, D 0. OMW: A (2/3+1/3+0)/3 = 1/3, B 4/9, C 5/9, D 2/3.
    # OOMW: A (4/9+5/9+6/9)/3 = 5/9, B 14/27, C 13/27, D 4/9.
    assert [r.points for r in rows] == [9, 6, 3, 0]
    assert [r.omw for r in rows] == pytest.approx([1 / 3, 4 / 9, 5 / 9, 2 / 3])
    assert [r.oomw for r in rows] == pytest.approx([5 / 9, 14 / 27, 13 / 27, 4 / 9])
    assert [r.konami_number for r in rows] == ["09333555", "06444518", "03555481", "00666444"]


def test_magic_floors_and_game_win_percentages(round_robin):
    from tournaments.selectors import event_standings

    event, (a, b, c, d) = round_robin("magic")
    rows = {r.registration_id: r for r in event_standings(event=event)}
    # D's MWP and GWP are floored at 0.33 (as their opponents see them too).
    assert rows[d.pk].mwp == pytest.approx(0.33) and rows[d.pk].gwp == pytest.approx(0.33)
    assert rows[a.pk].omw == pytest.approx((2 / 3 + 1 / 3 + 0.33) / 3)
    assert rows[a.pk].ogw == pytest.approx((2 / 3 + 1 / 3 + 0.33) / 3)
    assert rows[b.pk].gwp == pytest.approx(2 / 3)


def test_points_tie_broken_by_opponents(event_factory, judge):
    """Six players, two rounds, by strength: after round 1 three players have 3 points; after round 2 the
    2-0 player is alone, and the 1-1 players are ordered by OMW%, worked out from the actual pairings."""
    from tournaments.selectors import event_standings

    event = event_factory(players=6, judge=judge)
    regs = list(Registration.objects.filter(event=event).order_by("id"))
    strength = {r.pk: k for k, r in enumerate(regs)}
    _play_by_strength(event, judge, strength, 2)
    rows = event_standings(event=event)
    points = {r.registration_id: r.points for r in rows}
    opponents: dict[int, list[int]] = {r.pk: [] for r in regs}
    for match in event.rounds.get(number=1).matches.all() | event.rounds.get(number=2).matches.all():
        opponents[match.player_a_id].append(match.player_b_id)
        opponents[match.player_b_id].append(match.player_a_id)
    omw = {pk: sum(points[o] / 6 for o in opp) / 2 for pk, opp in opponents.items()}
    for row in rows:
        assert row.omw == pytest.approx(omw[row.registration_id])
    ordered = sorted(regs, key=lambda r: (-points[r.pk], -round(omw[r.pk], 9)))
    assert [r.points for r in rows] == [points[r.pk] for r in ordered]
    tied = [r for r in rows if r.points == 3]
    assert [t.omw for t in tied] == sorted((t.omw for t in tied), reverse=True)


def test_pokemon_caps_a_dropped_player_and_removes_byes(event_factory, judge):
    """Five players, Pokémon policy; the strongest drops after round 2. Each OMW is recomputed here from the
    stored matches with the handbook's rules: byes out of the opponent's win %, floor 0.25, cap 0.75 for a
    player who dropped."""
    from tournaments.models import Match
    from tournaments.selectors import event_standings

    event = event_factory(players=5, judge=judge, tiebreak_policy="pokemon", swiss_rounds_override=3)
    regs = list(Registration.objects.filter(event=event).order_by("id"))
    strength = {r.pk: k for k, r in enumerate(regs)}
    _play_by_strength(event, judge, strength, 2)
    services.registration_drop(registration=regs[0], by=regs[0].player)
    _play_by_strength(event, judge, strength, 1)

    points = {r.pk: 0 for r in regs}
    rounds = {r.pk: 0 for r in regs}
    byes = {r.pk: 0 for r in regs}
    opponents: dict[int, list[int]] = {r.pk: [] for r in regs}
    for m in Match.objects.filter(round__event=event):
        if m.player_b_id is None:
            points[m.player_a_id] += 3
            byes[m.player_a_id] += 1
            rounds[m.player_a_id] += 1
            continue
        winner = m.player_a_id if m.games_a > m.games_b else m.player_b_id
        points[winner] += 3
        for pid, other in ((m.player_a_id, m.player_b_id), (m.player_b_id, m.player_a_id)):
            rounds[pid] += 1
            opponents[pid].append(other)

    def seen(pid: int) -> float:
        played = rounds[pid] - byes[pid]
        pct = max((points[pid] - 3 * byes[pid]) / (3 * played), 0.25) if played else 0.25
        return min(pct, 0.75) if pid == regs[0].pk else pct

    rows = {r.registration_id: r for r in event_standings(event=event)}
    assert rows[regs[0].pk].dropped and rows[regs[0].pk].rounds_played == 2
    for pid, opps in opponents.items():
        expected = sum(seen(o) for o in opps) / len(opps) if opps else 0.0
        assert rows[pid].omw == pytest.approx(expected), pid
    assert any(regs[0].pk in opps for opps in opponents.values())
