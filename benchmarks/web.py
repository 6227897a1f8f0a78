"""Latency and throughput of playing a battle over HTTP, beside a trivial route, same server.

Starts `kidswar serve` on a free loopback port with its own instance folder, starts one game
per client, then has N concurrent clients each play battles ("Turn cards") as fast as the
server answers, and the same clients fetch a trivial route (a static file) for comparison.
Prints median and 99th-percentile latency and requests per second for both.

    .venv/bin/python benchmarks/web.py [--clients 20] [--seconds 10]

Only 127.0.0.1 is ever contacted; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
NEXT = re.compile(r'data-next-battle="(\d+)"')
MAX_REQUESTS_PER_CLIENT = 5000


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(port: int, instance: str) -> subprocess.Popen[bytes]:
    """Run `kidswar serve` as a user would, and wait until it answers."""
    kidswar = Path(sys.executable).with_name("kidswar")
    env = {"KIDSWAR_INSTANCE_PATH": instance, "PATH": "/usr/bin:/bin"}
    if "PYTHONPATH" in os.environ:  # measure a checkout other than the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    server = subprocess.Popen(
        [str(kidswar), "serve", "--port", str(port), "--threads", "8"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
            return server
        except OSError:
            time.sleep(0.05)  # waiting for a subprocess to bind: nothing to synchronise on
    server.kill()
    raise SystemExit("the server did not start")


class Client:
    """One browser-like client: its own cookies, its own game."""

    def __init__(self, base: str) -> None:
        """Open a session and start an easy game."""
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        page = self.get("/en/easy")
        self.token = TOKEN.search(page).group(1)  # type: ignore[union-attr]
        self.start_game()

    def start_game(self) -> None:
        """Start a new easy game and remember its move address and next battle."""
        self.table = self.post("/en/easy", {"who": "computer"})
        self.move_url = urllib.parse.urlparse(self.table).path + "/move"
        self.next_battle = int(NEXT.search(self.get(self.move_url[:-5])).group(1))  # type: ignore[union-attr]

    def get(self, path: str) -> str:
        """GET a page and return its text."""
        with self.opener.open(self.base + path, timeout=30) as response:
            return str(response.read().decode())

    def post(self, path: str, data: dict[str, str], headers: dict[str, str] | None = None) -> str:
        """POST a form with the CSRF token; return the final URL (after redirects)."""
        body = urllib.parse.urlencode({"csrf_token": self.token, **data}).encode()
        request = urllib.request.Request(self.base + path, body, headers or {})
        with self.opener.open(request, timeout=30) as response:
            self.last_page = response.read().decode()
            return str(response.geturl())

    def play_battle(self) -> None:
        """Turn cards once, as the page's script does; a finished game starts afresh."""
        self.post(
            self.move_url,
            {"action": "all", "battle": str(self.next_battle)},
            {"X-Kidswar": "fetch"},
        )
        found = NEXT.search(self.last_page)
        if 'data-over="yes"' in self.last_page or found is None:
            self.start_game()
        else:
            self.next_battle = int(found.group(1))

    def trivial(self) -> None:
        """Fetch a small static file: the server's floor."""
        self.get("/static/table.js")


def run(clients: list[Client], action: str, seconds: float) -> tuple[list[float], int, float]:
    """Every client repeats `action` until time is up; return latencies, errors, elapsed."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def loop(client: Client) -> None:
        for _ in range(MAX_REQUESTS_PER_CLIENT):
            if time.monotonic() >= stop:
                return
            started = time.perf_counter()
            try:
                getattr(client, action)()
            except (urllib.error.URLError, OSError):
                with lock:
                    errors[0] += 1
                continue
            with lock:
                latencies.append(time.perf_counter() - started)

    began = time.perf_counter()
    threads = [threading.Thread(target=loop, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return latencies, errors[0], time.perf_counter() - began


def report(name: str, latencies: list[float], errors: int, elapsed: float) -> None:
    """Print one line of figures."""
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(
        f"{name:<16} {len(ordered):>7} {statistics.median(ordered) * 1000:>10.1f}"
        f" {p99 * 1000:>9.1f} {len(ordered) / elapsed:>9.0f} {errors:>7}"
    )


def main() -> None:
    """Start the server, measure both routes with the same clients, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        server = start_server(port, instance)
        try:
            clients = [Client(f"http://127.0.0.1:{port}") for _ in range(args.clients)]
            print(
                f"{args.clients} concurrent clients, {args.seconds:g} s per route, "
                f"waitress with 8 threads, Python {sys.version.split()[0]}"
            )
            print(
                f"{'route':<16} {'requests':>7} {'median ms':>10} {'p99 ms':>9} "
                f"{'req/s':>9} {'errors':>7}"
            )
            report("trivial (static)", *run(clients, "trivial", args.seconds))
            report("play a battle", *run(clients, "play_battle", args.seconds))
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
