"""The comparison drill: ten questions about two cards (or two pairs to add), without a game.

A `Drill` is a frozen value that moves one step per request: a question is asked, answered
(the reply is shown), then the next one comes; after the last the score is what is left. It is
small enough to live in the signed session cookie, and every answer is checked here, on the
server, against the cards the drill dealt. Its level says which cards: a rung of the learning
ladder (`game/ladder.py`), or one of the drill's first levels (`drill_deal.LEVELS`: 2 to 10,
with the face cards, the little deck, two cards a side added up), which old cookies name.

A drill on a rung is dealt one question at a time (`total` questions in all): the ladder
chooses each from the child's progress (`pair_choice.next_question`), which the page brings
with every answer, so the drill keeps only the question now and the ones before it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any

from kidswar.game.cards import Card
from kidswar.game.drill_deal import LEVELS, QUESTIONS, Level, cards_of, deal_pairs, level_of
from kidswar.game.ladder import RUNGS, Rung
from kidswar.game.pair_choice import next_question
from kidswar.game.progress import Progress
from kidswar.game.questions import Answer, Question
from kidswar.game.score import Reply, Score

__all__ = ["LEVELS", "QUESTIONS", "Drill", "Level", "StaleAnswer", "deal_pairs"]


@dataclass(frozen=True)
class Drill:
    """Ten questions' cards, the question now, its reply once given, and the score."""

    token: str  # names this drill, so an answer from an old page cannot land in a new drill
    level_name: str  # a rung's name ("close"), or a key of LEVELS ("numbers", "little", ...)
    lowest_wins: bool  # "Which card is smaller?" (never with sums)
    # Each question's cards, the left side's first: one card a side, or two to add up.
    pairs: tuple[tuple[Card, ...], ...]
    position: int = 0  # the index of the question now; len(pairs) once the drill is done
    reply: Reply | None = None  # the answer to the question now, shown until "Next"
    score: Score = field(default_factory=Score)
    # The questions asked in all, dealt one by one (a rung's drill); None: the pairs dealt.
    total: int | None = None

    @classmethod
    def on_rung(cls, token: str, rung: Rung, first: tuple[Card, ...]) -> Drill:
        """A fresh drill of QUESTIONS questions on a rung of the ladder, starting with the
        cards `first`; the next ones are dealt as it goes (`next`)."""
        return cls(token, rung.name, rung.ask.lowest_wins, (first,), total=QUESTIONS)

    @classmethod
    def new(cls, token: str, level_name: str, lowest_wins: bool, rng: random.Random) -> Drill:
        """A fresh drill; ValueError for a level that is not offered, or a smaller sum."""
        if level_name not in LEVELS:
            raise ValueError(f"unknown level {level_name!r}: choose one of {', '.join(LEVELS)}")
        if lowest_wins and LEVELS[level_name].sums:
            raise ValueError("adding two cards asks for the bigger sum, never the smaller")
        return cls(token, level_name, lowest_wins, deal_pairs(level_name, rng))

    @property
    def level(self) -> Level:
        """What this drill deals: its deck, its card values, one or two cards a side."""
        level = level_of(self.level_name)
        if level is None:
            raise ValueError(f"unknown level {self.level_name!r}")
        return level

    @property
    def rung(self) -> Rung | None:
        """The rung of the ladder this drill practises, or None for one of the first levels."""
        return RUNGS.get(self.level_name) if self.total is not None else None

    @property
    def questions(self) -> int:
        """How many questions this drill asks in all."""
        return len(self.pairs) if self.total is None else self.total

    @property
    def finished(self) -> bool:
        """True once every question was answered and the last reply seen."""
        return self.position >= self.questions

    @property
    def needs_deal(self) -> bool:
        """True when going on needs the next question's cards (`next`'s `dealt`)."""
        return self.position + 1 < self.questions and self.position + 1 >= len(self.pairs)

    def values(self) -> tuple[int, ...]:
        """The values of the question now's cards, side by side (as the ladder records them)."""
        return tuple(self.level.deck.values_of(self.pairs[self.position]))

    @property
    def number(self) -> int:
        """The number of the question now, from 1."""
        return self.position + 1

    def sides(self) -> tuple[tuple[Card, ...], ...]:
        """The cards of the question now, a side at a time: the left side's first."""
        cards, each = self.pairs[self.position], self.level.cards_a_side
        return tuple(cards[i : i + each] for i in range(0, len(cards), each))

    def question(self) -> Question:
        """The question now (about the sides' sums with two cards a side); ValueError once
        the drill is finished."""
        if self.finished:
            raise ValueError("the drill is finished")
        deck = self.level.deck
        values = tuple(sum(deck.values_of(side)) for side in self.sides())
        return Question(self.number, values, self.lowest_wins, sums=self.level.sums)

    def answer(self, number: int, answer: Answer) -> Drill:
        """The drill after answering question `number`; ValueError if that cannot be done now.

        Only the question now, and only once: an answer from an old page is refused.
        """
        if self.finished or number != self.number or self.reply is not None:
            raise StaleAnswer("that question is not the one being asked")
        question = self.question()
        if not question.accepts(answer):  # the drill's one check of an answer: a third card
            raise ValueError(f"{answer!r} does not answer this question")
        right = question.is_right(answer)
        return replace(
            self, reply=Reply(number, answer, right), score=self.score.record(question, right)
        )

    def next(self, number: int, dealt: tuple[Card, ...] | None = None) -> Drill:
        """Go on from the answered question `number` to the next one (or to the end).

        `dealt`: the next question's cards, when the drill deals as it goes (`needs_deal`).
        """
        if self.reply is None or self.reply.number != number:
            raise StaleAnswer("that question is not the one just answered")
        pairs = self.pairs
        if self.needs_deal:
            if dealt is None or not self.level.fits(dealt):
                raise ValueError("the next question's cards are missing or not this level's")
            pairs = (*pairs, dealt)
        return replace(self, pairs=pairs, position=self.position + 1, reply=None)

    def to_json(self) -> dict[str, Any]:
        """This drill as plain JSON values (small: it is kept in the session cookie).

        Cards are written as on paper, a question's cards in one string ("7H 4S", or
        "3C AD 5H 2S" with two a side). The key "range" is the level's: the drill's first
        cookies named only ranges, and those must keep loading.
        """
        return {
            "token": self.token,
            "range": self.level_name,
            "lowest": self.lowest_wins,
            "pairs": [" ".join(str(card) for card in cards) for cards in self.pairs],
            "position": self.position,
            "score": self.score.to_json(),
            "reply": None if self.reply is None else self.reply.to_json(),
        } | ({} if self.total is None else {"total": self.total})

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Drill:
        """Read a drill written by `to_json`; ValueError (or KeyError, TypeError) for anything
        else: an unknown level, cards the level does not deal, a reply no question takes."""
        drill = cls(
            str(data["token"]),
            str(data["range"]),
            bool(data["lowest"]),
            tuple(tuple(Card.parse(text) for text in cards.split()) for cards in data["pairs"]),
            int(data["position"]),
            None if data["reply"] is None else Reply.from_json(data["reply"]),
            Score.from_json(data["score"]),
            None if data.get("total") is None else int(data["total"]),
        )
        drill.check()
        return drill

    def check(self) -> None:
        """ValueError unless this drill could have been dealt and played as it says."""
        level = level_of(self.level_name)
        if level is None or (level.sums and self.lowest_wins):
            raise ValueError("not a drill level")
        if self.total is not None and (
            self.level_name not in RUNGS or not len(self.pairs) <= self.total <= QUESTIONS
        ):
            raise ValueError("not a drill of the ladder")
        if not 0 <= self.position <= len(self.pairs) or not all(map(level.fits, self.pairs)):
            raise ValueError("not a drill's cards")
        if self.position == len(self.pairs) and not self.finished:
            raise ValueError("a question with no cards")
        if self.reply is not None and (
            self.finished
            or self.reply.number != self.number
            or not self.question().accepts(self.reply.answer)
        ):
            raise ValueError("not a reply to the question now")


class StaleAnswer(ValueError):
    """An answer (or "Next") for a question that is not the one on the table now."""


def ladder_cards(progress: Progress, today: int, rng: random.Random) -> tuple[Card, ...]:
    """The cards of the next question on the child's rung, chosen for learning from the
    child's progress (`pair_choice.next_question`; `today`: the date's ordinal)."""
    values = next_question(progress, today, rng)
    return cards_of(values, progress.level.deck, rng)
