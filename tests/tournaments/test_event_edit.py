"""Editing an event after its creation (services.event_update) and fixing the last round by hand
(round_reopen, round_repair, round_swap_players), late entries: the rules on what may change when, the
refusals naming the field, and the audit (EventChange)."""

from __future__ import annotations

import datetime

import pytest
from django.db.models import Q
from django.utils import timezone

from core.models import Role, User
from tests.tournaments.conftest import make_players, play_round
from tournaments import services
from tournaments.models import (
    EventChange,
    EventStatus,
    Match,
    MatchStatus,
    Registration,
    ResultKind,
    Round,
)
from tournaments.selectors import event_standings
from tournaments.selectors.changes import event_change_rows
from tournaments.selectors.day import player_day

pytestmark = pytest.mark.django_db


@pytest.fixture
def scorekeeper(db):
    return User.objects.create_user("score1", password="pw-score-123", role=Role.PLAYER)


def _refused(field: str, call, *, error=services.TournamentError) -> services.TournamentError:
    with pytest.raises(error) as info:
        call()
    assert info.value.field == field, (info.value.field, info.value.message)
    return info.value


def _edit(event, by, **changes):
    return lambda: services.event_update(event=event, by=by, **changes)


def _edits(event) -> list[tuple[str, str, str]]:
    return [
        (c.field, c.old_value, c.new_value)
        for c in EventChange.objects.filter(event=event, action="edit").order_by("id")
    ]


# --- event_update -----------------------------------------------------------------------------------------


def test_before_round_1_everything_changes_and_each_change_is_audited(event_factory, organizer):
    event = event_factory(players=4)
    deadline = timezone.now() + datetime.timedelta(days=1)
    event = services.event_update(
        event=event, by=organizer, reason="Flyer printed", name="Winter Open", best_of=1, round_minutes=40,
        tiebreak_policy="magic", decklist_deadline=deadline, swiss_rounds_override=5, venue="Hall B",
    )  # fmt: skip
    assert (event.name, event.best_of, event.round_minutes, event.tiebreak_policy) == (
        "Winter Open", 1, 40, "magic",
    )  # fmt: skip
    audit = _edits(event)
    assert [name for name, _old, _new in audit] == [
        "name", "venue", "best_of", "round_minutes", "decklist_deadline", "tiebreak_policy",
        "swiss_rounds_override",
    ]  # fmt: skip
    assert ("best_of", "3", "1") in audit and ("name", "Test Open", "Winter Open") in audit
    change = EventChange.objects.get(event=event, field="name")
    assert change.changed_by == organizer and change.reason == "Flyer printed"
    # The same values again: nothing changes, nothing is audited.
    services.event_update(event=event, by=organizer, name="Winter Open", best_of=1)
    assert len(_edits(event)) == 7
    rows = event_change_rows(event=event)
    assert any(row.what == "Best of" and (row.old, row.new) == ("3", "1") for row in rows)


def test_game_changes_before_round_1_with_its_default_rule_set(event_factory, organizer):
    event = event_factory(players=4)
    event = services.event_update(event=event, by=organizer, game="vanguard")
    assert event.game == "vanguard"
    assert event.rule_set == services.events.rule_set_resolve(game="vanguard", rule_set="")
    assert {"game", "rule_set"} <= {name for name, _o, _n in _edits(event)}


def test_once_round_1_is_paired_the_game_and_tiebreakers_are_fixed(event_factory, organizer):
    event = event_factory(players=8)
    services.round_pair_next(event=event, user=organizer)
    for field, value in (("game", "vanguard"), ("tiebreak_policy", "magic"), ("tier", 2), ("banlist", "x")):
        error = _refused(field, _edit(event, organizer, **{field: value}))
        assert "round 1" in error.message and error.code == "locked"
    # The same value is no change: accepted (a form sends every field).
    services.event_update(event=event, by=organizer, game="yugioh", tiebreak_policy="konami")


