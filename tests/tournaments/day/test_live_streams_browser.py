"""The phone's live stream in headless Chromium (static/js/live.js, tournaments/streams.py).

Served as `make run` and docs/deploy.md serve it: uvicorn on config.asgi's stack (the streams, then the site
in a2wsgi's threads), in a thread of the test process so that it shares the test database. A round posted by
the organizer is pushed to the open page, which sends no poll while its stream is alive. Served over WSGI
(Django's live server), the stream is refused and the same page polls and shows the round all the same.
"""

from __future__ import annotations

import socket
import threading
import time

import pytest
from playwright.sync_api import expect

from tests.conftest import save_screenshot, sign_in
from tests.tournaments.conftest import make_event
from tournaments import services
from tournaments.models import Registration

pytestmark = [pytest.mark.browser, pytest.mark.integration, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def live_settings(settings, redis_url):
    settings.LIVE_REDIS_URL = redis_url
    settings.LIVE_POLL_SECONDS = 1  # a poll would be sent every second if the stream did not hold it back
    settings.LIVE_STREAM_HEARTBEAT = 5
    return settings


@pytest.fixture
def asgi_site(live_settings):
    import uvicorn
    from a2wsgi import WSGIMiddleware
    from django.core.wsgi import get_wsgi_application

    from tournaments.fastpath import LiveFastPath
    from tournaments.streams import LiveStreams

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    app = LiveStreams(WSGIMiddleware(LiveFastPath(get_wsgi_application()), workers=4))
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", timeout_graceful_shutdown=1)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(400):  # up to 20 s
        if server.started:
            break
        time.sleep(0.05)
    else:
        pytest.fail("uvicorn did not start")
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def open_phone(page_at, size, base, event):
    page = page_at(size)
    registration = Registration.objects.filter(event=event).order_by("pk").first()
    sign_in(page, base, registration.player)
    sent = {"polls": 0, "streams": 0}

    def count(request):
        if "/me/live/" in request.url and "lv=" in request.url:
            sent["polls"] += 1
        elif "/me/stream/" in request.url:
            sent["streams"] += 1

    page.on("request", count)
    return page, sent


def test_a_round_is_pushed_to_the_open_page_which_does_not_poll(asgi_site, page_at, viewport_name, organizer):
    event = make_event(organizer, players=4)
    page, sent = open_phone(page_at, viewport_name, asgi_site, event)
    with page.expect_response(lambda response: "/me/stream/" in response.url and response.status == 200):
        page.goto(f"{asgi_site}/events/{event.pk}/me/")
    expect(page.get_by_test_id("waiting")).to_be_visible()
    page.wait_for_timeout(2500)  # two poll periods: the stream holds them back

    services.round_pair_next(event=event, user=organizer)

    expect(page.get_by_test_id("live")).to_contain_text("Round 1", timeout=10_000)
    expect(page.get_by_test_id("opponent")).to_be_visible()
    assert sent["polls"] == 0 and sent["streams"] == 1
    save_screenshot(page, f"live/round-pushed-{viewport_name}")


def test_a_server_without_streams_leaves_the_page_polling(live_server, live_settings, page_at, organizer):
    event = make_event(organizer, players=4)
    page, sent = open_phone(page_at, "phone", live_server.url, event)
    with page.expect_response(lambda response: "/me/stream/" in response.url and response.status == 404):
        page.goto(f"{live_server.url}/events/{event.pk}/me/")

    services.round_pair_next(event=event, user=organizer)

    expect(page.get_by_test_id("live")).to_contain_text("Round 1", timeout=10_000)
    assert sent["polls"] >= 1 and sent["streams"] == 1  # refused once: not asked again
