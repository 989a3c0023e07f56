"""Log-ins during a large card import, on SQLite: the site keeps answering while a worker writes cards.

    python benchmarks/import_responsiveness.py [--rows 150000] [--clients 2] [--chunk 1000]

Starts, on 127.0.0.1 only, an embedded Redis, one Celery worker and gunicorn (config.settings.prod with
SECRET_KEY set and SECURE_SSL_REDIRECT=false: real password hashing, rate limits on) on a throw-away SQLite
database (WAL, busy timeout 10 s, as in config/settings/base.py). It uploads a generated --rows-card CSV
as an admin through the import page, and while the worker imports it, --clients people log in over HTTP
again and again (GET the log-in page, POST the form; several accounts, so that the log-in rate limit of
10 a minute per account is never what answers). Everything stops by itself. Prints one JSON line:
``{"import_seconds": …, "logins": N, "logins_during_writes": N, "login_p50_ms": …, "login_p95_ms": …,
"login_max_ms": …, "errors": N, "baseline_login_p50_ms": …, …}`` (the baseline: the same log-ins before the
import, with the machine otherwise idle); the target is no errors and every log-in under 2 s.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TARGET_LOGIN_MAX_MS = 2000.0
ACCOUNTS = 120
PASSWORD = "bench-login-" + "x" * 8


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


def card_pool_csv(rows: int) -> bytes:
    lines = ["id,name,name_fr,kind,atk,def,level,rarity"]
    lines += [
        f"bench-{n:06d},Benchmark Monster {n},Monstre de test {n},monster,{n % 9},{n % 7},{n % 12},C"
        for n in range(rows)
    ]
    return ("\n".join(lines) + "\n").encode()


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


class Browser:
    """Just enough of a browser for Django's log-in: cookies, the CSRF token, one kept-alive connection."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                content = response.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
                continue
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _eq, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
            return response.status, response, content
        raise RuntimeError("unreachable")

    def form_token(self, path: str) -> str:
        status, _response, content = self.request("GET", path)
        if status != 200:
            raise RuntimeError(f"GET {path} answered {status}")
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', content)
        if not found:
            raise RuntimeError(f"no CSRF token on {path}")
        return found.group(1).decode()

    def log_in(self, username: str, password: str) -> tuple[int, float]:
        """(status of the POST, milliseconds of GET form + POST) — what a person waits for."""
        self.cookies.pop("sessionid", None)
        started = time.perf_counter()
        token = self.form_token("/accounts/login/")
        body = f"csrfmiddlewaretoken={token}&username={username}&password={password}".encode()
        status, _response, _content = self.request(
            "POST",
            "/accounts/login/",
            body,
            {"Content-Type": "application/x-www-form-urlencoded", "Referer": "http://127.0.0.1/"},
        )
        return status, (time.perf_counter() - started) * 1000


