"""Shared fixtures: a real Redis server, a real Celery worker process, and headless Chromium.

Nothing here runs eagerly: Redis and the worker start the first time a test asks for them,
once per test session, and stop at its end.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make next to it are
# still synchronous and safe.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# On CI every property test draws the same examples run after run (a red build is then a real regression, not
# a new random draw); on a developer's machine hypothesis explores new examples each run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO_ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = REPO_ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
VIEWPORTS = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(autouse=True)
def _fresh_search_index():
    """Each test starts with an empty in-memory card-name index: the database is rolled back between tests,
    and the index only re-reads it after a second (a test of the tablet's card search once saw the card of
    the test before, on PostgreSQL)."""
    from decks.selectors import search_index_clear

    search_index_clear()
    yield
    search_index_clear()


@pytest.fixture(autouse=True)
def _site_language_each_test():
    """Each test starts in the site's default language. A request with `Accept-Language: fr` leaves French
    active in the thread (LocaleMiddleware does not put it back), which made the next test in the same
    worker see French labels where it expected English."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(scope="session")
def redis_url():
    """A Redis server for this test session: TEST_REDIS_URL when given, else one we start and stop."""
    from core.embedded_redis import EmbeddedRedis

    external = os.environ.get("TEST_REDIS_URL")
    if external:
        yield external
        return
    server = EmbeddedRedis().start()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="session")
def celery_app_configured(redis_url):
    """Point this process's Celery app and health checks at the session's Redis."""
    from django.conf import settings

    from config.celery import app

    point_celery_at(app, redis_url, settings)
    return app


def point_celery_at(app, url: str, settings) -> None:
    """Send this process's tasks, results and health checks to the Redis at `url`, dropping the connections
    and the result backend the app may have built for another address earlier in the session."""
    settings.REDIS_URL = settings.CELERY_BROKER_URL = settings.CELERY_RESULT_BACKEND = url
    app.conf.update(broker_url=url, result_backend=url, task_always_eager=False)
    if app._pool is not None:
        app._pool.force_close_all()
        app._pool = None
    app.amqp._producer_pool = None
    app._backend_cache = None
    app._local.__dict__.pop("backend", None)


def _database_url_for_children() -> str:
    from django.db import connection

    settings_dict = connection.settings_dict
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    user = settings_dict.get("USER") or ""
    password = settings_dict.get("PASSWORD") or ""
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "localhost"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


class WorkerProcess:
    """A `celery worker` child process bound to the test database and Redis."""

    def __init__(self, redis_url: str, database_url: str, log_path: Path):
        self.redis_url = redis_url
        self.database_url = database_url
        self.log_path = log_path
        self.process: subprocess.Popen | None = None

    def start(self, app, timeout: float = 40.0) -> None:
        env = dict(os.environ)
        env.update(
            REDIS_URL=self.redis_url,
            DATABASE_URL=self.database_url,
            DJANGO_SETTINGS_MODULE="config.settings.test_worker",
        )
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
             "--concurrency", "1", "--pool", "prefork", "--without-gossip", "--without-mingle",
             "--hostname", f"test-{os.getpid()}-{time.monotonic_ns()}@%h"],
            cwd=REPO_ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Celery worker exited at start; see {self.log_path}")
            if app.control.ping(timeout=0.5):
                return
        self.stop()
        raise RuntimeError(f"Celery worker did not answer within {timeout} s; see {self.log_path}")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.process = None

    def kill(self) -> None:
        """Kill the worker abruptly, as a crash would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self.process = None


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker, celery_app_configured, redis_url):
    """A real worker process for the whole session (tests using it need transactional database access)."""
    with django_db_blocker.unblock():
        database_url = _database_url_for_children()
    worker = WorkerProcess(redis_url, database_url, ARTIFACTS / "logs" / "celery-worker.log")
    worker.start(celery_app_configured)
    yield worker
    worker.stop()


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: install Debian's chromium package (see .ci/run)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"],
        )  # fmt: skip
        yield browser
        browser.close()


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def viewport_name(request):
    return request.param


@pytest.fixture
def page_at(browser):
    """Open a fresh browser context at a named viewport; screenshots go to test-artifacts/screenshots."""
    contexts = []
    policy_violations: list[str] = []

    def watch(message):
        text = message.text
        if message.type == "error" and ("Content Security Policy" in text or "Refused to" in text):
            policy_violations.append(f"{text} (on {message.page.url if message.page else '?'})")

    def open_page(size: str):
        context = browser.new_context(viewport=VIEWPORTS[size], locale="en-US")
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("console", watch)
        return page

    yield open_page
    for context in contexts:
        context.close()
    # Inline scripts, styles or handlers would be refused in production too: fail the test that shows one.
    assert not policy_violations, "Content-Security-Policy violations (use static files):\n" + "\n".join(
        policy_violations
    )


def save_screenshot(page, name: str) -> Path:
    path = ARTIFACTS / "screenshots" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=True)
    return path


def sign_in(page, base: str, user) -> None:
    """Log a browser context in by session cookie: no log-in page per test (the form has its own tests)."""
    from django.conf import settings as django_settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[django_settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": django_settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])


# The innermost elements reaching past the right edge: what the failure names.
WIDEST = """() => {
  const width = window.innerWidth + 1;
  const over = (el) => el.getBoundingClientRect().right + window.scrollX > width;
  const found = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (over(el) && ![...el.children].some(over)) {
      found.push(`${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].join('.')}`);
    }
  }
  return found.slice(0, 5);
}"""


def assert_fits(page) -> None:
    """Nothing on the page is wider than the viewport: no sideways scrolling (a phone's 390 px)."""
    wide = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert wide <= 1, f"{page.url} is {wide}px wider than the screen: {page.evaluate(WIDEST)}"