def test_swiss_rounds_grow_and_shrink_but_not_below_the_rounds_paired(event_factory, organizer):
    event = event_factory(players=8, swiss_rounds_override=3)
    for _n in range(2):
        play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    event = services.event_update(event=event, by=organizer, swiss_rounds_override=5)
    assert event.swiss_rounds == 5
    event = services.event_update(event=event, by=organizer, swiss_rounds_override=2)
    assert event.swiss_rounds == 2
    error = _refused("swiss_rounds_override", _edit(event, organizer, swiss_rounds_override=1))
    assert "2 Swiss rounds are paired" in error.message
    _refused("swiss_rounds_override", _edit(event, organizer, swiss_rounds_override=None))
    # Two rounds of two, both played: the Swiss is over; pairing a third is refused.
    with pytest.raises(services.TournamentError):
        services.round_pair_next(event=event, user=organizer)


def test_top_cut_changes_until_the_cut_is_made(event_factory, organizer):
    event = event_factory(players=8, swiss_rounds_override=2, top_cut_override=4)
    for _n in range(2):
        play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    event = services.event_update(event=event, by=organizer, top_cut_override=2)
    assert event.top_cut_size == 2
    _refused("top_cut_override", _edit(event, organizer, top_cut_override=16))
    _refused("top_cut_override", _edit(event, organizer, top_cut_override=3))
    services.topcut_start(event=event, user=organizer)
    error = _refused("top_cut_override", _edit(event, organizer, top_cut_override=4))
    assert "top cut" in error.message
    _refused("swiss_rounds_override", _edit(event, organizer, swiss_rounds_override=4))
    # The deck-list deadline moves at any time (a player who missed it can then submit).
    later = timezone.now() + datetime.timedelta(hours=2)
    event = services.event_update(event=event, by=organizer, decklist_deadline=later)
    assert event.decklist_deadline == later


def test_best_of_changes_between_rounds_only(event_factory, organizer):
    event = event_factory(players=8)
    round_1 = services.round_pair_next(event=event, user=organizer)
    error = _refused("best_of", _edit(event, organizer, best_of=1))
    assert "round 1 has 4 match(es) waiting" in error.message
    services.event_update(event=event, by=organizer, round_minutes=35)  # the clock of a new round
    play_round(event, round_1, organizer)
    event = services.event_update(event=event, by=organizer, best_of=1)
    round_2 = services.round_pair_next(event=event, user=organizer)
    match = round_2.matches.filter(player_b__isnull=False).first()
    with pytest.raises(services.TournamentError):  # best of 1 now: nobody wins two games
        services.match_enter_result(match=match, user=organizer, games_a=2, games_b=0)
    services.match_enter_result(match=match, user=organizer, games_a=1, games_b=0)


def test_capacity_not_below_the_players_registered(event_factory, organizer):
    event = event_factory(players=6)
    _refused("capacity", _edit(event, organizer, capacity=5))
    assert services.event_update(event=event, by=organizer, capacity=6).capacity == 6


def test_finished_event_keeps_only_name_date_and_venue(event_factory, organizer):
    event = event_factory(players=4, swiss_rounds_override=1, top_cut_override=0)
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    services.event_set_status(event=event, status=EventStatus.FINISHED, user=organizer)
    _refused("round_minutes", _edit(event, organizer, round_minutes=10))
    assert services.event_update(event=event, by=organizer, venue="Hall Z").venue == "Hall Z"


def test_unknown_field_and_bad_values_name_the_field(event_factory, organizer):
    event = event_factory(players=4)
    _refused("status", _edit(event, organizer, status="finished"))
    _refused("best_of", _edit(event, organizer, best_of=2))


def test_only_organizers_edit(event_factory, organizer, judge, scorekeeper):
    event = event_factory(players=4, judge=judge)
    services.event_add_staff(event=event, user=scorekeeper, role="scorekeeper", by=organizer)
    for person in (judge, scorekeeper):
        with pytest.raises(services.NotAllowed):
            services.event_update(event=event, by=person, name="Mine now")
    assert not _edits(event)


# --- re-open, re-pair, swap ---------------------------------------------------------------------------------


