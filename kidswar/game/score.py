"""The gentle score of practice: answers right out of asked, streaks, the pairs missed.

A `Score` counts answers right out of asked, the streak now and the best one, and keeps the
pairs missed so they can be tried again; a `Reply` is one answer given and whether it was right.
`most_missed` finds what a whole class missed most, from the scores of its tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kidswar.game.questions import Answer, Question

MAX_MISSED = 12  # the pairs to try again: enough for one sitting, never a long list of failures


@dataclass(frozen=True)
class Reply:
    """An answer given to a question, and whether it was right."""

    number: int  # the question's number (the battle's, in a game)
    answer: Answer
    right: bool

    def to_json(self) -> dict[str, Any]:
        """This reply as plain JSON values."""
        return {"number": self.number, "answer": self.answer.value, "right": self.right}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reply:
        """Read a reply written by `to_json`."""
        return cls(int(data["number"]), Answer(data["answer"]), bool(data["right"]))


@dataclass(frozen=True)
class Score:
    """A gentle score: answers right out of asked, the streak now and the best one, misses."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0
    # The values of the questions missed, best first (`ordered`), each kept once: card values
    # (the little deck's ace is 1) or, in Addition War, sums; the game's rules say which.
    missed: tuple[tuple[int, ...], ...] = ()

    def record(self, question: Question, right: bool) -> Score:
        """The score after one more answer."""
        streak = self.streak + 1 if right else 0
        missed = self.missed
        key = question.ordered()
        if not right and key not in missed:
            missed = ((*missed, key))[-MAX_MISSED:]
        return Score(self.asked + 1, self.right + right, streak, max(self.best, streak), missed)

    def to_json(self) -> dict[str, Any]:
        """This score as plain JSON values."""
        return {
            "asked": self.asked,
            "right": self.right,
            "streak": self.streak,
            "best": self.best,
            "missed": [list(values) for values in self.missed],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Score:
        """Read a score written by `to_json`."""
        return cls(
            int(data["asked"]),
            int(data["right"]),
            int(data["streak"]),
            int(data["best"]),
            tuple(tuple(int(v) for v in values) for values in data["missed"]),
        )


def combined(scores: Iterable[Score]) -> Score:
    """One table's score over all the games it played: answers added up, misses kept once.

    The streak is the last game's (each game starts its own), the best streak the best of any.
    """
    asked = right = streak = best = 0
    missed: list[tuple[int, ...]] = []
    for score in scores:
        asked, right = asked + score.asked, right + score.right
        streak, best = score.streak, max(best, score.best)
        missed.extend(values for values in score.missed if values not in missed)
    return Score(asked, right, streak, best, tuple(missed))


def most_missed(scores: Iterable[Score], top: int) -> list[tuple[tuple[int, ...], int]]:
    """The values missed by the most scores (each one a table's), with how many missed them.

    Most first; a tie keeps the order they were first missed in (the first score's first).
    Each score counts a pair once, however often it was missed there (a `Score` keeps it once).
    """
    counts: dict[tuple[int, ...], int] = {}
    for score in scores:
        for values in score.missed:
            counts[values] = counts.get(values, 0) + 1
    ranked = sorted(counts.items(), key=lambda item: -item[1])  # stable: ties stay in order
    return ranked[:top]
