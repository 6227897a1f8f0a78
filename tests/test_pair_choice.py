"""The next question for a child (kidswar/game/pair_choice.py): pairs chosen for learning, in
the order its docstring (and docs/learning.md, "Choosing the pairs") gives."""

from __future__ import annotations

import random

import pytest

from kidswar.game.ladder import CLOSE_GAP, FACE_LOW, LADDER, RUNGS, Attempt, Rung
from kidswar.game.pair_choice import (
    EASY_AFTER,
    FACE_SHARE,
    SUM_GAP,
    Kind,
    deal,
    far_pairs_right,
    next_question,
)
from kidswar.game.progress import Progress, Retry

TODAY = 739_000


@pytest.mark.parametrize("rung", LADDER, ids=lambda rung: rung.name)
@pytest.mark.parametrize("kind", [Kind.TIE, Kind.CLOSE, Kind.ANY, Kind.FAR])
def test_each_kind_deals_questions_of_its_gap_that_the_rung_holds(rung: Rung, kind: Kind) -> None:
    rng = random.Random(7)
    for _ in range(50):
        values = deal(rung, kind, rng)
        assert rung.holds(values)
        gap = rung.gap(values)
        if rung.adds > 1:
            assert gap <= SUM_GAP
        if kind is Kind.TIE:
            assert gap == 0
        elif kind is Kind.CLOSE:
            assert 1 <= gap <= CLOSE_GAP
        elif kind is Kind.FAR:
            assert gap == CLOSE_GAP if rung.close_only else gap > CLOSE_GAP
        else:
            assert gap >= 1


def test_a_tie_of_sums_comes_from_other_cards() -> None:
    rung, rng = RUNGS["sums-to-20"], random.Random(8)
    for _ in range(50):
        left, right = rung.sides_of(deal(rung, Kind.TIE, rng))
        assert sorted(left) != sorted(right)


def test_a_missed_pair_that_is_due_comes_back() -> None:
    retry = Retry("to-ten", (7, 3), 0, 5, TODAY)
    progress = Progress(rung="to-ten", asked=5, retry=(retry,))
    assert next_question(progress, TODAY, random.Random(1)) == (7, 3)


def test_a_missed_pair_comes_back_on_another_rung_that_deals_it() -> None:
    retry = Retry("first-five", (4, 3), 0, 5, TODAY)
    progress = Progress(rung="to-ten", asked=5, retry=(retry,))
    assert next_question(progress, TODAY, random.Random(1)) == (4, 3)


def test_not_the_question_just_asked() -> None:
    just_asked = Attempt("to-ten", (3, 7), False, TODAY, 0)
    retry = Retry("to-ten", (7, 3), 0, 5, TODAY)
    progress = Progress(rung="to-ten", asked=5, attempts=(just_asked,), retry=(retry,))
    for seed in range(30):
        assert sorted(next_question(progress, TODAY, random.Random(seed))) != [3, 7]


def test_after_misses_in_a_row_an_easy_far_pair_and_no_retry() -> None:
    misses = tuple(Attempt("to-ten", (5, 6), False, TODAY, 0) for _ in range(EASY_AFTER))
    retry = Retry("to-ten", (2, 1), 0, 0, TODAY)
    progress = Progress(rung="to-ten", asked=EASY_AFTER, attempts=misses, retry=(retry,))
    rung = RUNGS["to-ten"]
    for seed in range(30):
        assert rung.gap(next_question(progress, TODAY, random.Random(seed))) > CLOSE_GAP


def test_a_child_answering_far_pairs_right_is_ready_for_close_ones() -> None:
    rung = RUNGS["to-ten"]
    far_right = [Attempt("to-ten", (1, 9), True, TODAY, 0)] * 4
    assert far_pairs_right(rung, far_right)
    assert not far_pairs_right(rung, far_right[:3])
    assert not far_pairs_right(
        rung, [*far_right, *[Attempt("to-ten", (1, 9), False, TODAY, 0)] * 2]
    )


def test_on_a_rung_of_faces_most_questions_show_one() -> None:
    progress = Progress(rung="faces")
    shown = [
        max(next_question(progress, TODAY, random.Random(seed))) >= FACE_LOW for seed in range(200)
    ]
    assert sum(shown) >= FACE_SHARE * len(shown)


def test_one_seed_gives_one_run() -> None:
    progress = Progress(rung="sums-to-20")
    assert next_question(progress, TODAY, random.Random(9)) == next_question(
        progress, TODAY, random.Random(9)
    )
