"""Lighthouse (mobile) on every kind of page of a running server: its four category scores.

Against a server already started (`kidswar serve`, by default http://127.0.0.1:8000), it first
makes what the pages show as a visitor would, through the forms (an easy game played for a few
battles, a practice table asking its question, a drill under way, a class round with a joined
table), then runs Lighthouse once per page, mobile (its default: a phone's screen, a slow
4G connection and a slow CPU, simulated), with that visitor's cookies, and prints each page's
performance, accessibility, best-practices and SEO scores (0 to 100).

Lighthouse is not a Python package and not a dependency of the project: install it outside
the repository, for example `mkdir /tmp/lh && cd /tmp/lh && npm i -E lighthouse@12.2.3`, and
name it with --lighthouse. Chromium comes from CHROME_PATH (default /usr/bin/chromium).

    .venv/bin/kidswar serve --port 8123 &
    .venv/bin/python benchmarks/lighthouse.py --url http://127.0.0.1:8123 \\
        --lighthouse /tmp/lh/node_modules/.bin/lighthouse

The performance score depends on the machine's speed at the time (Lighthouse times the page's
own work); on a loaded machine it is noisy. Only the server named is ever contacted.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import subprocess
import sys
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from kidswar.game.rules import Variant
from kidswar.words.content import PAGES

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
NEXT = re.compile(r'data-next-battle="(\d+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
LEVEL = re.compile(r'name="level" value="([^"]+)"')
COOKIE = re.compile(r"^([^=]+)=([^;]*)")
# Every rules page but War's, which is /rules/ (the page of the standard game).
VARIANT_PAGES = tuple(name for name in PAGES if name != Variant.STANDARD.page)
# A round long enough for a slow run of every page (Lighthouse takes a minute a page when busy).
NEW_ROUND = {
    "time": "other",
    "time-other": "120",
    "variant": "standard",
    "deck": "full",
    "players": "2",
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --disable-sync --no-first-run"
)


class Visitor:
    """One browser: its cookies and form token, talking to the server."""

    def __init__(self, base: str) -> None:
        """A visitor with no cookies yet."""
        address = urllib.parse.urlsplit(base)
        self.base = base.rstrip("/")
        self.connection = http.client.HTTPConnection(
            address.hostname or "127.0.0.1", address.port or 80, timeout=60
        )
        self.cookies: dict[str, str] = {}
        self.token = ""

    def request(
        self, method: str, path: str, form: dict[str, str] | None = None
    ) -> tuple[int, str, str]:
        """One request; its status, page and Location (a path)."""
        headers = {"Cookie": self.cookie_header()}
        body = None
        if form is not None:
            body = urllib.parse.urlencode({"csrf_token": self.token, **form})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.connection.request(method, path, body, headers)
        response = self.connection.getresponse()
        page = response.read().decode()
        for value in response.headers.get_all("Set-Cookie") or []:
            cookie = COOKIE.match(value)
            if cookie:
                self.cookies[cookie.group(1)] = cookie.group(2)
        found = TOKEN.search(page)
        if found:
            self.token = found.group(1)
        location = urllib.parse.urlsplit(response.headers.get("Location", ""))
        path = location.path + (f"?{location.query}" if location.query else "")
        return response.status, page, path

    def get(self, path: str) -> str:
        """A page that must answer 200."""
        status, page, _location = self.request("GET", path)
        if status != 200:
            raise SystemExit(f"{path} answered {status}")
        return page

    def post(self, page: str, path: str, form: dict[str, str]) -> str:
        """Open `page` for its token, send the form to `path`; where it redirects (303)."""
        self.get(page)
        status, _page, location = self.request("POST", path, form)
        if status != 303:
            raise SystemExit(f"POST {path} answered {status}, not a redirect")
        return location

    def cookie_header(self) -> str:
        """The visitor's cookies as a request carries them."""
        return "; ".join(f"{key}={value}" for key, value in self.cookies.items())

    def play(self, table: str, battles: int) -> None:
        """Turn cards `battles` times on the table, as its buttons do."""
        for _n in range(battles):
            found = NEXT.search(self.get(table))
            if not found:
                return  # the game ended
            form = {"action": "all", "battle": found.group(1)}
            status, _page, _location = self.request("POST", f"{table}/move", form)
            if status not in (200, 303):
                raise SystemExit(f"a move on {table} answered {status}: {_page[-400:]}")


@dataclass(frozen=True)
class Page:
    """A page to score, and the visitor whose cookies it is opened with."""

    name: str
    path: str
    visitor: Visitor | None = None


