"""Penalties (issue 17, item 8): the game's infractions, who may record them, a game or match loss that
changes the result through the one result service (audited, awaiting confirmation again), a
disqualification that drops the player once a head judge approves it, and the player's history."""

from __future__ import annotations

import pytest

from core.models import Role, User
from rulings.engine.registry import get_plugin
from tests.tournaments.conftest import play_round
from tournaments import services
from tournaments.models import Match, MatchStatus, Penalty, ResultChange, ResultKind
from tournaments.selectors.penalties import penalty_guide, penalty_history
from tournaments.services.errors import NotAllowed, TournamentError

pytestmark = pytest.mark.django_db


def _user(name: str, role: str = Role.PLAYER) -> User:
    return User.objects.create_user(name, password=f"pw-{name}-123", role=role)


@pytest.fixture
def day(event_factory, organizer, judge):
    event = event_factory(players=4, judge=judge)
    head, keeper = _user("head1", Role.JUDGE), _user("keeper1")
    services.event_add_staff(event=event, user=head, role="head_judge", by=organizer)
    services.event_add_staff(event=event, user=keeper, role="scorekeeper", by=organizer)
    round_ = services.round_pair_next(event=event, user=organizer)
    match = Match.objects.filter(round=round_, player_b__isnull=False).select_related("round").first()
    return {"event": event, "head": head, "keeper": keeper, "round": round_, "match": match}


def test_the_guide_is_the_games():
    yugioh = get_plugin("yugioh").penalties
    assert list(yugioh.infractions) == [
        "procedural_error", "tardiness", "deck_problem", "marked_cards", "drawing_extra_cards",
        "unsporting_conduct", "cheating",
    ]  # fmt: skip
    assert yugioh.penalties == ("warning", "game_loss", "match_loss", "disqualification")
    assert "drawing_extra_cards" not in get_plugin("vanguard").penalties.infractions  # the generic guide
    view = penalty_guide(game="yugioh")
    assert ("cheating", "Cheating") in view.infractions and ("game_loss", "Game loss") in view.penalties


def test_who_may_record(day, judge, organizer):
    event, match = day["event"], day["match"]
    args = {"event": event, "registration": match.player_a, "infraction": "tardiness", "penalty": "warning"}
    for outsider in (day["keeper"], match.player_a.player, _user("stranger")):
        with pytest.raises(NotAllowed):
            services.penalty_record(**args, by=outsider)
    for staff in (judge, day["head"], organizer):
        assert services.penalty_record(**args, by=staff).issued_by == staff
    assert Penalty.objects.filter(event=event).count() == 3


def test_unknown_infraction_or_penalty_names_the_field(day, judge):
    event, match = day["event"], day["match"]
    cases = (("infraction", "slow_play", "warning"), ("penalty", "tardiness", "ban"))
    for field, infraction, penalty in cases:
        with pytest.raises(TournamentError) as error:
            services.penalty_record(event=event, registration=match.player_a, infraction=infraction,
                                    penalty=penalty, by=judge)  # fmt: skip
        assert error.value.field == field


def test_a_game_loss_changes_the_open_match_and_awaits_confirmation(day, judge):
    match = day["match"]
    row = services.penalty_record(
        event=day["event"], registration=match.player_a, infraction="drawing_extra_cards",
        penalty="game_loss", reason="Drew 2", by=judge,
    )  # fmt: skip
    match.refresh_from_db()
    assert row.match == match and row.infraction == "drawing_extra_cards"
    assert (match.kind, match.games_a, match.games_b, match.penalized_id) == (
        ResultKind.GAME_LOSS, 0, 1, match.player_a_id,
    )  # fmt: skip
    assert match.status == MatchStatus.REPORTED and match.reported_by == judge
    change = ResultChange.objects.filter(match=match).latest("id")
    assert change.action == ResultChange.Action.PENALTY and "Drew 2" in change.reason
    assert Penalty.objects.filter(match=match).count() == 1  # no second penalty from the result service
    # Either player confirms it (the judge reported it); a staff entry confirming it adds no penalty.
    services.match_confirm_result(match=match, user=match.player_a.player, version=match.version)
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED


