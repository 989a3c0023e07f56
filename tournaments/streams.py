"""The phones' live streams: server-sent events over ASGI, fed by Redis pub/sub.

    GET /events/<id>/me/stream/?t=<token>&lv=<versions>     text/event-stream

A phone on its event page holds one stream open (static/js/live.js) instead of polling its live fragment every
LIVE_POLL_SECONDS: a poll period of P seconds cannot show a new round in less than P, and 4,000 phones polling
every 1.5 s would need about three times the fast path's CPU (docs/tournament-day.md, "The phones at scale").

The token and versions are the ones the live fragment carries (tournaments/live.py): the stream serves only
what the fast path would, to the phone that holds a genuine, fresh token, and never reads the database. Each
web process keeps its streams in one Hub, subscribed once to live.CHANNEL. When keys change there, the hub
reads the versions of the phones concerned (one pipelined round trip, one more for their prepared pairings)
and sends each phone what live.change_since says:

    event: pairing   data: the phone's new pairing (a round was posted; the snippet the fast path would serve)
    event: changed   the phone fetches its fragment again (a result at once; an event-wide change such as the
                     clock after the random number of seconds in `data`, within LIVE_CHANGE_SPREAD)
    event: renew     the stream reached LIVE_STREAM_MAX_SECONDS: the phone renders its fragment afresh (a new
                     token) and opens a new stream
    event: ping      every LIVE_STREAM_HEARTBEAT seconds: the phone can tell a silent stream from a dead one

`id:` is the pair of versions the phone shows after the event; a reconnecting EventSource sends it back
(Last-Event-ID) and the stream starts from there. A stream that cannot be served (a forged or expired token,
Redis down, LIVE_STREAM_LIMIT streams in this process) is refused with a plain status: the phone then polls as
before. Every other request goes on to the rest of the site (the WSGI app, config/asgi.py).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
import time
from collections import defaultdict
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from django.conf import settings

from tournaments import live

log = logging.getLogger(__name__)

STREAM_PATH = re.compile(r"/events/(\d{1,18})/me/stream/")
VERSIONS = re.compile(r"[0-9a-f]{1,32}\.[0-9a-f]{1,32}")
RETRY_MILLISECONDS = 3000
SETTLE_LOOKS, SETTLE_SECONDS = 2, 0.4
SECURITY_HEADERS = [
    (b"cache-control", b"no-cache, no-store"),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
]
_CLOSE = object()


def event_text(kind: str, data: str = "", event_id: str | None = None) -> bytes:
    """One server-sent event; every line of `data` gets its own `data:` field, as the format requires."""
    lines = [f"event: {kind}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    lines.extend(f"data: {line}" for line in (data.splitlines() or [""]))
    return ("\n".join(lines) + "\n\n").encode()


@dataclass(eq=False)
class Listener:
    """One phone's open stream."""

    event_id: int
    registration_id: int
    language: str
    # the versions the phone shows; None once it was sent its new pairing (its full fragment, fetched a moment
    # later through the normal view, opens a stream of its own)
    shown: str | None
    settling: int = 0  # second looks taken at an event change that came without a prepared pairing
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)


