"""A game's practice so far: the last battle answered, the score, the last reply.

That is all the table needs to know whether it is still asking "Which card is bigger?".
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from kidswar.game.questions import Answer, Question
from kidswar.game.records import Battle, Outcome
from kidswar.game.score import Reply, Score


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

    def answer(self, question: Question, answer: Answer) -> Practice:
        """The practice after `answer` to `question` (which the table checked it can take)."""
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
