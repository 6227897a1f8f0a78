"""Old games stored straight into a database, for the clean-up tests."""

from __future__ import annotations

from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.connection import Database
from kidswar.storage.database import immediate

DAY = 24 * 60 * 60

SETUP = TableSetup("easy", (Seat("Ada", False), Seat("", True)), Rules())


def add_games(db: Database, count: int, updated: float, prefix: str) -> None:
    """Store `count` bare games last touched at `updated` (about 2 KB each, as a game was)."""
    with immediate(db):
        for number in range(count):
            db.execute(
                "INSERT INTO games (id, setup, state, turned, version, created, updated)"
                " VALUES (?, '{}', ?, '[]', 1, ?, ?)",
                (f"{prefix}{number}", "x" * 2000, updated, updated),
            )


def games(db: Database) -> int:
    """How many games the database holds."""
    return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
