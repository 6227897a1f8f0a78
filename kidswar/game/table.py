"""Who sits at the table: each seat's name, whether the computer plays it, and for a child of
the device who practises there, the child's animal.

A `TableSetup` is what "Play again" repeats: the mode, the seats and the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import regex

from kidswar.game.ladder import RUNGS
from kidswar.game.rules import Rules

# A name's length as a reader counts it: grapheme clusters (Unicode's UAX #29, `regex`'s \X,
# which Python's `re` lacks), so a family emoji joined with zero-width joiners is one character,
# as are an accented letter typed as two code points and a flag (issue 23).
MAX_NAME_LENGTH = 20
# However it is counted, a name holds no more code points than this: a grapheme may stack
# any number of marks, and nobody's name needs more. Also the inputs' maxlength (a browser
# counts UTF-16 units, never fewer than code points, so it never lets more through).
MAX_NAME_CODE_POINTS = 100
GRAPHEME = regex.compile(r"\X")
# Invisible characters a name may hold inside a grapheme, never on their own: the zero-width
# joiner and non-joiner (emoji sequences; Persian and Indic spelling), and the tag characters of
# subdivision flags. Every other format or control character (a right-to-left override, say)
# is refused, as a page could hide it.
JOINERS = frozenset({"\u200c", "\u200d", *map(chr, range(0xE0020, 0xE0080))})
MODES = ("easy", "full")
# The animals a child on a device can be (static/children.mjs keeps the same names).
ANIMALS = ("cat", "dog", "rabbit", "bear", "owl", "fox")


def verify_name(name: str) -> str:
    """Return `name` if a seat or a class-round table may carry it, else raise ValueError.

    The one check of a name: every `Seat` makes it, and so does every name field of the web
    forms (before anything is stored), so a name is held to the same rule wherever it is typed.
    Stripping surrounding spaces is the form's job: a name is checked as it will be kept.
    """
    clusters = GRAPHEME.findall(name)
    if len(name) > MAX_NAME_CODE_POINTS or len(clusters) > MAX_NAME_LENGTH:
        raise ValueError(f"a name may have at most {MAX_NAME_LENGTH} characters")
    for cluster in clusters:  # control characters, which no name needs and a page can hide
        first, rest = cluster[0], cluster[1:]
        if not first.isprintable() or not all(c.isprintable() or c in JOINERS for c in rest):
            raise ValueError("a name may hold only letters, digits, spaces and punctuation")
    return name


def name_length(name: str) -> int:
    """How many characters a reader counts in `name` (its grapheme clusters)."""
    return len(GRAPHEME.findall(name))


@dataclass(frozen=True)
class Seat:
    """One seat: a name typed for it (may be empty), whether the computer plays it, and the
    animal of the device's child who practises there ("" for none)."""

    name: str
    computer: bool
    animal: str = ""

    def verify(self) -> None:
        """Raise ValueError if the name is too long or holds control characters, or the animal
        is not one a child can be (or the computer's)."""
        verify_name(self.name)
        if self.animal and (self.animal not in ANIMALS or self.computer):
            raise ValueError(f"a person's seat may carry one of the animals {ANIMALS}")


@dataclass(frozen=True)
class TableSetup:
    """How a game was set up: easy or full mode, the seats, the rules, practice or not."""

    mode: str
    seats: tuple[Seat, ...]
    rules: Rules
    # Practice: the table asks "Which card is bigger?" before the cards are taken (issue 7).
    practice: bool = False
    # The ladder's level a practice table plays (a rung's name; "": the game's own rules). It
    # deals the level's numbers (`ladder_table.level_game`), and its answers count in the
    # progress of the device's child (issue 31).
    level: str = ""

    def __post_init__(self) -> None:
        """Check the setup fits together before any game is dealt."""
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}")
        if len(self.seats) != self.rules.players:
            raise ValueError("there must be one seat per player")
        for seat in self.seats:
            seat.verify()
        if self.level and (self.level not in RUNGS or not self.practice):
            raise ValueError(f"a practice table plays one of the levels {tuple(RUNGS)}")

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people, who turn their own cards."""
        return tuple(index for index, seat in enumerate(self.seats) if not seat.computer)

    def to_json(self) -> dict[str, Any]:
        """This setup as plain JSON values."""
        return {
            "mode": self.mode,
            "rules": self.rules.to_json(),
            "seats": [
                {"name": seat.name, "computer": seat.computer, "animal": seat.animal}
                for seat in self.seats
            ],
            "practice": self.practice,
            "level": self.level,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSetup:
        """Read a setup written by `to_json` (storage upgrades an older saved shape first)."""
        seats = tuple(
            Seat(str(seat["name"]), bool(seat["computer"]), str(seat["animal"]))
            for seat in data["seats"]
        )
        return cls(
            data["mode"],
            seats,
            Rules.from_options(**data["rules"]),
            bool(data["practice"]),
            str(data["level"]),
        )
