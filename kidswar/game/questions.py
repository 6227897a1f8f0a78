"""Practice: "Which card is bigger?" asked about real cards, answered and checked.

Pure values and rules only: a `Question` (the cards of a battle, or of a drill pair), the
answers it accepts and which of them are right, and the counts a table shows while it asks.
Scores are kept in `score`; the layers above word it, draw it and keep it.

A question is about one number per seat: a card's value as the rules count it (the little
deck's ace is 1), or in Addition War a seat's sum ("Which sum is bigger?").

Answers are a closed set of seven, so an `Answer` is an enum: its values are what a form sends
and a saved game keeps, and `Answer(text)` is the one parse of a form's text (ValueError for
anything else). Whether a question can take an answer is the question's rule (`accepts`); a
table checks it once, in `Table.verify_answer` (a drill in `Drill.answer`).
- `card-N`: the card (in Addition War, the cards) of seat N (0-based; in a drill, 0 is the left
  card and 1 the right one);
- `lt`, `gt`: with two cards, "the first card is smaller / bigger than the second" (the first
  is the card of the lower seat, drawn on the left), i.e. the sign that goes between them;
- `same`: "they are the same" (the `=` sign with two cards).
"""

from __future__ import annotations

import enum
import itertools
from dataclasses import dataclass

from kidswar.game.records import Battle
from kidswar.game.rules import Rules, Variant


class Answer(enum.StrEnum):
    """One answer to "Which card is bigger?": a seat's card, or a sign between two cards."""

    CARD_0 = "card-0"
    CARD_1 = "card-1"
    CARD_2 = "card-2"
    CARD_3 = "card-3"
    SMALLER = "lt"
    BIGGER = "gt"
    SAME = "same"

    @classmethod
    def card(cls, seat: int) -> Answer:
        """The answer that taps seat `seat`'s card; ValueError for a seat no table has."""
        return cls(f"card-{seat}")

    @property
    def seat(self) -> int | None:
        """The seat whose card this answer taps, or None for a sign or "the same"."""
        return int(self.value[5:]) if self.value.startswith("card-") else None

    @property
    def symbol(self) -> str | None:
        """The sign this answer chooses, `<`, `=` or `>` (None for a card tapped)."""
        return {Answer.SMALLER: "<", Answer.SAME: "=", Answer.BIGGER: ">"}.get(self)