@pytest.mark.parametrize(
    ("before", "penalized", "after"),
    [
        ((2, 1), "a", (1, 2)),  # a decided win: the penalized player loses the last game they won
        ((2, 0), "a", (1, 1)),  # ... a 2-0 becomes 1-1, a draw (the QA run saw 2-1 become 2-2)
        ((1, 2), "a", (1, 2)),  # a match already lost stays lost
        ((1, 1), "b", (2, 1)),  # an open match: one more game for the opponent
    ],
)
def test_a_game_loss_after_the_match_never_makes_an_impossible_score(day, judge, organizer, before, penalized,
                                                                     after):  # fmt: skip
    event, match = day["event"], day["match"]
    assert event.best_of == 3
    services.match_enter_result(
        match=match, user=organizer, games_a=before[0], games_b=before[1], games_drawn=0
    )
    match.refresh_from_db()
    registration = match.player_a if penalized == "a" else match.player_b
    services.penalty_record(event=event, registration=registration, infraction="drawing_extra_cards",
                            penalty="game_loss", by=judge)  # fmt: skip
    match.refresh_from_db()
    assert (match.games_a, match.games_b) == after
    assert match.kind == ResultKind.GAME_LOSS and match.penalized_id == registration.pk


def test_a_match_loss_on_a_confirmed_result_is_re_confirmed(day, judge, organizer):
    event, match = day["event"], day["match"]
    play_round(event, day["round"], organizer)
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    services.penalty_record(event=event, registration=match.player_b, infraction="unsporting_conduct",
                            penalty="match_loss", by=judge)  # fmt: skip
    match.refresh_from_db()
    assert match.kind == ResultKind.MATCH_LOSS and match.winner_id == match.player_a_id
    assert match.status == MatchStatus.REPORTED and match.confirmed_by is None
    services.match_result_submit(
        match=match, user=organizer, action="staff",
        result=services.ResultInput(match.games_a, match.games_b, 0, ResultKind.MATCH_LOSS,
                                    match.player_b_id, version=match.version),
    )  # fmt: skip
    match.refresh_from_db()
    assert match.status == MatchStatus.CONFIRMED
    assert Penalty.objects.filter(match=match).count() == 1


def test_a_disqualification_waits_for_the_head_judge_then_drops(day, judge):
    event, match = day["event"], day["match"]
    row = services.penalty_record(event=event, registration=match.player_a, infraction="cheating",
                                  penalty="disqualification", by=judge)  # fmt: skip
    assert row.awaiting_approval
    match.player_a.refresh_from_db()
    assert match.player_a.status == "checked_in"
    for refused in (judge, day["keeper"], match.player_b.player):
        with pytest.raises(NotAllowed):
            services.penalty_approve(penalty=row, by=refused)
    row = services.penalty_approve(penalty=row, by=day["head"])
    assert row.approved_by == day["head"] and not row.awaiting_approval
    match.player_a.refresh_from_db()
    assert match.player_a.status == "dropped"


def test_a_head_judges_disqualification_is_approved_at_once(day):
    match = day["match"]
    row = services.penalty_record(event=day["event"], registration=match.player_b, infraction="cheating",
                                  penalty="disqualification", by=day["head"])  # fmt: skip
    assert row.approved_by == day["head"]
    match.player_b.refresh_from_db()
    assert match.player_b.status == "dropped"


def test_the_history_per_player(day, judge):
    event, match = day["event"], day["match"]
    for infraction in ("tardiness", "procedural_error"):
        services.penalty_record(event=event, registration=match.player_a, infraction=infraction,
                                penalty="warning", by=judge)  # fmt: skip
    history = penalty_history(event=event)
    assert [p.infraction for p in history[match.player_a_id]] == ["tardiness", "procedural_error"]
    assert match.player_b_id not in history


def test_the_judge_call_log_records_and_shows_the_history(client, day, judge):
    event, match = day["event"], day["match"]
    url = f"/rulings/events/{event.pk}/penalties/"
    post = {"registration": match.player_a_id, "infraction": "marked_cards", "penalty": "game_loss",
            "reason": "Sleeves worn"}  # fmt: skip
    for outsider in (day["keeper"], match.player_a.player):
        client.force_login(outsider)
        assert client.post(url, post).status_code == 403
    client.force_login(judge)
    assert client.post(url, post).status_code == 302
    match.refresh_from_db()
    assert match.kind == ResultKind.GAME_LOSS and match.status == MatchStatus.REPORTED
    assert client.post(url, {**post, "infraction": "nope"}).status_code == 400
    services.penalty_record(event=event, registration=match.player_b, infraction="cheating",
                            penalty="disqualification", by=judge)  # fmt: skip
    page = client.get(f"/rulings/events/{event.pk}/log/").content.decode()
    assert "Marked cards" in page and "Sleeves worn" in page and "awaiting the head judge" in page
    assert 'data-testid="penalty-approve"' not in page  # a judge does not approve
    dq = Penalty.objects.get(kind="disqualification")
    assert client.post(f"/rulings/events/{event.pk}/penalties/{dq.pk}/approve/").status_code == 403
    client.force_login(day["head"])
    assert 'data-testid="penalty-approve"' in client.get(f"/rulings/events/{event.pk}/log/").content.decode()
    assert client.post(f"/rulings/events/{event.pk}/penalties/{dq.pk}/approve/").status_code == 302
    match.player_b.refresh_from_db()
    assert match.player_b.status == "dropped"


