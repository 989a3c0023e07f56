"""Rate limits: log-in attempts per address and username and failed ones per address (password spraying),
password resets per e-mail and per address, result reports per user, deck validation per address or user;
a clear 429."""

from __future__ import annotations

import base64
import struct
import time
import types

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from core import ratelimit
from tests.trust.world import PASSWORD, build_world
from tournaments.models import Match


@pytest.fixture
def limits_on(settings, monkeypatch):
    """Limits on, in a cleared cache, with the limiter's clock stopped inside one window: the windows are
    fixed, so a test whose requests straddled the end of a minute (a slow run) would see its count reset."""
    frozen = time.time() // 3600 * 3600 + 1805
    monkeypatch.setattr(ratelimit, "time", types.SimpleNamespace(time=lambda: frozen))
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


# --- password spraying: one address, many usernames ---------------------------------------------------------


@pytest.fixture
def spray_limits(limits_on):
    limits_on.RATELIMITS = {**limits_on.RATELIMITS, "login_ip": "20/m"}
    return limits_on


@pytest.mark.django_db
def test_spraying_many_usernames_from_one_address_is_limited(spray_limits, django_user_model):
    for n in range(25):
        django_user_model.objects.create_user(f"sprayed{n}", password=PASSWORD)
    client = Client()
    codes = [_login(client, f"sprayed{n}", ip="10.0.0.9").status_code for n in range(25)]
    # one guess per username: the per-username limit never trips, the per-address one does
    assert codes[:20] == [200] * 20 and codes[20:] == [429] * 5, codes
    refused = _login(client, "sprayed0", password=PASSWORD, ip="10.0.0.9")
    assert refused.status_code == 429 and "_auth_user_id" not in client.session  # even the right password
    assert int(refused["Retry-After"]) >= 1
    # another address has its own budget
    assert _login(Client(), "sprayed1", password=PASSWORD, ip="10.0.0.10").status_code == 302
    # successful log-ins are not counted: a venue's players share its address, 25 signing in is not spraying
    answers = [_login(Client(), f"sprayed{n}", password=PASSWORD, ip="10.0.0.12") for n in range(25)]
    assert [a.status_code for a in answers] == [302] * 25
    assert _login(Client(), "sprayed0", ip="10.0.0.12").status_code == 200  # a failure still has its budget


@pytest.mark.django_db
def test_the_admin_log_in_counts_in_the_same_per_address_budget(spray_limits, django_user_model):
    django_user_model.objects.create_user("chief", password=PASSWORD, is_staff=True, is_superuser=True)
    client = Client()
    for n in range(20):
        _login(client, f"nobody{n}", ip="10.0.0.11")
    body = {"username": "chief", "password": PASSWORD, "next": "/admin/"}
    assert client.post(reverse("admin:login"), body, REMOTE_ADDR="10.0.0.11").status_code == 429
    assert client.get("/admin/").status_code == 302  # not signed in


# --- password resets: per e-mail address and per client address ---------------------------------------------


def _reset(client: Client, email: str, ip: str):
    return client.post(reverse("password_reset"), {"email": email}, REMOTE_ADDR=ip)


@pytest.fixture
def reset_limits(limits_on):
    limits_on.RATELIMITS = {
        **limits_on.RATELIMITS, "password_reset_email": "3/h", "password_reset_ip": "10/h",
    }  # fmt: skip
    return limits_on


@pytest.mark.django_db
def test_twenty_resets_for_one_e_mail_send_three_mails(reset_limits, django_user_model):
    django_user_model.objects.create_user("forgetful", email="forgetful@example.org", password=PASSWORD)
    mail.outbox.clear()
    # from twenty addresses, with the address written differently: one e-mail, one budget
    codes = [
        _reset(Client(), "Forgetful@Example.org" if n % 2 else "forgetful@example.org", f"10.1.0.{n}")
        for n in range(20)
    ]
    statuses = [c.status_code for c in codes]
    assert statuses[:3] == [302] * 3 and statuses[3:] == [429] * 17, statuses
    assert len(mail.outbox) == 3
    assert b"Too many attempts" in codes[-1].content
    assert int(codes[-1]["Retry-After"]) > 60  # an hour's window


@pytest.mark.django_db
def test_resets_from_one_address_are_limited_whatever_the_e_mail(reset_limits, django_user_model):
    for n in range(12):
        django_user_model.objects.create_user(f"user{n}", email=f"user{n}@example.org", password=PASSWORD)
    mail.outbox.clear()
    client = Client()
    statuses = [_reset(client, f"user{n}@example.org", "10.2.0.1").status_code for n in range(12)]
    assert statuses == [302] * 10 + [429] * 2, statuses
    assert len(mail.outbox) == 10
    # the page itself (GET) is not counted
    assert client.get(reverse("password_reset"), REMOTE_ADDR="10.2.0.1").status_code == 200


# --- deck validation: anonymous per address, signed-in per user ---------------------------------------------


def _validate(client: Client, ip: str, content: str = "#main\n89631139\n"):
    return client.post(
        reverse("api_deck_validate"), {"game": "yugioh", "content": content},
        content_type="application/json", REMOTE_ADDR=ip,
    )  # fmt: skip


@pytest.mark.django_db
def test_the_anonymous_validate_endpoint_is_limited_per_address(limits_on, django_user_model):
    limits_on.RATELIMITS = {**limits_on.RATELIMITS, "validate": "3/m", "validate_user": "5/m"}
    anonymous = Client()
    assert [_validate(anonymous, "10.3.0.1").status_code for _ in range(3)] == [200] * 3
    limited = _validate(anonymous, "10.3.0.1")
    assert limited.status_code == 429
    assert limited.json()["errors"][0]["code"] == "rate_limited" and limited["Retry-After"]
    assert _validate(Client(), "10.3.0.2").status_code == 200  # another address
    # signed in, from the same address: the user's own (larger) budget
    user = django_user_model.objects.create_user("builder", password=PASSWORD)
    signed_in = Client()
    signed_in.force_login(user)
    assert [_validate(signed_in, "10.3.0.1").status_code for _ in range(5)] == [200] * 5
    assert _validate(signed_in, "10.3.0.1").status_code == 429


@pytest.mark.django_db
def test_the_validate_endpoint_refuses_a_huge_body_before_reading_it(limits_on, monkeypatch):
    from decks.api import views

    monkeypatch.setattr(views, "deck_parse", lambda **kw: pytest.fail("the body was parsed"))
    body = '{"game": "yugioh", "content": "' + "1" * (300 * 1024) + '"}'
    answer = Client().post(
        reverse("api_deck_validate"), body, content_type="application/json", REMOTE_ADDR="10.3.0.3"
    )
    assert answer.status_code == 413
    assert answer.json()["errors"][0]["code"] == "too_large"


@pytest.mark.django_db
def test_a_huge_ydke_link_is_refused_before_any_card_is_looked_up(limits_on, monkeypatch):
    """The finding: 12,000 passcodes in a 64 KB link cost seconds of CPU to an anonymous caller."""
    from decks.api import views

    monkeypatch.setattr(views, "deck_validate", lambda **kw: pytest.fail("the list was validated"))
    codes = list(range(10_000_000, 10_012_000))
    link = "ydke://" + base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode() + "!!!"
    answer = _validate(Client(), "10.3.0.4", content=link)
    assert answer.status_code == 400
    error = answer.json()["errors"][0]
    assert "more than 1,000 cards" in error["message"], error
