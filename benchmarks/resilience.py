"""What a visitor waits for while the server is under the two attacks of issue 13.

1. connections: `kidswar serve` on a free loopback port; N connections each send half a request
   and hold it open; then a normal page is timed (up to 10 s).
2. speech: `kidswar serve` with the real engine; one clip is rendered (so it is on disk), then
   the speech worker is stopped with SIGSTOP and twelve new clips are asked for at once, more
   than the server's 8 threads; meanwhile a style sheet and the clip on disk are timed. Then
   the worker is let go (SIGCONT) and the time until a new clip plays is measured.

    .venv/bin/python benchmarks/resilience.py [--half-open 150] [-- serve options...]

`PYTHONPATH=/other/checkout` measures another version of the code (options it does not know
must be left out). Linux only (the worker is found through /proc). Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path

from web import free_port

HALF = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # no blank line: the request never ends
PATIENCE = 10.0  # seconds a timed request may take before it counts as no answer


def start(port: int, instance: str, options: list[str]) -> subprocess.Popen[bytes]:
    """Run `kidswar serve` (of the code on PYTHONPATH) and wait until it answers."""
    server = subprocess.Popen(
        [sys.executable, "-m", "kidswar", "serve", "--port", str(port), *options],
        env={**os.environ, "KIDSWAR_INSTANCE_PATH": instance},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if get(f"http://127.0.0.1:{port}/en/", 1.0)[0] == 200:
            return server
        time.sleep(0.05)  # waiting for a subprocess to bind: nothing to synchronise on
    server.kill()
    raise SystemExit("the server did not start")


def get(url: str, timeout: float = PATIENCE) -> tuple[int, float]:
    """GET `url`: its status (0: no answer in time) and the seconds it took."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            response.read()
            status = int(response.status)
    except urllib.error.HTTPError as error:
        status = error.code
    except OSError:
        status = 0
    return status, time.monotonic() - started


def shown(status: int, seconds: float) -> str:
    """A timed request as a table cell."""
    return f"no answer in {PATIENCE:g} s" if status == 0 else f"{status} in {seconds * 1000:.0f} ms"


def connections(half_open: int, options: list[str]) -> None:
    """Time a normal page while `half_open` half-sent requests are held open."""
    port = free_port()
    with tempfile.TemporaryDirectory() as instance, ExitStack() as stack:
        server = start(port, instance, options)
        stack.callback(server.kill)
        for _ in range(half_open):
            held = stack.enter_context(socket.create_connection(("127.0.0.1", port), 5))
            held.sendall(HALF)
        print(
            f"{half_open} half-sent requests held: a page, {shown(*get(f'http://127.0.0.1:{port}/en/'))}"
        )


def worker_of(server: subprocess.Popen[bytes]) -> int:
    """The server's speech worker: its child process that is not multiprocessing's tracker."""
    tasks = Path(f"/proc/{server.pid}/task").iterdir()
    children = [
        pid
        for task in tasks
        for pid in (task / "children").read_text().split()
        if b"resource_tracker" not in Path(f"/proc/{pid}/cmdline").read_bytes()
    ]
    if len(children) != 1:
        raise SystemExit(f"expected one speech worker, found {children}")
    return int(children[0])


def speech(options: list[str]) -> None:
    """Time pages and clips while the speech worker is stopped, then its coming back."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    new = [f"{base}/speech/en/compare-{first}-2.wav" for first in range(3, 15)]
    with tempfile.TemporaryDirectory() as instance:
        server = start(port, instance, options)
        try:
            print(f"a clip rendered: {shown(*get(f'{base}/speech/en/war.wav'))}")
            worker = worker_of(server)
            os.kill(worker, signal.SIGSTOP)
            with ThreadPoolExecutor(len(new)) as pool:
                clips = pool.map(get, new)
                time.sleep(0.1)  # let the twelve reach the server first, as in the attack
                print(f"worker stopped, style sheet: {shown(*get(f'{base}/static/style.css'))}")
                print(f"worker stopped, clip on disk: {shown(*get(f'{base}/speech/en/war.wav'))}")
                asked = list(clips)
            print("worker stopped, 12 new clips: " + ", ".join(shown(*clip) for clip in asked))
            try:
                os.kill(worker, signal.SIGCONT)
            except ProcessLookupError:
                print("(the worker was killed meanwhile: its job timed out)")
            started = time.monotonic()
            while get(new[-1], 1.0)[0] != 200 and time.monotonic() - started < 60:
                time.sleep(0.05)  # the worker comes back in its own time: look again
            print(f"worker let go: a new clip plays after {time.monotonic() - started:.2f} s")
        finally:
            server.kill()


def main() -> None:
    """Run both measurements with the serve options given after `--`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half-open", type=int, default=150)
    parser.add_argument("options", nargs="*", help="options for `kidswar serve`")
    arguments = parser.parse_args()
    connections(arguments.half_open, arguments.options)
    speech(arguments.options)


if __name__ == "__main__":
    main()
