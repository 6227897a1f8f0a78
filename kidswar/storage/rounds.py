"""Class rounds kept in the database: rows of `game.class_round.Round`, their clock, version.

The round's clock is the only clock of its tables: a table's game keeps no deadline of its own,
so pausing, resuming or adding a minute is one saved change, whatever the number of tables.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from kidswar.game.class_round import Round, RoundSettings, new_join_code
from kidswar.game.clock import Clock, ClockState
from kidswar.storage.formats import CLOCK, ROUND_SETTINGS
from kidswar.storage.interfaces import Database, immediate

DELETE_ROUNDS_BATCH = 100  # rounds (and their tables) deleted per transaction


def create_round(db: Database, settings: RoundSettings, clock: Clock) -> Round:
    """Store a new round under a fresh join code and teacher token; return it."""
    now = time.time()
    for _attempt in range(20):  # a code still in use is drawn again
        code, teacher = new_join_code(), secrets.token_urlsafe(18)
        # ON CONFLICT on both backends: a PostgreSQL error would spoil a transaction around it.
        cursor = db.execute(
            "INSERT INTO rounds (code, teacher, settings, clock, version, created,"
            " updated, finished) VALUES (?, ?, ?, ?, 1, ?, ?, NULL) ON CONFLICT DO NOTHING",
            (
                code,
                teacher,
                ROUND_SETTINGS.dump(settings.to_json()),
                CLOCK.dump(clock.to_json()),
                now,
                now,
            ),
        )
        if cursor.rowcount == 1:
            return Round(code, teacher, settings, clock, 1)
    raise RuntimeError("no free join code was found")


def round_from_row(code: str, teacher: str, settings: str, clock: str, version: int) -> Round:
    """A round from the columns of its database row (settings and clock as JSON)."""
    return Round(
        code,
        teacher,
        RoundSettings.from_json(ROUND_SETTINGS.load(settings)),
        Clock.from_json(CLOCK.load(clock)),
        version,
    )


def _round(row: Any) -> Round | None:
    """A round from its database row."""
    if row is None:
        return None
    return round_from_row(
        row["code"], row["teacher"], row["settings"], row["clock"], row["version"]
    )


def load_round(db: Database, code: str) -> Round | None:
    """The round with this join code, or None."""
    return _round(db.execute("SELECT * FROM rounds WHERE code = ?", (code,)).fetchone())


def load_round_for_teacher(db: Database, teacher: str) -> Round | None:
    """The round whose teacher token this is, or None."""
    return _round(db.execute("SELECT * FROM rounds WHERE teacher = ?", (teacher,)).fetchone())


def save_clock(db: Database, stored: Round, clock: Clock) -> bool:
    """Save a new clock only if the round is still at the version it was changed from.

    Returns False when another request saved first (a double click on "Add a minute"), so a
    change is never made twice.
    """
    now = time.time()
    cursor = db.execute(
        "UPDATE rounds SET clock = ?, version = version + 1, updated = ?, finished = ?"
        " WHERE code = ? AND version = ?",
        (
            CLOCK.dump(clock.to_json()),
            now,
            now if clock.state is ClockState.OVER else None,
            stored.code,
            stored.version,
        ),
    )
    return cursor.rowcount == 1


def delete_old_rounds(
    db: Database,
    finished_before: float,
    idle_before: float,
    between: Callable[[], bool] = lambda: True,
) -> int:
    """Delete rounds finished before one time or untouched since another; return how many.

    A batch of rounds (with their tables) a transaction, as `games.delete_old_games` does, and
    `between()` after each full batch (False: stop, the next clean-up goes on)."""
    old = "(finished IS NOT NULL AND finished < ?) OR updated < ?"
    deleted = 0
    while True:
        with immediate(db):
            codes = [
                row[0]
                for row in db.execute(
                    f"SELECT code FROM rounds WHERE {old} LIMIT ?",
                    (finished_before, idle_before, DELETE_ROUNDS_BATCH),
                )
            ]
            marks = ", ".join("?" * len(codes))
            if codes:
                db.execute(f"DELETE FROM round_tables WHERE code IN ({marks})", codes)
                db.execute(f"DELETE FROM rounds WHERE code IN ({marks})", codes)
        deleted += len(codes)
        if len(codes) < DELETE_ROUNDS_BATCH or not between():
            return deleted


def round_created(db: Database, code: str) -> float | None:
    """When the round was set up (seconds since the epoch), or None if there is no such round."""
    row = db.execute("SELECT created FROM rounds WHERE code = ?", (code,)).fetchone()
    return None if row is None else float(row[0])


def delete_round(db: Database, code: str) -> None:
    """Delete a round now, with its tables and its games (the teacher asked: issue 33)."""
    with immediate(db):
        db.execute("DELETE FROM games WHERE round_code = ?", (code,))
        db.execute("DELETE FROM round_tables WHERE code = ?", (code,))
        db.execute("DELETE FROM rounds WHERE code = ?", (code,))
