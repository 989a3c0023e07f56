"""The phones' live streams (tournaments/streams.py): server-sent events over ASGI, on a real Redis.

The ASGI app runs on an event loop in a thread of its own, as under uvicorn; the services run in the test's
thread and publish their changes through Redis, as a web process or a Celery worker does.
"""

from __future__ import annotations

import asyncio
import html
import re
import threading
from urllib.parse import urlsplit

import pytest

from tests.tournaments.conftest import make_event
from tests.tournaments.day.test_live_fastpath import live_redis, login_as, paired_event  # noqa: F401
from tournaments import live, services
from tournaments.models import Match
from tournaments.streams import LiveStreams, event_text

pytestmark = pytest.mark.integration
WAIT = 10  # seconds: only a bound for a broken stream, never a measure


def stream_url(client, event) -> str:
    """The stream URL the phone's fragment carries (data-stream), as the normal view renders it."""
    response = client.get(f"/events/{event.pk}/me/live/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return html.unescape(re.search(r'data-stream="([^"]+)"', response.content.decode())[1])


class Loop:
    """An event loop in a thread: the ASGI app lives there, the test drives it from its own thread."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(WAIT)

    def stop(self):
        async def cancel_the_rest():
            rest = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
            for task in rest:
                task.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        self.run(cancel_the_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(WAIT)


class Phone:
    """One request to the ASGI app, read as an EventSource would."""

    def __init__(self, loop: Loop, app, url: str, *, method: str = "GET", last_event_id: str = ""):
        self.loop, self.app = loop, app
        parts = urlsplit(url)
        headers = [(b"last-event-id", last_event_id.encode())] if last_event_id else []
        self.scope = {
            "type": "http",
            "method": method,
            "path": parts.path,
            "query_string": parts.query.encode(),
            "headers": headers,
        }
        self.buffer = b""
        self.ended = False
        loop.run(self._start())

    async def _start(self):
        self.sent: asyncio.Queue = asyncio.Queue()
        self.gone = asyncio.Event()
        self.requested = False
        self.task = asyncio.get_running_loop().create_task(self.app(self.scope, self._receive, self.sent.put))

    async def _receive(self):
        if not self.requested:
            self.requested = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    def response(self) -> tuple[int, dict, bytes]:
        """Status, headers and, for a refusal, its whole body."""
        start = self.loop.run(asyncio.wait_for(self.sent.get(), WAIT))
        assert start["type"] == "http.response.start"
        headers = {k.decode(): v.decode() for k, v in start["headers"]}
        body = b""
        if start["status"] != 200:
            message = self.loop.run(asyncio.wait_for(self.sent.get(), WAIT))
            body = message["body"]
        return start["status"], headers, body

    def next_event(self) -> dict:
        """The next event (retry lines skipped) as {"event", "id", "data"}; {"end": True} at the end."""
        while b"\n\n" not in self.buffer:
            if self.ended:
                return {"end": True}
            message = self.loop.run(asyncio.wait_for(self.sent.get(), WAIT))
            self.buffer += message.get("body", b"")
            self.ended = not message.get("more_body", False)
        block, self.buffer = self.buffer.split(b"\n\n", 1)
        fields: dict = {}
        for line in block.decode().splitlines():
            name, _, value = line.partition(": ")
            fields[name] = fields[name] + "\n" + value if name in fields else value
        if set(fields) == {"retry"}:
            return self.next_event()
        return fields

    def hang_up(self):
        self.loop.loop.call_soon_threadsafe(self.gone.set)
        self.loop.run(asyncio.wait_for(self.task, WAIT))


@pytest.fixture
def streams(live_redis, settings):  # noqa: F811
    settings.LIVE_STREAM_HEARTBEAT = 30
    settings.LIVE_CHANGE_SPREAD = 20
    loop = Loop()
    inner_calls = []

    async def site(scope, receive, send):
        inner_calls.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"the site"})

    app = LiveStreams(site)
    app.inner_calls = inner_calls
    yield loop, app
    loop.run(app.hub.close())
    loop.stop()


def phones_of(client, event, count):
    urls = {}
    for index in range(count):
        registration = login_as(client, event, index)
        urls[registration.pk] = stream_url(client, event)
    return urls


def test_a_round_posted_is_pushed_to_each_phone_as_its_own_pairing(
    client, organizer, streams, django_capture_on_commit_callbacks
):
    loop, app = streams
    event = make_event(organizer, players=4)
    phones = {pk: Phone(loop, app, url) for pk, url in phones_of(client, event, 4).items()}
    for phone in phones.values():
        status, headers, _ = phone.response()
        assert status == 200 and headers["content-type"] == "text/event-stream; charset=utf-8"
        assert headers["cache-control"] == "no-cache, no-store"

    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_pair_next(event=event, user=organizer)

    versions = live.current(event.pk, next(iter(phones)))
    for match in Match.objects.filter(round=round_).select_related("player_a__player", "player_b__player"):
        for me, opponent in ((match.player_a, match.player_b), (match.player_b, match.player_a)):
            pushed = phones[me.pk].next_event()
            assert pushed["event"] == "pairing"
            assert pushed["id"].split(".")[0] == versions.split(".")[0]  # the new event version
            assert "Round 1" in pushed["data"] and f"Table {match.table}" in pushed["data"]
            assert str(opponent.player) in pushed["data"] and str(me.player) not in pushed["data"]
            assert 'hx-trigger="load delay:' in pushed["data"]  # its full fragment comes through the view
    for phone in phones.values():
        phone.hang_up()
    assert app.hub.count == 0 and not app.hub.by_event and not app.hub.by_registration
    assert app.inner_calls == []


def test_a_result_tells_its_two_players_only(client, organizer, streams, django_capture_on_commit_callbacks):
    loop, app = streams
    event = paired_event(organizer, players=4)
    phones = {pk: Phone(loop, app, url) for pk, url in phones_of(client, event, 4).items()}
    for phone in phones.values():
        assert phone.response()[0] == 200
    match = Match.objects.filter(round__event=event).first()
    with django_capture_on_commit_callbacks(execute=True):
        services.match_report_result(
            match=match,
            user=match.player_a.player,
            games_a=2,
            games_b=0,
            games_drawn=0,
            version=match.version,
        )
    for pk in (match.player_a_id, match.player_b_id):
        told = phones[pk].next_event()
        assert told == {"event": "changed", "id": live.current(event.pk, pk), "data": ""}  # fetched at once
    # then a change of the event (a clock's) reaches everyone: the other two phones' first event is that one
    with django_capture_on_commit_callbacks(execute=True):
        live.event_changed(event.pk)
    waits = set()
    for pk, phone in phones.items():
        told = phone.next_event()
        waits.add(told["data"])
        assert 0 <= float(told["data"]) <= 20  # spread over LIVE_CHANGE_SPREAD: not every phone at once
        assert told["event"] == "changed", pk
        assert told["id"] == live.current(event.pk, pk)
        phone.hang_up()
    assert len(waits) > 1  # random waits (four equal ones: about one chance in 10**7)


def test_a_phone_reconnecting_starts_from_its_last_event_id(
    client, organizer, streams, django_capture_on_commit_callbacks
):
    loop, app = streams
    event = paired_event(organizer, players=2)
    registration = login_as(client, event, 0)
    url = stream_url(client, event)
    with django_capture_on_commit_callbacks(execute=True):
        live.registrations_changed([registration.pk])  # a change while the phone was away
    now = live.current(event.pk, registration.pk)

    stale = Phone(loop, app, url)
    assert stale.response()[0] == 200
    assert stale.next_event() == {"event": "changed", "id": now, "data": ""}
    stale.hang_up()

    caught_up = Phone(loop, app, url, last_event_id=now)
    assert caught_up.response()[0] == 200
    with django_capture_on_commit_callbacks(execute=True):
        live.event_changed(event.pk)
    told = caught_up.next_event()
    assert (told["event"], told["id"]) == ("changed", live.current(event.pk, registration.pk))
    caught_up.hang_up()


def test_pings_and_the_renewal_at_the_streams_end(client, organizer, streams, settings):
    loop, app = streams
    settings.LIVE_STREAM_HEARTBEAT = 0.05
    settings.LIVE_STREAM_MAX_SECONDS = 0.3
    event = paired_event(organizer, players=2)
    login_as(client, event, 0)
    phone = Phone(loop, app, stream_url(client, event))
    assert phone.response()[0] == 200
    kinds = []
    while not (told := phone.next_event()).get("end"):
        kinds.append(told["event"])
    assert kinds[0] == "ping" and kinds[-1] == "renew" and set(kinds) == {"ping", "renew"}
    phone.hang_up()
    assert app.hub.count == 0


def test_refusals_name_what_is_wrong(client, organizer, streams, settings):
    loop, app = streams
    event = paired_event(organizer, players=2)
    other = paired_event(organizer, players=2)
    login_as(client, event, 0)
    url = stream_url(client, event)
    token = re.search(r"t=([^&]+)", url)[1]

    def refused(target, **options):
        phone = Phone(loop, app, target, **options)
        status, headers, body = phone.response()
        assert headers["content-type"] == "text/plain; charset=utf-8"
        return status, body.decode()

    assert refused(url.replace("t=", "t=x"))[0] == 403  # forged
    assert refused(url.replace(f"/events/{event.pk}/", f"/events/{other.pk}/"))[0] == 403  # another event
    status, text = refused(re.sub(r"lv=[^&]*", "lv=<script>", url))
    assert status == 400 and text.startswith("lv:")
    assert refused(f"/events/{event.pk}/me/stream/?t={token}")[0] == 400  # no versions at all
    assert refused(url, method="POST")[0] == 405
    settings.LIVE_STREAM_LIMIT = 0
    status, text = refused(url)
    assert status == 503 and "polls instead" in text
    settings.LIVE_STREAM_LIMIT = 10
    settings.LIVE_TOKEN_MAX_AGE = -1
    assert refused(url)[0] == 403  # expired
    settings.LIVE_REDIS_URL = ""
    assert refused(url)[0] == 404
    assert app.hub.count == 0


def test_other_paths_go_to_the_site(streams):
    loop, app = streams
    phone = Phone(loop, app, "/events/1/me/live/?lv=a.b")
    assert phone.response()[0] == 200
    assert app.inner_calls == ["/events/1/me/live/"]


def test_the_wsgi_site_answers_the_stream_path_with_404(client, organizer):
    event = paired_event(organizer, players=2)
    login_as(client, event, 0)
    response = client.get(f"/events/{event.pk}/me/stream/?t=x&lv=a.b")
    assert response.status_code == 404 and "ASGI" in response.content.decode()


def test_multi_line_data_gets_one_field_per_line():
    assert event_text("pairing", "<p>a</p>\n<p>b</p>", event_id="1.2") == (
        b"event: pairing\nid: 1.2\ndata: <p>a</p>\ndata: <p>b</p>\n\n"
    )
    assert event_text("ping") == b"event: ping\ndata: \n\n"


def test_the_asgi_entry_point_puts_the_streams_in_front_of_the_wsgi_site():
    from a2wsgi import WSGIMiddleware

    from config.asgi import application
    from tournaments.fastpath import LiveFastPath

    assert isinstance(application, LiveStreams)
    assert isinstance(application.app, WSGIMiddleware)
    assert isinstance(application.app.app, LiveFastPath)


def test_a_change_made_while_the_subscription_was_broken_still_reaches_the_phone(client, organizer, streams):
    loop, app = streams
    event = paired_event(organizer, players=2)
    registration = login_as(client, event, 0)
    phone = Phone(loop, app, stream_url(client, event))
    assert phone.response()[0] == 200
    redis = live.client()
    deadline = WAIT
    while not redis.pubsub_numsub(live.CHANNEL)[0][1] and deadline > 0:  # the hub's subscription is up
        loop.run(asyncio.sleep(0.05))
        deadline -= 0.05
    # Redis drops the subscription (a restart, a network cut); the change is published to no one
    redis.client_kill_filter(_type="pubsub")
    live._set_new([live.registration_key(registration.pk)])

    told = phone.next_event()  # the hub subscribes again and compares every stream once
    assert told == {"event": "changed", "id": live.current(event.pk, registration.pk), "data": ""}
    phone.hang_up()
