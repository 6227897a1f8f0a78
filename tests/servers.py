"""Real servers for tests that start `kidswar serve` (or gunicorn) in a process of its own."""

from __future__ import annotations

import socket
import subprocess
import time


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
