"""Practice's question, "Which card is bigger?", its answers and which are right
(kidswar/game/questions.py); the examples are the module's docstrings'."""

from __future__ import annotations

import pytest
from conftest import make_game

from kidswar.game.questions import Answer, Question, counts_before, sign, signed


def test_an_answer_is_a_seats_card_or_a_sign() -> None:
    assert Answer("card-2") is Answer.card(2)
    assert Answer.card(2).seat == 2
    assert Answer.BIGGER.seat is None
    assert (Answer.SMALLER.symbol, Answer.SAME.symbol, Answer.BIGGER.symbol) == ("<", "=", ">")
    assert Answer.CARD_0.symbol is None
    for text in ["card-4", "bigger", ""]:
        with pytest.raises(ValueError):
            Answer(text)


def test_a_question_needs_two_cards_and_never_asks_for_the_smaller_sum() -> None:
    with pytest.raises(ValueError):
        Question(1, (7, None), lowest_wins=False)
    with pytest.raises(ValueError):
        Question(1, (7, 9), lowest_wins=True, sums=True)


def test_the_kind_of_question() -> None:
    assert Question(1, (3, 5), False).kind == "bigger"
    assert Question(1, (3, 5), True).kind == "smaller"
    assert Question(1, (3, 5, 9), False).kind == "biggest"
    assert Question(1, (3, None, 5, 9), True).kind == "smallest"
    assert Question(1, (11, 7), False, sums=True).kind == "bigger-sum"
    assert Question(1, (11, 7, 9), False, sums=True).kind == "biggest-sum"


def test_two_cards_the_bigger_card_or_the_sign_between_them() -> None:
    question = Question(1, (3, 5), lowest_wins=False)
    assert question.right_answers() == {Answer.CARD_1, Answer.SMALLER}
    assert not question.is_right(Answer.SAME)


def test_in_peace_the_smaller_card_is_right() -> None:
    question = Question(1, (3, 5), lowest_wins=True)
    assert question.right_answers() == {Answer.CARD_0, Answer.SMALLER}


def test_two_equal_cards_only_the_same() -> None:
    assert Question(1, (7, 7), False).right_answers() == {Answer.SAME}


def test_more_cards_sharing_the_best_the_same_or_one_of_them() -> None:
    question = Question(1, (9, 4, 9), lowest_wins=False)
    assert question.right_answers() == {Answer.SAME, Answer.CARD_0, Answer.CARD_2}


def test_a_question_takes_only_the_cards_on_the_table_and_signs_between_two() -> None:
    three = Question(1, (9, None, 4, 7), lowest_wins=False)
    assert three.seats == (0, 2, 3)
    assert not three.accepts(Answer.CARD_1)
    assert not three.accepts(Answer.BIGGER)
    assert three.accepts(Answer.SAME)
    assert not three.is_right(Answer.CARD_1)


def test_the_values_in_order_and_as_signs() -> None:
    question = Question(1, (4, 9, 7), lowest_wins=False)
    assert question.ordered() == (9, 7, 4)
    assert question.chain() == "9 > 7 > 4"
    assert Question(1, (4, 9, 7), lowest_wins=True).chain() == "4 < 7 < 9"
    assert Question(1, (4, 12, 7), False).in_order() == "4 < 12 > 7"
    assert signed((9, 7, 7)) == "9 > 7 = 7"
    assert [sign(3, 5), sign(5, 5), sign(5, 3)] == ["<", "=", ">"]


def test_what_an_answer_claims_right_or_wrong() -> None:
    pair = Question(1, (3, 5), lowest_wins=False)
    assert pair.claim(Answer.CARD_0) == "3 > 5"  # tapping the left card as the bigger
    assert pair.claim(Answer.CARD_1) == "3 < 5"
    assert pair.claim(Answer.SAME) == "3 = 5"
    assert Question(1, (3, 5), lowest_wins=True).claim(Answer.CARD_0) == "3 < 5"
    three = Question(1, (4, 12, 7), False)
    assert three.claim(Answer.CARD_2) == "7"
    assert three.claim(Answer.SAME) == "="


def test_a_battles_question_and_the_counts_before_it() -> None:
    # docs/rules.md's worked example: two nines, a war, each lays one down and turns one.
    game = make_game("standard", [["9H", "3C", "KD", "2S"], ["9S", "5D", "7C", "4H"]])
    battle = game.play_battle()
    question = Question.from_battle(battle, game.rules)
    assert question.values == (9, 9)
    assert question.right_answers() == {Answer.SAME}
    assert counts_before(battle) == (4, 4)
    assert battle.counts == (7, 1)
