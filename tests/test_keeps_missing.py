"""The rule that tells the adult a child keeps missing (kidswar/game/keeps_missing.py): only
the answers on the level now that needed a sense of order, two drills' worth, at most 60 % right."""

from __future__ import annotations

from dataclasses import replace
from math import comb

from kidswar.game.keeps_missing import (
    KEEPS_MISSING_ANSWERS,
    KEEPS_MISSING_MOST_RIGHT,
    keeps_missing,
    on_this_level,
)
from kidswar.game.ladder import Attempt
from kidswar.game.progress import Progress

TODAY = 739_000


def answers(rung: str, rights: list[bool], values: tuple[int, ...] = (3, 7)) -> tuple[Attempt, ...]:
    return tuple(Attempt(rung, values, right, TODAY) for right in rights)


def progress_of(*runs: tuple[Attempt, ...], rung: str = "to-ten") -> Progress:
    return replace(Progress(rung=rung), attempts=tuple(a for run in runs for a in run))


def test_a_child_right_at_most_12_of_the_latest_20_keeps_missing() -> None:
    most = KEEPS_MISSING_MOST_RIGHT
    rest = KEEPS_MISSING_ANSWERS - most
    assert keeps_missing(progress_of(answers("to-ten", [True] * most + [False] * rest)))
    assert not keeps_missing(
        progress_of(answers("to-ten", [True] * (most + 1) + [False] * (rest - 1)))
    )


def test_too_few_answers_tell_nothing_yet() -> None:
    assert not keeps_missing(progress_of(answers("to-ten", [False] * (KEEPS_MISSING_ANSWERS - 1))))
    assert not keeps_missing(Progress())


def test_ties_are_not_counted() -> None:
    ties = answers("to-ten", [False] * 30, values=(4, 4))
    assert not keeps_missing(progress_of(ties))
    ordered = answers("to-ten", [False] * KEEPS_MISSING_ANSWERS)
    assert keeps_missing(progress_of(ordered, ties))


def test_only_the_answers_since_the_child_came_to_this_level_count() -> None:
    missed_above = answers("close", [False] * 20, values=(7, 8))
    right_here = answers("to-ten", [True] * 5)
    assert on_this_level(progress_of(missed_above, right_here)) == right_here
    assert not keeps_missing(progress_of(missed_above, right_here))  # it came down: a fresh look


def test_only_the_latest_answers_count() -> None:
    """A child who missed at first and now answers right is no longer pointed out."""
    early = answers("to-ten", [False] * 20)
    now = answers("to-ten", [True] * 20)
    assert keeps_missing(progress_of(now, early))
    assert not keeps_missing(progress_of(early, now))


def test_the_chances_the_docs_give() -> None:
    """docs/learning.md gives these binomial chances of being pointed out."""

    def told(p: float) -> float:
        n = KEEPS_MISSING_ANSWERS
        return sum(
            comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(KEEPS_MISSING_MOST_RIGHT + 1)
        )

    assert round(told(0.5), 2) == 0.87
    assert round(told(0.8), 2) == 0.03
    assert told(0.94) < 0.001
