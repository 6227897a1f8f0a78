"""The gentle score of practice (kidswar/game/score.py): right out of asked, streaks, the pairs
missed kept once and few, and what a class missed most."""

from __future__ import annotations

from kidswar.game.questions import Question
from kidswar.game.score import MAX_MISSED, Score, combined, most_missed


def question(*values: int) -> Question:
    return Question(1, values, lowest_wins=False)


def test_a_streak_grows_with_right_answers_and_a_miss_starts_it_again() -> None:
    score = Score()
    for right in (True, True, False, True):
        score = score.record(question(7, 4), right)
    assert (score.asked, score.right, score.streak, score.best) == (4, 3, 1, 2)
    assert Score.from_json(score.to_json()) == score


def test_a_pair_missed_is_kept_once_best_first_and_only_the_last_few() -> None:
    score = Score().record(question(4, 7), False).record(question(7, 4), False)
    assert score.missed == (question(4, 7).ordered(),)  # the same pair either way round
    for low in range(2, 14):  # twelve more pairs: thirteen missed in all
        score = score.record(question(low, 14), False)
    assert len(score.missed) == MAX_MISSED == 12
    assert question(4, 7).ordered() not in score.missed  # the oldest went
    assert score.missed[-1] == question(13, 14).ordered()


def test_a_tables_games_add_up_and_the_class_sees_what_most_tables_missed() -> None:
    first = Score(asked=5, right=4, streak=3, best=3, missed=((7, 4),))
    second = Score(asked=2, right=1, streak=0, best=1, missed=((7, 4), (9, 8)))
    together = combined([first, second])
    assert (together.asked, together.right, together.streak, together.best) == (7, 5, 0, 3)
    assert together.missed == ((7, 4), (9, 8))
    other = Score(missed=((9, 8), (3, 2)))
    assert most_missed([first, second, other], 2) == [((7, 4), 2), ((9, 8), 2)]
