"""Load test: gunicorn with the production settings, a 2,048-player event, phones polling and judges asking.

    python benchmarks/load_test.py [--players 2048] [--phones 300] [--judges 30] [--seconds 30]

Starts, on 127.0.0.1 only, an embedded Redis, one Celery worker and gunicorn (config.settings.prod with
SECRET_KEY set and SECURE_SSL_REDIRECT=false) on a throw-away SQLite database (or LOAD_DATABASE_URL, which
must name a database that may be wiped), seeded through the services: 2,048 players registered and checked
in, round 1 paired. After a short warm-up, for --seconds, every simulated phone polls its pairing (the live
fragment, with its ETag, every --poll seconds as the phone page does) and every judge replays a 20-action
situation through the rulings API (every --judge-interval seconds). Everything stops by itself. Prints one
JSON line:
``{"errors": N, "p95_ms": …, "requests_per_second": …, "phones": 300, "judges": 30, …}``; the target is no
errors and p95 under 150 ms.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

TARGET_P95_MS = 150.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if predicate():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"timed out waiting for {what}")


def prod_env(redis_url: str, database_url: str) -> dict[str, str]:
    """The environment of the servers under load: production settings on 127.0.0.1, a fresh SECRET_KEY."""
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        SECURE_SSL_REDIRECT="false",
        DEBUG="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        REDIS_URL=redis_url,
        DATABASE_URL=database_url,
        LOG_LEVEL="WARNING",
    )
    return env


def prepare_database() -> None:
    """Migrate, collect the static files and, on LOAD_DATABASE_URL, wipe what a previous run left."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    # production serves the collected, hashed assets (config/settings/prod.py), as the README's steps do
    call_command("collectstatic", verbosity=0, interactive=False)
    if os.environ.get("LOAD_DATABASE_URL"):
        call_command("flush", verbosity=0, interactive=False)


