"""A whole school on one box: N tables each turning cards once a second, beside a static file.

Starts `kidswar serve --workers W` on a free loopback port (its own instance folder; SQLite, or
PostgreSQL with --database-url), starts one easy game per table, then runs two phases of the
same length at the same rate, in this order for each worker count:

1. **static**: every table fetches a small static file (`/static/table.js`) once a second;
2. **battle**: every table turns its cards once a second, as the table's script does (the
   move POST with the fetch header, answered by the table's fragment).

The load is open loop: each table sends at its planned times (spread evenly over the second)
whether or not the last answer has come, on its own keep-alive connection, and a latency is
counted from the planned send time, so a server that falls behind shows it instead of
slowing the load down. Prints per phase the requests, median and 99th-percentile latency,
errors, and the server's CPU per request (all its processes, from /proc), and the battle's
CPU over the static file's.

    .venv/bin/python benchmarks/school.py --tables 300 --seconds 20 --workers 1 2
    .venv/bin/python benchmarks/school.py --database-url postgresql://... --workers 1 2

Only 127.0.0.1 is ever contacted; every loop is bounded in count and time. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
NEXT = re.compile(r'data-next-battle="(\d+)"')
COOKIE = re.compile(r"^([^=]+)=([^;]*)")
TICKS = os.sysconf("SC_CLK_TCK")
HEADER = (
    f"  {'phase':<8} {'answers':>8} {'median ms':>10} {'p99 ms':>9} {'errors':>7}"
    f" {'CPU ms/req':>12}"
)


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(
    port: int, instance: str, workers: int, database_url: str | None
) -> subprocess.Popen[bytes]:
    """`kidswar serve --workers W` as a user would run it; return once it answers."""
    kidswar = Path(sys.executable).with_name("kidswar")
    env = {"KIDSWAR_INSTANCE_PATH": instance, "PATH": "/usr/bin:/bin"}
    if database_url:
        env["KIDSWAR_DATABASE_URL"] = database_url
    if "PYTHONPATH" in os.environ:  # measure a checkout other than the installed one
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    command = [str(kidswar), "serve", "--port", str(port), "--workers", str(workers)]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/en/")
            if connection.getresponse().status == 200:
                connection.close()
                return server
        except OSError:
            pass
        time.sleep(0.05)  # waiting for a subprocess to bind: nothing to synchronise on
    server.kill()
    raise SystemExit("the server did not start")


def tree_cpu_seconds(pid: int) -> float:
    """User and system CPU of `pid` and every process under it (the workers), in seconds."""
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry.name)] = int(fields[1])
        cpu[int(entry.name)] = (int(fields[11]) + int(fields[12])) / TICKS
    total, wanted = 0.0, {pid}
    changed = True
    while changed:  # every descendant, however deep (the speech worker is a grandchild)
        more = {child for child, parent in parents.items() if parent in wanted} - wanted
        changed = bool(more)
        wanted |= more
    for each in wanted:
        total += cpu.get(each, 0.0)
    return total


class Table:
    """One table's tablet: a keep-alive connection, a session cookie, a game."""

    def __init__(self, port: int) -> None:
        """Open the connection and start an easy game."""
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookies: dict[str, str] = {}
        page = self.request("GET", "/en/easy")[1]
        found = TOKEN.search(page)
        assert found, "no CSRF token on the easy page"
        self.token = found.group(1)
        self.start_game()

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None, fetch: bool = False
    ) -> tuple[int, str, str]:
        """One request on the table's connection; its status, page and Location."""
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({"csrf_token": self.token, **form})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if fetch:
            headers["X-Kidswar"] = "fetch"
        try:
            self.connection.request(method, path, body, headers)
            response = self.connection.getresponse()
        except (OSError, http.client.HTTPException):
            self.connection.close()  # the next request opens it again
            raise
        page = response.read().decode()
        for value in response.headers.get_all("Set-Cookie") or []:
            cookie = COOKIE.match(value)
            if cookie:
                self.cookies[cookie.group(1)] = cookie.group(2)
        return response.status, page, response.headers.get("Location", "")

    def start_game(self) -> None:
        """Start an easy game against the computer; remember its move address and battle."""
        status, _page, location = self.request("POST", "/en/easy", {"who": "computer"})
        assert status == 303, f"the game did not start ({status})"
        path = urllib.parse.urlsplit(location).path
        self.move_path = path + "/move"
        page = self.request("GET", path)[1]
        found = NEXT.search(page)
        assert found, "no battle on the new table"
        self.next_battle = int(found.group(1))

    def battle(self) -> int:
        """Turn cards once as the table's script does; a finished game starts afresh."""
        form = {"action": "all", "battle": str(self.next_battle)}
        status, page, _location = self.request("POST", self.move_path, form, fetch=True)
        found = NEXT.search(page)
        if status == 200 and found and 'data-over="yes"' not in page:
            self.next_battle = int(found.group(1))
        elif status == 200:
            self.start_game()
        return status

    def static(self) -> int:
        """Fetch the table's script, a small static file: the server's floor."""
        return self.request("GET", "/static/table.js")[0]


