"""Issue 17 items 4 and 5: the check-in desk (search, one tap, undo, QR tokens), the self check-in policy,
and the warnings before pairing (missing or illegal deck lists, players not checked in)."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from core.collation import fold
from core.models import Role, User
from decks.models import DeckList, DeckListVersion
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Registration, Round
from tournaments.selectors.checkin import desk_search, self_check_in
from tournaments.selectors.pairing_warnings import pairing_warnings, pairing_warnings_before
from tournaments.services.checkin import registration_check_in_by_token, registration_undo_check_in
from tournaments.services.errors import NotAllowed, TournamentError

pytestmark = pytest.mark.django_db


def _person(username: str, display_name: str = "", role=Role.PLAYER) -> User:
    return User.objects.create_user(username, password="pw-test-123", role=role, display_name=display_name)


def _register(event, user) -> Registration:
    return services.registration_create(event=event, player=user)


def _deck(registration: Registration, *, legal: bool) -> None:
    deck_list = DeckList.objects.create(registration=registration)
    DeckListVersion.objects.create(
        deck_list=deck_list, number=1, format="ydk", source="", content={}, content_hash="h", legal=legal
    )


@pytest.fixture
def scorekeeper(db):
    return _person("keeper", "Score Keeper", role=Role.JUDGE)


@pytest.fixture
def event(organizer, scorekeeper):
    event = make_event(organizer)
    services.event_add_staff(event=event, user=scorekeeper, role="scorekeeper", by=organizer)
    return event


# --- the self check-in policy ----------------------------------------------------------------------------


def test_defaults_keep_self_check_in_open(event):
    player = _person("ann")
    registration = _register(event, player)
    assert self_check_in(event=event).state == "open"
    services.registration_check_in(registration=registration, by=player)
    registration.refresh_from_db()
    assert registration.status == "checked_in"


def test_staff_only_refuses_the_player_but_not_the_staff(event, scorekeeper):
    event.self_check_in_staff_only = True
    event.save()
    player = _person("ann")
    registration = _register(event, player)
    with pytest.raises(NotAllowed) as refused:
        services.registration_check_in(registration=registration, by=player)
    assert refused.value.code == "staff_only"
    assert "check-in desk" in refused.value.message
    services.registration_check_in(registration=registration, by=scorekeeper)
    registration.refresh_from_db()
    assert registration.status == "checked_in"


def test_window_refusals_name_the_window(event):
    now = timezone.now()
    player = _person("ann")
    registration = _register(event, player)
    event.self_check_in_opens = now + datetime.timedelta(hours=1)
    event.save()
    with pytest.raises(TournamentError) as early:
        services.registration_check_in(registration=registration, by=player)
    assert early.value.code == "not_yet"
    assert "opens at" in early.value.message
    event.self_check_in_opens = now - datetime.timedelta(hours=2)
    event.self_check_in_closes = now - datetime.timedelta(hours=1)
    event.save()
    with pytest.raises(TournamentError) as late:
        services.registration_check_in(registration=registration, by=player)
    assert late.value.code == "over"
    assert "closed at" in late.value.message
    event.self_check_in_closes = now + datetime.timedelta(hours=1)
    event.save()
    services.registration_check_in(registration=registration, by=player)
    assert Registration.objects.get(pk=registration.pk).status == "checked_in"


def test_window_must_close_after_it_opens(organizer):
    now = timezone.now()
    with pytest.raises(TournamentError) as refused:
        make_event(organizer, self_check_in_opens=now, self_check_in_closes=now - datetime.timedelta(hours=1))
    assert refused.value.field == "self_check_in_closes"


# --- tokens ------------------------------------------------------------------------------------------------


def test_each_registration_has_its_own_unguessable_token(event):
    tokens = {_register(event, _person(f"t{n}")).checkin_token for n in range(5)}
    assert len(tokens) == 5
    assert all(len(t) >= 20 for t in tokens)


def test_token_check_in_by_staff(event, scorekeeper):
    registration = _register(event, _person("ann"))
    done = registration_check_in_by_token(event=event, token=registration.checkin_token, by=scorekeeper)
    assert done.pk == registration.pk and done.status == "checked_in"


def test_wrong_token_and_token_of_another_event(event, organizer, scorekeeper):
    other = make_event(organizer, name="Other")
    elsewhere = _register(other, _person("bob"))
    for token in ("nope", elsewhere.checkin_token):
        with pytest.raises(TournamentError) as refused:
            registration_check_in_by_token(event=event, token=token, by=scorekeeper)
        assert refused.value.status == 404
    assert Registration.objects.get(pk=elsewhere.pk).status == "registered"


def test_outsider_with_a_valid_token_is_refused(event):
    registration = _register(event, _person("ann"))
    outsider = _person("mallory")
    with pytest.raises(NotAllowed):
        registration_check_in_by_token(event=event, token=registration.checkin_token, by=outsider)
    # the player themselves cannot use the staff's door either
    with pytest.raises(NotAllowed):
        registration_check_in_by_token(event=event, token=registration.checkin_token, by=registration.player)
    assert Registration.objects.get(pk=registration.pk).status == "registered"


def test_undo_check_in(event, scorekeeper):
    registration = _register(event, _person("ann"))
    services.registration_check_in(registration=registration, by=scorekeeper)
    undone = registration_undo_check_in(registration=registration, by=scorekeeper)
    assert undone.status == "registered" and undone.checked_in_at is None
    with pytest.raises(NotAllowed):
        registration_undo_check_in(registration=registration, by=registration.player)


# --- search ------------------------------------------------------------------------------------------------


def test_search_ignores_accents_and_case_and_is_bounded(event, django_assert_num_queries):
    _register(event, _person("eloise", "Éloïse Müller"))
    _register(event, _person("zoe", "Zoë Ångström"))
    for n in range(40):
        _register(event, _person(f"m{n:02d}", f"Martin {n:02d}"))
    assert fold("Éloïse") == "eloise"
    with django_assert_num_queries(2):
        found = desk_search(event=event, query="ELOISE mull")
    assert [r.player.username for r in found.registrations] == ["eloise"]
    assert [r.player.username for r in desk_search(event=event, query="angstrom").registrations] == ["zoe"]
    many = desk_search(event=event, query="martin", limit=30)
    assert len(many.registrations) == 30 and many.matching == 40 and many.truncated


# --- warnings before pairing -------------------------------------------------------------------------------


def test_warnings_list_missing_and_illegal_decks_and_absent_players(event, organizer):
    good = _register(event, _person("good", "Good Deck"))
    bad = _register(event, _person("bad", "Bad Deck"))
    _register(event, _person("none", "No Deck"))
    absent = _register(event, _person("absent", "Not Here"))
    for registration in (good, bad):
        services.registration_check_in(registration=registration, by=organizer)
    _deck(good, legal=True)
    _deck(bad, legal=False)
    _deck(absent, legal=True)
    warnings = {w.code: [p.username for p in w.players] for w in pairing_warnings(event=event)}
    assert warnings == {
        "missing_deck_list": ["none"],
        "illegal_deck_list": ["bad"],
        "not_checked_in": ["none", "absent"],  # by name: "No Deck", "Not Here"
    }


def test_no_warnings_for_someone_who_cannot_pair_or_a_round_already_paired(event, scorekeeper, organizer):
    _register(event, _person("ann"))
    assert pairing_warnings_before(event=event, user=scorekeeper, number=1) == []
    assert pairing_warnings_before(event=event, user=organizer, number=1) != []
    assert pairing_warnings_before(event=event, user=organizer, number=2) == []


def _two_ready_players_and_one_absent(event, organizer):
    for name in ("a1", "a2"):
        registration = _register(event, _person(name))
        services.registration_check_in(registration=registration, by=organizer)
        _deck(registration, legal=True)
    return _register(event, _person("late"))


def test_console_pair_shows_warnings_then_pairs_anyway(client, event, organizer):
    _two_ready_players_and_one_absent(event, organizer)
    client.force_login(organizer)
    url = reverse("tournaments:console_pair", args=[event.pk])
    shown = client.post(url, {"number": "1"})
    assert shown.status_code == 200
    assert b'data-testid="warning-not_checked_in"' in shown.content
    assert b'data-testid="warning-missing_deck_list"' in shown.content  # "late" has no deck list
    assert not Round.objects.filter(event=event).exists()
    paired = client.post(url, {"number": "1", "force": "1"})
    assert paired.status_code == 302
    assert Round.objects.filter(event=event, number=1).exists()


def test_console_pair_without_warnings_pairs_directly(client, event, organizer):
    late = _two_ready_players_and_one_absent(event, organizer)
    services.registration_drop(registration=late, by=organizer)
    client.force_login(organizer)
    response = client.post(reverse("tournaments:console_pair", args=[event.pk]), {"number": "1"})
    assert response.status_code == 302
    assert Round.objects.filter(event=event, number=1).exists()


def test_event_page_pair_next_warns_over_htmx(client, event, organizer):
    _two_ready_players_and_one_absent(event, organizer)
    client.force_login(organizer)
    url = reverse("tournaments:pair_next", args=[event.pk])
    shown = client.post(url, {"number": "1"}, headers={"HX-Request": "true"})
    assert b'data-testid="pair-anyway"' in shown.content and b"hx-post" in shown.content
    assert not Round.objects.filter(event=event).exists()
    client.post(url, {"number": "1", "force": "1"}, headers={"HX-Request": "true"})
    assert Round.objects.filter(event=event, number=1).exists()


def test_api_pair_next_check_warnings(client, event, organizer):
    _two_ready_players_and_one_absent(event, organizer)
    client.force_login(organizer)
    url = f"/api/events/{event.pk}/rounds/pair-next/"
    refused = client.post(url, {"number": 1, "check_warnings": True}, content_type="application/json")
    assert refused.status_code == 409
    body = refused.json()
    assert body["errors"][0]["code"] == "pairing_warnings"
    assert {w["code"] for w in body["warnings"]} == {"missing_deck_list", "not_checked_in"}
    assert body["warnings"][0]["players"][0]["username"] == "late"
    assert not Round.objects.filter(event=event).exists()
    paired = client.post(url, {"number": 1}, content_type="application/json")
    assert paired.status_code == 201


# --- the desk's pages ---------------------------------------------------------------------------------------


def test_a_player_cannot_open_the_desk(client, event):
    player = _person("ann")
    _register(event, player)
    client.force_login(player)
    assert client.get(reverse("tournaments:desk", args=[event.pk])).status_code == 403
    assert client.get(reverse("tournaments:desk_results", args=[event.pk])).status_code == 403


def test_scorekeeper_searches_checks_in_and_undoes(client, event, scorekeeper, django_assert_max_num_queries):
    registration = _register(event, _person("eloise", "Éloïse Martin"))
    _register(event, _person("bob", "Bob"))
    client.force_login(scorekeeper)
    with django_assert_max_num_queries(12):
        page = client.get(reverse("tournaments:desk_results", args=[event.pk]), {"q": "eloise"})
    assert b'data-testid="desk-eloise"' in page.content and b'data-testid="desk-bob"' not in page.content
    action = reverse("tournaments:desk_action", args=[event.pk, registration.pk, "check-in"])
    done = client.post(action, {"q": "eloise"}, headers={"HX-Request": "true"})
    assert done.status_code == 200 and b"1</strong> checked in of 2" in done.content
    assert Registration.objects.get(pk=registration.pk).status == "checked_in"
    undo = reverse("tournaments:desk_action", args=[event.pk, registration.pk, "undo"])
    client.post(undo, headers={"HX-Request": "true"})
    assert Registration.objects.get(pk=registration.pk).status == "registered"


def test_a_player_of_another_event_cannot_check_someone_in(client, event, organizer):
    registration = _register(event, _person("ann"))
    other = make_event(organizer, name="Other")
    stranger = _person("mallory")
    _register(other, stranger)
    client.force_login(stranger)
    action = reverse("tournaments:desk_action", args=[event.pk, registration.pk, "check-in"])
    assert client.post(action).status_code == 403
    scan = reverse("tournaments:desk_scan", args=[event.pk, registration.checkin_token])
    refused = client.post(scan)
    assert refused.status_code == 403 and b'data-testid="scan-refused"' in refused.content
    assert b"ann" not in refused.content
    assert client.get(scan).status_code == 403
    assert Registration.objects.get(pk=registration.pk).status == "registered"


def test_scan_shows_the_player_then_checks_in_after_the_tap(client, event, scorekeeper):
    registration = _register(event, _person("ann", "Ann Example"))
    client.force_login(scorekeeper)
    scan = reverse("tournaments:desk_scan", args=[event.pk, registration.checkin_token])
    page = client.get(scan)
    assert page.status_code == 200 and b"Ann Example" in page.content
    assert Registration.objects.get(pk=registration.pk).status == "registered"  # a GET never writes
    assert client.post(scan).status_code == 302
    assert Registration.objects.get(pk=registration.pk).status == "checked_in"
    assert client.get(reverse("tournaments:desk_scan", args=[event.pk, "wrong"])).status_code == 404


def test_player_page_shows_the_qr_code_and_the_policy(client, event):
    player = _person("ann")
    registration = _register(event, player)
    event.self_check_in_staff_only = True
    event.save()
    client.force_login(player)
    page = client.get(reverse("tournaments:player_event", args=[event.pk]))
    assert b'data-testid="checkin-qr"' in page.content and b"<svg" in page.content
    assert registration.checkin_token.encode() not in page.content  # only inside the QR code's modules
    assert b'data-testid="self-check-in-policy"' in page.content
    assert b'data-testid="check-in"' not in page.content


def test_event_form_has_the_self_check_in_fields(client, organizer):
    client.force_login(organizer)
    page = client.get(reverse("tournaments:event_create"))
    assert b"self_check_in_staff_only" in page.content
    console = client.get(reverse("tournaments:day_home"))
    assert b"self_check_in_opens" in console.content


def test_deck_sheet_carries_the_qr_code_for_the_player_and_staff_only(rf, event, scorekeeper):
    from decks.views import _checkin_qr

    registration = _register(event, _person("ann"))

    def qr_for(user):
        request = rf.get("/")
        request.user = user
        return _checkin_qr(request, registration)

    assert "<svg" in qr_for(registration.player)
    assert "<svg" in qr_for(scorekeeper)
    assert qr_for(_person("mallory")) is None  # e.g. once the lists are published


def test_pairing_warnings_sort_names_without_accents(event):
    for username, name in (("e1", "Émilie"), ("f1", "Farid"), ("d1", "David")):
        _register(event, _person(username, name))
    absent = next(w for w in pairing_warnings(event=event) if w.code == "not_checked_in")
    assert [p.name for p in absent.players] == ["David", "Émilie", "Farid"]


def test_api_sets_and_shows_the_self_check_in_policy(client, event, organizer):
    client.force_login(organizer)
    url = f"/api/events/{event.pk}/"
    changed = client.patch(
        url,
        {"self_check_in_staff_only": True, "self_check_in_opens": "2026-12-05T09:00:00Z"},
        content_type="application/json",
    )
    assert changed.status_code == 200, changed.content
    shown = client.get(url).json()
    assert shown["self_check_in_staff_only"] is True and shown["self_check_in_opens"].startswith("2026-12-05")
    # closing before the opening already stored is refused too
    refused = client.patch(
        url, {"self_check_in_closes": "2026-12-05T08:00:00Z"}, content_type="application/json"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["path"] == "/self_check_in_closes"
