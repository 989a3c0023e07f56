"""An event's staff: its organizer appoints judges, head judges and scorekeepers from real accounts; every
appointment, change and removal is audited (EventStaffChange). A scorekeeper runs the day (results,
check-in) but is not a judge: no deck lists' contents, deck checks, unlocks or judge-call log."""

from __future__ import annotations

import json

import pytest
from django.core.exceptions import PermissionDenied

from core.models import Role, User
from decks.models import DeckCheck, DeckList, DeckListVersion
from decks.selectors import can_staff, deck_list_visible
from decks.services.decklists import DeckRefused, decklist_unlock
from rulings.selectors import event_is_staff
from tests.rulings.rulings_documents import YGO_BATTLE
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import EventStaff, EventStaffChange, Match, MatchStatus, Registration, StaffRole
from tournaments.services.common import can_judge, can_manage, can_score, staff_role
from tournaments.services.errors import NotAllowed, TournamentError

pytestmark = pytest.mark.django_db

PASSWORD = "pw-staff-123"  # noqa: S105 - test accounts


def _person(username: str, **extra) -> User:
    return User.objects.create_user(username, password=PASSWORD, display_name=username.title(), **extra)


@pytest.fixture
def scorekeeper(db):
    return _person("keeper")


@pytest.fixture
def running(organizer, judge, scorekeeper):
    """An event in Swiss round 1 with a judge and a scorekeeper, one deck list and one judge call."""
    event = make_event(organizer, players=6, judge=judge)
    services.event_add_staff(event=event, user=scorekeeper, role=StaffRole.SCOREKEEPER, by=organizer)
    round_ = services.round_pair_next(event=event, number=1, user=organizer)
    registration = Registration.objects.filter(event=event).order_by("id").first()
    deck_list = DeckList.objects.create(registration=registration)
    version = DeckListVersion.objects.create(
        deck_list=deck_list,
        number=1,
        format="ydk",
        source="#main\n89631139\n",
        content={"main": [{"ref": "89631139", "count": 1}]},
        content_hash="0" * 64,
        submitted_by=registration.player,
    )
    from rulings.services.rulings import ruling_save

    ruling_save(document=YGO_BATTLE, note="table 2", user=judge, event=event, round_number=1)
    return {"event": event, "round": round_, "deck_list": deck_list, "version": version}


def test_a_scorekeeper_is_staff_but_not_a_judge(running, organizer, judge, scorekeeper):
    event = running["event"]
    assert staff_role(user=scorekeeper, event=event) == StaffRole.SCOREKEEPER
    assert can_score(user=scorekeeper, event=event)
    assert not can_judge(user=scorekeeper, event=event)
    assert not can_manage(user=scorekeeper, event=event)
    assert not can_staff(user=scorekeeper, event=event)
    assert not event_is_staff(user=scorekeeper, event=event)
    # the judge and the organizer keep every right they had
    for someone in (judge, organizer):
        assert can_score(user=someone, event=event) and can_judge(user=someone, event=event)
        assert can_staff(user=someone, event=event) and event_is_staff(user=someone, event=event)


