"""A class round under load: 30 tables each playing a battle a second, and a projector polling.

Starts `kidswar serve` on a free loopback port with its own instance folder, creates a round as
a teacher does, has N tables join it with the code, starts it, then for a fixed time every table
plays one battle a second ("Turn cards", as the page's script sends it) and asks for its clock
every 5 s (as a class table's page does), while a projector asks for the round's status (clock,
tables and card counts) every second. At the end the teacher ends the round and the projector's
next status, which ends every table's game for time, is timed on its own.
Prints request counts, latency percentiles (median, p90, p99, max) and errors per route.

Every table is its own device (its own cookies), as in a class, but all of them come from
127.0.0.1, where a class's tablets each have their own address: the server is started with
`KIDSWAR_CLASS_JOINS_PER_MINUTE` raised to the number of tables, so the per-address limit on
new tables (6 a minute by default, issue 13) does not refuse the simulated class. The other
limits (two tables per device, 100 wrong codes a minute) stay as they are.

    .venv/bin/python benchmarks/classroom.py [--tables 30] [--seconds 30]

Only 127.0.0.1 is ever contacted; every loop is bounded in count and time.
"""

from __future__ import annotations

import argparse
import contextlib
import http.cookiejar
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict

from web import TOKEN, free_port, start_server

NEXT = re.compile(r'data-next-battle="(\d+)"')
CODE = re.compile(r'class="join-code">([A-Z0-9]{4})-([A-Z0-9]{4})<')  # "K7HQ-X4MP"
VERSION = re.compile(r'name="version" value="(\d+)"')
MAX_REQUESTS_PER_LOOP = 2000
TABLE_POLL_SECONDS = 5.0  # kidswar.web.timing.ROUND_POLL_SECONDS


class Browser:
    """One device: its own cookies and CSRF token, timing every request it makes."""

    def __init__(self, base: str, stats: Stats) -> None:
        """Open a session on the server at `base`."""
        self.base, self.stats = base, stats
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.token = ""

    def request(
        self,
        route: str,
        path: str,
        data: dict[str, str] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[str, str]:
        """GET or POST (with the CSRF token); record the latency; return final URL and body."""
        body = None
        if data is not None:
            body = urllib.parse.urlencode({"csrf_token": self.token, **data}).encode()
        url = path if path.startswith("http") else self.base + path
        started = time.perf_counter()
        try:
            with self.opener.open(
                urllib.request.Request(url, body, headers or {}), timeout=30
            ) as response:
                text = response.read().decode()
                final = str(response.geturl())
        except (urllib.error.URLError, OSError) as error:
            self.stats.error(route, str(getattr(error, "code", error)))
            raise
        self.stats.add(route, time.perf_counter() - started)
        match = TOKEN.search(text)
        if match:
            self.token = match.group(1)
        return final, text


class Stats:
    """Latencies and errors per route, shared by every thread."""

    def __init__(self) -> None:
        """Start with nothing recorded."""
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)

    def add(self, route: str, seconds: float) -> None:
        """Record one answered request."""
        with self.lock:
            self.latencies[route].append(seconds)

    def error(self, route: str, what: str) -> None:
        """Record one failed request (an HTTP error status or a broken connection)."""
        with self.lock:
            self.errors[route].append(what)

    def report(self) -> None:
        """Print one line per route."""
        print(
            f"{'route':<22} {'requests':>8} {'median ms':>10} {'p90 ms':>8} {'p99 ms':>8} "
            f"{'max ms':>8} {'errors':>7}"
        )
        for route in sorted(self.latencies.keys() | self.errors.keys()):
            ordered = sorted(self.latencies[route]) or [0.0]

            def pick(share: float, ordered: list[float] = ordered) -> float:
                """The latency below which `share` of the requests answered, in ms."""
                return ordered[min(len(ordered) - 1, int(len(ordered) * share))] * 1000

            print(
                f"{route:<22} {len(self.latencies[route]):>8} "
                f"{statistics.median(ordered) * 1000:>10.1f} {pick(0.90):>8.1f} "
                f"{pick(0.99):>8.1f} {ordered[-1] * 1000:>8.1f} "
                f"{len(self.errors[route]):>7}"
            )
        for route, errors in sorted(self.errors.items()):
            if errors:
                print(f"  {route} errors: {sorted(set(errors))[:5]}")


