"""Real servers for tests that start `kidswar serve` (or gunicorn) in a process of its own."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

from backends import SHARED_KEY


def free_port() -> int:
    """A TCP port free on the loopback interface right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_listening(port: int, process: subprocess.Popen[str], timeout: float = 30) -> None:
    """Return once something accepts connections on `port`; fail if `process` ends first or
    nothing listens within `timeout` seconds (there is no event to wait on but the port)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert process.poll() is None, "the server stopped"
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.05)  # the interval between two looks, not a wait for something


ROOT = Path(__file__).resolve().parent.parent

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def start_server(
    database: str, instance: Path, gunicorn_workers: int = 0, workers: int = 1
) -> tuple[subprocess.Popen[str], str]:
    """`kidswar serve` (with that many `workers`) in a process of its own on `database` (or
    gunicorn with that many workers on `kidswar.web:create_app()`); it and its address, once it
    listens. A SQLite `database` is the file in the instance folder."""
    port = free_port()
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "KIDSWAR_SECRET_KEY": SHARED_KEY,
        "KIDSWAR_INSTANCE_PATH": str(instance),
    }
    if database.startswith("postgresql"):
        environment["KIDSWAR_DATABASE_URL"] = database
    if gunicorn_workers:
        address = f"127.0.0.1:{port}"
        command = ["-m", "gunicorn", "-w", str(gunicorn_workers), "-b", address]
        command.append("kidswar.web:create_app()")
    else:
        command = ["-c", "from kidswar.cli import main; main()", "serve", "--port", str(port)]
        command += ["--workers", str(workers)]
    process = subprocess.Popen(
        [sys.executable, *command],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    wait_until_listening(port, process)
    return process, f"http://127.0.0.1:{port}"


def stop(started: list[tuple[subprocess.Popen[str], str]]) -> None:
    """Stop the servers and wait for them to end."""
    for process, _address in started:
        process.terminate()
        process.wait(10)


class Browser:
    """One browser: one cookie jar for both servers (a cookie belongs to the host, not the port)."""

    def __init__(self) -> None:
        """A browser with no cookies yet."""
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, url: str) -> str:
        """The page at `url`."""
        with self.opener.open(url, timeout=30) as response:
            return str(response.read().decode())

    def post(self, url: str, data: dict[str, str]) -> tuple[int, str, str]:
        """POST a form (redirects followed); the final status, address and page."""
        body = urllib.parse.urlencode(data).encode()
        try:
            with self.opener.open(url, data=body, timeout=30) as response:
                return int(response.status), str(response.url), str(response.read().decode())
        except urllib.error.HTTPError as refused:
            return int(refused.code), url, str(refused.read().decode())


def poll(check: Callable[[], bool], timeout: float, what: str) -> None:
    """Ask `check` again and again until it says yes; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"{what}: not within {timeout:g} s"
        time.sleep(0.02)  # the interval between two looks, not a wait for something to happen


def answers(port: int, timeout: float = 1.0) -> bool:
    """True if the server on `port` answers the home page within `timeout` seconds."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=timeout) as page:
            return bool(page.status == 200)
    except OSError:
        return False


def children(pid: int) -> list[int]:
    """The processes `pid` started and that still run (Linux's /proc; elsewhere none)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        found += [int(child) for child in task.read_text().split()]
    return found


def serve_command(port: int, *options: str) -> list[str]:
    """`kidswar serve` on `port` with these options, as this interpreter runs it."""
    return [sys.executable, "-m", "kidswar", "serve", "--port", str(port), *options]


def serve_environment(instance: Path) -> dict[str, str]:
    """This environment, with the checkout importable and its own instance folder."""
    return {**os.environ, "PYTHONPATH": str(ROOT), "KIDSWAR_INSTANCE_PATH": str(instance)}
