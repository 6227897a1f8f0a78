"""The games table as it grows: bytes a game takes, starting a game, a move, the clean-up.

Fills a temporary database with N games the way the app leaves them (dealt, a few battles
played and saved), then measures, for each N given:

- bytes per game: the stored length of the engine's state and of the whole row (every
  column), and the database file's size divided by N;
- start a game: `start_game` as the "Deal" button runs it (old games cleaned up first, when
  due), median of 40;
- a move: load a game, play a battle, save it (storage only), median of 200;
- a clean-up with nothing to delete, then one that deletes half the games (stamped old):
  its time, and the file's size before and after (after a WAL checkpoint).

    .venv/bin/python benchmarks/storage.py --games 5000 --games 50000

Set PYTHONPATH to a checkout to measure that code instead of the installed one.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage import games as stored_games
from kidswar.storage.database import connect

SETUP = TableSetup("full", (Seat("Ada", False), Seat("Ben", False)), Rules.from_options())
DAY = 24 * 60 * 60


def fill(path: Path, count: int) -> None:
    """Store `count` games, each dealt and played 0 to 39 battles, in one transaction."""
    db = connect(path)
    db.execute("BEGIN IMMEDIATE")
    for number in range(count):
        game = Game.deal(SETUP.rules, number)
        game_id = stored_games.create_game(db, SETUP, game)
        last = None
        for _battle in range(number % 40):
            if not game.is_over:
                last = game.play_battle()
        stored = stored_games.load_game(db, game_id)
        assert stored is not None
        stored_games.save_move(db, stored, game, last, ())
    db.execute("COMMIT")
    db.close()


def median_ms(action: Callable[[], object], times: int) -> float:
    """The median time of `action` in milliseconds."""
    spent = []
    for _ in range(times):
        start = time.perf_counter()
        action()
        spent.append(time.perf_counter() - start)
    return statistics.median(spent) * 1000


def file_bytes(path: Path) -> int:
    """The database file's size once its write-ahead log is checkpointed into it."""
    db = connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return os.path.getsize(path)


def row_bytes(path: Path) -> tuple[float, float]:
    """The average stored length of a game's state, and of its whole row."""
    db = connect(path)
    columns = [row[1] for row in db.execute("PRAGMA table_info(games)")]
    whole = " + ".join(f"COALESCE(LENGTH(CAST({name} AS BLOB)), 0)" for name in columns)
    state, total = db.execute(f"SELECT AVG(LENGTH(state)), AVG({whole}) FROM games").fetchone()
    db.close()
    return float(state), float(total)


def clean_up(app: object, path: Path) -> None:
    """Run the clean-up now: the app's own (its batches and its vacuum policy)."""
    from kidswar.storage.housekeeping import clean_up as run
    from kidswar.storage.housekeeping import cutoffs
    from kidswar.web.app_settings import app_settings

    db = connect(path)
    kept = app_settings(app)  # type: ignore[arg-type]
    now = time.time()
    games = cutoffs(now, kept.finished_games_kept_days, kept.idle_games_kept_days)
    rounds = cutoffs(now, kept.finished_rounds_kept_days, kept.idle_rounds_kept_days)
    try:
        run(db, games, rounds)
    finally:
        db.close()


def measure(count: int) -> None:
    """Fill a database with `count` games and print what it costs."""
    from kidswar.web import create_app
    from kidswar.web.context import context
    from kidswar.web.services.games import start_game

    with tempfile.TemporaryDirectory() as instance:
        app = create_app({"TESTING": True, "INSTANCE_PATH": instance})
        path = Path(app.config["DATABASE"])
        started = time.perf_counter()
        fill(path, count)
        filled = time.perf_counter() - started
        state, row = row_bytes(path)
        size = file_bytes(path)
        print(f"\n{count:,} games (filled in {filled:.1f} s)")
        print(f"  bytes per game: state {state:,.0f}, row {row:,.0f}, file {size / count:,.0f}")

        def start() -> None:
            with app.test_request_context():
                start_game(context(), SETUP)

        print(f"  start a game: {median_ms(start, 40):.2f} ms (median of 40)")
        db = connect(path)
        ids = [row[0] for row in db.execute("SELECT id FROM games LIMIT 200")]

        def move() -> None:
            stored = stored_games.load_game(db, ids.pop())
            assert stored is not None
            last = stored.last_battle if stored.game.is_over else stored.game.play_battle()
            stored_games.save_move(db, stored, stored.game, last, ())

        print(f"  a move (load, play, save): {median_ms(move, 200):.3f} ms (median of 200)")
        nothing = median_ms(lambda: clean_up(app, path), 5)
        print(f"  clean-up, nothing to delete: {nothing:.1f} ms (median of 5)")
        db.execute("UPDATE games SET updated = ? WHERE rowid % 2 = 0", (time.time() - 90 * DAY,))
        db.close()
        before = file_bytes(path)
        server = connect(path)  # the server keeps the database open: its log stays
        server.execute("SELECT COUNT(*) FROM games").fetchone()
        started = time.perf_counter()
        clean_up(app, path)
        spent = (time.perf_counter() - started) * 1000
        log = os.path.getsize(f"{path}-wal")
        server.close()
        after = file_bytes(path)
        print(
            f"  clean-up deleting half: {spent:.0f} ms; file {before / 1e6:.1f} MB before,"
            f" {after / 1e6:.1f} MB after (its log {log / 1e6:.1f} MB before a checkpoint)"
        )


def main() -> None:
    """Measure each size asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, action="append")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, kidswar from {Path(stored_games.__file__).parents[2]}")
    for count in args.games or [5000]:
        measure(count)


if __name__ == "__main__":
    main()
