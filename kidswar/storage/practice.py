"""A game's practice (questions answered, the score) kept beside it in the `games` table.

It lives in the game's own row (`games.practice`, JSON), so an answer is saved the same way
as a move: only if the game is still at the version the answer was given on, and the version
goes up, so a double tap or a second tab cannot answer one question twice.
"""

from __future__ import annotations

import json
import sqlite3
import time

from kidswar.game.practice import Practice


def load_practice(db: sqlite3.Connection, game_id: str) -> tuple[Practice, int] | None:
    """A game's practice and the game's version now, or None if there is no such game."""
    row = db.execute("SELECT practice, version FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    data = None if row["practice"] is None else json.loads(row["practice"])
    return Practice.from_json(data), int(row["version"])


def save_practice(db: sqlite3.Connection, game_id: str, version: int, practice: Practice) -> bool:
    """Save a game's practice only if the game is still at `version`; True if it was saved.

    False means another request saved first (the same answer twice, a move from another tab):
    nothing is written and the caller shows the game as it is now.
    """
    cursor = db.execute(
        "UPDATE games SET practice = ?, version = version + 1, updated = ?"
        " WHERE id = ? AND version = ?",
        (json.dumps(practice.to_json()), time.time(), game_id, version),
    )
    return cursor.rowcount == 1
