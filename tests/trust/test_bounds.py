"""Bounds: a number no database stores — an id of 2**63 in a URL, a body or a query string, a round or table
number of twenty digits, a digit int() cannot read ('²') — is a 404 or a 400 naming the field, never a 500;
a deck list larger than any deck is refused before its cards are looked up."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import Resolver404, URLPattern, URLResolver, get_resolver, resolve, reverse

from core.bounds import MAX_ID, parse_bounded_int
from decks.formats import (
    MAX_DECK_CARDS,
    MAX_DECK_ENTRIES,
    DeckList,
    DeckTooLarge,
    parse_deck,
)
from decks.validation import validate_deck_list
from tests.trust.matrix import ROWS
from tests.trust.patterns import all_patterns
from tests.trust.urlkwargs import url_kwargs
from tests.trust.world import build_world
from tournaments.models import Event, Match

BIG = 2**63  # one past what SQLite and PostgreSQL store in a big integer
HUGE = 10**30


def _int_params() -> dict[str, set[str]]:
    """URL name → the parameters written `<int:…>` in its route, and DRF's routes' `pk` (a regex)."""
    found: dict[str, set[str]] = {}

    def walk(patterns, namespace=None, inherited=()):
        for pattern in patterns:
            converters = getattr(pattern.pattern, "converters", {})
            ints = tuple(name for name, conv in converters.items() if conv.regex == "[0-9]+")
            if isinstance(pattern, URLResolver):
                ns = ":".join(x for x in (namespace, pattern.namespace) if x) or None
                walk(pattern.url_patterns, ns, inherited + ints)
            elif isinstance(pattern, URLPattern) and pattern.name:
                name = f"{namespace}:{pattern.name}" if namespace else pattern.name
                params = set(inherited + ints)
                if "(?P<pk>[0-9]+)" in pattern.pattern.regex.pattern:
                    params.add("pk")
                if params:
                    found[name] = params

    walk(get_resolver().url_patterns)
    return found


INT_PARAMS = _int_params()


def test_parse_bounded_int():
    assert parse_bounded_int("42") == 42
    assert parse_bounded_int(str(MAX_ID)) == MAX_ID
    for bad in (str(BIG), str(HUGE), "²", "١٢", "1e3", "", " ", "-1", "+1", "0x10", None, 12):
        assert parse_bounded_int(bad) is None, bad
    assert parse_bounded_int("-3", minimum=-5) == -3
    assert parse_bounded_int("7", minimum=1, maximum=5) is None


SAMPLES = {"task_id": "6f1c1f4e-3b7a-4d0e-9a55-0c7f5a1b2c3d", "uidb64": "MQ", "token": "set-password"}
MARK = 1_234_567  # a real-looking id, swapped in the path for a huge one


def _huge_url(name: str, param: str, params: list[str], base: dict | None = None) -> str:
    kwargs = {p: SAMPLES.get(p, "x") for p in params} | (base or {})
    kwargs.update({p: 1 for p in INT_PARAMS[name] if p not in (base or {})})
    kwargs[param] = MARK
    return reverse(name, kwargs=kwargs).replace(str(MARK), str(BIG))


def test_every_int_in_a_url_refuses_what_no_database_stores():
    """`<int:…>` is the bounded converter everywhere (core/converters.py): a huge id does not match."""
    patterns = dict(all_patterns())
    assert len(INT_PARAMS) > 60, "the walk lost its patterns"
    escaped = []
    for name, params in sorted(INT_PARAMS.items()):
        if name.startswith("api-"):
            continue  # DRF's router writes its own pattern: the viewsets refuse a huge id (below)
        for param in sorted(params):
            url = _huge_url(name, param, patterns[name])
            resolve(url.replace(str(BIG), str(MAX_ID)))  # the largest id still matches
            try:
                resolve(url)
            except Resolver404:
                continue
            escaped.append(f"{name} ({param}): {url}")
    assert not escaped, "URLs that take an id beyond 2**63 - 1:\n" + "\n".join(escaped)


def _not_authenticated(response) -> bool:
    """The API's answer to anonymous callers of a signed-in-only endpoint, whatever the id."""
    if response.status_code not in (401, 403):
        return False
    return {e.get("code") for e in response.json().get("errors", [])} == {"not_authenticated"}


