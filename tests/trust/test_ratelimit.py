"""Rate limits: log-in attempts per address and username, result reports per user; a clear 429."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from core import ratelimit
from tests.trust.world import PASSWORD, build_world
from tournaments.models import Match


@pytest.fixture
def limits_on(settings):
    settings.RATELIMIT_ENABLED = True
    settings.RATELIMITS = {"login": "10/m", "report": "5/m"}
    cache.clear()
    yield settings
    cache.clear()


def _login(client: Client, username: str, password: str = "wrong-password", ip: str = "10.0.0.1"):
    return client.post(reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=ip)


@pytest.mark.django_db
def test_login_is_limited_per_address_and_username(limits_on, django_user_model):
    django_user_model.objects.create_user("victim", password=PASSWORD)
    client = Client()
    for _attempt in range(10):
        assert _login(client, "victim").status_code == 200  # the form again, "wrong password"
    refused = _login(client, "victim", password=PASSWORD)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) >= 1
    assert b"Too many attempts" in refused.content
    assert "_auth_user_id" not in client.session  # even the right password waits
    # another username from the same address, and the same username from another address, are not held up
    assert _login(client, "someone-else").status_code == 200
    assert _login(Client(), "victim", password=PASSWORD, ip="10.0.0.2").status_code == 302
    # the username is compared case-insensitively: "VICTIM" shares the budget
    assert _login(client, "VICTIM").status_code == 429


@pytest.mark.django_db
def test_the_admin_log_in_shares_the_limit(limits_on, django_user_model):
    django_user_model.objects.create_user("boss", password=PASSWORD, is_staff=True, is_superuser=True)
    client = Client()
    for _attempt in range(10):
        _login(client, "boss")
    body = {"username": "boss", "password": PASSWORD, "next": "/admin/"}
    answer = client.post(reverse("admin:login"), body, REMOTE_ADDR="10.0.0.1")
    assert answer.status_code == 429
    assert client.get("/admin/").status_code == 302  # still not signed in


@pytest.mark.django_db
def test_login_page_is_not_counted(limits_on):
    client = Client()
    for _ in range(15):
        assert client.get(reverse("login"), REMOTE_ADDR="10.0.0.3").status_code == 200


@pytest.mark.django_db
def test_result_reports_are_limited_per_user_api_and_pages(limits_on):
    world = build_world(players=4)
    player = world.users["player"]
    client = Client()
    client.force_login(player)
    url = reverse("api-match-report", kwargs={"pk": world.match.pk})
    answers = []
    for _ in range(5):
        version = Match.objects.get(pk=world.match.pk).version
        body = {"games_a": 2, "games_b": 1, "version": version}
        answers.append(client.post(url, body, content_type="application/json").status_code)
    assert all(code < 500 for code in answers), answers
    limited = client.post(url, {"games_a": 2, "games_b": 1}, content_type="application/json")
    assert limited.status_code == 429
    error = limited.json()["errors"][0]
    assert error["code"] == "rate_limited" and error["path"] == ""
    assert "Too many attempts" in error["message"]
    assert limited["Retry-After"]
    # the phone page shares the user's budget, and answers with a page
    page = client.post(
        reverse("tournaments:player_report", kwargs={"event_id": world.event.pk}), {"result": "2-0"}
    )
    assert page.status_code == 429
    assert page["Content-Type"].startswith("text/html")
    assert b"Too many attempts" in page.content
    # the opponent has a budget of their own
    opponent = Client()
    opponent.force_login(world.opponent)
    own = opponent.post(url, {"games_a": 2, "games_b": 1}, content_type="application/json")
    assert own.status_code != 429


def test_windows_reset_and_a_missing_cache_never_locks_people_out(settings, monkeypatch):
    settings.RATELIMITS = {"report": "2/m"}
    cache.clear()
    assert ratelimit.hit(scope="report", ident="u", now=60.0) == (True, 60)
    assert ratelimit.hit(scope="report", ident="u", now=61.0)[0] is True
    assert ratelimit.hit(scope="report", ident="u", now=62.0) == (False, 58)
    assert ratelimit.hit(scope="report", ident="u", now=120.0)[0] is True  # next minute

    def down(*args, **kwargs):
        raise ConnectionError("Redis is away")

    monkeypatch.setattr(ratelimit.cache, "add", down)
    assert ratelimit.hit(scope="report", ident="u", now=121.0) == (True, 0)
    cache.clear()


def test_rates_parse():
    assert ratelimit.parse_rate("10/m") == (10, 60)
    assert ratelimit.parse_rate("3/s") == (3, 1)
    assert ratelimit.parse_rate("100/h") == (100, 3600)
