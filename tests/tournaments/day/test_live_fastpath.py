"""The phones' fast path (tournaments/live.py, tournaments/fastpath.py) on a real Redis.

It answers "unchanged" (204) or, right after a round is posted, the phone's new pairing; whatever it cannot
vouch for goes to the normal view, which authenticates the session and hides drafts.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from tests.tournaments.conftest import make_event
from tournaments import live, services
from tournaments.fastpath import LiveFastPath, live_answer
from tournaments.models import Match, Registration

pytestmark = pytest.mark.integration


@pytest.fixture
def live_redis(redis_url, settings):
    settings.LIVE_REDIS_URL = redis_url
    redis = live.client()
    yield redis
    keys = list(redis.scan_iter(match=f"{live.PREFIX}*"))
    if keys:
        redis.delete(*keys)


def phone_url(client, event) -> str:
    """The live URL the phone's fragment polls (hx-get), as the normal view renders it."""
    response = client.get(f"/events/{event.pk}/me/live/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return html.unescape(re.search(r'hx-get="([^"]+)"', response.content.decode())[1])


def fast(url: str):
    parts = urlsplit(url)
    return live_answer("GET", parts.path, parts.query)


def with_param(url: str, name: str, value: str) -> str:
    parts = urlsplit(url)
    query = {k: v[0] for k, v in parse_qs(parts.query).items()}
    query[name] = value
    return parts.path + "?" + "&".join(f"{k}={v}" for k, v in query.items())


def paired_event(organizer, players: int = 4):
    event = make_event(organizer, players=players)
    services.round_pair_next(event=event, user=organizer)
    return event


def login_as(client, event, index: int = 0) -> Registration:
    registration = Registration.objects.filter(event=event).order_by("pk")[index]
    client.force_login(registration.player)
    return registration


def test_unchanged_phone_gets_204_before_django(client, organizer, live_redis):
    event = paired_event(organizer)
    login_as(client, event)
    url = phone_url(client, event)
    assert "t=" in url and "lv=" in url
    assert fast(url) == (204, b"")

    calls = []

    def django(environ, start_response):
        calls.append(environ["PATH_INFO"])
        start_response("200 OK", [])
        return [b"django"]

    statuses = []
    parts = urlsplit(url)
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": parts.path, "QUERY_STRING": parts.query}
    body = LiveFastPath(django)(environ, lambda status, headers: statuses.append(status))
    assert statuses == ["204 No Content"] and list(body) == [b""] and calls == []
    # no token, another page, a POST: Django answers
    LiveFastPath(django)({**environ, "QUERY_STRING": "v=1"}, lambda *a: None)
    LiveFastPath(django)({**environ, "REQUEST_METHOD": "POST"}, lambda *a: None)
    assert len(calls) == 2


def test_forged_or_foreign_tokens_fall_through_to_the_authenticated_view(client, organizer, live_redis):
    event = paired_event(organizer)
    mine = login_as(client, event, 0)
    url = phone_url(client, event)
    token = parse_qs(urlsplit(url).query)["t"][0]
    other = Registration.objects.filter(event=event).exclude(pk=mine.pk).first()
    value, stamp, signature = token.split(":")
    forged = f"{event.pk}-{other.pk}-en:{stamp}:{signature}"  # another registration, the same signature
    assert fast(with_param(url, "t", forged)) is None
    assert fast(with_param(url, "t", token[:-2] + "xx")) is None
    assert fast(with_param(url, "t", "")) is None
    # a genuine token of this event does not open another event's URL
    other_event = paired_event(organizer)
    assert fast(url.replace(f"/events/{event.pk}/", f"/events/{other_event.pk}/")) is None
    # what Django answers then needs the session: anonymous is sent to log in
    client.logout()
    assert client.get(with_param(url, "t", forged)).status_code == 302


def test_expired_token_falls_through(client, organizer, live_redis, settings):
    event = paired_event(organizer)
    login_as(client, event)
    url = phone_url(client, event)
    settings.LIVE_TOKEN_MAX_AGE = -1
    assert fast(url) is None
    # the view renders instead of "unchanged": the fragment brings a new token, so that the phone's next polls
    # are the fast path's again instead of Django's for the rest of the day
    response = client.get(url, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    renewed = html.unescape(re.search(r'hx-get="([^"]+)"', response.content.decode())[1])
    assert "t=" in renewed  # signed now (the same text as before when within the same second)
    settings.LIVE_TOKEN_MAX_AGE = 300
    assert fast(renewed) == (204, b"")


def test_redis_without_the_versions_falls_through(client, organizer, live_redis):
    event = paired_event(organizer)
    login_as(client, event)
    url = phone_url(client, event)
    live_redis.delete(live.event_key(event.pk))
    assert fast(url) is None
    # the view creates a new version, which no phone holds
    assert fast(phone_url(client, event)) == (204, b"")
    assert fast(url) is None


def test_an_event_back_in_draft_is_hidden_again(
    client, organizer, live_redis, django_capture_on_commit_callbacks
):
    event = make_event(organizer, players=2, check_in=False)
    login_as(client, event)
    url = phone_url(client, event)
    assert fast(url) == (204, b"")
    with django_capture_on_commit_callbacks(execute=True):
        services.event_set_status(event=event, status="draft", user=organizer)
    assert fast(url) is None
    assert client.get(url, HTTP_HX_REQUEST="true").status_code == 404


def test_round_posted_gives_each_phone_its_own_new_pairing(
    client, organizer, live_redis, django_capture_on_commit_callbacks
):
    event = make_event(organizer, players=4)
    urls = {}
    for index in range(4):
        registration = login_as(client, event, index)
        urls[registration.pk] = phone_url(client, event)
    assert all(fast(url) == (204, b"") for url in urls.values())

    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_pair_next(event=event, user=organizer)

    for match in Match.objects.filter(round=round_).select_related("player_a__player", "player_b__player"):
        for me, opponent in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            status, body = fast(urls[me.pk])
            text = body.decode()
            assert status == 200
            assert "Round 1" in text and f"Table {match.table}" in text
            assert str(opponent.player) in text and str(me.player) not in text
            # the full fragment (report buttons) comes later through the normal view: no token in its URL
            assert 'hx-trigger="load delay:' in text and "lv=" not in text
    # once the phone has its full fragment, polls are 204 again
    login_as(client, event, 0)
    assert fast(phone_url(client, event)) == (204, b"")


def test_result_confirmed_refreshes_both_players_only(
    client, organizer, live_redis, django_capture_on_commit_callbacks
):
    event = paired_event(organizer, players=4)
    urls = {}
    for index in range(4):
        registration = login_as(client, event, index)
        urls[registration.pk] = phone_url(client, event)
    match = Match.objects.filter(round__event=event).first()
    a, b = match.player_a, match.player_b
    with django_capture_on_commit_callbacks(execute=True):
        match = services.match_report_result(
            match=match, user=a.player, games_a=2, games_b=0, games_drawn=0, version=match.version
        )
    assert fast(urls[a.pk]) is None and fast(urls[b.pk]) is None  # both phones fetch the new content
    others = [url for pk, url in urls.items() if pk not in (a.pk, b.pk)]
    assert all(fast(url) == (204, b"") for url in others)

    client.force_login(b.player)
    url_b = phone_url(client, event)
    assert "to-confirm" in client.get(url_b.split("?")[0], HTTP_HX_REQUEST="true").content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.match_confirm_result(match=match, user=b.player, version=match.version)
    assert fast(url_b) is None


def test_switched_off_pages_work_without_token(client, organizer, settings):
    settings.LIVE_REDIS_URL = ""
    event = paired_event(organizer)
    login_as(client, event)
    url = phone_url(client, event)
    assert "lv=" not in url and fast(url + "&lv=x&t=y") is None


def test_tokens_name_one_event_and_registration():
    token = live.sign(3, 7, "fr")
    assert live.unsign(token) == (3, 7, "fr")
    assert live.unsign(token.replace("3-7", "3-8")) is None
    assert live.unsign("garbage") is None


def test_noting_the_pairing_task_does_not_refresh_every_phone(
    client, organizer, live_redis, django_capture_on_commit_callbacks
):
    event = paired_event(organizer)
    login_as(client, event)
    url = phone_url(client, event)
    with django_capture_on_commit_callbacks(execute=True):
        event.pairing_task_id = "task-1"
        event.save(update_fields=["pairing_task_id", "updated_at"])
    assert fast(url) == (204, b"")
    with django_capture_on_commit_callbacks(execute=True):
        event.name = "Renamed Open"
        event.save()
    assert fast(url) is None