class Hub:
    """This process's streams, by event and by registration, and its one subscription to the changes."""

    def __init__(self) -> None:
        self.by_event: dict[int, set[Listener]] = defaultdict(set)
        self.by_registration: dict[int, set[Listener]] = defaultdict(set)
        self.count = 0
        self._redis = None
        self._subscription: asyncio.Task | None = None

    def redis(self):
        if self._redis is None:
            import redis.asyncio

            self._redis = redis.asyncio.Redis.from_url(
                live.redis_url(), socket_timeout=5, socket_connect_timeout=1, health_check_interval=30
            )
        return self._redis

    def add(self, listener: Listener) -> None:
        self.by_event[listener.event_id].add(listener)
        self.by_registration[listener.registration_id].add(listener)
        self.count += 1
        if self._subscription is None or self._subscription.done():
            self._subscription = asyncio.get_running_loop().create_task(self._listen())

    def remove(self, listener: Listener) -> None:
        for index, key in (
            (self.by_event, listener.event_id),
            (self.by_registration, listener.registration_id),
        ):
            found = index.get(key)
            if found is not None and listener in found:
                found.discard(listener)
                if not found:
                    del index[key]
        self.count -= 1

    def listeners(self) -> list[Listener]:
        return [listener for found in self.by_event.values() for listener in found]

    def concerned(self, keys: set[str]) -> list[Listener]:
        """The streams whose phone shows something one of these changed keys versions."""
        found: set[Listener] = set()
        event_prefix, registration_prefix = live.event_key(0)[:-1], live.registration_key(0)[:-1]
        for key in keys:
            if key.startswith(event_prefix):
                found |= self.by_event.get(_number(key[len(event_prefix) :]), set())
            elif key.startswith(registration_prefix):
                found |= self.by_registration.get(_number(key[len(registration_prefix) :]), set())
        return list(found)

    async def refresh(self, listeners: list[Listener]) -> None:
        """Sends each stream what changed since what its phone shows (live.change_since)."""
        listeners = [listener for listener in listeners if listener.shown is not None]
        if not listeners:
            return
        event_ids = sorted({listener.event_id for listener in listeners})
        pipe = self.redis().pipeline(transaction=False)
        for event_id in event_ids:
            pipe.get(live.event_key(event_id))
        for listener in listeners:
            pipe.get(live.registration_key(listener.registration_id))
        values = [value.decode() if value is not None else None for value in await pipe.execute()]
        events = dict(zip(event_ids, values[: len(event_ids)], strict=True))
        wanting_pairing: list[tuple[Listener, str, str]] = []
        for listener, registration_version in zip(listeners, values[len(event_ids) :], strict=True):
            event_version = events[listener.event_id]
            if event_version is None or registration_version is None:
                # a version lost (Redis restarted): the view decides, and gives the phone new versions
                listener.queue.put_nowait(event_text("changed", _spread(), event_id=listener.shown))
                continue
            now = f"{event_version}.{registration_version}"
            change = live.change_since(listener.shown, event_version, registration_version)
            if change == live.SAME:
                continue
            if change == live.EVENT:
                wanting_pairing.append((listener, event_version, now))
            else:
                listener.queue.put_nowait(event_text("changed", event_id=now))
                listener.shown = now
        if not wanting_pairing:
            return
        pipe = self.redis().pipeline(transaction=False)
        for listener, event_version, _now in wanting_pairing:
            pipe.hget(
                live.pairings_key(listener.event_id, event_version),
                f"{listener.registration_id}:{listener.language}",
            )
        unsettled = []
        snippets = await pipe.execute()
        for (listener, _event_version, now), snippet in zip(wanting_pairing, snippets, strict=True):
            if snippet:
                listener.queue.put_nowait(event_text("pairing", snippet.decode(), event_id=now))
                listener.shown = None
            elif listener.settling < SETTLE_LOOKS:
                listener.settling += 1
                unsettled.append(listener)
            else:
                listener.queue.put_nowait(event_text("changed", _spread(), event_id=now))
                listener.shown = now
                listener.settling = 0
        if unsettled:
            # The event changed but no pairing is prepared under its new version. When a round's commit also
            # changes the event's status (round 1), that plain change is published a moment before the round's
            # pairings: sending "changed" now would make every phone render its fragment through Django at
            # once. Look again in a moment; most event changes without a round (the clock) can wait that long.
            loop = asyncio.get_running_loop()
            loop.call_later(SETTLE_SECONDS, lambda: loop.create_task(self._refresh_quietly(unsettled)))

    async def _refresh_quietly(self, listeners: list[Listener]) -> None:
        try:
            await self.refresh(listeners)
        except Exception as error:  # noqa: BLE001 - the next change or the phone's poll catches up
            log.warning("live streams: a second look at %s streams failed (%s)", len(listeners), error)

    async def _listen(self) -> None:
        """Follows live.CHANNEL from the process's first stream on, and never stops (a stream added while it
        stopped would go unheard); subscribes again after a Redis failure."""
        while True:
            pubsub = self.redis().pubsub()
            try:
                await pubsub.subscribe(live.CHANNEL)
                # whatever changed before the subscription (or while it was broken) went unseen: look once
                await self.refresh(self.listeners())
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is None:
                        continue
                    keys = set(message["data"].decode().split())
                    # a round's commit publishes thousands of changes at once: take all that are already here
                    while (
                        more := await pubsub.get_message(ignore_subscribe_messages=True, timeout=0)
                    ) is not None:
                        keys.update(more["data"].decode().split())
                    await self.refresh(self.concerned(keys))
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001 - Redis away: the streams stay open, the phones wait
                log.warning(
                    "live streams: the subscription to %s failed (%s); again in 1 s", live.CHANNEL, error
                )
                await asyncio.sleep(1)
            finally:
                await pubsub.aclose()

    async def close(self) -> None:
        for listener in self.listeners():
            listener.queue.put_nowait(_CLOSE)
        if self._subscription is not None:
            self._subscription.cancel()


