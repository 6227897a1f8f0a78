"""The answers a practice question can be given: a seat's card tapped, or a sign chosen.

A closed set of seven, so an `Answer` is an enum: its values are what a form sends and a saved
game keeps (`card-N`, `lt`, `gt`, `same`), and `Answer(text)` is the one parse of a form's text
(ValueError for anything else). Whether a question can take an answer is the question's rule
(`Question.accepts`); a table checks it once, in `Table.verify_answer`.

- `card-N`: the card (in Addition War, the cards) of seat N (0-based; in a drill, 0 is the left
  card and 1 the right one);
- `lt`, `gt`: with two cards, "the first card is smaller / bigger than the second" (the first
  is the card of the lower seat, drawn on the left), i.e. the sign that goes between them;
- `same`: "they are the same" (the `=` sign with two cards).
"""

from __future__ import annotations

import enum


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
