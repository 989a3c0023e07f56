"""Results: report and confirm, staff entry, optimistic versioning, corrections with the audit log and the
re-pairing offer, penalties and special results."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import play_round
from tournaments import services
from tournaments.models import Match, Penalty, ResultChange
from tournaments.selectors import event_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = round_.matches.filter(player_b__isnull=False).select_related(
        "player_a__player", "player_b__player"
    )[0]
    return event, round_, match


def test_player_reports_and_opponent_confirms(paired):
    event, round_, match = paired
    a, b = match.player_a.player, match.player_b.player
    match = services.match_report_result(match=match, user=a, games_a=2, games_b=1, version=1)
    assert match.status == "reported" and match.version == 2
    with pytest.raises(services.NotAllowed):
        services.match_confirm_result(match=match, user=a, version=match.version)
    match = services.match_confirm_result(match=match, user=b, version=2)
    assert match.status == "confirmed" and match.winner_id == match.player_a_id
    assert list(ResultChange.objects.filter(match=match).values_list("action", flat=True)) == [
        "report",
        "confirm",
    ]
    rows = {r.registration_id: r for r in event_standings(event=event)}
    assert rows[match.player_a_id].points == 3 and rows[match.player_b_id].points == 0


def test_players_report_only_their_own_matches(paired):
    event, round_, match = paired
    other = round_.matches.filter(player_b__isnull=False).exclude(pk=match.pk)[0]
    with pytest.raises(services.NotAllowed):
        services.match_report_result(
            match=other, user=match.player_a.player, games_a=2, games_b=0, version=other.version
        )
    with pytest.raises(services.NotAllowed):
        services.match_enter_result(match=match, user=match.player_a.player, games_a=2, games_b=0)
    with pytest.raises(services.NotAllowed):  # penalties are for judges
        services.match_report_result(match=match, user=match.player_a.player, games_a=0, games_b=0,
                                     kind="double_loss", version=match.version)  # fmt: skip


def test_opponent_reporting_something_else_is_a_conflict(paired):
    _, _, match = paired
    match = services.match_report_result(
        match=match, user=match.player_a.player, games_a=2, games_b=0, version=match.version
    )
    with pytest.raises(services.Conflict):
        services.match_report_result(
            match=match, user=match.player_b.player, games_a=0, games_b=2, version=match.version
        )


def test_two_staff_saving_the_same_result_one_gets_a_conflict(paired, organizer, judge):
    _, _, match = paired
    seen = match.version
    services.match_enter_result(match=match, user=judge, games_a=2, games_b=0, version=seen)
    with pytest.raises(services.Conflict) as info:
        services.match_enter_result(match=match, user=organizer, games_a=0, games_b=2, version=seen)
    assert info.value.status == 409
    match.refresh_from_db()
    assert (match.games_a, match.games_b, match.version) == (2, 0, seen + 1)


def test_bad_results_are_refused(paired, judge):
    _, _, match = paired
    for kwargs, field in [
        ({"games_a": 3, "games_b": 0}, "games_a"),
        ({"games_a": 0, "games_b": 0}, "games_a"),
        ({"games_a": -1, "games_b": 2}, "games_a"),
        ({"games_a": 2, "games_b": 0, "kind": "nonsense"}, "kind"),
        ({"games_a": 0, "games_b": 2, "kind": "game_loss"}, "penalized"),
    ]:
        with pytest.raises(services.TournamentError) as info:
            services.match_enter_result(match=match, user=judge, **kwargs)
        assert info.value.field == field
    match.refresh_from_db()
    assert match.status == "pending" and match.version == 1


def test_special_results_and_penalties(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    m1, m2, m3, m4 = round_.matches.filter(player_b__isnull=False).order_by("table")
    services.match_enter_result(match=m1, user=judge, games_a=0, games_b=0, kind="intentional_draw")
    services.match_enter_result(match=m2, user=judge, games_a=0, games_b=0, kind="double_loss")
    services.match_enter_result(match=m3, user=judge, games_a=1, games_b=2, kind="game_loss",
                                penalized_id=m3.player_a_id)  # fmt: skip
    services.match_enter_result(match=m4, user=judge, games_a=0, games_b=0, kind="match_loss",
                                penalized_id=m4.player_b_id)  # fmt: skip
    rows = {r.registration_id: r for r in event_standings(event=event)}
    assert rows[m1.player_a_id].points == rows[m1.player_b_id].points == 1
    assert rows[m2.player_a_id].points == rows[m2.player_b_id].points == 0
    assert rows[m3.player_b_id].points == 3 and rows[m3.player_a_id].points == 0
    assert rows[m4.player_a_id].points == 3 and rows[m4.player_b_id].points == 0
    assert set(Penalty.objects.filter(event=event).values_list("kind", flat=True)) == {
        "game_loss",
        "match_loss",
    }


def test_one_one_one_and_zero_zero_three_draws(event_factory, organizer, judge):
    event = event_factory(players=4, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    m1, m2 = round_.matches.order_by("table")
    services.match_enter_result(match=m1, user=judge, games_a=1, games_b=1, games_drawn=1)
    services.match_enter_result(match=m2, user=judge, games_a=0, games_b=0, games_drawn=3)
    rows = event_standings(event=event)
    assert all(row.points == 1 and row.draws == 1 for row in rows)


def test_correction_keeps_an_audit_trail_and_offers_to_re_pair(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge)
    round_1 = services.round_pair_next(event=event, user=organizer)
    play_round(event, round_1, judge)
    round_2 = services.round_pair_next(event=event, user=organizer)
    match = round_1.matches.filter(player_b__isnull=False).first()
    with pytest.raises(services.TournamentError) as info:
        services.match_correct_result(match=match, user=judge, reason=" ", games_a=0, games_b=2)
    assert info.value.field == "reason"
    outcome = services.match_correct_result(
        match=match, user=judge, reason="Slip filled the wrong way round",
        games_a=match.games_b, games_b=match.games_a, version=match.version,
    )  # fmt: skip
    assert outcome.repairable_round is not None and outcome.repairable_round.pk == round_2.pk
    change = ResultChange.objects.filter(match=match, action="correction").get()
    assert change.reason == "Slip filled the wrong way round" and change.changed_by == judge
    assert change.before["games_a"] == change.after["games_b"]
    new_round_2 = services.round_repair(round_=round_2, user=organizer)
    assert new_round_2.number == 2
    # Once a result of round 2 is in, a correction of round 1 no longer offers to re-pair.
    first = new_round_2.matches.filter(player_b__isnull=False).first()
    services.match_enter_result(match=first, user=judge, games_a=2, games_b=0)
    match.refresh_from_db()
    outcome = services.match_correct_result(
        match=match, user=judge, reason="Back again", games_a=2, games_b=1
    )
    assert outcome.repairable_round is None
    with pytest.raises(services.Conflict):
        services.round_repair(round_=new_round_2, user=organizer)


def test_confirmed_result_changes_only_by_correction(paired, judge):
    _, _, match = paired
    services.match_enter_result(match=match, user=judge, games_a=2, games_b=0)
    with pytest.raises(services.Conflict):
        services.match_enter_result(match=match, user=judge, games_a=0, games_b=2)
    with pytest.raises(services.Conflict):
        services.match_report_result(
            match=match, user=match.player_b.player, games_a=0, games_b=2,
            version=Match.objects.get(pk=match.pk).version,
        )  # fmt: skip
    assert Match.objects.get(pk=match.pk).games_a == 2


def test_staff_enter_a_round_of_slips_at_once(event_factory, organizer, judge):
    event = event_factory(players=9, judge=judge)
    round_ = services.round_pair_next(event=event, user=organizer)
    matches = list(round_.matches.filter(player_b__isnull=False).order_by("table"))
    lines = [services.BulkResult(match_id=m.pk, games_a=2, games_b=k % 2, version=m.version)
             for k, m in enumerate(matches)]  # fmt: skip
    # All or nothing: one bad line (3 games won in a best of 3) and nothing is saved.
    bad = [*lines[:-1], services.BulkResult(match_id=matches[-1].pk, games_a=3, games_b=0)]
    with pytest.raises(services.TournamentError) as info:
        services.round_enter_results(round_=round_, user=judge, results=bad)
    assert info.value.field == "results/3/games_a"
    assert not Match.objects.filter(round=round_, status="confirmed", player_b__isnull=False).exists()
    stale = [*lines[:-1], services.BulkResult(match_id=matches[-1].pk, games_a=2, games_b=0, version=7)]
    with pytest.raises(services.Conflict):
        services.round_enter_results(round_=round_, user=judge, results=stale)
    with pytest.raises(services.NotAllowed):
        services.round_enter_results(round_=round_, user=matches[0].player_a.player, results=lines)
    assert services.round_enter_results(round_=round_, user=judge, results=lines) == 4
    saved = {m.pk: m for m in Match.objects.filter(round=round_)}
    assert all(saved[m.pk].status == "confirmed" and saved[m.pk].version == 2 for m in matches)
    assert all(saved[m.pk].winner_id == m.player_a_id for m in matches)
    assert ResultChange.objects.filter(match__round=round_).count() == 4
    with pytest.raises(services.Conflict):  # confirmed now: only corrections change them
        services.round_enter_results(round_=round_, user=judge, results=lines)
    assert len(event_standings(event=event)) == 9
