"""What a battle costs the server: the app's CPU for "Turn cards" and for the table's page beside
a static file's, in one run, then (if asked) a profile of the battles (issue 24).

Plays easy games against the computer through Flask's test client (no network, so only the
app's own work counts), as the table's script does: the move POST with the fetch header,
answered by the table's fragment; the page is the table's whole page (GET), the static file the
table's script (GET /static/table.js, no Accept-Encoding, as neither the table nor a page with a
CSRF token is ever compressed). The three are timed in alternating passes of `--battles` each,
`--repeats` times, and the medians printed with their ratios to the static file.

`--parts` then times the battle's parts in more passes: the app's whole request
(`Flask.wsgi_app`, without the test client) beside the static file's, and inside it the
drawing (Jinja), the view, playing and saving, loading and the CSRF check, each by
wrapping the function the move route calls; what is left is Flask's own request handling and
the app's hooks.

It counts CPU time (`time.process_time`, this process only), which holds up on a machine other
work loads: a figure is the median of passes, each a few hundred requests. `--profile cprofile`
or `--profile pyinstrument` then profiles one more pass of battles (pyinstrument from PyPI).

    .venv/bin/python benchmarks/profile_battle.py [--battles 300] [--repeats 7]
        [--parts] [--profile cprofile|pyinstrument] [--sort tottime] [--top 40]
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import functools
import os
import pstats
import re
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from flask_wtf.csrf import CSRFProtect

import kidswar.web.table.routes as table_routes
from kidswar.web import create_app

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
NEXT = re.compile(r'data-next-battle="(\d+)"')
FETCH = {"X-Kidswar": "fetch"}


class Player:
    """One browser's session playing easy games against the computer, one battle at a time."""

    def __init__(self, client: FlaskClient) -> None:
        """Open the session and start a game."""
        self.client = client
        page = client.get("/en/easy").get_data(as_text=True)
        found = TOKEN.search(page)
        assert found, "no CSRF token on the easy page"
        self.token = found.group(1)
        self.start()

    def start(self) -> None:
        """A new easy game."""
        response = self.client.post("/en/easy", data={"csrf_token": self.token, "who": "computer"})
        self.path = response.headers["Location"]
        found = NEXT.search(self.client.get(self.path).get_data(as_text=True))
        assert found, "no battle on the new table"
        self.battle = int(found.group(1))

    def battles(self, count: int) -> None:
        """Turn cards `count` times (a finished game starts afresh)."""
        for _ in range(count):
            form = {"csrf_token": self.token, "action": "all", "battle": str(self.battle)}
            response = self.client.post(self.path + "/move", data=form, headers=FETCH)
            assert response.status_code == 200, response.status
            page = response.get_data(as_text=True)
            found = NEXT.search(page)
            if found and 'data-over="yes"' not in page:
                self.battle = int(found.group(1))
            else:
                self.start()

    def pages(self, count: int) -> None:
        """Load the table's whole page `count` times."""
        for _ in range(count):
            response = self.client.get(self.path)
            assert response.status_code == 200, response.status
            response.get_data()

    def statics(self, count: int) -> None:
        """Fetch the table's script `count` times."""
        for _ in range(count):
            response = self.client.get("/static/table.js")
            assert response.status_code == 200, response.status
            response.get_data()


def cpu_ms(action: Callable[[int], None], count: int) -> float:
    """The process CPU milliseconds of one call of `action(count)`, per unit."""
    started = time.process_time()
    action(count)
    return (time.process_time() - started) * 1000 / count


def measure(player: Player, count: int, repeats: int) -> dict[str, float]:
    """The median CPU milliseconds of a battle, a page and a static file, passes alternating."""
    kinds: dict[str, Callable[[int], None]] = {
        "battle": player.battles,
        "page": player.pages,
        "static": player.statics,
    }
    passes: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _ in range(repeats):
        for kind, action in kinds.items():
            passes[kind].append(cpu_ms(action, count))
    return {kind: statistics.median(times) for kind, times in passes.items()}


