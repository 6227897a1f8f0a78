"""A child's progress on the ladder (kidswar/game/progress.py): a missed pair comes back, the
days are tallied, and a progress from outside is read only if it is one of ours."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from kidswar.game.ladder import LADDER
from kidswar.game.progress import (
    MAX_ATTEMPTS,
    MAX_DEPTH,
    RETRY_AFTER,
    RIGHTS_TO_LEAVE,
    VERSION,
    Day,
    Progress,
    ProgressRefusal,
    ProgressRefused,
    nested_too_deep,
    verify_rung,
)

TODAY = 739_000  # a date's ordinal


def test_a_missed_pair_comes_back_two_to_five_questions_later_sides_swapped() -> None:
    progress = Progress(rung="to-ten").record((3, 7), False, TODAY, random.Random(1))
    (retry,) = progress.retry
    assert retry.values == (7, 3)
    low, high = RETRY_AFTER
    assert low <= retry.due_question <= high  # question 0 was the miss
    assert retry.rights == 0
    assert progress.listed((3, 7)) is retry


def test_a_pair_answered_right_often_enough_leaves_the_list_and_waits_a_day_between() -> None:
    rng = random.Random(2)
    progress = Progress(rung="to-ten").record((3, 7), False, TODAY, rng)
    for rights in range(1, RIGHTS_TO_LEAVE):
        progress = progress.record((7, 3), True, TODAY, rng)
        (retry,) = progress.retry
        assert retry.rights == rights
        assert retry.due_day == TODAY + 1
        assert not retry.is_due(progress.asked, TODAY)
    progress = progress.record((3, 7), True, TODAY + 1, rng)
    assert progress.retry == ()


def test_each_days_answers_are_tallied_for_the_adult() -> None:
    rng = random.Random(3)
    progress = Progress(rung="to-ten")
    for day, values, right in [
        (TODAY, (1, 2), True),
        (TODAY, (4, 2), False),
        (TODAY + 1, (5, 9), True),
    ]:
        progress = progress.record(values, right, day, rng)
    assert progress.days == (Day(TODAY, 2, 1), Day(TODAY + 1, 1, 1))
    assert progress.asked == 3


def test_values_no_question_of_the_rung_shows_are_refused() -> None:
    with pytest.raises(ProgressRefused) as refused:
        Progress(rung="first-five").record((3, 9), True, TODAY, random.Random(0))
    assert refused.value.reason is ProgressRefusal.OUT_OF_RANGE


def test_choosing_a_higher_rung_is_a_climb_that_day() -> None:
    progress = Progress().choose("faces", TODAY)
    assert progress.level.name == "faces"
    assert progress.climbed == TODAY
    assert Progress(rung="faces").choose("to-ten", TODAY).climbed == 0  # down is no climb


def test_climbing_goes_one_rung_up_and_stays_at_the_top() -> None:
    assert Progress(rung=LADDER[0].name).climb(TODAY).rung == LADDER[1].name
    top = Progress(rung=LADDER[-1].name)
    assert top.climb(TODAY) is top


def test_a_progress_reads_back_from_its_json() -> None:
    rng = random.Random(4)
    progress = Progress(rung="to-ten")
    for number in range(1, 11):
        progress = progress.record((number, 11 - number), number % 3 != 0, TODAY, rng, number)
    assert Progress.from_json(json.loads(json.dumps(progress.to_json()))) == progress


def written(**changes: Any) -> dict[str, Any]:
    """A progress's JSON, with some of its fields changed."""
    return Progress(rung="to-ten").to_json() | changes


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], ProgressRefusal.MALFORMED),
        (written(asked="3"), ProgressRefusal.MALFORMED),
        (written(asked=True), ProgressRefusal.MALFORMED),
        (written(v=VERSION + 1), ProgressRefusal.NEWER),
        (written(rung="seven-up"), ProgressRefusal.UNKNOWN_RUNG),
        (written(asked=-1), ProgressRefusal.OUT_OF_RANGE),
        (written(retry=[["to-ten", [3, 70], 0, 2, 0]]), ProgressRefusal.OUT_OF_RANGE),
        (written(days=[[TODAY, 2, 3]]), ProgressRefusal.OUT_OF_RANGE),
        (
            written(attempts=[["to-ten", [1, 2], True, 0, 0]] * (MAX_ATTEMPTS + 1)),
            ProgressRefusal.TOO_LONG,
        ),
    ],
)
def test_a_progress_that_is_not_one_of_ours_is_refused_saying_why(
    data: object, reason: ProgressRefusal
) -> None:
    with pytest.raises(ProgressRefused) as refused:
        Progress.from_json(data)
    assert refused.value.reason is reason


def nested(depth: int) -> object:
    """A JSON list nested `depth` deep: [[[...]]]."""
    value: list[object] = []
    for _ in range(depth - 1):
        value = [value]
    return value


def test_nesting_past_any_progress_is_refused_before_it_is_read() -> None:
    """Told without recursion, so 100,000 deep is as quick and safe as 9."""
    longest = Progress(attempts=(), rung="to-ten").to_json()
    longest["attempts"] = [["to-ten", [1, 2], True, TODAY, 1]]
    assert not nested_too_deep(longest, 4)  # a progress's own depth, 4
    assert nested_too_deep(longest, 3)
    assert not nested_too_deep(7) and not nested_too_deep([1, "x"], 1)
    assert not nested_too_deep(nested(MAX_DEPTH)) and nested_too_deep(nested(MAX_DEPTH + 1))
    for depth in (MAX_DEPTH + 1, 1_000, 100_000):
        deep = {**Progress().to_json(), "attempts": nested(depth)}
        assert nested_too_deep(deep)
        with pytest.raises(ProgressRefused) as refused:
            Progress.from_json(deep)
        assert refused.value.reason is ProgressRefusal.MALFORMED


def test_a_progress_of_shape_1_still_loads() -> None:
    old = {
        "v": 1,
        "rung": "to-ten",
        "asked": 1,
        "attempts": [["to-ten", [3, 7], False]],
        "retry": [],
        "days": [[TODAY, 1, 0]],
        "reached": [],
    }
    progress = Progress.from_json(old)
    assert progress.attempts[0].values == (3, 7)
    assert progress.attempts[0].day == 0  # its day unknown
    assert progress.drills == ()


def test_an_unknown_rung_is_refused() -> None:
    assert verify_rung("close").close_only
    with pytest.raises(ProgressRefused):
        verify_rung("nope")