def test_reopen_unconfirms_the_last_round_and_allows_re_pairing(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge)
    round_1 = services.round_pair_next(event=event, user=organizer)
    with pytest.raises(services.TournamentError) as info:
        services.round_reopen(round_=round_1, by=organizer)
    assert info.value.code == "nothing_confirmed"
    play_round(event, round_1, organizer)
    with pytest.raises(services.Conflict) as info:
        services.round_repair(round_=round_1, by=organizer)
    assert "4 result(s) of round 1 are confirmed" in info.value.message
    with pytest.raises(services.NotAllowed):
        services.round_reopen(round_=round_1, by=judge)
    before = {m.pk: (m.games_a, m.games_b, m.version) for m in round_1.matches.filter(player_b__isnull=False)}
    services.round_reopen(round_=round_1, by=organizer, reason="Wrong standings used")
    for match in round_1.matches.filter(player_b__isnull=False):
        assert match.status == MatchStatus.REPORTED and match.confirmed_at is None
        games_a, games_b, version = before[match.pk]
        assert (match.games_a, match.games_b, match.version) == (games_a, games_b, version + 1)
    change = EventChange.objects.get(event=event, action="reopen")
    assert change.round_number == 1 and len(change.details["matches"]) == 4 and change.changed_by == organizer
    # The round is open: the next round waits.
    with pytest.raises(services.TournamentError) as info:
        services.round_pair_next(event=event, user=organizer)
    assert info.value.code == "round_open"
    # Staff can change a re-opened result (it is not confirmed any more)...
    match = round_1.matches.filter(player_b__isnull=False).first()
    services.match_enter_result(match=match, user=judge, games_a=0, games_b=2)
    # ...and with one confirmed, pairing again is refused until re-opened again.
    with pytest.raises(services.Conflict):
        services.round_repair(round_=round_1, by=organizer)
    services.round_reopen(round_=round_1, by=organizer)
    new_round = services.round_repair(round_=round_1, by=organizer, reason="Pair from scratch")
    assert (
        new_round.number == 1 and not new_round.matches.exclude(status="pending").exclude(kind="bye").exists()
    )
    repair = EventChange.objects.get(event=event, action="repair")
    assert repair.details["discarded_reports"] == 4 and len(repair.details["old"]) == 4


def test_only_the_last_round_before_the_cut(event_factory, organizer):
    event = event_factory(players=8, swiss_rounds_override=2, top_cut_override=2)
    round_1 = services.round_pair_next(event=event, user=organizer)
    play_round(event, round_1, organizer)
    round_2 = services.round_pair_next(event=event, user=organizer)
    for call in (services.round_reopen, services.round_repair):
        with pytest.raises(services.Conflict) as info:
            call(round_=round_1, by=organizer)
        assert "Round 2 is paired" in info.value.message
    play_round(event, round_2, organizer)
    services.topcut_start(event=event, user=organizer)
    with pytest.raises(services.Conflict) as info:
        services.round_reopen(round_=round_2, by=organizer)
    assert "top cut has started" in info.value.message
    cut = Round.objects.get(event=event, stage="top_cut")
    with pytest.raises(services.TournamentError) as info:
        services.round_repair(round_=cut, by=organizer)
    assert info.value.code == "top_cut"


def _seat(round_, registration) -> Match:
    return round_.matches.get(Q(player_a=registration) | Q(player_b=registration))


def test_swap_two_players_between_tables(event_factory, organizer):
    event = event_factory(players=8)
    round_1 = services.round_pair_next(event=event, user=organizer)
    t1, t2 = round_1.matches.filter(player_b__isnull=False).order_by("table")[:2]
    first, second = t1.player_a, t2.player_b
    opponent_1, opponent_2 = t1.player_b, t2.player_a
    one, two = services.round_swap_players(
        round_=round_1, first=first, second=second, by=organizer, reason="Same club, asked to move"
    )
    assert {one.player_a_id, one.player_b_id} == {second.pk, opponent_1.pk}
    assert {two.player_a_id, two.player_b_id} == {first.pk, opponent_2.pk}
    assert one.version == t1.version + 1 and two.version == t2.version + 1
    change = EventChange.objects.get(event=event, action="swap")
    assert change.reason == "Same club, asked to move" and change.details["before"][0]["a"] == first.pk
    assert change.details["rematch_tables"] == []
    # The player's phone shows the new opponent.
    day = player_day(event=event, user=first.player, with_standing=False)
    assert day.opponent.pk == opponent_2.pk and day.match.table == t2.table


