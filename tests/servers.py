"""Real servers for tests that start `kidswar serve` (or gunicorn) in a process of its own."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from backends import SHARED_KEY

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
