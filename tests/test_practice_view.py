"""What practice draws (kidswar/web/services/practice_view.py): the question, the reply, the
score; the examples are the module's docstrings' (English, as outside a request)."""

from __future__ import annotations

from kidswar.game.cards import Card, parse_cards
from kidswar.game.questions import Answer, Question
from kidswar.game.rules import Deck
from kidswar.game.score import Reply, Score
from kidswar.web.services.practice_view import (
    badge,
    chose_the_bigger,
    claim_said,
    line_letters,
    question_view,
    reply_view,
    score_view,
    with_badge,
)
from kidswar.words.catalogs import load
from kidswar.words.phrase_keys import THE_SAME, number_key
from kidswar.words.said import clips, signs_said

EN = load("en")
THREE_FIVE = [parse_cards(["3C"]), parse_cards(["5D"])]


def test_a_badge_writes_the_number_a_cards_face_does_not_show() -> None:
    assert badge(Card.parse("JH"), Deck.FULL) == "J = 11"
    assert badge(Card.parse("AS"), Deck.FULL) == "A = 14"
    assert badge(Card.parse("AS"), Deck.NUMBERS) == "A = 1"
    assert badge(Card.parse("10S"), Deck.FULL) is None
    assert with_badge("queen of spades", "Q = 12", EN) == "queen of spades (Q = 12)"
    assert with_badge("7 of hearts", None, EN) == "7 of hearts"


def test_the_number_line_letters_the_cards_but_not_the_sums() -> None:
    assert line_letters(Deck.FULL, sums=False) == {11: "J", 12: "Q", 13: "K", 14: "A"}
    assert line_letters(Deck.NUMBERS, sums=False) == {1: "A"}
    assert line_letters(Deck.FULL, sums=True) == {}


def test_the_question_and_the_sign_rows_two_numbers() -> None:
    view = question_view(EN, Question(4, (3, 5), lowest_wins=False))
    assert (view.number, view.kind, view.pair, view.first, view.second) == (4, "bigger", True, 3, 5)
    assert [each.shown for each in view.said] == [view.text, view.hint]
    assert view.phrases == clips(view.said)


def test_about_sums_the_sign_row_names_the_additions_not_the_sums() -> None:
    question = Question(1, (7, 8), lowest_wins=False, sums=True)
    view = question_view(EN, question, addends=[[3, 4], [6, 2]])
    assert (view.first, view.second) == ("3 + 4", "6 + 2")


def test_a_right_answer_shows_the_cards_with_the_true_signs() -> None:
    question = Question(1, (3, 5), lowest_wins=False)
    reply = reply_view(EN, "en", question, THREE_FIVE, Reply(1, Answer.CARD_1, True), Deck.FULL)
    assert reply.right and reply.chosen is None and reply.number_line is None
    assert reply.chain == "3 < 5"
    assert [(item.value, item.sign) for item in reply.strip] == [(3, "<"), (5, None)]
    assert reply.phrases == clips(reply.said)


def test_a_wrong_answer_shows_what_was_chosen_beside_the_truth_and_a_number_line() -> None:
    question = Question(1, (3, 5), lowest_wins=False)
    reply = reply_view(EN, "en", question, THREE_FIVE, Reply(1, Answer.CARD_0, False), Deck.FULL)
    assert not reply.right
    assert reply.chosen == "3 > 5"
    assert reply.part("chosen") == "3 > 5"
    assert reply.part("truth") == "3 < 5"
    assert reply.number_line is not None
    assert reply.phrases == clips(reply.said)


def test_smaller_answered_with_the_bigger_card_is_told_as_the_contrast() -> None:
    question = Question(1, (3, 5), lowest_wins=True)
    wrong = Reply(1, Answer.CARD_1, False)
    assert chose_the_bigger(question, wrong)
    reply = reply_view(EN, "en", question, THREE_FIVE, wrong, Deck.FULL)
    assert reply.contrast is not None and reply.part("contrast") == reply.contrast
    assert not chose_the_bigger(question, Reply(1, Answer.SAME, False))
    assert not chose_the_bigger(Question(1, (3, 5), False), Reply(1, Answer.CARD_0, False))


def test_what_a_wrong_answer_chose_is_read_as_signs_a_number_or_the_same() -> None:
    assert claim_said("3 > 5", "chosen").keys == signs_said("3 > 5").keys
    assert claim_said("=", "chosen").keys == (THE_SAME,)
    assert claim_said("12", "chosen").keys == (number_key(12),)


def test_the_score_says_all_right_only_when_something_was_asked_and_nothing_missed() -> None:
    assert score_view(EN, "en", Score(), lowest_wins=False).all_right is None
    question = Question(1, (3, 5), lowest_wins=False)
    right = score_view(EN, "en", Score().record(question, True), lowest_wins=False)
    assert right.asked == 1 and right.all_right is not None and right.missed == ()
    missed = score_view(EN, "en", Score().record(question, False), lowest_wins=False)
    assert missed.all_right is None and len(missed.missed) == 1