def test_swap_refusals(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge)
    round_1 = services.round_pair_next(event=event, user=organizer)
    t1, t2, t3 = round_1.matches.filter(player_b__isnull=False).order_by("table")[:3]
    a, b = t1.player_a, t2.player_a

    def swap(first, second, reason="r", round_=round_1, by=organizer):
        return services.round_swap_players(round_=round_, first=first, second=second, by=by, reason=reason)

    _refused("reason", lambda: swap(a, b, reason="  "))
    assert "themselves" in _refused("second", lambda: swap(a, a)).message
    assert "already play each other" in _refused("second", lambda: swap(a, t1.player_b)).message
    with pytest.raises(services.NotAllowed):
        swap(a, b, by=judge)
    services.match_enter_result(match=t3, user=judge, games_a=2, games_b=0)
    error = _refused("second", lambda: swap(a, t3.player_a), error=services.Conflict)
    assert "result of table" in error.message
    play_round(event, round_1, organizer)
    round_2 = services.round_pair_next(event=event, user=organizer)
    # A player of round 1, asked across rounds: round 1 is no longer the last round.
    with pytest.raises(services.Conflict):
        swap(a, b)
    stranger = Registration.objects.create(
        event=event, player=make_players(1, prefix="x")[0], status="checked_in"
    )
    assert "not paired in round 2" in _refused("second", lambda: swap(a, stranger, round_=round_2)).message
    assert not EventChange.objects.filter(event=event, action="swap").exists()


def test_swap_flags_a_rematch(event_factory, organizer):
    event = event_factory(players=4)
    round_1 = services.round_pair_next(event=event, user=organizer)
    play_round(event, round_1, organizer)
    round_2 = services.round_pair_next(event=event, user=organizer)
    old = round_1.matches.filter(player_b__isnull=False).first()
    a, b = old.player_a, old.player_b  # met in round 1, at different tables now
    partner = _seat(round_2, b)
    partner_reg = partner.player_a if partner.player_b_id == b.pk else partner.player_b
    services.round_swap_players(round_=round_2, first=partner_reg, second=a, by=organizer, reason="test")
    change = EventChange.objects.get(event=event, action="swap")
    assert change.details["rematch_tables"]


# --- late entry ---------------------------------------------------------------------------------------------


def test_late_entry_is_audited_and_counts_missed_rounds_as_losses(event_factory, organizer, judge):
    event = event_factory(players=8, judge=judge)
    play_round(event, services.round_pair_next(event=event, user=organizer), organizer)
    round_2 = services.round_pair_next(event=event, user=organizer)
    late_player = make_players(1, prefix="late")[0]
    late = services.registration_create(event=event, player=late_player, by=judge, check_in=True)
    assert late.first_round == 3
    change = EventChange.objects.get(event=event, action="late_entry")
    assert change.changed_by == judge and change.round_number == 3 and change.details["missed_rounds"] == 2
    play_round(event, round_2, organizer)
    row = next(r for r in event_standings(event=event) if r.registration_id == late.pk)
    assert (row.points, row.losses, row.missed_rounds) == (0, 2, 2)


def test_re_pairing_keeps_missed_rounds_or_pairs_the_late_entrants(event_factory, organizer):
    event = event_factory(players=8)
    round_1 = services.round_pair_next(event=event, user=organizer)
    late = services.registration_create(
        event=event, player=make_players(1, prefix="late")[0], by=organizer, check_in=True
    )
    assert [r.pk for r in services.round_edit.round_late_entrants(round_=round_1)] == [late.pk]
    again = services.round_repair(round_=round_1, by=organizer)
    assert again.matches.get(player_a=late).kind == ResultKind.MISSED
    again = services.round_repair(round_=again, by=organizer, include_late_entries=True)
    late.refresh_from_db()
    assert late.first_round == 1
    seat = _seat(again, late)
    assert seat.kind != ResultKind.MISSED
    assert EventChange.objects.filter(event=event, action="repair").order_by("id").last().details[
        "late_entries_paired"
    ] == [late.pk]
