"""The learning ladder: the levels of practice a child climbs, and when to offer the next one.

Each `Rung` says what a question shows and asks: which numbers (1 to 5 with pips, the little
deck's 1 to 10, the face cards' 11 to 14), how many sides (two cards, or three: "the biggest"),
one card a side or two added up, and which question ("bigger?", "smaller?", "the biggest?",
"which sum is bigger?"). The order, and the mastery rule below, follow the research set out in
docs/learning.md: small numbers seen at a glance first, then to ten, then the close pairs that
are hard, "smaller" only after "bigger", then bigger numbers, three cards and sums.

The rule is an offer, never a gate: the child or an adult may pick any rung at any time.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from kidswar.game.rules import Deck


class Ask(enum.Enum):
    """The question a rung asks about its cards."""

    BIGGER = "bigger"  # two cards: which is bigger?
    SMALLER = "smaller"  # two cards: which is smaller? (Peace's question)
    BIGGEST = "biggest"  # three cards: which is the biggest?
    BIGGER_SUM = "bigger-sum"  # two cards a side, added up: which sum is bigger?

    @property
    def lowest_wins(self) -> bool:
        """True where the smaller number is the answer."""
        return self is Ask.SMALLER


@dataclass(frozen=True)
class Rung:
    """One level of the ladder: the numbers dealt, the sides compared and the question."""

    name: str  # the key a child's progress names it by (stable: saved on the device)
    deck: Deck  # what a card counts (the little deck's ace is 1)
    low: int  # the smallest card value dealt
    high: int  # the biggest card value dealt
    ask: Ask
    sides: int = 2  # the numbers compared: two, or three ("the biggest")
    adds: int = 1  # cards a side: one, or two added up
    close_only: bool = False  # every question a close pair (the rung for the hard ones)

    @property
    def biggest_number(self) -> int:
        """The biggest number a side can show (a card, or a sum of `adds` cards)."""
        return self.high * self.adds

    def holds(self, values: Sequence[int]) -> bool:
        """True if `values` (each side's cards' values, side by side) could be one of this
        rung's questions: the right count, each value in the rung's range."""
        return len(values) == self.sides * self.adds and all(
            self.low <= value <= self.high for value in values
        )

    def numbers(self, values: Sequence[int]) -> tuple[int, ...]:
        """The numbers the child compares: each side's card, or each side's sum."""
        each = self.adds
        return tuple(sum(values[i : i + each]) for i in range(0, len(values), each))

    def gap(self, values: Sequence[int]) -> int:
        """How far apart the winning number and its nearest rival are (0: a tie for the best).

        The distance effect: the smaller the gap, the harder the question."""
        numbers = sorted(self.numbers(values), reverse=not self.ask.lowest_wins)
        return abs(numbers[0] - numbers[1])


# Up to this gap a question counts as a close pair: the hard ones (Holloway & Ansari 2009).
CLOSE_GAP = 2

LADDER: tuple[Rung, ...] = (
    Rung("first-five", Deck.NUMBERS, 1, 5, Ask.BIGGER),  # seen at a glance, or as 4 + 1
    Rung("to-ten", Deck.NUMBERS, 1, 10, Ask.BIGGER),  # the little deck
    Rung("close", Deck.NUMBERS, 1, 10, Ask.BIGGER, close_only=True),  # 7 or 8?
    Rung("smaller", Deck.NUMBERS, 1, 10, Ask.SMALLER),  # learned after "bigger"
    Rung("faces", Deck.FULL, 2, 14, Ask.BIGGER),  # J = 11, Q = 12, K = 13, A = 14
    Rung("three", Deck.NUMBERS, 1, 10, Ask.BIGGEST, sides=3),  # "the biggest"
    Rung("adding", Deck.NUMBERS, 1, 5, Ask.BIGGER_SUM, adds=2),  # sums up to 10
    Rung("sums-to-20", Deck.NUMBERS, 1, 10, Ask.BIGGER_SUM, adds=2),  # Addition War's sums
)
RUNGS = {rung.name: rung for rung in LADDER}

# The mastery rule: the next rung is offered after MASTERY_RIGHT of the last MASTERY_WINDOW
# answers on this rung were right, MASTERY_CLOSE of the right ones close pairs (so the far
# pairs alone never carry a child up). A struggling child, STRUGGLE_WRONG wrong of the last
# STRUGGLE_WINDOW, is offered the rung below.
MASTERY_WINDOW, MASTERY_RIGHT, MASTERY_CLOSE = 10, 8, 3
STRUGGLE_WINDOW, STRUGGLE_WRONG = 5, 3


class Standing(enum.Enum):
    """What the ladder offers after an answer."""

    STAY = "stay"
    CLIMB = "climb"  # offer the next rung, with a small celebration
    STEP_DOWN = "step-down"  # offer the rung below, kindly


@dataclass(frozen=True)
class Attempt:
    """One answer as the ladder weighs it: the rung, the values asked, and if it was right."""

    rung: str
    values: tuple[int, ...]
    right: bool

    @property
    def close(self) -> bool:
        """True for a close pair (a tie counts: telling 7 from 7 is as hard as 7 from 8)."""
        return RUNGS[self.rung].gap(self.values) <= CLOSE_GAP


def above(rung: Rung) -> Rung | None:
    """The next rung up, or None at the top."""
    index = LADDER.index(rung)
    return LADDER[index + 1] if index + 1 < len(LADDER) else None


def below(rung: Rung) -> Rung | None:
    """The rung below, or None at the bottom."""
    index = LADDER.index(rung)
    return LADDER[index - 1] if index > 0 else None


def standing(rung: Rung, attempts: Sequence[Attempt]) -> Standing:
    """What to offer a child on `rung` after these answers (oldest first).

    Only the answers since the child last arrived on this rung count, so a climb is earned on
    the rung itself and one bad day elsewhere does not send a child down.
    """
    here: list[Attempt] = []
    for attempt in reversed(attempts):
        if attempt.rung != rung.name:
            break
        here.append(attempt)  # newest first
    recent = here[:MASTERY_WINDOW]
    if len(recent) == MASTERY_WINDOW and above(rung) is not None:
        right = [attempt for attempt in recent if attempt.right]
        if len(right) >= MASTERY_RIGHT and sum(a.close for a in right) >= MASTERY_CLOSE:
            return Standing.CLIMB
    latest = here[:STRUGGLE_WINDOW]
    if (
        len(latest) == STRUGGLE_WINDOW
        and sum(not attempt.right for attempt in latest) >= STRUGGLE_WRONG
        and below(rung) is not None
    ):
        return Standing.STEP_DOWN
    return Standing.STAY