@dataclass(frozen=True)
class Question:
    """Which card is bigger (or, lowest wins, smaller)? About one value per seat."""

    number: int  # the battle number it asks about (in a drill: the question's number)
    # Each seat's number: its card's value (2..14, or 1..10 with the little deck, where the ace
    # is 1) or, in Addition War, its sum (up to 28); None for a seat with no card.
    values: tuple[int | None, ...]
    lowest_wins: bool  # Peace, or a drill about the smaller card
    sums: bool = False  # Addition War: each value is a seat's cards added up

    def __post_init__(self) -> None:
        """A question needs at least two cards to compare; no game asks for the smaller sum."""
        if len(self.seats) < 2:
            raise ValueError("a question needs at least two cards")
        if self.sums and self.lowest_wins:
            raise ValueError("Addition War asks for the bigger sum, never the smaller")

    @classmethod
    def from_battle(cls, battle: Battle, rules: Rules) -> Question:
        """The question about a battle's face-up cards (in Addition War their sums), before
        any war: each seat's number as the rules count it (`Battle.sums`)."""
        return cls(
            battle.number,
            battle.sums,
            rules.variant.lowest_wins,
            sums=rules.variant is Variant.ADDITION,
        )

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats with a card, in seat order."""
        return tuple(seat for seat, value in enumerate(self.values) if value is not None)

    @property
    def is_pair(self) -> bool:
        """True with exactly two cards: then the signs <, = and > can answer too."""
        return len(self.seats) == 2

    @property
    def kind(self) -> str:
        """Which question it is: `bigger`, `smaller` (two cards), `biggest`, `smallest`, and
        about sums `bigger-sum` (two seats), `biggest-sum` (lowest never wins Addition War)."""
        if self.sums:
            return "bigger-sum" if self.is_pair else "biggest-sum"
        if self.is_pair:
            return "smaller" if self.lowest_wins else "bigger"
        return "smallest" if self.lowest_wins else "biggest"

    @property
    def shown(self) -> tuple[int, ...]:
        """The values of the cards, in seat order."""
        return tuple(self.values[seat] or 0 for seat in self.seats)

    @property
    def best(self) -> int:
        """The value of the best card: the biggest, or the smallest when lowest wins."""
        return (min if self.lowest_wins else max)(self.shown)

    @property
    def best_seats(self) -> tuple[int, ...]:
        """The seats whose card has the best value (more than one: they are the same)."""
        return tuple(seat for seat in self.seats if self.values[seat] == self.best)

    def accepts(self, answer: Answer) -> bool:
        """True if `answer` is one this question can be given (a card on the table, a sign)."""
        if answer.seat is not None:
            return answer.seat in self.seats
        return answer is Answer.SAME or self.is_pair

    def right_answers(self) -> frozenset[Answer]:
        """Every answer that is right.

        A shared best card is answered "the same" (with two cards, `=`). With three or four
        cards a tap on one of the cards sharing the best is right too: it *is* the biggest,
        as a parent at the table would say; with two, neither card is bigger, so only `=`.
        """
        best = self.best_seats
        if len(best) > 1:
            same = {Answer.SAME}
            return frozenset(same if self.is_pair else same | {Answer.card(s) for s in best})
        right = {Answer.card(best[0])}
        if self.is_pair:
            first, second = self.shown
            right.add(Answer.BIGGER if first > second else Answer.SMALLER)
        return frozenset(right)

    def is_right(self, answer: Answer) -> bool:
        """True if `answer` is right (one the question cannot take, `accepts`, never is)."""
        return answer in self.right_answers()

    def ordered(self) -> tuple[int, ...]:
        """The values from the best to the worst: 9, 7, 4 (lowest wins: 4, 7, 9)."""
        return tuple(sorted(self.shown, reverse=not self.lowest_wins))

    def chain(self) -> str:
        """The values as signs between numbers, best first: `9 > 7 > 4`, `4 < 7`, `7 = 7`."""
        return signed(self.ordered())

    def in_order(self) -> str:
        """The values where the question showed them (seat order), with the true signs between
        them: `3 < 5` for "3 ? 5", `4 < 12 > 7` for three cards."""
        return signed(self.shown)

    def claim(self, answer: Answer) -> str:
        """What `answer` says about the cards, in the question's order, right or wrong.

        With two cards, the sign the child chose or the one a tap means (tapping the left card
        as the bigger says `left > right`): `3 > 5`. With more, the number of the card tapped
        as the best one, or `=` for "the same".
        """
        first, second = self.shown[0], self.shown[-1]
        seat = answer.seat
        if not self.is_pair:
            return "=" if seat is None else str(self.values[seat])
        if answer.symbol is not None:
            sign = answer.symbol
        else:
            tapped_first = seat == self.seats[0]
            sign = ">" if tapped_first != self.lowest_wins else "<"
        return f"{first} {sign} {second}"


def sign(before: int, after: int) -> str:
    """The true sign between two numbers: `<`, `=` or `>`."""
    return "=" if before == after else "<" if before < after else ">"


def signed(values: tuple[int, ...]) -> str:
    """Numbers with the true sign between each two neighbours: `9 > 7 = 7`, `3 < 5`."""
    parts = [str(values[0])]
    for before, after in itertools.pairwise(values):
        parts += [sign(before, after), str(after)]
    return " ".join(parts)


def counts_before(battle: Battle) -> tuple[int, ...]:
    """Each seat's number of cards before the battle, worked out from its record.

    While the table asks its question it shows the stacks as they were when the cards were
    turned; the counts after the battle would tell who took them.
    """
    laid = [len(cards) for cards in battle.turned]  # one card a seat, in Addition War two
    for war_round in battle.rounds:
        for lay in war_round.lays:
            laid[lay.seat] += len(lay.down) + len(lay.turned)
    before = [count + laid[seat] for seat, count in enumerate(battle.counts)]
    if battle.winner is not None:
        before[battle.winner] -= len(battle.taken)
        # A forfeit: the short player's whole stack went to the winner with the table.
        moved = len(battle.taken) - sum(laid)
        for seat in battle.forfeited:
            if seat != battle.winner:
                before[seat] += moved
    return tuple(before)