@pytest.mark.django_db
def test_huge_ids_in_urls_are_404_never_500():
    """Every URL that takes an id, with 2**63 in its place, as anonymous, an organizer and an admin: 404
    (405 for a method it does not serve; for anonymous API callers, the "not authenticated" any id gets)."""
    world = build_world(players=4)
    world.extra["rule_id"] = "YGO-TURN-PHASES"
    patterns = dict(all_patterns())
    wrong = []
    for role in ("anonymous", "organizer", "admin"):
        client = Client(raise_request_exception=False)
        if world.users[role] is not None:
            client.force_login(world.users[role])
        for name, params in sorted(INT_PARAMS.items()):
            for param in sorted(params):
                url = _huge_url(name, param, patterns[name], url_kwargs(name, patterns[name], world))
                for method in ("GET", "POST"):
                    data = ROWS.get(name, {}).get("data")
                    body = data(world) if data and method == "POST" else {}
                    if url.startswith("/api/") and method == "POST":
                        response = client.post(url, json.dumps(body), content_type="application/json")
                    else:
                        response = getattr(client, method.lower())(url, body)
                    if response.status_code in (404, 405):
                        continue
                    if role == "anonymous" and url.startswith("/api/") and _not_authenticated(response):
                        continue
                    wrong.append(f"{method} {url} as {role}: {response.status_code}")
    assert not wrong, "\n".join(wrong)


def _api(client: Client, url: str, body: dict, method: str = "post"):
    return getattr(client, method)(url, json.dumps(body), content_type="application/json")


def _paths(response) -> set[str]:
    return {e["path"] for e in response.json()["errors"]}


@pytest.mark.django_db
def test_huge_numbers_in_api_bodies_are_400_naming_the_field():
    world = build_world(players=4)
    staff = Client(raise_request_exception=False)
    staff.force_login(world.users["organizer"])
    player = Client(raise_request_exception=False)
    player.force_login(world.users["player"])
    match, event, round_ = world.match, world.event, world.round
    cases = [
        # (client, URL, body, the field named)
        (staff, reverse("api-round-results", kwargs={"pk": round_.pk}),
         {"results": [{"match": BIG, "games_a": 2, "games_b": 0}]}, "/results/0/match"),
        (staff, reverse("api-round-results", kwargs={"pk": round_.pk}),
         {"results": [{"match": match.pk, "games_a": 2, "games_b": 0, "version": BIG}]},
         "/results/0/version"),
        (staff, reverse("api-match-enter", kwargs={"pk": match.pk}),
         {"games_a": 2, "games_b": 0, "kind": "game_loss", "penalized": BIG}, "/penalized"),
        (staff, reverse("api-match-enter", kwargs={"pk": match.pk}),
         {"games_a": 2, "games_b": 0, "version": BIG}, "/version"),
        (staff, reverse("api-match-correct", kwargs={"pk": match.pk}),
         {"games_a": 2, "games_b": 0, "reason": "slip", "penalized": -1}, "/penalized"),
        (player, reverse("api-match-report", kwargs={"pk": match.pk}),
         {"games_a": 2, "games_b": 0, "version": BIG}, "/version"),
        (player, reverse("api-match-confirm", kwargs={"pk": match.pk}), {"version": HUGE}, "/version"),
        (staff, reverse("api-registration-change-settings", kwargs={"pk": world.registration.pk}),
         {"fixed_table": BIG}, "/fixed_table"),
        (staff, reverse("api-registration-change-settings", kwargs={"pk": world.registration.pk}),
         {"awarded_byes": BIG}, "/awarded_byes"),
        (staff, reverse("api-event-pair-next", kwargs={"pk": event.pk}), {"number": BIG}, "/number"),
        (staff, reverse("api-event-top-cut", kwargs={"pk": event.pk}), {"size": BIG}, "/size"),
        (player, reverse("api_decklist_submit"), {"event": BIG, "content": "#main\n"}, "/event"),
        (staff, reverse("api_decklist_submit"),
         {"event": event.pk, "registration": BIG, "content": "#main\n"}, "/registration"),
    ]  # fmt: skip
    for name in ("capacity", "tier", "round_minutes", "swiss_rounds_override", "top_cut_override"):
        body = {"name": "Side event", "game": "yugioh", "date": "2026-12-24", name: BIG}
        cases.append((staff, reverse("api-event-list"), body, f"/{name}"))
    wrong = []
    for client, url, body, field in cases:
        response = _api(client, url, body)
        if response.status_code != 400 or field not in _paths(response):
            wrong.append(f"{url} {body}: {response.status_code} {response.content[:200]!r}")
    patched = _api(staff, reverse("api-event-detail", kwargs={"pk": event.pk}), {"capacity": BIG}, "patch")
    if patched.status_code != 400 or "/capacity" not in _paths(patched):
        wrong.append(f"PATCH capacity: {patched.status_code} {patched.content[:200]!r}")
    export = staff.get(reverse("api_decklist_export", kwargs={"pk": world.deck_list.pk}), {"version": BIG})
    if export.status_code != 400 or "/version" not in _paths(export):
        wrong.append(f"export ?version: {export.status_code}")
    assert not wrong, "\n".join(wrong)
    assert Event.objects.filter(name="Side event").count() == 0  # nothing half-written


