"""The comparison drill: ten questions about two cards, without a whole game.

A `Drill` is a frozen value that moves one step per request: a question is asked, answered
(the reply is shown), then the next one comes; after the last the score is what is left. It is
small enough to live in the signed session cookie, and every answer is checked here, on the
server, against the cards the drill dealt.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from kidswar.game.cards import CARDS, Card, Rank
from kidswar.game.questions import Question
from kidswar.game.score import Reply, Score

QUESTIONS = 10
# The numbers a drill uses: 2 to 10 only, or with the face cards (J 11, Q 12, K 13, A 14).
RANGES = {"numbers": (Rank.TWO, Rank.TEN), "faces": (Rank.TWO, Rank.ACE)}


@dataclass(frozen=True)
class Drill:
    """Ten pairs of cards, the question now, its reply once given, and the score."""

    token: str  # names this drill, so an answer from an old page cannot land in a new drill
    range_name: str  # a key of RANGES
    lowest_wins: bool  # "Which card is smaller?"
    pairs: tuple[tuple[Card, Card], ...]
    position: int = 0  # the index of the question now; len(pairs) once the drill is done
    reply: Reply | None = None  # the answer to the question now, shown until "Next"
    score: Score = field(default_factory=Score)

    @classmethod
    def new(cls, token: str, range_name: str, lowest_wins: bool, rng: random.Random) -> Drill:
        """A fresh drill; ValueError for a range that is not offered."""
        if range_name not in RANGES:
            raise ValueError(f"unknown range {range_name!r}: choose one of {', '.join(RANGES)}")
        return cls(token, range_name, lowest_wins, deal_pairs(range_name, rng))

    @property
    def finished(self) -> bool:
        """True once every question was answered and the last reply seen."""
        return self.position >= len(self.pairs)

    @property
    def number(self) -> int:
        """The number of the question now, from 1."""
        return self.position + 1

    def question(self) -> Question:
        """The question now; ValueError once the drill is finished."""
        if self.finished:
            raise ValueError("the drill is finished")
        left, right = self.pairs[self.position]
        return Question(self.number, (int(left.rank), int(right.rank)), self.lowest_wins)

    def answer(self, number: int, answer: str) -> Drill:
        """The drill after answering question `number`; ValueError if that cannot be done now.

        Only the question now, and only once: an answer from an old page is refused.
        """
        if self.finished or number != self.number or self.reply is not None:
            raise StaleAnswer("that question is not the one being asked")
        question = self.question()
        right = question.is_right(answer)  # ValueError for an answer it cannot be given
        return replace(
            self, reply=Reply(number, answer, right), score=self.score.record(question, right)
        )

    def next(self, number: int) -> Drill:
        """Go on from the answered question `number` to the next one (or to the end)."""
        if self.reply is None or self.reply.number != number:
            raise StaleAnswer("that question is not the one just answered")
        return replace(self, position=self.position + 1, reply=None)

    def to_json(self) -> dict[str, Any]:
        """This drill as plain JSON values (small: it is kept in the session cookie)."""
        return {
            "token": self.token,
            "range": self.range_name,
            "lowest": self.lowest_wins,
            "pairs": [f"{left} {right}" for left, right in self.pairs],
            "position": self.position,
            "score": self.score.to_json(),
            "reply": None if self.reply is None else self.reply.to_json(),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Drill:
        """Read a drill written by `to_json`; ValueError (or KeyError) for anything else."""
        pairs = tuple(
            (Card.parse(left), Card.parse(right))
            for left, right in (pair.split() for pair in data["pairs"])
        )
        drill = cls(
            str(data["token"]),
            str(data["range"]),
            bool(data["lowest"]),
            pairs,
            int(data["position"]),
            None if data["reply"] is None else Reply.from_json(data["reply"]),
            Score.from_json(data["score"]),
        )
        if drill.range_name not in RANGES or not 0 <= drill.position <= len(pairs):
            raise ValueError("not a drill")
        return drill


class StaleAnswer(ValueError):
    """An answer (or "Next") for a question that is not the one on the table now."""


def deal_pairs(range_name: str, rng: random.Random) -> tuple[tuple[Card, Card], ...]:
    """Ten pairs of cards from the range: one pair the same (to meet "="), the rest different.

    No pair comes twice in a row, and the two cards of a pair are never one card.
    """
    low, high = RANGES[range_name]
    values = list(range(low, high + 1))
    same_at = rng.randrange(2, QUESTIONS)  # not the very first questions: start with a clear one
    pairs: list[tuple[int, int]] = []
    while len(pairs) < QUESTIONS:
        first = rng.choice(values)
        second = (
            first
            if len(pairs) == same_at
            else rng.choice([value for value in values if value != first])
        )
        if pairs and {first, second} == set(pairs[-1]):
            continue
        pairs.append((first, second))
    return tuple(_two_cards(first, second, rng) for first, second in pairs)


def _two_cards(first: int, second: int, rng: random.Random) -> tuple[Card, Card]:
    """Two different cards of these values (suits drawn at random)."""
    left = rng.choice([card for card in CARDS if card.rank == first])
    right = rng.choice([card for card in CARDS if card.rank == second and card != left])
    return left, right