def _spread() -> str:
    """The `changed` data of an event-wide change (the clock, the status): the seconds the phone waits
    before it fetches its fragment, so that thousands of phones do not all render it through Django in the
    same second (LIVE_CHANGE_SPREAD). A change of one registration (a result) is fetched at once."""
    return f"{random.uniform(0, settings.LIVE_CHANGE_SPREAD):.1f}"


def _number(text: str) -> int:
    return int(text) if text.isdigit() else -1


def _refusal(status: int, text: str, extra: list | None = None) -> tuple[int, list, bytes]:
    body = text.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    return status, [*headers, *SECURITY_HEADERS, *(extra or [])], body


class LiveStreams:
    """ASGI: the streams here, everything else to `app` (config/asgi.py)."""

    def __init__(self, app) -> None:
        self.app = app
        self.hub = Hub()

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        found = STREAM_PATH.fullmatch(scope.get("path", "")) if scope["type"] == "http" else None
        if found is None:
            await self.app(scope, receive, send)
            return
        await self.stream(int(found[1]), scope, receive, send)

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.hub.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def _listener(self, event_id: int, scope) -> Listener | tuple[int, list, bytes]:
        """The stream's listener, or the refusal (status, headers, body) the phone gets instead."""
        if scope["method"] != "GET":
            return _refusal(405, "Only GET opens a live stream.", [(b"allow", b"GET")])
        if not live.redis_url():
            return _refusal(404, "Live streams are switched off here (no LIVE_REDIS_URL).")
        try:
            params = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), max_num_fields=8))
        except ValueError:
            return _refusal(400, "Too many query parameters.")
        who = live.unsign(params.get("t", ""))
        if who is None or who[0] != event_id:
            return _refusal(
                403, "This live link is not valid for this event, or has expired: reload the page."
            )
        headers = {key.lower(): value for key, value in scope.get("headers", [])}
        shown = headers.get(b"last-event-id", b"").decode("latin-1") or params.get("lv", "")
        if not VERSIONS.fullmatch(shown):
            return _refusal(400, "lv: the versions the page shows are missing or malformed.")
        if self.hub.count >= settings.LIVE_STREAM_LIMIT:
            return _refusal(
                503,
                "Too many live streams on this server: the page polls instead.",
                [(b"retry-after", b"60")],
            )
        return Listener(event_id=event_id, registration_id=who[1], language=who[2], shown=shown)

    async def stream(self, event_id: int, scope, receive, send) -> None:
        listener = self._listener(event_id, scope)
        if not isinstance(listener, Listener):
            status, headers, body = listener
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        self.hub.add(listener)
        watcher = asyncio.get_running_loop().create_task(_until_disconnected(receive, listener.queue))
        try:
            try:
                await self.hub.refresh([listener])  # a change between the page's render and this stream
            except Exception:  # noqa: BLE001 - Redis down: the phone polls instead
                status, headers, body = _refusal(
                    503, "The live versions are unavailable: the page polls instead."
                )
                await send({"type": "http.response.start", "status": status, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [(b"content-type", b"text/event-stream; charset=utf-8"), *SECURITY_HEADERS],
                }
            )
            await send(
                {
                    "type": "http.response.body",
                    "body": f"retry: {RETRY_MILLISECONDS}\n\n".encode(),
                    "more_body": True,
                }
            )
            await self._serve(listener, send)
        finally:
            watcher.cancel()
            self.hub.remove(listener)

    async def _serve(self, listener: Listener, send) -> None:
        heartbeat = settings.LIVE_STREAM_HEARTBEAT
        ends_at = time.monotonic() + settings.LIVE_STREAM_MAX_SECONDS
        while True:
            left = ends_at - time.monotonic()
            if left <= 0:
                await send({"type": "http.response.body", "body": event_text("renew"), "more_body": False})
                return
            try:
                item = await asyncio.wait_for(listener.queue.get(), timeout=min(heartbeat, left))
            except TimeoutError:
                item = event_text("ping")
            if item is _CLOSE:
                await send({"type": "http.response.body", "body": b"", "more_body": False})
                return
            await send({"type": "http.response.body", "body": item, "more_body": True})


async def _until_disconnected(receive, queue: asyncio.Queue) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            queue.put_nowait(_CLOSE)
            return
