"""Class rounds kept in SQLite: the round, its clock, and the tables that joined it.

The round's clock is the only clock of its tables: a table's game keeps no deadline of its own,
so pausing, resuming or adding a minute is one saved change, whatever the number of tables.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from dataclasses import dataclass
from typing import Any

from kidswar.game.clock import Clock
from kidswar.storage.database import immediate

# No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code read off a projector across a classroom is typed right.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 5
MAX_TABLES = 60  # a big class in pairs is 20 tables; more is a mistake or mischief


@dataclass(frozen=True)
class RoundSettings:
    """What the teacher chose: the minutes, the game, the seats at each table, practice, deck."""

    minutes: int
    variant: str
    players: int  # seats at each table
    against_computer: bool  # True: one child and the computer; False: children only
    # Practice: every table's game asks "Which card is bigger?" (issue 11); off in a round
    # saved before practice rounds existed.
    practice: bool = False
    # The deck every table plays with (a `Deck` value); the whole deck in a round saved before
    # the little deck existed.
    deck: str = "full"

    def to_json(self) -> dict[str, Any]:
        """These settings as plain JSON values."""
        return {
            "minutes": self.minutes,
            "variant": self.variant,
            "players": self.players,
            "against_computer": self.against_computer,
            "practice": self.practice,
            "deck": self.deck,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundSettings:
        """Read settings written by `to_json` (one saved before practice existed has it off,
        one saved before the little deck plays with the whole deck)."""
        return cls(
            int(data["minutes"]),
            str(data["variant"]),
            int(data["players"]),
            bool(data["against_computer"]),
            bool(data.get("practice", False)),
            str(data.get("deck", "full")),
        )


@dataclass(frozen=True)
class Round:
    """A class round as the database holds it, with the version its next change must name."""

    code: str
    teacher: str
    settings: RoundSettings
    clock: Clock
    version: int


@dataclass(frozen=True)
class RoundTable:
    """One table of a round: its number, the name it gave itself, its game now."""

    number: int
    name: str
    game_id: str


def new_join_code() -> str:
    """A short random code in letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A code as typed (any case, spaces or a dash in it) in the form it is stored."""
    return "".join(char for char in text.upper() if char not in " -")


def is_code(text: str) -> bool:
    """True if `text` (normalised) could be a join code."""
    return len(text) == CODE_LENGTH and all(char in CODE_ALPHABET for char in text)


def create_round(db: sqlite3.Connection, settings: RoundSettings, clock: Clock) -> Round:
    """Store a new round under a fresh join code and teacher token; return it."""
    now = time.time()
    for _attempt in range(20):  # a code still in use is drawn again
        code, teacher = new_join_code(), secrets.token_urlsafe(18)
        try:
            db.execute(
                "INSERT INTO rounds (code, teacher, settings, clock, version, created,"
                " updated, finished) VALUES (?, ?, ?, ?, 1, ?, ?, NULL)",
                (
                    code,
                    teacher,
                    json.dumps(settings.to_json()),
                    json.dumps(clock.to_json()),
                    now,
                    now,
                ),
            )
        except sqlite3.IntegrityError:
            continue
        return Round(code, teacher, settings, clock, 1)
    raise RuntimeError("no free join code was found")


def round_from_row(code: str, teacher: str, settings: str, clock: str, version: int) -> Round:
    """A round from the columns of its database row (settings and clock as JSON)."""
    return Round(
        code,
        teacher,
        RoundSettings.from_json(json.loads(settings)),
        Clock.from_json(json.loads(clock)),
        version,
    )


def _round(row: sqlite3.Row | None) -> Round | None:
    """A round from its database row."""
    if row is None:
        return None
    return round_from_row(
        row["code"], row["teacher"], row["settings"], row["clock"], row["version"]
    )


def load_round(db: sqlite3.Connection, code: str) -> Round | None:
    """The round with this join code, or None."""
    return _round(db.execute("SELECT * FROM rounds WHERE code = ?", (code,)).fetchone())


def load_round_for_teacher(db: sqlite3.Connection, teacher: str) -> Round | None:
    """The round whose teacher token this is, or None."""
    return _round(db.execute("SELECT * FROM rounds WHERE teacher = ?", (teacher,)).fetchone())


def save_clock(db: sqlite3.Connection, stored: Round, clock: Clock) -> bool:
    """Save a new clock only if the round is still at the version it was changed from.

    Returns False when another request saved first (a double click on "Add a minute"), so a
    change is never made twice.
    """
    now = time.time()
    cursor = db.execute(
        "UPDATE rounds SET clock = ?, version = version + 1, updated = ?, finished = ?"
        " WHERE code = ? AND version = ?",
        (
            json.dumps(clock.to_json()),
            now,
            now if clock.state == "over" else None,
            stored.code,
            stored.version,
        ),
    )
    return cursor.rowcount == 1


def next_table_number(db: sqlite3.Connection, code: str) -> int:
    """The number the next table to join gets (call it inside `immediate`)."""
    row = db.execute(
        "SELECT COALESCE(MAX(number), 0) FROM round_tables WHERE code = ?", (code,)
    ).fetchone()
    return int(row[0]) + 1


def add_table(db: sqlite3.Connection, code: str, number: int, name: str, game_id: str) -> None:
    """Record a table that joined, with its first game (call it inside `immediate`)."""
    db.execute(
        "INSERT INTO round_tables (code, number, name, game_id) VALUES (?, ?, ?, ?)",
        (code, number, name, game_id),
    )


def set_table_game(db: sqlite3.Connection, code: str, number: int, game_id: str) -> None:
    """Give a table its new game (after "Play again")."""
    db.execute(
        "UPDATE round_tables SET game_id = ? WHERE code = ? AND number = ?", (game_id, code, number)
    )


def round_tables(db: sqlite3.Connection, code: str) -> list[RoundTable]:
    """Every table of a round, in the order they joined."""
    rows = db.execute(
        "SELECT number, name, game_id FROM round_tables WHERE code = ? ORDER BY number", (code,)
    ).fetchall()
    return [RoundTable(row["number"], row["name"], row["game_id"]) for row in rows]


def load_table(db: sqlite3.Connection, code: str, number: int) -> RoundTable | None:
    """Table `number` of a round, or None."""
    row = db.execute(
        "SELECT number, name, game_id FROM round_tables WHERE code = ? AND number = ?",
        (code, number),
    ).fetchone()
    return None if row is None else RoundTable(row["number"], row["name"], row["game_id"])


def delete_old_rounds(db: sqlite3.Connection, finished_before: float, idle_before: float) -> int:
    """Delete rounds finished before one time or untouched since another; return how many."""
    with immediate(db):
        old = "(finished IS NOT NULL AND finished < ?) OR updated < ?"
        db.execute(
            f"DELETE FROM round_tables WHERE code IN (SELECT code FROM rounds WHERE {old})",
            (finished_before, idle_before),
        )
        cursor = db.execute(f"DELETE FROM rounds WHERE {old}", (finished_before, idle_before))
    return cursor.rowcount
