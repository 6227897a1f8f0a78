"""Real servers for tests that start `kidswar serve` (or gunicorn) in a process of its own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