# The parts of a battle, by the name the move route (or Flask-WTF) calls them under.
PARTS = {
    "drawing (Jinja)": (table_routes, "render_template"),
    "the view": (table_routes, "table_page"),
    "playing and saving": (table_routes, "play_move"),
    "loading": (table_routes, "find_game"),
    "the CSRF check": (CSRFProtect, "protect"),
}


def timing(spent: dict[str, float], key: str, function: Callable[..., object]) -> Any:
    """`function`, adding the CPU time of each call to `spent[key]`."""

    @functools.wraps(function)
    def timed(*args: object, **kwargs: object) -> object:
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[key] += time.process_time() - started

    return timed


def parts(app: Flask, player: Player, count: int, repeats: int) -> None:
    """Print the median CPU ms of the app's whole request for a battle and a static file, and
    of each part of the battle, over `repeats` passes of `count`."""
    spent: collections.defaultdict[str, float] = collections.defaultdict(float)
    for name, (owner, attribute) in PARTS.items():
        setattr(owner, attribute, timing(spent, name, getattr(owner, attribute)))
    app.wsgi_app = timing(spent, "app", app.wsgi_app)  # type: ignore[method-assign]
    passes: dict[str, list[float]] = collections.defaultdict(list)
    for _ in range(repeats):
        for kind, action in (("battle", player.battles), ("static", player.statics)):
            spent.clear()
            action(count)
            passes[f"{kind} app"].append(spent["app"] * 1000 / count)
            if kind == "battle":
                rest = spent["app"] - sum(spent[name] for name in PARTS)
                for name in PARTS:
                    passes[name].append(spent[name] * 1000 / count)
                passes["the rest (Flask, hooks)"].append(rest * 1000 / count)
    median = {key: statistics.median(values) for key, values in passes.items()}
    print("The app's own CPU per request (Flask.wsgi_app), medians of the passes:")
    print(f"  the static file  {median['static app']:.2f} ms")
    ratio = median["battle app"] / median["static app"]
    print(f"  a battle         {median['battle app']:.2f} ms  {ratio:.2f}x the static file")
    for name in [*PARTS, "the rest (Flask, hooks)"]:
        share = median[name] / median["battle app"]
        print(f"    {name:<24} {median[name]:.2f} ms  {share:4.0%}")


def profile(player: Player, count: int, how: str, sort: str, top: int) -> None:
    """Profile `count` battles with cProfile or pyinstrument and print where the time went."""
    if how == "pyinstrument":
        from pyinstrument import Profiler  # type: ignore[import-not-found,unused-ignore]  # optional

        profiler = Profiler(interval=0.0002)
        profiler.start()
        player.battles(count)
        profiler.stop()
        print(profiler.output_text(unicode=True, show_all=False))
        return
    found = cProfile.Profile(time.process_time)
    found.enable()
    player.battles(count)
    found.disable()
    pstats.Stats(found).strip_dirs().sort_stats(sort).print_stats(top)


def main() -> None:
    """Time battles and pages beside a static file, then profile the battles if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300, help="requests in each pass")
    parser.add_argument("--repeats", type=int, default=7, help="passes of each kind")
    parser.add_argument("--parts", action="store_true", help="time the battle's parts")
    parser.add_argument("--profile", choices=["cprofile", "pyinstrument"])
    parser.add_argument("--sort", default="cumulative", choices=["cumulative", "tottime"])
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"INSTANCE_PATH": instance, "SPEECH_AT_START": False})
        player = Player(app.test_client())
        player.battles(50)  # warm: templates compiled, catalogs loaded, drawings kept
        player.pages(20)
        player.statics(20)
        load = os.getloadavg()[0]
        got = measure(player, args.battles, args.repeats)
        static = got["static"]
        print(
            f"CPU per request, medians of {args.repeats} alternating passes of {args.battles}"
            f" (load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end):"
        )
        print(f"  the static file  {static:.2f} ms")
        for kind, label in (("battle", "a battle (POST)"), ("page", "the table page")):
            print(f"  {label:<16} {got[kind]:.2f} ms  {got[kind] / static:.2f}x the static file")
        if args.parts:
            parts(app, player, args.battles, args.repeats)
        if args.profile:
            profile(player, args.battles, args.profile, args.sort, args.top)


if __name__ == "__main__":
    main()