@dataclass
class Phase:
    """What one phase measured."""

    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    cpu: float = 0.0


def run_phase(tables: list[Table], action: str, seconds: float, server: int) -> Phase:
    """Every table does `action` once a second at its planned times, for `seconds`."""
    phase = Phase()
    lock = threading.Lock()
    start = time.monotonic() + 0.5  # every thread is waiting before the first planned send
    count = int(seconds)

    def table_loop(index: int, table: Table) -> None:
        offset = index / len(tables)  # spread over the second, as real tablets are
        for tick in range(count):
            planned = start + tick + offset
            pause = planned - time.monotonic()
            if pause > 0:
                time.sleep(pause)  # the open loop's schedule, not a synchronisation
            try:
                status = getattr(table, action)()
            except (OSError, http.client.HTTPException, AssertionError):
                status = 0
            finished = time.monotonic()
            with lock:
                if status == 200:
                    phase.latencies.append(finished - planned)
                else:
                    phase.errors += 1

    before = tree_cpu_seconds(server)
    threads = [threading.Thread(target=table_loop, args=each) for each in enumerate(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 120)
    phase.cpu = tree_cpu_seconds(server) - before
    return phase


def report(name: str, phase: Phase) -> float:
    """Print one line of figures; return the CPU milliseconds per request."""
    ordered = sorted(phase.latencies) or [float("nan")]
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    done = max(1, len(phase.latencies))
    cpu_ms = phase.cpu * 1000 / done
    print(
        f"  {name:<8} {len(phase.latencies):>8} {statistics.median(ordered) * 1000:>10.1f}"
        f" {p99 * 1000:>9.1f} {phase.errors:>7} {cpu_ms:>12.2f}"
    )
    return cpu_ms


def measure(workers: int, args: argparse.Namespace) -> None:
    """One server with `workers` processes: set the tables up, then both phases."""
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        server = start_server(port, instance, workers, args.database_url)
        try:
            tables = [Table(port) for _ in range(args.tables)]
            print(f"{workers} worker process(es), {args.tables} tables, {args.seconds:g} s a phase")
            print(HEADER)
            static = report("static", run_phase(tables, "static", args.seconds, server.pid))
            battle = report("battle", run_phase(tables, "battle", args.seconds, server.pid))
            print(f"  a battle costs {battle / static:.1f}x the server CPU of the static file")
        finally:
            server.terminate()
            server.wait(20)


def main() -> None:
    """Measure each worker count asked for, one after the other, in one run."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--database-url", default=None, help="PostgreSQL (default: SQLite)")
    args = parser.parse_args()
    backend = "PostgreSQL" if args.database_url else "SQLite"
    python = sys.version.split()[0]
    cores = os.cpu_count()
    print(f"kidswar serve on {backend}, load from this machine, Python {python}, {cores} cores")
    for workers in args.workers:
        measure(workers, args)


if __name__ == "__main__":
    main()