@pytest.mark.django_db
def test_numbers_in_query_strings_and_forms_are_bounded():
    world = build_world(players=4)
    staff = Client(raise_request_exception=False)
    staff.force_login(world.users["organizer"])
    event = world.event
    for raw in (str(BIG), "²", "00000000000000000000001", "-1"):
        for name in ("tournaments:wall_pairings", "tournaments:print_pdf"):
            kwargs = {"event_id": event.pk, **({"kind": "pairings-table"} if "print" in name else {})}
            response = staff.get(reverse(name, kwargs=kwargs), {"round": raw})
            assert response.status_code == 404, (name, raw, response.status_code)
    # the round's own number still works
    wall = reverse("tournaments:wall_pairings", kwargs={"event_id": event.pk})
    assert staff.get(wall, {"round": "1"}).status_code == 200
    # forms: the event form's numbers, a deck check's round, a result's penalized player and version
    answer = staff.post(
        reverse("tournaments:event_create"),
        {"name": "Big", "game": "yugioh", "date": "2026-12-24", "tier": 1, "best_of": 3,
         "round_minutes": BIG, "capacity": BIG, "tiebreak_policy": "konami"},
    )  # fmt: skip
    assert answer.status_code == 400
    assert set(answer.context["form"].errors) >= {"round_minutes", "capacity"}
    assert not Event.objects.filter(name="Big").exists()
    checks = staff.post(reverse("decks:checks_pick", kwargs={"event_id": event.pk}),
                        {"round_number": BIG, "count": 2})  # fmt: skip
    assert checks.status_code == 302  # refused with a message, nothing selected
    from decks.models import DeckCheck

    assert DeckCheck.objects.count() == 1  # the world's own
    row = staff.post(
        reverse("tournaments:match_result", kwargs={"pk": event.pk, "match_id": world.match.pk}),
        {"action": "enter", "games_a": 2, "games_b": 0, "kind": "normal", "version": BIG},
    )
    assert row.status_code in (302, 400)
    assert Match.objects.get(pk=world.match.pk).status == "pending"


# --- deck lists: caps before the expensive work ---------------------------------------------------------