def upload(browser: Browser, data: bytes, filename: str) -> str:
    token = browser.form_token("/decks/imports/")
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="game"\r\n\r\narrows\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        "Content-Type: text/csv\r\n\r\n",
    ]
    body = "".join(parts).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    status, response, content = browser.request(
        "POST",
        "/decks/imports/",
        body,
        {"Content-Type": f"multipart/form-data; boundary={boundary}", "Referer": "http://127.0.0.1/"},
    )
    if status != 302:
        raise RuntimeError(f"the upload answered {status}: {content[:300]!r}")
    return response.getheader("Location")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=150_000)
    parser.add_argument("--clients", type=int, default=2, help="people logging in at the same time")
    parser.add_argument("--chunk", type=int, default=None, help="CARD_IMPORT_CHUNK_ROWS (default: setting)")
    parser.add_argument("--baseline", type=int, default=10, help="log-ins measured before the import")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    args = parser.parse_args()

    from core.embedded_redis import EmbeddedRedis

    tmp = tempfile.TemporaryDirectory(prefix="tableside-import-bench-")
    redis = EmbeddedRedis().start()
    port = free_port()
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.prod",
        SECRET_KEY=secrets.token_urlsafe(50),
        SECURE_SSL_REDIRECT="false",
        DEBUG="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        REDIS_URL=redis.url,
        DATABASE_URL=f"sqlite:///{Path(tmp.name) / 'bench.sqlite3'}",
        LOG_LEVEL="WARNING",
    )
    if args.chunk:
        env["CARD_IMPORT_CHUNK_ROWS"] = str(args.chunk)
    os.environ.update(env)
    children: list[subprocess.Popen] = []
    logs = Path(tmp.name)
    samples: list[tuple[float, float, int, bool]] = []  # (ms, when, status, during writes)
    lock = threading.Lock()
    try:
        import django

        django.setup()
        from django.contrib.auth.hashers import make_password
        from django.core.management import call_command
        from django.db import connections

        from core.models import Role, User
        from decks.models import CardImport

        call_command("migrate", verbosity=0, interactive=False)
        call_command("collectstatic", verbosity=0, interactive=False)
        hashed = make_password(PASSWORD)  # once: the accounts share it (hashing 120 times takes a minute)
        User.objects.bulk_create(
            User(username=f"bench{n:03d}", role=Role.PLAYER, password=hashed) for n in range(ACCOUNTS)
        )
        User.objects.create(username="bench-admin", role=Role.ORGANIZER, is_staff=True, is_superuser=True,
                            password=hashed)  # fmt: skip
        connections.close_all()
        children.append(subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "WARNING",
             "--concurrency", "1", "--without-gossip", "--without-mingle",
             "--hostname", f"import-bench-{os.getpid()}@%h"],
            cwd=ROOT, env=env, stdout=(logs / "worker.log").open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,
        ))  # fmt: skip
        children.append(subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
             "--workers", str(args.workers), "--worker-class", "gthread", "--threads", str(args.threads),
             "--keep-alive", "30", "--log-level", "warning", "--timeout", "120"],
            cwd=ROOT, env=env, stdout=(logs / "gunicorn.log").open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True,
        ))  # fmt: skip

        def healthy() -> bool:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/healthz")
            return conn.getresponse().status == 200

        wait_for(healthy, 90, "gunicorn, the database, Redis and a worker (/healthz 200)")
        # Warm-up (not measured): each gunicorn worker imports, connects, compiles its templates.
        for n in range(2 * args.workers):
            Browser(port).log_in(f"bench{n:03d}", PASSWORD)

        # Baseline: the same log-ins with no import running (the password hash costs most of a log-in).
        idle = Browser(port)
        baseline = [idle.log_in(f"bench{n % ACCOUNTS:03d}", PASSWORD)[1] for n in range(args.baseline)]

        admin = Browser(port)
        status, _ms = admin.log_in("bench-admin", PASSWORD)
        if status != 302:
            raise RuntimeError(f"the admin's log-in answered {status}")
        data = card_pool_csv(args.rows)
        started = time.perf_counter()
        location = upload(admin, data, "bench-pool.csv")
        upload_ms = (time.perf_counter() - started) * 1000
        import_id = int(location.rstrip("/").rsplit("/", 1)[-1])

        def progress() -> tuple[str, int]:
            return CardImport.objects.values_list("status", "created").get(pk=import_id)

        finished = threading.Event()
        counter = {"next": 0}

        def person(index: int) -> None:
            browser = Browser(port)
            while not finished.is_set():
                with lock:
                    counter["next"] += 1
                    username = f"bench{counter['next'] % ACCOUNTS:03d}"
                status_before, written_before = progress()
                try:
                    status, ms = browser.log_in(username, PASSWORD)
                except Exception:  # noqa: BLE001 - a failed log-in is a figure of the benchmark
                    status, ms = 0, 0.0
                status_after, written_after = progress()
                writing = status_after == "running" and 0 < written_before <= written_after < args.rows
                with lock:
                    samples.append((ms, time.perf_counter() - started, status, writing))

        people = [threading.Thread(target=person, args=(n,), daemon=True) for n in range(args.clients)]
        for thread in people:
            thread.start()
        deadline = time.monotonic() + 1800
        while time.monotonic() < deadline:
            state, _written = progress()
            if state in ("done", "failed"):
                break
            time.sleep(0.2)
        import_seconds = time.perf_counter() - started
        finished.set()
        for thread in people:
            thread.join(timeout=120)
        job = CardImport.objects.get(pk=import_id)
        times = [ms for ms, _when, _status, _writing in samples]
        during = [ms for ms, _when, _status, writing in samples if writing]
        errors = [status for _ms, _when, status, _writing in samples if status != 302]
        worker_seconds = (
            (job.finished_at - job.started_at).total_seconds() if job.finished_at and job.started_at else None
        )
        result = {
            "rows": args.rows,
            "import_status": job.status,
            "import_error": job.error[:300],
            "import_seconds": round(import_seconds, 1),  # from the upload's POST to the import's end
            "worker_seconds": round(worker_seconds, 1) if worker_seconds is not None else None,
            "upload_ms": round(upload_ms, 1),
            "created": job.created,
            "logins": len(samples),
            "logins_during_writes": len(during),
            "errors": len(errors),
            "error_statuses": sorted(set(errors)),
            "login_p50_ms": percentile(times, 0.50),
            "login_p95_ms": percentile(times, 0.95),
            "login_max_ms": round(max(times), 1) if times else 0.0,
            "during_writes_p95_ms": percentile(during, 0.95),
            "during_writes_max_ms": round(max(during), 1) if during else 0.0,
            "baseline_login_p50_ms": percentile(baseline, 0.50),
            "baseline_login_max_ms": round(max(baseline), 1) if baseline else 0.0,
            "clients": args.clients,
            "chunk_rows": int(env.get("CARD_IMPORT_CHUNK_ROWS", 0)) or "setting",
            "gunicorn": f"{args.workers} workers x {args.threads} threads",
            "database": "sqlite (WAL)",
            "target_login_max_ms": TARGET_LOGIN_MAX_MS,
        }
    finally:
        for child in children:
            try:
                os.killpg(child.pid, 15)
                child.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(child.pid, 9)
        redis.stop()
    tmp.cleanup()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