def pages(base: str) -> list[Page]:
    """Every kind of page, with what it shows made first through the forms."""
    found = [
        Page("home", "/en/"),
        Page("setup, easy", "/en/easy"),
        Page("setup, full", "/en/full"),
        Page("rules (War, full)", "/en/rules/"),
        Page("rules, easy (to print)", "/en/rules/easy"),
        *(Page(f"rules, {name}", f"/en/rules/{name}") for name in VARIANT_PAGES),
    ]
    player = Visitor(base)
    game = player.post("/en/easy", "/en/easy", {"who": "computer"})
    player.play(game, 5)
    found.append(Page("game, mid-play", game, player))
    learner = Visitor(base)
    practice = learner.post("/en/easy", "/en/easy", {"who": "computer", "practice": "on"})
    learner.play(practice, 1)
    found.append(Page("practice table, asking", practice, learner))
    level = LEVEL.search(learner.get("/en/drill"))
    if not level:
        raise SystemExit("no level to choose on the drill's page")
    found.append(Page("drill, choosing", "/en/drill", learner))
    drill = learner.post("/en/drill", "/en/drill", {"level": level.group(1)})
    found.append(Page("drill, a question", drill, learner))
    found.append(Page("progress", "/en/progress", learner))
    teacher = Visitor(base)
    found.append(Page("class, setup", "/en/class/", teacher))
    board = teacher.post(
        "/en/class/", "/en/class/", {**NEW_ROUND, "who": "children", "level": "none"}
    )
    page = teacher.get(board)
    screen = re.search(r'href="([^"]*/screen\?[^"]+)"', page)
    if not screen:
        raise SystemExit("no projector link on the teacher's page")
    projector = screen.group(1).replace("&amp;", "&")
    code = projector.split("/class/", 1)[1].split("/", 1)[0]
    child = Visitor(base)
    join = f"/en/join/{code}"
    found.append(Page("class, join", join, child))
    table = child.post(join, join, {"table-name": "Blue", "name-1": "Ada", "name-2": "Ben"})
    version = VERSION.search(teacher.get(board))
    if not version:
        raise SystemExit("no start button on the teacher's page")
    teacher.post(board, board, {"action": "start", "version": version.group(1)})
    child.play(table, 3)
    found.append(Page("class, a table mid-play", table, child))
    found.append(Page("class, teacher", board, teacher))
    found.append(Page("class, projector", projector, Visitor(base)))
    return found


def scores(
    lighthouse: str, url: str, visitor: Visitor | None, save: str | None = None
) -> tuple[dict[str, int], list[tuple[str, float]]]:
    """Lighthouse's four category scores (0 to 100) for one page, and its audits under 0.9."""
    command = [
        lighthouse,
        url,
        "--output=json",
        "--output-path=stdout",
        "--quiet",
        f"--chrome-flags={CHROME_FLAGS}",
        f"--only-categories={','.join(CATEGORIES)}",
    ]
    if visitor and visitor.cookies:
        command.append(f"--extra-headers={json.dumps({'Cookie': visitor.cookie_header()})}")
    env = {**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"lighthouse failed on {url}: {done.stderr[-2000:]}")
    report = json.loads(done.stdout)
    if save:
        name = re.sub(r"[^a-z0-9]+", "-", urllib.parse.urlsplit(url).path.lower()).strip("-")
        Path(save, f"{name or 'root'}.json").write_text(done.stdout)
    if report.get("runtimeError"):
        raise SystemExit(f"lighthouse on {url}: {report['runtimeError']}")
    found = {name: round((report["categories"][name]["score"] or 0) * 100) for name in CATEGORIES}
    weak = [
        (audit["id"], float(audit["score"]))
        for audit in report["audits"].values()
        if audit.get("score") is not None
        and audit["score"] < 0.9
        and audit.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
    ]
    return found, weak


def main() -> None:
    """Score every page; print a table, and the audits below 0.9 with --why."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--lighthouse", default="lighthouse", help="the lighthouse command")
    parser.add_argument("--only", nargs="+", help="only the pages whose name has one of these")
    parser.add_argument("--save", default=None, help="a folder to keep each JSON report in")
    parser.add_argument("--why", action="store_true", help="name the audits scored below 0.9")
    args = parser.parse_args()
    base = args.url.rstrip("/")
    print(f"Lighthouse (mobile) on {base}, load average {os.getloadavg()[0]:.2f}")
    print(f"  {'page':<28} {'perf.':>6} {'a11y':>5} {'b.p.':>5} {'SEO':>5}")
    lowest = 100
    for page in pages(base):
        if args.only and not any(word in page.name for word in args.only):
            continue
        found, weak = scores(args.lighthouse, base + page.path, page.visitor, args.save)
        lowest = min(lowest, *found.values())
        row = " ".join(f"{found[name]:>5}" for name in CATEGORIES)
        print(f"  {page.name:<28} {row}", flush=True)
        if args.why:
            for audit, score in weak:
                print(f"      {audit}: {score}")
    print(f"lowest score: {lowest}")
    sys.exit(0)


if __name__ == "__main__":
    main()
