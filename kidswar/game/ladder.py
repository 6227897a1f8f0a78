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
import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

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
    def deals_faces(self) -> bool:
        """True if this rung's cards include the face cards (J = 11 up to A = 14)."""
        return self.high >= FACE_LOW

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

    def sides_of(self, values: Sequence[int]) -> tuple[tuple[int, ...], ...]:
        """Each side's cards, the left side's first."""
        each = self.adds
        return tuple(tuple(values[i : i + each]) for i in range(0, len(values), each))

    def swapped(self, values: Sequence[int]) -> tuple[int, ...]:
        """The same question with its sides the other way round (right to left)."""
        return tuple(value for side in reversed(self.sides_of(values)) for value in side)

    def pair_key(self, values: Sequence[int]) -> tuple[object, ...]:
        """What makes two questions the same one to learn, whichever side each card is on
        and whichever rung asks it: the question asked and each side's cards."""
        sides = sorted(tuple(sorted(side)) for side in self.sides_of(values))
        return (self.ask, tuple(sides))

    def gap(self, values: Sequence[int]) -> int:
        """How far apart the winning number and its nearest rival are (0: a tie for the best).

        The distance effect: the smaller the gap, the harder the question."""
        numbers = sorted(self.numbers(values), reverse=not self.ask.lowest_wins)
        return abs(numbers[0] - numbers[1])


class _OnRung(Protocol):
    """An entry of a child's progress kept per rung (an answer, a whole drill)."""

    @property
    def rung(self) -> str: ...


OnRung = TypeVar("OnRung", bound=_OnRung)


# Up to this gap a question counts as a close pair: the hard ones (Holloway & Ansari 2009).
CLOSE_GAP = 2
FACE_LOW = 11  # the jack: the face cards count 11 (J) to 14 (A)

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

# The mastery rule (docs/learning.md, "The mastery rule"). It is judged at the end of a whole
# drill of DRILL_QUESTIONS answers, never on a window that slides after every answer (each slide
# is one more try for a guesser), on the latest MASTERY_DRILLS whole drills on the rung taken
# together. Evidence is the answers that need a sense of order (a tie does not: "=" on two
# identical cards is seen, not compared), a right answer to a pair asked again left out
# (`whole_drill`). A child right with chance p on each answer passes one judgement with at most
# P(Binomial(MASTERY_RIGHT + MASTERY_WRONG, p) >= MASTERY_RIGHT): its MASTERY_RIGHT-th right
# answer must come with at most MASTERY_WRONG wrong ones before it, however many there are.
# The numbers keep that, over five days of two drills, under the 2 % at chance and 10 %
# right 60 % of the time (docs/learning.md, "The arithmetic"; tests/test_ladder.py works it out
# from the numbers here), and let a capable child (about 94 % right) through on its second day.
DRILL_QUESTIONS = 10
MASTERY_DRILLS = 4  # 40 questions judged together: a guesser's luck evens out over many
MASTERY_DAYS = 2  # shown on a second day, not in one good sitting (spacing: Cepeda et al. 2006)
MASTERY_RIGHT = 20  # with MASTERY_WRONG: a guesser passes a judgement in 0.024 % (p = 0.5)
MASTERY_WRONG = 3  # room for a capable child's slips (about 3 in 32), none for a guesser's half
MASTERY_CLOSE = 8  # of the right ones, close pairs (the hard ones): two a drill
MASTERY_FACES = 12  # on a rung of face cards, of the right ones, a face card shown: three a drill
# A struggling child, STRUGGLE_WRONG wrong of its last STRUGGLE_WINDOW answers that needed a
# sense of order, is offered the rung below; never before STEP_DOWN_AFTER such answers on the
# rung, nor on the day of a climb (the new rung deserves a fair try).
STRUGGLE_WINDOW, STRUGGLE_WRONG, STEP_DOWN_AFTER = 5, 3, 10


class Standing(enum.Enum):
    """What the ladder offers after an answer."""

    STAY = "stay"
    CLIMB = "climb"  # offer the next rung, with a small celebration
    STEP_DOWN = "step-down"  # offer the rung below, kindly


@dataclass(frozen=True)
class Attempt:
    """One answer as the ladder weighs it: the rung, the values asked, if it was right, and
    when: the day (a date's ordinal) and the question's number in its drill (0: not known, as
    in a progress kept before these were)."""

    rung: str
    values: tuple[int, ...]
    right: bool
    day: int = 0
    number: int = 0

    @property
    def ordered(self) -> bool:
        """True if answering needs a sense of order: the best number stands alone (a tie
        does not; two identical cards are seen to be the same)."""
        return _gap_on(self.rung, tuple(self.values)) > 0

    @property
    def close(self) -> bool:
        """True for a close pair: the best number one or two ahead of its rival."""
        return 0 < _gap_on(self.rung, tuple(self.values)) <= CLOSE_GAP

    @property
    def faces(self) -> bool:
        """True if a face card (J, Q, K, A: 11 and up) is among the cards."""
        return RUNGS[self.rung].deals_faces and max(self.values) >= FACE_LOW