def test_a_scorekeeper_enters_results_and_drops_players(client, running, scorekeeper):
    event = running["event"]
    match = Match.objects.filter(round=running["round"], player_b__isnull=False).order_by("table").first()
    services.match_enter_result(match=match, user=scorekeeper, games_a=2, games_b=1, games_drawn=0)
    match.refresh_from_db()
    assert (match.status, match.games_a, match.games_b) == (MatchStatus.CONFIRMED, 2, 1)
    # and through the API
    other = Match.objects.filter(round=running["round"], player_b__isnull=False).exclude(pk=match.pk).first()
    client.force_login(scorekeeper)
    body = {"games_a": 0, "games_b": 2, "games_drawn": 0, "version": other.version}
    response = client.post(
        f"/api/matches/{other.pk}/enter/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    other.refresh_from_db()
    assert (other.games_a, other.games_b) == (0, 2)
    # a drop at the desk
    registration = Registration.objects.filter(event=event).order_by("-id").first()
    services.registration_drop(registration=registration, by=scorekeeper)
    registration.refresh_from_db()
    assert registration.status == "dropped"


def test_a_scorekeeper_sees_no_deck_list_no_deck_check_and_no_judge_call_log(client, running, scorekeeper):
    event, deck_list = running["event"], running["deck_list"]
    assert not deck_list_visible(deck_list=deck_list, user=scorekeeper)
    client.force_login(scorekeeper)
    assert client.get(f"/decks/lists/{deck_list.pk}/").status_code in (403, 404)
    assert client.get(f"/api/decklists/{deck_list.pk}/").status_code in (403, 404)
    assert client.get(f"/rulings/events/{event.pk}/log/").status_code == 403
    with pytest.raises(DeckRefused):
        decklist_unlock(deck_list=deck_list, user=scorekeeper, note="typo")
    deck_list.refresh_from_db()
    assert not deck_list.unlocked
    from decks.services.decklists import deck_checks_select

    with pytest.raises(DeckRefused):
        deck_checks_select(event=event, user=scorekeeper, round_number=1, count=1)
    assert not DeckCheck.objects.exists()
    from rulings.services.rulings import ruling_save

    with pytest.raises(PermissionDenied):
        ruling_save(document=YGO_BATTLE, note="mine", user=scorekeeper, event=event, round_number=1)


def test_the_judge_of_the_same_event_still_sees_them(client, running, judge):
    client.force_login(judge)
    assert client.get(f"/decks/lists/{running['deck_list'].pk}/").status_code == 200
    assert client.get(f"/rulings/events/{running['event'].pk}/log/").status_code == 200


# --- appointing ---------------------------------------------------------------------------------------------


def test_appointing_a_placeholder_or_a_deactivated_account_fails(organizer):
    event = make_event(organizer)
    ghost = User.objects.create(username="imported-ghost", is_placeholder=True)
    gone = _person("gone", is_active=False)
    for person, code in ((ghost, "placeholder"), (gone, "inactive")):
        for role in (StaffRole.JUDGE, StaffRole.SCOREKEEPER, StaffRole.ORGANIZER):
            with pytest.raises(TournamentError) as refused:
                services.event_add_staff(event=event, user=person, role=role, by=organizer)
            assert (refused.value.code, refused.value.field) == (code, "user")
    assert not EventStaff.objects.filter(user__in=[ghost, gone]).exists()
    assert not EventStaffChange.objects.exists()


def test_staff_changes_are_audited(organizer, judge):
    event = make_event(organizer)
    services.event_add_staff(event=event, user=judge, role=StaffRole.JUDGE, by=organizer)
    services.event_add_staff(event=event, user=judge, role=StaffRole.HEAD_JUDGE, by=organizer)
    services.event_remove_staff(event=event, user=judge, by=organizer)
    rows = list(EventStaffChange.objects.filter(event=event).order_by("changed_at", "id"))
    assert [(r.user, r.old_role, r.new_role, r.changed_by) for r in rows] == [
        (judge, "", StaffRole.JUDGE, organizer),
        (judge, StaffRole.JUDGE, StaffRole.HEAD_JUDGE, organizer),
        (judge, StaffRole.HEAD_JUDGE, "", organizer),
    ]
    assert all(r.changed_at is not None for r in rows)
    assert not EventStaff.objects.filter(event=event, user=judge).exists()


def test_refused_appointments_write_nothing(organizer, judge, scorekeeper):
    event = make_event(organizer, judge=judge)
    before = EventStaffChange.objects.count()
    with pytest.raises(TournamentError) as refused:
        services.event_add_staff(event=event, user=judge, role=StaffRole.JUDGE, by=organizer)
    assert refused.value.code == "unchanged"
    with pytest.raises(NotAllowed):
        services.event_add_staff(event=event, user=scorekeeper, role=StaffRole.SCOREKEEPER, by=judge)
    with pytest.raises(TournamentError):
        services.event_add_staff(event=event, user=organizer, role=StaffRole.SCOREKEEPER, by=organizer)
    with pytest.raises(TournamentError):
        services.event_remove_staff(event=event, user=organizer, by=organizer)
    with pytest.raises(TournamentError) as refused:
        services.event_remove_staff(event=event, user=scorekeeper, by=organizer)
    assert refused.value.code == "not_staff"
    with pytest.raises(TournamentError) as refused:
        services.event_add_staff(event=event, user=scorekeeper, role="overlord", by=organizer)
    assert refused.value.field == "role" and "scorekeeper" in refused.value.message
    assert EventStaffChange.objects.count() == before
    assert staff_role(user=scorekeeper, event=event) is None


def test_the_event_page_appoints_a_scorekeeper_and_shows_the_staff_log(client, organizer, scorekeeper):
    event = make_event(organizer)
    client.force_login(organizer)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert '<option value="scorekeeper">' in page
    response = client.post(
        f"/events/{event.pk}/people/", {"username": "keeper", "as": "scorekeeper"}, follow=True
    )
    assert response.status_code == 200
    assert EventStaff.objects.get(event=event, user=scorekeeper).role == StaffRole.SCOREKEEPER
    page = response.content.decode()
    assert 'data-testid="staff-log"' in page and page.count('data-testid="staff-change"') == 1
    assert "appointed Scorekeeper" in page
    # removed from the same page
    response = client.post(f"/events/{event.pk}/people/", {"username": "keeper", "as": "remove"}, follow=True)
    assert not EventStaff.objects.filter(event=event, user=scorekeeper).exists()
    assert response.content.decode().count('data-testid="staff-change"') == 2
    # a placeholder is refused with the reason, nothing is written
    User.objects.create(username="ghost", is_placeholder=True)
    response = client.post(f"/events/{event.pk}/people/", {"username": "ghost", "as": "judge"}, follow=True)
    assert "imported player record" in response.content.decode()
    assert EventStaffChange.objects.filter(event=event).count() == 2


def test_the_api_appoints_a_scorekeeper_and_refuses_a_placeholder(client, organizer, scorekeeper):
    event = make_event(organizer)
    client.force_login(organizer)
    url = f"/api/events/{event.pk}/staff/"
    response = client.post(
        url, {"username": "keeper", "role": "scorekeeper"}, content_type="application/json"
    )
    assert response.status_code == 201 and response.json()["role"] == "scorekeeper"
    User.objects.create(username="ghost", is_placeholder=True, role=Role.PLAYER)
    response = client.post(url, {"username": "ghost", "role": "judge"}, content_type="application/json")
    assert response.status_code == 400
    assert "user" in json.dumps(response.json())
    assert EventStaffChange.objects.filter(event=event).count() == 1


def test_a_scorekeeper_runs_the_day_from_the_pages_but_gets_no_judge_links(client, running, scorekeeper):
    event = running["event"]
    client.force_login(scorekeeper)
    assert client.get(f"/events/{event.pk}/console/").status_code == 200
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'data-testid="nav-console"' in page
    assert 'data-testid="nav-deck-lists"' not in page and 'data-testid="nav-judge-calls"' not in page
    assert client.get(f"/decks/events/{event.pk}/lists/").status_code in (403, 404)
    assert client.get(f"/rulings/events/{event.pk}/log/").status_code in (403, 404)


def test_a_judge_still_gets_the_deck_lists_and_judge_calls_links(client, running, judge):
    client.force_login(judge)
    page = client.get(f"/events/{running['event'].pk}/").content.decode()
    assert 'data-testid="nav-deck-lists"' in page and 'data-testid="nav-judge-calls"' in page


def test_the_tablet_offers_only_the_events_a_person_judges(running, scorekeeper, judge):
    from rulings.selectors import events_for_staff

    assert list(events_for_staff(user=scorekeeper)) == []
    assert list(events_for_staff(user=judge)) == [running["event"]]


def test_a_penalty_is_a_judges_call_not_a_scorekeepers(running, scorekeeper, judge):
    match = Match.objects.filter(round=running["round"], player_b__isnull=False).first()
    with pytest.raises(NotAllowed):
        services.penalty_issue(
            event=running["event"],
            registration=match.player_a,
            kind="warning",
            reason="Slow play",
            by=scorekeeper,
        )
    penalty = services.penalty_issue(
        event=running["event"], registration=match.player_a, kind="warning", reason="Slow play", by=judge
    )
    assert penalty.issued_by == judge


def test_a_scorekeeper_prints_pairings_and_standings_but_not_the_deck_lists(client, running, scorekeeper):
    from django.urls import reverse

    event = running["event"]
    client.force_login(scorekeeper)

    def pdf(kind):
        return client.get(reverse("tournaments:print_pdf", kwargs={"event_id": event.pk, "kind": kind}))

    assert pdf("pairings-table").status_code == 200
    assert pdf("decklists").status_code == 403
    standings = reverse(
        "tournaments:export_table", kwargs={"event_id": event.pk, "what": "standings", "fmt": "csv"}
    )
    assert client.get(standings).status_code == 200
    assert (
        client.get(reverse("tournaments:export_event_json", kwargs={"event_id": event.pk})).status_code == 403
    )