class Table:
    """A class table: joins with the code, plays a battle a second, asks for its clock."""

    def __init__(self, base: str, stats: Stats, code: str, number: int) -> None:
        """Join the round as table `number`."""
        self.browser = Browser(base, stats)
        self.browser.request("join page", f"/en/join/{code}")
        self.url, _text = self.browser.request(
            "join",
            f"/en/join/{code}",
            {"table-name": f"Table {number}", "name-1": "Ana", "name-2": "Ben"},
        )
        self.next_battle = 1

    def battle(self) -> None:
        """Turn cards once, as the page's script does; a finished game is played again."""
        _url, html = self.browser.request(
            "move (a battle)",
            self.url + "/move",
            {"action": "all", "battle": str(self.next_battle)},
            {"X-Kidswar": "fetch"},
        )
        found = NEXT.search(html)
        if 'data-over="yes"' in html or found is None:
            self.url, html = self.browser.request("play again", self.url + "/again", {})
            found = NEXT.search(html)
        self.next_battle = int(found.group(1)) if found else 1

    def clock(self) -> None:
        """Ask for the round's clock, as the table's countdown does every few seconds."""
        self.browser.request("table clock", self.url + "/clock")


def paced(action: object, every: float, stop: float, offset: float = 0.0) -> None:
    """Call `action` every `every` seconds until `stop` (errors are counted, not fatal)."""
    next_at = time.monotonic() + offset
    for _ in range(MAX_REQUESTS_PER_LOOP):
        now = time.monotonic()
        if now >= stop:
            return
        if next_at > now:
            time.sleep(min(next_at, stop) - now)  # pacing, not synchronisation
            if time.monotonic() >= stop:
                return
        with contextlib.suppress(urllib.error.URLError, OSError):
            action()  # type: ignore[operator]
        next_at += every


def main() -> None:
    """Start the server, set up the round and its tables, run the load, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    if not 1 <= args.tables <= 60 or not 1 <= args.seconds <= 600:
        raise SystemExit("choose 1 to 60 tables and 1 to 600 seconds")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    stats = Stats()
    with tempfile.TemporaryDirectory() as instance:
        server = start_server(port, instance, {"KIDSWAR_CLASS_JOINS_PER_MINUTE": str(args.tables)})
        try:
            teacher = Browser(base, stats)
            teacher.request("teacher pages", "/en/class/")
            teacher_url, page = teacher.request(
                "teacher pages",
                "/en/class/",
                {"time": "20", "variant": "standard", "players": "2", "who": "children"},
            )
            found = CODE.search(page)
            if found is None:
                raise SystemExit("no join code on the teacher's page")
            code = found.group(1) + found.group(2)
            tables = [Table(base, stats, code, number) for number in range(1, args.tables + 1)]
            _url, page = teacher.request("teacher pages", teacher_url)
            version = VERSION.search(page).group(1)  # type: ignore[union-attr]
            teacher.request("teacher pages", teacher_url, {"action": "start", "version": version})
            projector = Browser(base, stats)
            projector.request("projector page", f"/en/class/{code}/screen")
            print(
                f"one round, {args.tables} tables each playing a battle every second and "
                f"asking for its clock every {TABLE_POLL_SECONDS:g} s, a projector polling "
                f"every second, for {args.seconds:g} s; waitress with 8 threads, Python "
                f"{sys.version.split()[0]}"
            )
            stop = time.monotonic() + args.seconds
            threads = [
                threading.Thread(
                    target=paced,
                    args=(
                        lambda: projector.request("projector status", f"/en/class/{code}/status"),
                        1.0,
                        stop,
                    ),
                )
            ]
            for index, table in enumerate(tables):
                spread = index / len(tables)  # the tables do not all press at the same moment
                threads.append(
                    threading.Thread(target=paced, args=(table.battle, 1.0, stop, spread))
                )
                threads.append(
                    threading.Thread(
                        target=paced,
                        args=(table.clock, TABLE_POLL_SECONDS, stop, spread * TABLE_POLL_SECONDS),
                    )
                )
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            _url, page = teacher.request("teacher pages", teacher_url)
            version = VERSION.search(page).group(1)  # type: ignore[union-attr]
            # Ending the round: the teacher page it leads to ends every table's game for time.
            teacher.request(
                f"end round, {args.tables} games",
                teacher_url,
                {"action": "end", "version": version},
            )
            projector.request("status at time up", f"/en/class/{code}/status")
            stats.report()
        finally:
            server.terminate()
            server.wait(10)


if __name__ == "__main__":
    main()