def seed(*, players: int, phones: int, judges: int) -> dict:
    """The event, through the services; sessions for the phones and API tokens for the judges."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from rest_framework.authtoken.models import Token

    from core.models import Role, User
    from tournaments import services

    organizer = User.objects.create_user("load-orga", role=Role.ORGANIZER)
    import datetime

    event = services.event_create(organizer=organizer, name="Load Open", game="yugioh",
                                  date=datetime.date(2026, 12, 5), seed="load")  # fmt: skip
    services.event_set_status(event=event, status="registration", user=organizer)
    people = User.objects.bulk_create(
        User(username=f"load{n:05d}", role=Role.PLAYER, display_name=f"Load Player {n:05d}")
        for n in range(players)
    )
    services.event_set_status(event=event, status="check_in", user=organizer)
    for person in people:
        services.registration_create(event=event, player=person, by=organizer, check_in=True)
    services.round_pair_next(event=event, user=organizer)

    sessions = []
    for person in random.Random(1).sample(people, phones):
        store = SessionStore()
        store[SESSION_KEY] = str(person.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = person.get_session_auth_hash()
        store.create()
        sessions.append(store.session_key)
    tokens = []
    for n in range(judges):
        judge = User.objects.create_user(f"load-judge{n:02d}", role=Role.JUDGE)
        services.event_add_staff(event=event, user=judge, role="judge", by=organizer)
        tokens.append(Token.objects.create(user=judge).key)
    return {"event_id": event.pk, "sessions": sessions, "tokens": tokens}


def replay_documents(count: int) -> list[bytes]:
    from replay_bench import build_document

    documents = []
    seed_ = 0
    while len(documents) < count:
        document = build_document("yugioh", 20, seed_)
        seed_ += 1
        if document is not None:
            documents.append(json.dumps(document).encode())
    return documents


class Recorder:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.samples: dict[str, list[float]] = {"phone": [], "judge": [], "phone_first": []}
        self.errors: list[str] = []

    def add(self, kind: str, ms: float, error: str | None) -> None:
        with self.lock:
            self.samples[kind].append(ms)
            if error:
                self.errors.append(error)


def request(conn_box: list, port: int, method: str, path: str, body: bytes | None, headers: dict):
    """One request on a kept-alive connection (re-opened if the server closed it); (status, headers, ms)."""
    for attempt in range(2):
        if conn_box[0] is None:
            conn_box[0] = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn = conn_box[0]
        started = time.perf_counter()
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            response.read()
        except (http.client.HTTPException, OSError):
            conn.close()
            conn_box[0] = None
            if attempt:
                raise
            continue
        return response.status, response, (time.perf_counter() - started) * 1000
    raise RuntimeError("unreachable")


def phone(port: int, event_id: int, session: str, *, until: float, poll: float, rec: Recorder) -> None:
    conn: list = [None]
    path = f"/events/{event_id}/me/live/"
    headers = {"Cookie": f"sessionid={session}", "HX-Request": "true"}
    time.sleep(random.uniform(0, poll))  # phones do not poll in step
    while time.monotonic() < until:
        try:
            status, response, ms = request(conn, port, "GET", path, None, headers)
            error = None if status in (200, 204, 304) else f"phone GET {status}"
            first = "If-None-Match" not in headers
            if status == 200 and response.getheader("ETag"):
                headers["If-None-Match"] = response.getheader("ETag")
        except Exception as exc:  # noqa: BLE001 - an error is a figure of the benchmark
            ms, error, first = 0.0, f"phone {type(exc).__name__}: {exc}", False
        rec.add("phone", ms, error)
        if first:
            rec.samples["phone_first"].append(ms)
        time.sleep(poll)


def judge(
    port: int, token: str, documents: list[bytes], *, until: float, interval: float, rec: Recorder
) -> None:
    conn: list = [None]
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    rng = random.Random(token)
    time.sleep(rng.uniform(0, interval))
    while time.monotonic() < until:
        try:
            status, _response, ms = request(
                conn, port, "POST", "/api/rulings/replay/", rng.choice(documents), headers
            )
            error = None if status == 200 else f"judge POST {status}"
        except Exception as exc:  # noqa: BLE001
            ms, error = 0.0, f"judge {type(exc).__name__}: {exc}"
        rec.add("judge", ms, error)
        time.sleep(interval)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2048)
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--judges", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--poll", type=float, default=4.0, help="seconds between two polls of a phone")
    parser.add_argument("--judge-interval", type=float, default=2.0)
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=8, help="threads per gunicorn worker")
    args = parser.parse_args()

    from core.embedded_redis import EmbeddedRedis

    tmp = tempfile.TemporaryDirectory(prefix="tableside-load-")
    redis = EmbeddedRedis().start()
    port = free_port()
    database_url = os.environ.get("LOAD_DATABASE_URL", f"sqlite:///{Path(tmp.name) / 'load.sqlite3'}")
    env = prod_env(redis.url, database_url)
    os.environ.update(env)
    children: list[subprocess.Popen] = []
    logs = Path(tmp.name)
    try:
        import django

        django.setup()
        prepare_database()
        started = time.perf_counter()
        world = seed(players=args.players, phones=args.phones, judges=args.judges)
        seed_seconds = time.perf_counter() - started
        documents = replay_documents(10)
        from django.db import connections

        connections.close_all()

        children.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "WARNING",
             "--concurrency", "1", "--without-gossip", "--without-mingle",
             "--hostname", f"load-{os.getpid()}@%h"],
            cwd=ROOT, env=env, stdout=(logs / "worker.log").open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,
        ))  # fmt: skip
        children.append(subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", str(args.workers), "--worker-class", "gthread", "--threads", str(args.threads),
             "--keep-alive", "30", "--log-level", "warning"],
            cwd=ROOT, env=env, stdout=(logs / "gunicorn.log").open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,
        ))  # fmt: skip

        def healthy() -> bool:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            return conn.getresponse().status == 200

        wait_for(healthy, 60, "gunicorn, the database, Redis and a worker (/healthz 200)")

        # Warm-up (not measured): every gunicorn worker imports, connects and compiles its templates.
        warm = Recorder()
        warm_until = time.monotonic() + 4
        warmers = [threading.Thread(target=phone, args=(port, world["event_id"], s),
                                    kwargs={"until": warm_until, "poll": 0.2, "rec": warm}, daemon=True)
                   for s in world["sessions"][:12]]  # fmt: skip
        warmers += [threading.Thread(target=judge, args=(port, t, documents),
                                     kwargs={"until": warm_until, "interval": 0.2, "rec": warm}, daemon=True)
                    for t in world["tokens"][:6]]  # fmt: skip
        for thread in warmers:
            thread.start()
        for thread in warmers:
            thread.join(timeout=60)

        rec = Recorder()
        until = time.monotonic() + args.seconds
        timing = {"until": until, "rec": rec}
        threads = [threading.Thread(target=phone, args=(port, world["event_id"], s),
                                    kwargs={**timing, "poll": args.poll}, daemon=True)
                   for s in world["sessions"]]  # fmt: skip
        threads += [threading.Thread(target=judge, args=(port, t, documents),
                                     kwargs={**timing, "interval": args.judge_interval}, daemon=True)
                    for t in world["tokens"]]  # fmt: skip
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=args.seconds + 60)
        elapsed = args.seconds  # requests are only sent inside this window
    finally:
        for child in children:
            try:
                os.killpg(child.pid, 15)
                child.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(child.pid, 9)
        redis.stop()

    every = rec.samples["phone"] + rec.samples["judge"]
    result = {
        "errors": len(rec.errors),
        "p95_ms": percentile(every, 0.95),
        "p50_ms": percentile(every, 0.50),
        "requests_per_second": round(len(every) / elapsed, 1),
        "phones": args.phones,
        "judges": args.judges,
        "requests": len(every),
        "seconds": round(elapsed, 1),
        "players": args.players,
        "phone_p95_ms": percentile(rec.samples["phone"], 0.95),
        "judge_p95_ms": percentile(rec.samples["judge"], 0.95),
        # a phone's first poll renders the whole fragment; the next ones are mostly 304 Not Modified
        "phone_first_p50_ms": percentile(rec.samples["phone_first"], 0.50),
        "phone_first_p95_ms": percentile(rec.samples["phone_first"], 0.95),
        "mean_ms": round(statistics.fmean(every), 1) if every else 0.0,
        "seed_seconds": round(seed_seconds, 1),
        "database": env["DATABASE_URL"].split(":", 1)[0],
        "gunicorn": f"{args.workers} workers x {args.threads} threads",
        "target_p95_ms": TARGET_P95_MS,
        "first_errors": sorted(set(rec.errors))[:5],
    }
    tmp.cleanup()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
