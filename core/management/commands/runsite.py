"""Serve the whole site: embedded Redis (unless REDIS_URL is set), a Celery worker and the web server.

The web server is uvicorn on config.asgi: the phones' live streams on its event loop, the pages in its thread
pool (docs/deploy.md). `--server runserver` or `--server gunicorn` serve over WSGI: the phones then poll.

Ctrl-C (or SIGTERM) stops all three cleanly, worker first so that no task is cut in half.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from core.embedded_redis import EmbeddedRedis, RedisStartError, wait_for_port


class Command(BaseCommand):
    help = "Start the embedded Redis, a Celery worker and the web server; stop them all on Ctrl-C."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default="127.0.0.1:8000", help="host:port of the web server")
        parser.add_argument("--concurrency", type=int, default=2, help="Celery worker processes")
        parser.add_argument(
            "--server",
            choices=("uvicorn", "runserver", "gunicorn"),
            default="uvicorn",
            help="uvicorn (ASGI: live streams and pages), or runserver / gunicorn (WSGI: the phones poll)",
        )

    def handle(self, *args, addr: str, concurrency: int, server: str, **options):
        env = dict(os.environ)
        redis_server = None
        if "REDIS_URL" not in os.environ:
            try:
                redis_server = EmbeddedRedis(settings.EMBEDDED_REDIS_PORT).start()
            except RedisStartError as exc:
                raise CommandError(str(exc)) from exc
            self.stdout.write(f"Embedded Redis listening on {redis_server.url}")
        env["REDIS_URL"] = settings.REDIS_URL
        env.setdefault(
            "DJANGO_SETTINGS_MODULE", os.environ.get("DJANGO_SETTINGS_MODULE", "config.settings.dev")
        )

        children: list[subprocess.Popen] = []
        stopping = False

        def stop(*_):
            nonlocal stopping
            stopping = True

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "config", "worker", "--loglevel", "INFO",
                 "--concurrency", str(concurrency), "--hostname", f"tableside@%h-{os.getpid()}"],
                env=env, start_new_session=True,
            )  # fmt: skip
            children.append(worker)
            host, _, port = addr.rpartition(":")
            if server == "uvicorn":
                web_cmd = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--host", host,
                           "--port", port, "--http", "httptools",
                           "--timeout-graceful-shutdown", "3"]  # fmt: skip
            elif server == "gunicorn":
                web_cmd = [sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", addr, "--workers", "3"]
            else:
                web_cmd = [sys.executable, "manage.py", "runserver", addr, "--noreload"]
            web = subprocess.Popen(web_cmd, env=env, start_new_session=True, cwd=settings.BASE_DIR)
            children.append(web)
            if wait_for_port(int(port), timeout=30):
                self.stdout.write(
                    self.style.SUCCESS(f"Tableside is serving on http://{addr}/ — Ctrl-C stops it.")
                )
            while not stopping:
                for child in children:
                    if child.poll() is not None:
                        self.stderr.write(f"{child.args[2:4]} exited with code {child.returncode}; stopping.")
                        stopping = True
                time.sleep(0.3)
        finally:
            self.stdout.write("Stopping the web server, the worker and Redis…")
            for child in reversed(children):
                if child.poll() is None:
                    child.send_signal(signal.SIGTERM)
            for child in reversed(children):
                try:
                    child.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    child.kill()
            if redis_server:
                redis_server.stop()
            self.stdout.write("Stopped.")
