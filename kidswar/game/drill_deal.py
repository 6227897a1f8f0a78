"""The drill's levels and the cards each one deals for its ten questions.

A level names a deck (what each card counts: the little deck's ace is 1), the card values it
deals, and whether each side shows one card or two added up ("Which sum is bigger?"). Every
level deals one question whose two sides are equal (to meet "="), never the very first ones,
and never the same question twice in a row.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from kidswar.game.cards import Card
from kidswar.game.ladder import RUNGS, Rung
from kidswar.game.rules import Deck

QUESTIONS = 10
# Addition: the two sums are never more than this apart, so the child really adds (4 + 1
# against 10 + 9 is seen at a glance) and the number line over both sums stays short.
MAX_SUM_GAP = 5


@dataclass(frozen=True)
class Level:
    """What a drill deals: a deck, the lowest and highest card value, one or two cards a side."""

    deck: Deck
    low: int  # the smallest card value dealt (the little deck's ace: 1)
    high: int  # the biggest (the ace of the whole deck: 14)
    sums: bool = False  # two cards a side, their sums compared (never "which is smaller?")
    sides: int = 2  # the sides compared: two, or three ("which is the biggest?")

    @property
    def cards_a_side(self) -> int:
        """How many cards each side shows: one, or two to add."""
        return 2 if self.sums else 1

    def fits(self, cards: Sequence[Card]) -> bool:
        """True if `cards` could be one question of this level: the right number of cards,
        all different, each of the deck and in the level's values."""
        return (
            len(cards) == self.sides * self.cards_a_side
            and len(set(cards)) == len(cards)
            and all(
                self.deck.holds(card) and self.low <= self.deck.value_of(card) <= self.high
                for card in cards
            )
        )


# The levels by the name the form and the session cookie use. "numbers" and "faces" are the
# drill's first two ranges: old cookies name them, so the names stay.
LEVELS = {
    "numbers": Level(Deck.FULL, 2, 10),
    "faces": Level(Deck.FULL, 2, 14),  # J 11, Q 12, K 13, A 14
    "little": Level(Deck.NUMBERS, 1, 10),  # A 1, 2 ... 10
    # The little deck's cards: sums up to 20, for children who are starting to add.
    "addition": Level(Deck.NUMBERS, 1, 10, sums=True),
}


def rung_level(rung: Rung) -> Level:
    """What a rung of the ladder deals, as a drill level: its deck, values and sides."""
    return Level(rung.deck, rung.low, rung.high, sums=rung.adds > 1, sides=rung.sides)


def level_of(name: str) -> Level | None:
    """The drill level called `name`: one of LEVELS (the drill's first levels, which old
    cookies and forms name) or a rung of the ladder; None for neither."""
    level = LEVELS.get(name)
    if level is None and name in RUNGS:
        level = rung_level(RUNGS[name])
    return level


def cards_of(values: Sequence[int], deck: Deck, rng: random.Random) -> tuple[Card, ...]:
    """Different cards of these values in the deck (suits drawn at random): the cards of one
    question the ladder chose by its values (`pair_choice.next_question`)."""
    return _cards(values, deck, rng)


def deal_pairs(level_name: str, rng: random.Random) -> tuple[tuple[Card, ...], ...]:
    """The cards of ten questions for a level, each question's left side first.

    One card a side, or with `sums` two (left, left, right, right). One question has equal
    sides, the rest differ; no question's numbers come twice in a row; no card shows twice
    in one question (a tie is two different cards of the same value).
    """
    level = LEVELS[level_name]
    same_at = rng.randrange(2, QUESTIONS)  # not the very first questions: start with a clear one
    deal = _sides_of_sums if level.sums else _sides_of_cards
    questions: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    while len(questions) < QUESTIONS:
        left, right = deal(level, rng, len(questions) == same_at)
        if questions and {sum(left), sum(right)} == {sum(side) for side in questions[-1]}:
            continue  # the same numbers again, maybe swapped: deal another
        questions.append((left, right))
    return tuple(_cards([*left, *right], level.deck, rng) for left, right in questions)


def _sides_of_cards(
    level: Level, rng: random.Random, same: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One card value a side: equal when `same`, else two different values."""
    values = list(range(level.low, level.high + 1))
    first = rng.choice(values)
    second = first if same else rng.choice([value for value in values if value != first])
    return (first,), (second,)


def _sides_of_sums(
    level: Level, rng: random.Random, same: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Two card values a side whose sums are equal when `same` (from other cards: 3 + 4 and
    5 + 2), else different by at most MAX_SUM_GAP."""
    while True:
        left, right = (
            tuple(rng.randint(level.low, level.high) for _ in range(2)) for _side in range(2)
        )
        gap = abs(sum(left) - sum(right))
        if same and gap == 0 and sorted(left) != sorted(right):
            return left, right
        if not same and 0 < gap <= MAX_SUM_GAP:
            return left, right


def _cards(values: Sequence[int], deck: Deck, rng: random.Random) -> tuple[Card, ...]:
    """Different cards of these values in the deck (suits drawn at random)."""
    chosen: list[Card] = []
    for value in values:
        chosen.append(
            rng.choice(
                [card for card in deck.cards if deck.value_of(card) == value and card not in chosen]
            )
        )
    return tuple(chosen)