@dataclass(frozen=True)
class DrillResult:
    """A whole drill on a rung, as the mastery rule weighs it: its day and what it showed."""

    rung: str
    day: int  # a date's ordinal
    ordered: int  # answers that needed a sense of order (not ties)
    wrong: int  # of those, the wrong ones
    close: int  # right answers on close pairs
    faces: int  # right answers (needing order) with a face card

    @classmethod
    def of(cls, attempts: Sequence[Attempt]) -> DrillResult:
        """The result of a drill's answers that are evidence (all on one rung, the day of the
        last)."""
        judged = [attempt for attempt in attempts if attempt.ordered]
        right = [attempt for attempt in judged if attempt.right]
        return cls(
            attempts[-1].rung,
            attempts[-1].day,
            len(judged),
            len(judged) - len(right),
            sum(attempt.close for attempt in right),
            sum(attempt.faces for attempt in right),
        )


def whole_drill(attempts: Sequence[Attempt], retried: Collection[int] = ()) -> DrillResult | None:
    """The result of the drill the latest answer finished, or None: a drill is whole when its
    last DRILL_QUESTIONS answers are its questions 1 to DRILL_QUESTIONS, all on one rung.
    `retried`: the places (from 0) in the drill of pairs tried again. A right answer to one
    is no fresh evidence (the pair came back swapped: a child who taps the left card gets it
    right), so it is left out; a miss on one counts."""
    last = attempts[-DRILL_QUESTIONS:]
    if [attempt.number for attempt in last] != list(range(1, DRILL_QUESTIONS + 1)):
        return None
    if len({attempt.rung for attempt in last}) != 1:
        return None
    evidence = [a for place, a in enumerate(last) if place not in retried or not a.right]
    return DrillResult.of(evidence or last[-1:])


def above(rung: Rung) -> Rung | None:
    """The next rung up, or None at the top."""
    index = LADDER.index(rung)
    return LADDER[index + 1] if index + 1 < len(LADDER) else None


def below(rung: Rung) -> Rung | None:
    """The rung below, or None at the bottom."""
    index = LADDER.index(rung)
    return LADDER[index - 1] if index > 0 else None


def _latest_on(rung: Rung, items: Sequence[OnRung]) -> list[OnRung]:
    """The trailing entries on `rung` (oldest first): those since the child last came to it."""
    here: list[OnRung] = []
    for item in reversed(items):
        if item.rung != rung.name:
            break
        here.append(item)
    return here[::-1]


def mastered(rung: Rung, drills: Sequence[DrillResult]) -> bool:
    """True if the latest MASTERY_DRILLS whole drills on this rung, played on MASTERY_DAYS days
    at least, show it mastered together (the rule above)."""
    latest = _latest_on(rung, drills)[-MASTERY_DRILLS:]
    if len(latest) < MASTERY_DRILLS or len({drill.day for drill in latest}) < MASTERY_DAYS:
        return False
    wrong = sum(drill.wrong for drill in latest)
    return (
        sum(drill.ordered for drill in latest) - wrong >= MASTERY_RIGHT
        and wrong <= MASTERY_WRONG
        and sum(drill.close for drill in latest) >= MASTERY_CLOSE
        and (not rung.deals_faces or sum(drill.faces for drill in latest) >= MASTERY_FACES)
    )


# A child's progress is weighed answer by answer at every question (`standing`: whether to
# climb or step down), and each answer's gap was worked out again each time: a quarter of a
# simulated child's CPU. Kept by the rung's name and the values, which hash quickly (a rung's
# questions are few: a drill of sums has some thousands); a `Rung` as the key hashes in Python
# and saved nothing.
@functools.lru_cache(maxsize=8192)
def _gap_on(rung: str, values: tuple[int, ...]) -> int:
    """`RUNGS[rung].gap(values)`."""
    return RUNGS[rung].gap(values)


def standing(
    rung: Rung,
    attempts: Sequence[Attempt],
    drills: Sequence[DrillResult],
    today: int,
    climbed: int = 0,
) -> Standing:
    """What to offer a child on `rung` today, after these answers and whole drills (oldest
    first); `climbed`: the day of the child's last climb (0: none known).

    Only the answers since the child last arrived on this rung count, so a climb is earned on
    the rung itself and one bad day elsewhere does not send a child down.
    """
    if climbed == today:  # one change of level a day: the new rung gets a fair try
        return Standing.STAY
    if above(rung) is not None and mastered(rung, drills):
        return Standing.CLIMB
    ordered = [attempt for attempt in _latest_on(rung, attempts) if attempt.ordered]
    latest = ordered[-STRUGGLE_WINDOW:]
    if (
        len(ordered) >= STEP_DOWN_AFTER
        and sum(not attempt.right for attempt in latest) >= STRUGGLE_WRONG
        and below(rung) is not None
    ):
        return Standing.STEP_DOWN
    return Standing.STAY