def test_the_api(day, judge):
    from rest_framework.test import APIClient

    event, match = day["event"], day["match"]
    api = APIClient()
    url = f"/api/events/{event.pk}/penalties/"
    body = {"registration": match.player_b_id, "infraction": "tardiness", "penalty": "match_loss"}
    api.force_authenticate(day["keeper"])
    assert api.post(url, body, format="json").status_code == 403
    assert api.get(url).status_code == 403
    api.force_authenticate(judge)
    made = api.post(url, body, format="json")
    assert made.status_code == 201, made.content
    assert made.json()["penalty"] == "match_loss" and made.json()["round"] == 1
    bad = api.post(url, {**body, "infraction": "nope"}, format="json")
    assert bad.status_code == 400 and bad.json()["errors"][0]["path"] == "/infraction"
    dq = api.post(
        url, {**body, "penalty": "disqualification", "infraction": "cheating"}, format="json"
    ).json()
    assert dq["awaiting_approval"] is True
    assert api.post(f"{url}{dq['id']}/approve/").status_code == 403
    api.force_authenticate(day["head"])
    approved = api.post(f"{url}{dq['id']}/approve/")
    assert approved.status_code == 200 and approved.json()["approved_by"] == "head1"
    assert [p["infraction"] for p in api.get(url).json()] == ["tardiness", "cheating"]


def test_exports_carry_the_history(client, day, judge, organizer):
    import json

    from tournaments.services import event_import as importing
    from tournaments.services.event_file import comparable, event_export
    from tournaments.services.event_import import event_import

    event, match = day["event"], day["match"]
    services.penalty_record(event=event, registration=match.player_a, infraction="tardiness",
                            penalty="game_loss", reason="Ten minutes late", by=judge)  # fmt: skip
    services.penalty_record(event=event, registration=match.player_b, infraction="cheating",
                            penalty="disqualification", by=day["head"])  # fmt: skip
    client.force_login(judge)
    csv_text = client.get(f"/events/{event.pk}/export/penalties.csv").content.decode()
    assert "Tardiness" in csv_text and "Ten minutes late" in csv_text and "Disqualification" in csv_text
    client.force_login(day["keeper"])
    assert client.get(f"/events/{event.pk}/export/penalties.csv").status_code == 403
    document = event_export(event=event)
    assert {p["infraction"] for p in document["penalties"]} == {"tardiness", "cheating"}
    restored = event_import(
        document=importing.event_document_parse(data=json.dumps(document).encode()), importer=organizer
    )
    assert comparable(event_export(event=restored)) == comparable(document)
    for p in document["penalties"]:  # a file written before infractions still imports
        for key in ("infraction", "approved_by", "approved_at"):
            del p[key]
    assert event_import(
        document=importing.event_document_parse(data=json.dumps(document).encode()), importer=organizer
    )


def test_the_judge_call_log_picks_the_match_by_round(client, day, judge, organizer):
    """A Game Loss for round 1 recorded while round 2 is being played changes round 1's match."""
    event, first = day["event"], day["match"]
    play_round(event, day["round"], organizer)
    services.round_pair_next(event=event, user=organizer)
    url = f"/rulings/events/{event.pk}/penalties/"
    client.force_login(judge)
    page = client.get(f"/rulings/events/{event.pk}/log/").content.decode()
    assert "The player&#x27;s latest match" in page and '<option value="2">Round 2</option>' in page
    post = {"registration": first.player_a_id, "infraction": "procedural_error", "penalty": "game_loss",
            "round": 1}  # fmt: skip
    assert client.post(url, post).status_code == 302
    penalty = Penalty.objects.get(event=event)
    assert penalty.match_id == first.pk
    refused = client.post(url, {**post, "round": 3})
    assert refused.status_code == 400 and "Select a valid choice" in refused.content.decode()
