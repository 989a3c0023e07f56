"""Log-ins and players' phones during a card import, on SQLite: the site answers while a worker writes.

    python benchmarks/import_responsiveness.py [--rows 150000] [--clients 2] [--chunk 1000]
    python benchmarks/import_responsiveness.py --cards-json [--clients 1] [--phones 4] [--imports 3]

Starts, on 127.0.0.1 only, an embedded Redis, one Celery worker and gunicorn (config.settings.prod with
SECRET_KEY set and SECURE_SSL_REDIRECT=false: real password hashing, rate limits on) on a throw-away SQLite
database (WAL, busy timeout 10 s, as in config/settings/base.py). An admin uploads a card file through the
import page (the worker imports it) while people use the site; everything stops by itself and one JSON line
is printed.

Default (issue 12): a generated --rows-card CSV; --clients people log in over HTTP again and again (GET the
log-in page, POST the form, timed together; several accounts, so that the log-in rate limit of 10 a minute
per account is never what answers). ``{"import_seconds": …, "login_p95_ms": …, "errors": N, …}``; the
target is no errors and every log-in under 2 s.

--cards-json (issue 15 item 4): the 14,218-card YGOPRODeck cards.json of ../shared/data/yugioh (a generated
file of the same size when ../shared is absent), uploaded for Yu-Gi-Oh! --imports times, each into an empty
pool. A 64-player event has round 1 posted (benchmarks/load_test.py's seed). First --baseline log-ins one at
a time with nothing else running (``idle``); then --phones players reload their phone page (/events/<id>/me/)
and its live fragment (rendered by Django: no version token, so the fast path does not answer it) and
--clients people log in, the log-in page's GET and the form's POST timed apart, each pausing --pause s. Each
kind of request is summed up (n, errors, p50/p95/max) over --baseline-seconds before the first upload
(``baseline``) and from each upload's POST to its import's "done" (``during``). The admin's progress fragment
(/tasks/<id>/, what the import page polls) is read meanwhile (``progress_seen``) and the import page's counts
afterwards (``final_counts``). ``import_seconds`` is the median import, from the upload's POST to the
import's row saying "done"; ``worker_cpu_seconds`` the CPU the worker's processes used meanwhile.
Targets: import < 5 s on a quiet machine, every page's p95 < 300 ms during the import, no errors.
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

from live_load import tree_cpu_seconds  # noqa: E402
from load_test import seed  # noqa: E402

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


def upload(browser: Browser, data: bytes, filename: str, *, game: str = "arrows") -> str:
    token = browser.form_token("/decks/imports/")
    boundary = uuid.uuid4().hex
    kind = "application/json" if filename.endswith(".json") else "text/csv"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n{token}\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="game"\r\n\r\n{game}\r\n',
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        f"Content-Type: {kind}\r\n\r\n",
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


def run_site(args, scenario):
    """Start Redis, one Celery worker and gunicorn on a throw-away SQLite database, create the accounts,
    warm up, run ``scenario(port, children)`` and stop everything; returns what the scenario returns."""
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
    try:
        import django

        django.setup()
        from django.contrib.auth.hashers import make_password
        from django.core.management import call_command
        from django.db import connections

        from core.models import Role, User

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
        result = scenario(port, children)
        result.update(
            chunk_rows=int(env.get("CARD_IMPORT_CHUNK_ROWS", 0)) or "setting",
            gunicorn=f"{args.workers} workers x {args.threads} threads",
            database="sqlite (WAL)",
        )
    finally:
        for child in children:
            try:
                os.killpg(child.pid, 15)
                child.wait(timeout=20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(child.pid, 9)
        redis.stop()
    tmp.cleanup()
    return result


def generated_csv_scenario(args):
    """Issue 12: a generated --rows-card CSV; people log in (GET form + POST, timed together)."""
    samples: list[tuple[float, float, int, bool]] = []  # (ms, when, status, during writes)
    lock = threading.Lock()

    def scenario(port: int, _children) -> dict:
        from decks.models import CardImport

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
        return {
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
            "target_login_max_ms": TARGET_LOGIN_MAX_MS,
        }

    return scenario


# --- issue 15 item 4: the real card file, log-in and the phone page measured during the import -----------

CARD_COUNT = 14_218
PHONE_PLAYERS = 64
KINDS = ("login_get", "login_post", "phone_page", "live_fragment")


def cards_json() -> tuple[bytes, str]:
    """The real 14,218-card YGOPRODeck cards.json of ../shared when present, else a generated one as large."""
    from decks_bench import card_file

    folder = Path(tempfile.mkdtemp(prefix="tableside-cards-"))
    path, origin = card_file(folder)
    data = path.read_bytes()
    if origin == "synthetic":
        path.unlink()
    folder.rmdir()
    return data, origin


def summary(values: list[tuple[float, bool]]) -> dict:
    times = [ms for ms, _ok in values]
    return {
        "n": len(values),
        "errors": sum(1 for _ms, ok in values if not ok),
        "p50_ms": percentile(times, 0.50),
        "p95_ms": percentile(times, 0.95),
        "max_ms": round(max(times), 1) if times else 0.0,
    }


def cards_json_scenario(args):
    """Issue 15 item 4: the real cards.json uploaded on the import page; log-ins (GET and POST timed apart)
    and players' phones (the phone page and its live fragment, rendered by Django) measured before the
    import (baseline) and during it; the admin's progress fragment polled as the import page does."""
    samples: list[tuple[str, float, float, bool]] = []  # (kind, started, ms, ok)
    lock = threading.Lock()

    def record(kind: str, started: float, ms: float, ok: bool) -> None:
        with lock:
            samples.append((kind, started, ms, ok))

    def timed(browser: Browser, kind: str, path: str, expected: int, **request) -> bytes:
        started = time.perf_counter()
        try:
            status, _response, content = browser.request(request.pop("method", "GET"), path, **request)
        except Exception:  # noqa: BLE001 - a failed request is a figure of the benchmark
            status, content = 0, b""
        record(kind, started, (time.perf_counter() - started) * 1000, status == expected)
        return content

    def log_in(browser: Browser, username: str) -> None:
        """The log-in page's GET and the form's POST, timed apart (the POST hashes the password)."""
        browser.cookies.pop("sessionid", None)
        content = timed(browser, "login_get", "/accounts/login/", 200)
        found = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', content)
        if found is None:
            return
        body = f"csrfmiddlewaretoken={found.group(1).decode()}&username={username}&password={PASSWORD}"
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Referer": "http://127.0.0.1/"}
        timed(
            browser, "login_post", "/accounts/login/", 302, method="POST", body=body.encode(), headers=headers
        )

    def scenario(port: int, children) -> dict:
        from decks.models import Card, CardImport, CardKey

        data, origin = cards_json()
        # a Yu-Gi-Oh! event with round 1 posted, and signed-in sessions for some players' phones
        world = seed(players=PHONE_PLAYERS, phones=args.phones, judges=0)
        stop = threading.Event()
        counter = {"next": 0}

        def person() -> None:
            browser = Browser(port)
            while not stop.is_set():
                with lock:
                    counter["next"] += 1
                    username = f"bench{counter['next'] % ACCOUNTS:03d}"
                log_in(browser, username)
                stop.wait(args.pause)

        def phone(session: str) -> None:
            browser = Browser(port)
            browser.cookies["sessionid"] = session
            page = f"/events/{world['event_id']}/me/"
            while not stop.is_set():
                timed(browser, "phone_page", page, 200)
                timed(browser, "live_fragment", page + "live/", 200, headers={"HX-Request": "true"})
                stop.wait(args.pause)

        threads = [threading.Thread(target=person, daemon=True) for _ in range(args.clients)]
        threads += [threading.Thread(target=phone, args=(key,), daemon=True) for key in world["sessions"]]
        for key in world["sessions"]:  # warm-up, not measured: templates compiled in every gunicorn worker
            for _ in range(args.workers):
                warm = Browser(port)  # a new connection each time: another gunicorn worker may take it
                warm.cookies["sessionid"] = key
                warm.request("GET", f"/events/{world['event_id']}/me/")
                warm.request("GET", f"/events/{world['event_id']}/me/live/", headers={"HX-Request": "true"})
        # Idle: log-ins one at a time with nothing else of ours running (what the password hash costs).
        idle_from = time.perf_counter()
        for n in range(args.baseline):
            log_in(Browser(port), f"bench{n:03d}")
        idle_to = time.perf_counter()
        baseline_from = time.perf_counter()
        for thread in threads:
            thread.start()
        time.sleep(args.baseline_seconds)
        baseline_to = time.perf_counter()

        admin = Browser(port)
        status, _ms = admin.log_in("bench-admin", PASSWORD)
        if status != 302:
            raise RuntimeError(f"the admin's log-in answered {status}")
        progress_seen: list[str] = []
        task: dict[str, str] = {}

        def admin_page() -> None:
            # what the import page's fragment shows, polled as htmx does (every second; here every 0.5 s)
            watcher = Browser(port)
            watcher.cookies = dict(admin.cookies)
            while not stop.is_set():
                if "id" in task:
                    _status, _response, content = watcher.request("GET", f"/tasks/{task['id']}/")
                    label = re.search(rb'class="progress-label">\s*(.*?)\s*</span>', content, re.S)
                    text = re.sub(r"\s+", " ", label.group(1).decode()) if label else "?"
                    if not progress_seen or progress_seen[-1] != text:
                        progress_seen.append(text)
                stop.wait(0.5)

        watcher = threading.Thread(target=admin_page, daemon=True)
        watcher.start()
        windows: list[tuple[float, float]] = []
        imports: list[dict] = []
        for number in range(args.imports):
            if number:
                # an empty pool again (outside the measured windows), then a quiet moment
                CardKey.objects.filter(game="yugioh").delete()
                Card.objects.filter(game="yugioh").delete()
                time.sleep(2.0)
            cpu_before = tree_cpu_seconds([children[0].pid])
            started = time.perf_counter()
            location = upload(admin, data, "cards.json", game="yugioh")
            upload_ms = (time.perf_counter() - started) * 1000
            import_id = int(location.rstrip("/").rsplit("/", 1)[-1])
            task["id"] = CardImport.objects.values_list("task_id", flat=True).get(pk=import_id)
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                if CardImport.objects.values_list("status", flat=True).get(pk=import_id) in (
                    "done",
                    "failed",
                ):
                    break
                time.sleep(0.02)
            done_at = time.perf_counter()
            windows.append((started, done_at))
            job = CardImport.objects.get(pk=import_id)
            imports.append({
                "status": job.status,
                "error": job.error[:300],
                "created": job.created,
                "seconds": round(done_at - started, 2),  # from the upload's POST to the import's "done"
                "upload_ms": round(upload_ms, 1),
                "queued_seconds": round((job.started_at - job.created_at).total_seconds(), 2)
                if job.started_at else None,
                "worker_seconds": round((job.finished_at - job.started_at).total_seconds(), 2)
                if job.finished_at and job.started_at else None,
                "worker_cpu_seconds": round(tree_cpu_seconds([children[0].pid]) - cpu_before, 2),
            })  # fmt: skip
            time.sleep(1.0)  # the fragment's last poll says "Done."
        stop.set()
        for thread in [*threads, watcher]:
            thread.join(timeout=120)
        page = admin.request("GET", location)[2].decode()
        counts = re.search(r'data-testid="import-counts">(.*?)</p>', page, re.S)

        def window(spans: list[tuple[float, float]]) -> dict:
            return {
                kind: summary([
                    (ms, ok) for k, when, ms, ok in samples
                    if k == kind and any(start <= when < end for start, end in spans)
                ])
                for kind in KINDS
            }  # fmt: skip

        during = window(windows)
        baseline = window([(baseline_from, baseline_to)])
        idle = {kind: figures for kind, figures in window([(idle_from, idle_to)]).items() if figures["n"]}
        seconds = sorted(entry["seconds"] for entry in imports)
        return {
            "file": origin,
            "cards": CARD_COUNT if origin == "synthetic" else imports[0]["created"],
            "bytes": len(data),
            "imports": imports,
            "all_done": int(all(entry["status"] == "done" for entry in imports)),
            "import_seconds": seconds[len(seconds) // 2],  # the median import
            "import_seconds_max": seconds[-1],
            "during": during,
            "baseline": baseline,
            "idle": idle,
            "errors": sum(
                entry["errors"] for entry in (*during.values(), *baseline.values(), *idle.values())
            ),
            "progress_seen": progress_seen,
            "final_counts": re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", counts.group(1))).strip()
            if counts
            else None,
            "clients": {"logging_in": args.clients, "phones": args.phones, "pause_s": args.pause},
        }

    return scenario


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=150_000)
    parser.add_argument(
        "--cards-json",
        action="store_true",
        help="import the 14,218-card cards.json (../shared, else a generated one) and time log-in and phones",
    )
    parser.add_argument(
        "--clients", type=int, default=None, help="people logging in (default 2; 1 with --cards-json)"
    )
    parser.add_argument("--phones", type=int, default=4, help="--cards-json: players reloading their phone")
    parser.add_argument(
        "--pause", type=float, default=0.3, help="--cards-json: seconds between a client's tries"
    )
    parser.add_argument(
        "--imports", type=int, default=3, help="--cards-json: imports into an empty pool, one by one"
    )
    parser.add_argument("--baseline-seconds", type=float, default=6.0, help="--cards-json: idle measurement")
    parser.add_argument("--chunk", type=int, default=None, help="CARD_IMPORT_CHUNK_ROWS (default: setting)")
    parser.add_argument("--baseline", type=int, default=10, help="log-ins measured before the import")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    args = parser.parse_args()
    if args.clients is None:
        args.clients = 1 if args.cards_json else 2
    scenario = cards_json_scenario(args) if args.cards_json else generated_csv_scenario(args)
    load_before = os.getloadavg()
    result = run_site(args, scenario)
    result["load_before"] = [round(value, 2) for value in load_before]
    result["load_after"] = [round(value, 2) for value in os.getloadavg()]
    print(json.dumps(result))


if __name__ == "__main__":
    main()