def test_a_deck_list_over_the_caps_is_refused_while_it_is_read():
    ydk = "#main\n" + "89631139\n" * (MAX_DECK_CARDS + 1)
    with pytest.raises(DeckTooLarge, match="more than 1,000 cards") as caught:
        parse_deck(ydk)
    assert caught.value.line == MAX_DECK_CARDS + 2  # the first line over the cap
    text = "\n".join(f"1 Card number {n}" for n in range(MAX_DECK_ENTRIES + 1))
    with pytest.raises(DeckTooLarge, match="more than 200 different cards"):
        parse_deck(text)
    with pytest.raises(DeckTooLarge, match="1,000 cards"):
        parse_deck("999 Pot of Greed\n2 Sangan\n")
    # different passcodes in a .ydk: each line one copy, but more than 200 different cards
    with pytest.raises(DeckTooLarge, match="different cards"):
        parse_deck("#main\n" + "".join(f"{10_000_000 + n}\n" for n in range(MAX_DECK_ENTRIES + 1)))
    # the largest legal deck is far below
    legal = "#main\n" + "89631139\n" * 60 + "#extra\n" + "14558127\n" * 15 + "!side\n" + "55144522\n" * 15
    assert parse_deck(legal).total == 90


def test_a_huge_ydke_link_is_refused_before_it_is_decoded(monkeypatch):
    import base64
    import struct

    from decks.formats import ydk

    codes = list(range(10_000_000, 10_000_000 + MAX_DECK_CARDS + 1))
    link = "ydke://" + base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode() + "!!!"
    monkeypatch.setattr(ydk.base64, "b64decode", lambda *a, **k: pytest.fail("the link was decoded"))
    with pytest.raises(DeckTooLarge, match="1,000 cards"):
        parse_deck(link)


def test_the_validator_does_not_look_up_the_cards_of_a_list_over_the_caps():
    class Refusing:
        def by_id(self, key):
            raise AssertionError("a card was looked up")

        by_name = suggest = by_id

    deck = DeckList.of(main=[(10_000_000 + n, 5) for n in range(MAX_DECK_ENTRIES + 1)])
    report = validate_deck_list(deck, game="yugioh", cards=Refusing())
    assert not report.legal and [p.code for p in report.problems] == ["too_large"]
    assert report.counts["main"] == 5 * (MAX_DECK_ENTRIES + 1)


# --- digits int() cannot read, on the pages that parsed numbers by hand ------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("raw", ["²", "abc", str(BIG), "-"])
def test_numbers_typed_into_pages_are_refused_never_500(raw):
    """str.isdigit() accepts '²', which int() refuses: each of these pages answered 500 to it."""
    world = build_world(players=4)
    event, match = world.event, world.match
    staff = Client(raise_request_exception=False)
    staff.force_login(world.users["organizer"])
    player = Client(raise_request_exception=False)
    player.force_login(world.users["player"])
    answers = {
        "confirm on the match row": player.post(
            reverse("tournaments:match_result", kwargs={"pk": event.pk, "match_id": match.pk}),
            {"action": "confirm", "version": raw},
        ),
        "console result": staff.post(
            reverse("tournaments:console_match_result", kwargs={"event_id": event.pk, "match_id": match.pk}),
            {"games_a": 2, "games_b": 0, "kind": "normal", "version": raw},
        ),
        "console timer": staff.post(
            reverse("tournaments:console_timer", kwargs={"event_id": event.pk}),
            {"action": "add", "minutes": raw},
        ),
        "deck list version": staff.get(
            reverse("decks:deck_list", kwargs={"pk": world.deck_list.pk}), {"version": raw}
        ),  # fmt: skip
        "judge-call log round": staff.get(
            reverse("rulings:event_log", kwargs={"event_id": event.pk}), {"round": raw}
        ),  # fmt: skip
        "tablet cursor": staff.post(reverse("rulings:tablet_op"), {"op": f"cursor:{raw}", "cursor": raw}),
    }
    errors = {where: answer.status_code for where, answer in answers.items() if answer.status_code >= 500}
    assert errors == {}
    match.refresh_from_db()
    assert match.status == "pending" and match.version == world.match.version


@pytest.mark.django_db
def test_my_events_leaves_out_a_draft_the_player_is_registered_in():
    world = build_world(players=4)
    Event.objects.filter(pk=world.event.pk).update(status="draft")
    player = Client()
    player.force_login(world.users["player"])
    page = player.get(reverse("tournaments:my_events")).content.decode()
    assert world.event.name not in page
    organizer = Client()
    organizer.force_login(world.users["organizer"])
    assert world.event.name in organizer.get(reverse("tournaments:my_events")).content.decode()
