"""The tables of a class round: who joined, from which device, which game each plays now.

A table the teacher removes keeps its row, marked removed, so its number is never given to
another table (its games stay marked with that number) and its child's page can say it was
removed. Removed tables are not listed and do not count towards the round's or a device's limit.
"""

from __future__ import annotations

import time
from typing import Any

from kidswar.game.class_round import RoundTable
from kidswar.storage.interfaces import Database, immediate

_COLUMNS = "number, name, game_id, removed IS NOT NULL AS gone, removed"


def _table(row: Any) -> RoundTable:
    """A table from its row (selected with `_COLUMNS`)."""
    removed = row["removed"]
    return RoundTable(
        row["number"],
        row["name"],
        row["game_id"],
        bool(row["gone"]),
        None if removed is None else float(removed),
    )


def next_table_number(db: Database, code: str) -> int:
    """The number the next table to join gets, never a removed table's (call it in `immediate`)."""
    row = db.execute(
        "SELECT COALESCE(MAX(number), 0) FROM round_tables WHERE code = ?", (code,)
    ).fetchone()
    return int(row[0]) + 1


def listed_count(db: Database, code: str) -> int:
    """How many tables the round lists (removed ones left out)."""
    row = db.execute(
        "SELECT COUNT(*) FROM round_tables WHERE code = ? AND removed IS NULL", (code,)
    ).fetchone()
    return int(row[0])


def add_table(
    db: Database,
    code: str,
    number: int,
    name: str,
    game_id: str,
    device: str | None = None,
) -> None:
    """Record a table that joined from `device`, with its first game (call it in `immediate`)."""
    db.execute(
        "INSERT INTO round_tables (code, number, name, game_id, device) VALUES (?, ?, ?, ?, ?)",
        (code, number, name, game_id, device),
    )


def set_table_game(db: Database, code: str, number: int, game_id: str) -> None:
    """Give a table its new game (after "Play again"); its earlier games stay in the round."""
    db.execute(
        "UPDATE round_tables SET game_id = ? WHERE code = ? AND number = ?", (game_id, code, number)
    )


def round_tables(db: Database, code: str) -> list[RoundTable]:
    """Every table the round lists, in the order they joined (removed ones left out)."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM round_tables WHERE code = ? AND removed IS NULL ORDER BY number",
        (code,),
    ).fetchall()
    return [_table(row) for row in rows]


def device_tables(db: Database, code: str, device: str) -> list[RoundTable]:
    """The tables a device made in the round and still listed, in the order they joined."""
    rows = db.execute(
        f"SELECT {_COLUMNS} FROM round_tables WHERE code = ? AND device = ? AND removed IS NULL"
        " ORDER BY number",
        (code, device),
    ).fetchall()
    return [_table(row) for row in rows]


def load_table(db: Database, code: str, number: int) -> RoundTable | None:
    """Table `number` of a round (removed or not), or None."""
    row = db.execute(
        f"SELECT {_COLUMNS} FROM round_tables WHERE code = ? AND number = ?", (code, number)
    ).fetchone()
    return None if row is None else _table(row)


def remove_table(
    db: Database, code: str, number: int, at: float | None = None
) -> RoundTable | None:
    """Take a table out of the round at `at` (the app's clock; now if not given): the table's
    clock stops there. The table as it was, or None if there is no such table.

    Removing it twice changes nothing. Its game's version goes up, so the page open at the
    table redraws and says the table was removed, and a move sent from the old page is refused.
    """
    with immediate(db):
        table = load_table(db, code, number)
        if table is None or table.removed:
            return table
        db.execute(
            "UPDATE round_tables SET removed = ? WHERE code = ? AND number = ?",
            (time.time() if at is None else at, code, number),
        )
        db.execute("UPDATE games SET version = version + 1 WHERE id = ?", (table.game_id,))
    return table
