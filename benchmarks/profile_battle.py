"""Where a battle's server time goes: the app's CPU for "Turn cards" beside a static file's, then
a profile of the battles (issue 24: measure first).

Plays easy games through Flask's test client (no network, so only the app's own work counts),
as the table's script does: the move POST with the fetch header, answered by the fragment.

    .venv/bin/python benchmarks/profile_battle.py [--battles 300] [--sort tottime] [--top 40]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import re
import statistics
import tempfile
import time

from flask.testing import FlaskClient

from kidswar.web import create_app

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
NEXT = re.compile(r'data-next-battle="(\d+)"')
REPEATS = 5  # alternating passes; the medians are printed


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
            page = self.client.post(
                self.path + "/move", data=form, headers={"X-Kidswar": "fetch"}
            ).get_data(as_text=True)
            found = NEXT.search(page)
            if found and 'data-over="yes"' not in page:
                self.battle = int(found.group(1))
            else:
                self.start()

    def statics(self, count: int) -> None:
        """Fetch the table's script `count` times."""
        for _ in range(count):
            self.client.get("/static/table.js").get_data()


def cpu_ms(action: object, count: int) -> float:
    """The process CPU milliseconds of one call of `action(count)`, per unit."""
    started = time.process_time()
    action(count)  # type: ignore[operator]
    return (time.process_time() - started) * 1000 / count


def main() -> None:
    """Time battles beside a static file, then profile the battles."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=300)
    parser.add_argument("--sort", default="cumulative", choices=["cumulative", "tottime"])
    parser.add_argument("--top", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"INSTANCE_PATH": instance})
        player = Player(app.test_client())
        player.battles(50)  # warm: templates compiled, catalogs loaded, drawings kept
        battle, static = [], []
        for _ in range(REPEATS):
            battle.append(cpu_ms(player.battles, args.battles))
            static.append(cpu_ms(player.statics, args.battles))
        b, s = statistics.median(battle), statistics.median(static)
        print(f"medians of {REPEATS} alternating passes of {args.battles}:")
        print(f"  a battle {b:.2f} ms of CPU, the static file {s:.2f} ms: {b / s:.1f}x")
        profile = cProfile.Profile(time.process_time)
        profile.enable()
        player.battles(args.battles)
        profile.disable()
        stats = pstats.Stats(profile).strip_dirs().sort_stats(args.sort)
        stats.print_stats(args.top)


if __name__ == "__main__":
    main()
