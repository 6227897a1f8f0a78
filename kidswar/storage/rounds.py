"""Class rounds kept in the database: the round, its clock, and the tables that joined it.

The round's clock is the only clock of its tables: a table's game keeps no deadline of its own,
so pausing, resuming or adding a minute is one saved change, whatever the number of tables.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from kidswar.game.clock import Clock
from kidswar.storage.formats import CLOCK, ROUND_SETTINGS
from kidswar.storage.interfaces import Database, immediate

# No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code read off a projector across a classroom is typed right.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
# Eight characters, shown in two groups of four ("K7HQ-X4MP"), make guessing hopeless (issue 13):
# 25**8 = 152,587,890,625 codes. A client address may try 10 wrong codes a minute
# (CLASS_WRONG_CODES_PER_MINUTE), 14,400 a day. Even with 100 rounds open at once, one address
# finds one of them with a chance of 14,400 * 100 / 152,587,890,625 = 1 in 106,000 a day, and
# 1,000 addresses guessing together would need 106 days on average; a round is open for its
# minutes and its results are deleted within two weeks. Five characters (25**5 = 9,765,625,
# 23 bits) fell to unlimited guessing at 365 a second in seconds.
CODE_LENGTH = 8
CODE_GROUP = 4  # shown as two groups of four, which a child copies a group at a time
OLD_CODE_LENGTH = 5  # rounds made before issue 13 keep their five-character codes
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
    removed: bool = False  # the teacher took it out of the round: it is no longer listed


def new_join_code() -> str:
    """A short random code in letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """A code as typed (any case, spaces or a dash in it) in the form it is stored."""
    return "".join(char for char in text.upper() if char not in " -")


def is_code(text: str) -> bool:
    """True if `text` (normalised) could be a join code: a new one, or an older, shorter one."""
    return len(text) in (CODE_LENGTH, OLD_CODE_LENGTH) and all(
        char in CODE_ALPHABET for char in text
    )


def display_code(code: str) -> str:
    """A code as the pages show it: "K7HQ-X4MP" (an older five-character code as it is)."""
    if len(code) != CODE_LENGTH:
        return code
    return f"{code[:CODE_GROUP]}-{code[CODE_GROUP:]}"


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
            now if clock.state == "over" else None,
            stored.code,
            stored.version,
        ),
    )
    return cursor.rowcount == 1


def delete_old_rounds(db: Database, finished_before: float, idle_before: float) -> int:
    """Delete rounds finished before one time or untouched since another; return how many."""
    with immediate(db):
        old = "(finished IS NOT NULL AND finished < ?) OR updated < ?"
        db.execute(
            f"DELETE FROM round_tables WHERE code IN (SELECT code FROM rounds WHERE {old})",
            (finished_before, idle_before),
        )
        cursor = db.execute(f"DELETE FROM rounds WHERE {old}", (finished_before, idle_before))
    return cursor.rowcount
