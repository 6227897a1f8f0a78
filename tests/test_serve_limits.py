"""`kidswar serve` under idle and half-sent connections: a real server in a subprocess.

Waitress answers only after reading a whole request, and every open connection counts against
its connection limit until it has been idle for the channel timeout. These tests hold many
half-sent requests open, as a room of tablets with forgotten tabs or one broken client would.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from servers import free_port

ROOT = Path(__file__).resolve().parent.parent
HALF_A_REQUEST = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: half\r\n"  # no blank line


def poll(check: Callable[[], bool], timeout: float, what: str) -> None:
    """Ask `check` again and again until it says yes; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {timeout:g} s")
        time.sleep(0.02)  # the interval between two looks, not a wait for something to happen


def answers(port: int, timeout: float) -> bool:
    """True if the server answers a normal page within `timeout` seconds."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=timeout) as page:
            return bool(page.status == 200)
    except OSError:
        return False


@contextmanager
def served(tmp_path: Path, *options: str) -> Iterator[tuple[int, Path]]:
    """Run `kidswar serve` with these options; yield its port and its log file, then stop it."""
    port = free_port()
    log = tmp_path / "serve.log"
    environment = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "KIDSWAR_INSTANCE_PATH": str(tmp_path / "instance"),
    }
    command = [sys.executable, "-m", "kidswar", "serve", "--port", str(port), *options]
    with log.open("wb") as errors:
        server = subprocess.Popen(
            command, env=environment, stdout=subprocess.DEVNULL, stderr=errors, cwd=tmp_path
        )
    try:
        poll(lambda: answers(port, 1.0), 30, "the server starts")
        yield port, log
    finally:
        server.kill()
        server.wait(10)


def hold_half_requests(stack: ExitStack, port: int, count: int) -> list[socket.socket]:
    """Open `count` connections that each send half a request and then say nothing more."""
    held = []
    for _ in range(count):
        connection = stack.enter_context(socket.create_connection(("127.0.0.1", port), 5))
        connection.sendall(HALF_A_REQUEST)
        held.append(connection)
    return held


def test_150_half_sent_requests_do_not_lock_a_visitor_out(tmp_path: Path) -> None:
    with served(tmp_path) as (port, _log), ExitStack() as stack:
        hold_half_requests(stack, port, 150)
        assert answers(port, timeout=5.0)  # a visitor locked out is never answered


def test_at_the_limit_a_line_says_so_and_idle_connections_are_closed(tmp_path: Path) -> None:
    options = ("--connection-limit", "20", "--channel-timeout", "2")
    with served(tmp_path, *options) as (port, log):
        with ExitStack() as stack:
            held = hold_half_requests(stack, port, 30)  # 10 more than the server takes
            poll(lambda: "connection limit is reached (20" in log.read_text(), 5, "the log")
            # Nobody closes a thing: the server drops the idle half-requests by itself.
            poll(lambda: answers(port, 1.0), 8, "a normal request is answered")
            held[0].settimeout(5)
            assert held[0].recv(1024) == b""  # the first half-request was closed by the server
        poll(lambda: "below the limit again" in log.read_text(), 5, "the log")
