"""A class round: the teacher's settings, the round's clock and version, its tables, its code.

The records a class round is made of, as the game sees them (storage keeps them as rows and
converts, `storage.rounds`), and the rules of its join code: eight characters from an alphabet
with no look-alikes, shown as two groups of four ("K7HQ-X4MP").
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from kidswar.game.clock import Clock
from kidswar.game.ladder import RUNGS, Rung
from kidswar.game.ladder_table import VARIANTS
from kidswar.game.rules import Deck, Variant

# No 0/O, 1/I/L, 2/Z, 5/S or 8/B: a code read off a projector across a classroom is typed right.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
# Eight characters, shown in two groups of four ("K7HQ-X4MP"), make guessing hopeless (issues 13
# and 23): 25**8 = 152,587,890,625 codes. A client address may try 100 wrong codes a minute
# (CLASS_WRONG_CODES_PER_MINUTE: a class of 30 behind one school address, a few typos each),
# 144,000 a day. With R rounds stored at once (open, or kept with their results), one address
# at that cap needs 25**8 / (R * 144,000) days on average to find one: 29 years with R = 100,
# 2.9 years with R = 1,000; 1,000 addresses guessing together, 10.6 days with R = 100, while a
# round is open for its minutes and its results are deleted within two weeks (docs/running.md, "A
# crowded class round"). Five characters (25**5 = 9,765,625, 23 bits) fell to unlimited guessing at
# 365 a second in seconds. A right code scanned from the projector's QR code carries a signed
# pass and is never counted (`web.devices.join_pass`).
CODE_LENGTH = 8
CODE_GROUP = 4  # shown as two groups of four, which a child copies a group at a time
OLD_CODE_LENGTH = 5  # rounds made before issue 13 keep their five-character codes
MAX_TABLES = 60  # a big class in pairs is 20 tables; more is a mistake or mischief


@dataclass(frozen=True)
class RoundSettings:
    """What the teacher chose: the minutes, the game, the seats at each table, practice, deck."""

    minutes: int
    variant: Variant
    players: int  # seats at each table
    against_computer: bool  # True: one child and the computer; False: children only
    # Practice: every table's game asks "Which card is bigger?" (issue 11); off in a round
    # saved before practice rounds existed.
    practice: bool = False
    # The deck every table plays with; the whole deck in a round saved before the little deck
    # existed.
    deck: Deck = Deck.FULL
    # Issue 23: the board shows only what the whole class did, no table ranked against another;
    # off in a round saved before.
    together: bool = False
    # Issue 21: the rung of the learning ladder every table plays at (`RUNGS`' names), which
    # chose the variant, the deck and practice above (`at_level`); None: the teacher chose them.
    level: str | None = None

    def __post_init__(self) -> None:
        """Refuse a level that is no rung of the ladder."""
        if self.level is not None and self.level not in RUNGS:
            raise ValueError(f"no level of the ladder is called {self.level!r}")

    @property
    def rung(self) -> Rung | None:
        """The rung of the ladder the round plays at, or None."""
        return None if self.level is None else RUNGS[self.level]

    def to_json(self) -> dict[str, Any]:
        """These settings as plain JSON values."""
        return {
            "minutes": self.minutes,
            "variant": self.variant.value,
            "players": self.players,
            "against_computer": self.against_computer,
            "practice": self.practice,
            "deck": self.deck.value,
            "together": self.together,
            "level": self.level,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> RoundSettings:
        """Read settings written by `to_json` (older shapes are upgraded by storage first:
        `kidswar.storage.formats.ROUND_SETTINGS`)."""
        return cls(
            int(data["minutes"]),
            Variant(data["variant"]),
            int(data["players"]),
            bool(data["against_computer"]),
            bool(data["practice"]),
            Deck(data["deck"]),
            bool(data["together"]),
            None if data["level"] is None else str(data["level"]),
        )


def at_level(
    rung: Rung, minutes: int, players: int, against_computer: bool, together: bool = False
) -> RoundSettings:
    """The settings of a round whose every table plays at `rung`: its deck, the game that asks
    its question (`ladder_table.VARIANTS`, as at a practice table; "the biggest" is War with
    three or four at a table), and practice on (a level is a question to answer). ValueError
    for a rung of three cards with two seats a table: it compares three."""
    if players < rung.sides:
        raise ValueError(f"the level {rung.name!r} needs {rung.sides} players at each table")
    return RoundSettings(
        minutes,
        VARIANTS[rung.ask],
        players,
        against_computer,
        practice=True,
        deck=rung.deck,
        together=together,
        level=rung.name,
    )


@dataclass(frozen=True)
class Round:
    """A class round: its code, the teacher's token, the settings, the clock, and the version
    its next change must name."""

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
    removed_at: float | None = None  # when (its clock stops there: issue 23)


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
