"""The gentle score of practice, and a game's practice so far.

A `Score` counts answers right out of asked, the streak now and the best one, and keeps the
pairs missed so they can be tried again; a game's `Practice` adds the last battle answered and
the last reply, which is all the table needs to know whether it is still asking.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kidswar.game.practice import Question
from kidswar.game.records import Battle, Outcome

MAX_MISSED = 12  # the pairs to try again: enough for one sitting, never a long list of failures


@dataclass(frozen=True)
class Reply:
    """An answer given to a question, and whether it was right."""

    number: int  # the question's number (the battle's, in a game)
    answer: str
    right: bool

    def to_json(self) -> dict[str, Any]:
        """This reply as plain JSON values."""
        return {"number": self.number, "answer": self.answer, "right": self.right}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Reply:
        """Read a reply written by `to_json`."""
        return cls(int(data["number"]), str(data["answer"]), bool(data["right"]))


@dataclass(frozen=True)
class Score:
    """A gentle score: answers right out of asked, the streak now and the best one, misses."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best: int = 0
    # The values of the questions missed, best first (`ordered`), each kept once.
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


@dataclass(frozen=True)
class Practice:
    """A game's practice so far: the last battle answered, the score, the last reply."""

    answered: int = 0  # the number of the last battle answered (0: none yet)
    score: Score = field(default_factory=Score)
    last: Reply | None = None

    def asks_about(self, battle: Battle | None, outcome: Outcome | None) -> bool:
        """True if the table must ask about `battle` (the last one played) before going on.

        Not when it was answered already, nor when the game ended after it without it (time
        was up): then the end of the game is what there is to see.
        """
        if battle is None or battle.number <= self.answered:
            return False
        return outcome is None or battle.outcome is not None

    def answer(self, question: Question, answer: str) -> Practice:
        """The practice after `answer` to `question`; ValueError for an impossible answer."""
        right = question.is_right(answer)
        return replace(
            self,
            answered=question.number,
            score=self.score.record(question, right),
            last=Reply(question.number, answer, right),
        )

    def to_json(self) -> dict[str, Any]:
        """This practice as plain JSON values."""
        return {
            "answered": self.answered,
            "score": self.score.to_json(),
            "last": None if self.last is None else self.last.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Practice:
        """Read a practice written by `to_json` (None: a game with nothing answered yet)."""
        if not data:
            return cls()
        return cls(
            int(data["answered"]),
            Score.from_json(data["score"]),
            None if data.get("last") is None else Reply.from_json(data["last"]),
        )
