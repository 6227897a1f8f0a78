"""Simulated children who practise on the learning ladder, for tests and benchmarks.

Each model answers a question as a child of its kind would, from the numbers on the cards.
They rest on the research set out in docs/learning.md ("Simulated children"):

- `NumberSense`: the approximate number system. Each number is sensed with noise in
  proportion to its size (a Weber fraction w), so for a < b the chance of choosing b is
  Φ((b − a) / (w·√(a² + b²))) (Pica et al. 2004; Halberda & Feigenson 2008): the distance and
  size effects. w is about .4 at 4 years, .3 at 5 and .2 at 6 (Halberda & Feigenson 2008), and
  a share of answers (lapses) is given at random, more at 4 than at 6.
- `Learner`: right on a pair more often each time it has seen that pair.
- Children who cannot compare: `TieGuesser` (presses "=" on two identical cards, a random
  card otherwise), `RandomButtons`, `LeftTapper`, `Sixty` (right 60 % of the time),
  `FaceGuesser` (knows 1 to 10, guesses any question with J, Q, K or A).
- `Capable`: right except 10 % random slips.

`play_days` plays one on the game layer's rules (`pair_choice.next_question`,
`Progress.record`) over days of whole drills; `tests/test_children_http.py` plays them over
HTTP as the page does. Both start from a seed, so a run is one run.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from kidswar.game.ladder import DRILL_QUESTIONS, FACE_LOW, LADDER, Rung, Standing
from kidswar.game.pair_choice import next_question
from kidswar.game.progress import Progress
from kidswar.game.questions import Answer, Question

TODAY = 739_586  # 2026-12-01 as a date's ordinal: the first day of a run


class Child(Protocol):
    """A simulated child: the answer it gives to a question on a rung."""

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer: ...


def question_of(rung: Rung, values: tuple[int, ...]) -> Question:
    """The question a rung asks about these values (each side's cards, side by side)."""
    return Question(0, rung.numbers(values), rung.ask.lowest_wins, sums=rung.adds > 1)


def right_answer(rung: Rung, values: tuple[int, ...]) -> Answer:
    """The answer a child who knows gives: the best card, or "the same" for a tie."""
    question = question_of(rung, values)
    best = question.best_seats
    return Answer.SAME if len(best) > 1 else Answer.card(best[0])


def any_answer(rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
    """A button pressed at random among those the page shows for this question."""
    question = question_of(rung, values)
    signs = [Answer.SMALLER, Answer.SAME, Answer.BIGGER] if question.is_pair else [Answer.SAME]
    return rng.choice([Answer.card(seat) for seat in question.seats] + signs)


def a_card(rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
    """A card tapped at random."""
    return Answer.card(rng.randrange(rung.sides))


def is_right(rung: Rung, values: tuple[int, ...], answer: Answer) -> bool:
    """True if `answer` is right (the drill's own check: `Question.is_right`)."""
    return question_of(rung, values).is_right(answer)


@dataclass
class NumberSense:
    """The approximate number system with a Weber fraction, and lapses at random."""

    weber: float
    lapses: float

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        if rng.random() < self.lapses:
            return any_answer(rung, values, rng)
        numbers = rung.numbers(values)
        if len(set(numbers)) == 1:
            return Answer.SAME  # two identical cards are seen to be the same
        sensed = [rng.gauss(n, self.weber * n) for n in numbers]
        pick = (min if rung.ask.lowest_wins else max)(range(len(numbers)), key=sensed.__getitem__)
        return Answer.card(pick)


AGES = {4: NumberSense(0.4, 0.10), 5: NumberSense(0.3, 0.07), 6: NumberSense(0.2, 0.05)}


@dataclass
class Learner:
    """Right on a pair with a chance that grows with each time it was seen (half a chance
    of a miss less each time), from `start` up to `best`."""

    start: float = 0.5
    best: float = 0.95
    seen: Counter[tuple[str, tuple[int, ...]]] = field(default_factory=Counter)

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        key = (rung.name, tuple(sorted(rung.numbers(values))))
        chance = self.best - (self.best - self.start) * 0.7 ** self.seen[key]
        self.seen[key] += 1
        if rng.random() < chance:
            return right_answer(rung, values)
        return _wrong(rung, values, rng)


def _wrong(rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
    """A wrong card, or a wrong sign when the cards are the same."""
    right = question_of(rung, values).right_answers()
    cards = [Answer.card(seat) for seat in range(rung.sides)]
    return rng.choice([card for card in cards if card not in right] or cards)


class TieGuesser:
    """Knows no order: presses "=" on two identical cards, taps a random card otherwise."""

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        if len(set(rung.numbers(values))) == 1:
            return Answer.SAME
        return a_card(rung, values, rng)


class RandomButtons:
    """Presses any button the page shows, at random."""

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        return any_answer(rung, values, rng)


class LeftTapper:
    """Always taps the left card."""

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        return Answer.CARD_0


@dataclass
class Sixty:
    """Right on `share` of the questions (ties included), a wrong card otherwise."""

    share: float = 0.6

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        if rng.random() < self.share:
            return right_answer(rung, values)
        return _wrong(rung, values, rng)


class FaceGuesser:
    """Knows the numbers to 10; any question with a J, Q, K or A it guesses (a random card)."""

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        if max(values) >= FACE_LOW and rung.deck.name == "FULL":
            return a_card(rung, values, rng)
        return right_answer(rung, values)


class Capable:
    """Right, except 10 % of the answers: a random button (a slip)."""

    def answer(self, rung: Rung, values: tuple[int, ...], rng: random.Random) -> Answer:
        if rng.random() < 0.1:
            return any_answer(rung, values, rng)
        return right_answer(rung, values)


@dataclass
class Run:
    """What happened in one simulated child's days of practice."""

    asked: int = 0
    retries: int = 0  # questions whose pair was among the child's pairs to try again
    right: int = 0
    offers: list[int] = field(default_factory=list)  # the question of each climb offer
    rungs: list[str] = field(default_factory=list)  # the rung of each question
    reached: dict[str, int] = field(default_factory=dict)  # rung -> question first asked on it
    step_downs: int = 0  # offers of the rung below

    @property
    def promoted(self) -> bool:
        """True if the next level was offered at least once."""
        return bool(self.offers)


def is_retry(progress: Progress, values: tuple[int, ...]) -> bool:
    """True if this question is a pair the child missed and is asked again (either way round,
    missed on any rung): one of the progress's pairs to try again."""
    return progress.listed(values) is not None


def play_days(
    child: Child,
    rung: str,
    seed: int,
    days: int = 5,
    per_day: int = 2 * DRILL_QUESTIONS,
    climbs: bool = False,
) -> Run:
    """Let `child` practise `days` days of `per_day` questions (whole drills) from `rung`, on
    the game layer's rules; with `climbs`, every offer of the next level is taken (and no
    offer of the rung below: the simulated adult keeps the child trying)."""
    rng = random.Random(seed)
    progress = Progress().choose(rung)
    run = Run()
    for day in range(TODAY, TODAY + days):
        for index in range(per_day):
            number = index % DRILL_QUESTIONS + 1
            level = progress.level
            values = next_question(progress, day, rng)
            run.reached.setdefault(level.name, run.asked)
            run.rungs.append(level.name)
            run.retries += is_retry(progress, values)
            right = is_right(level, values, child.answer(level, values, rng))
            run.right += right
            before = progress.standing(day)
            progress = progress.record(values, right, day, rng, number)
            run.asked += 1
            after = progress.standing(day)
            if after is Standing.STEP_DOWN and before is not Standing.STEP_DOWN:
                run.step_downs += 1
            if number == DRILL_QUESTIONS and after is Standing.CLIMB:
                run.offers.append(run.asked)
                if climbs:
                    progress = progress.climb(day)
    return run


def models() -> dict[str, Child]:
    """Fresh children of every model, by name (a `Learner` keeps what it saw: one per run)."""
    return {
        "age 4 (w .4)": NumberSense(0.4, 0.10),
        "age 5 (w .3)": NumberSense(0.3, 0.07),
        "age 6 (w .2)": NumberSense(0.2, 0.05),
        "learner": Learner(),
        "capable": Capable(),
        "right 60 %": Sixty(),
        "tie guesser": TieGuesser(),
        "random buttons": RandomButtons(),
        "left tapper": LeftTapper(),
        "face guesser": FaceGuesser(),
    }


FIRST_FIVE = tuple(rung.name for rung in LADDER[:5])


def normal_cdf(x: float) -> float:
    """Φ(x), for the model's stated chance of a right answer."""
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))
