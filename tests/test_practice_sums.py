"""Practice in Addition War ("Which sum is bigger?") and with the little deck (the ace is 1)."""

from __future__ import annotations

import gettext

import pytest
from conftest import make_game

from kidswar.game.practice import Practice
from kidswar.game.questions import Answer, Question, counts_before
from kidswar.game.score import Score, most_missed
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.practice import (
    calls,
    explain,
    hint,
    missed_line,
    missed_lines,
    question_key,
    reply_sentence,
)

EN = gettext.NullTranslations()


def first_question(variant: str, hands: list[list[str]], **options: str) -> Question:
    """The question a practice table asks about the first battle of a deal."""
    game = make_game(variant, hands, **options)
    return Question.from_battle(game.play_battle(), game.rules)


def test_addition_asks_about_the_sums_not_the_first_cards() -> None:
    question = first_question("addition", [["JC", "4D", "2C"], ["6C", "5D", "2D"]])
    assert question.values == (15, 11) and question.sums and not question.lowest_wins
    assert question.kind == "bigger-sum"
    assert question.right_answers() == {"card-0", "gt"}
    assert calls(EN)[question_key(question)] == "Which sum is bigger?"
    assert "count on" in hint(question, EN) and "bigger sum" in hint(question, EN)


def test_addition_with_three_players_asks_for_the_biggest_sum() -> None:
    question = first_question("addition", [["KC", "KD", "2C"], ["QD", "3D", "4D"], ["2H"]])
    assert question.values == (26, 15, 2) and question.kind == "biggest-sum"
    assert calls(EN)[question_key(question)] == "Which sum is the biggest?"
    assert "biggest sum" in hint(question, EN)
    assert explain(question, EN).sentence == "Twenty-six is the biggest sum."
    assert explain(question, EN).phrase == "biggest-sum-26"


def test_a_tie_of_sums_is_answered_the_same() -> None:
    question = first_question("addition", [["3C", "8D", "5H", "2S"], ["6C", "5D", "4S", "9H"]])
    assert question.values == (11, 11) and question.right_answers() == {"same"}
    assert explain(question, EN).sentence == "Eleven is equal to eleven."


def test_the_little_decks_ace_counts_one_in_a_question() -> None:
    question = first_question("standard", [["AC", "4D"], ["5C", "5D"]], deck="numbers")
    assert question.values == (1, 5) and not question.sums and question.kind == "bigger"
    assert question.right_answers() == {"card-1", "lt"}
    assert reply_sentence(question, Answer("lt"), True, EN).sentence == "One is smaller than five."
    assert (
        reply_sentence(question, Answer("card-1"), True, EN).sentence == "Five is bigger than one."
    )
    peace = first_question("peace", [["AC", "4D"], ["5C", "5D"]], deck="numbers")
    assert peace.right_answers() == {"card-0", "lt"}  # in Peace the ace (1) is the best
    assert explain(peace, EN).sentence == "One is smaller than five."


def test_the_full_decks_ace_still_counts_fourteen() -> None:
    question = first_question("standard", [["AC", "4D"], ["5C", "5D"]])
    assert question.values == (14, 5)
    assert explain(question, EN).sentence == "The ace is bigger than five."


@pytest.mark.parametrize(
    "values, answer, right, sentence, chain, phrase",
    [
        ((7, 6), "card-0", True, "Seven is bigger than six.", "7 > 6", "sums-7-6"),
        ((6, 7), "card-1", True, "Seven is bigger than six.", "6 < 7", "sums-7-6"),
        ((6, 7), "lt", True, "Six is smaller than seven.", "6 < 7", "sums-6-7"),
        ((6, 7), "gt", False, "Six is smaller than seven.", "6 < 7", "sums-6-7"),
        ((21, 21), "same", True, "Twenty-one is equal to twenty-one.", "21 = 21", "sums-21-21"),
    ],
)
def test_the_reply_about_sums_says_numbers(
    values: tuple[int, int], answer: str, right: bool, sentence: str, chain: str, phrase: str
) -> None:
    question = Question(1, values, False, sums=True)
    assert question.is_right(Answer(answer)) == right
    replied = reply_sentence(question, Answer(answer), right, EN)
    assert (replied.sentence, replied.chain, replied.phrase) == (sentence, chain, phrase)


def test_no_game_asks_for_the_smaller_sum() -> None:
    with pytest.raises(ValueError):
        Question(1, (7, 6), True, sums=True)


def test_a_drill_question_is_about_cards_by_default() -> None:
    question = Question(1, (7, 4), False)
    assert not question.sums and question.kind == "bigger"


def test_missed_sums_and_little_aces_are_said_without_ranks() -> None:
    score = Score()
    for values in ((20, 21), (28, 27)):
        score = score.record(Question(0, values, False, sums=True), right=False)
    assert score.missed == ((21, 20), (28, 27))
    assert missed_lines(score, False, EN, sums=True) == [
        ("21 > 20", "Twenty-one is bigger than twenty."),
        ("28 > 27", "Twenty-eight is bigger than twenty-seven."),
    ]
    assert missed_line((5, 1), False, EN) == ("5 > 1", "Five is bigger than one.")
    assert missed_line((1, 5), True, EN) == ("1 < 5", "One is smaller than five.")
    assert missed_line((15, 11, 2), False, EN, sums=True) == (
        "15 > 11 > 2",
        "Fifteen is the biggest sum.",
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_missed_lines_in_every_language(lang: str) -> None:
    from kidswar.words.catalogs import load

    t = load(lang)
    expected = {
        "en": ("Twenty-four is bigger than six.", "Five is bigger than one."),
        "tr": ("Yirmi dört altıdan büyük.", "Beş birden büyük."),
        "de": ("Vierundzwanzig ist größer als sechs.", "Fünf ist größer als eins."),
        "es": ("Veinticuatro es mayor que seis.", "Cinco es mayor que uno."),
        "fr": (
            "Vingt-quatre, c\u2019est plus grand que six.",
            "Cinq, c\u2019est plus grand que un.",
        ),
    }[lang]
    said = (missed_line((24, 6), False, t, sums=True)[1], missed_line((5, 1), False, t)[1])
    assert said == expected


def test_a_score_saved_before_sums_still_loads() -> None:
    saved = {"asked": 5, "right": 3, "streak": 1, "best": 2, "missed": [[9, 2], [14, 4]]}
    score = Score.from_json(saved)
    assert score == Score(5, 3, 1, 2, ((9, 2), (14, 4)))
    assert missed_lines(score, False, EN) == [
        ("9 > 2", "Nine is bigger than two."),
        ("14 > 4", "The ace is bigger than four."),
    ]
    assert most_missed([score, score], 1) == [((9, 2), 2)]


def test_practice_remembers_a_missed_addition_question() -> None:
    game = make_game("addition", [["JC", "4D", "2C"], ["6C", "5D", "2D"]])
    battle = game.play_battle()
    practice = Practice().answer(Question.from_battle(battle, game.rules), Answer("lt"))
    assert practice.last is not None and not practice.last.right
    assert practice.score.missed == ((15, 11),)
    assert Practice.from_json(practice.to_json()) == practice


@pytest.mark.parametrize(
    "hands, before",
    [
        ([["JC", "4D", "2C"], ["6C", "5D", "2D"]], (3, 3)),  # two cards each, no war
        ([["3C", "8D", "5H", "2S", "4H"], ["6C", "5D", "4S", "9H"]], (5, 4)),  # a war
        ([["9C"], ["2D", "3D", "4D"]], (1, 3)),  # a last card turned alone
        ([["5C", "6C"], ["4D", "7D", "2D", "3D"]], (2, 4)),  # nothing left for the war
    ],
)
def test_the_counts_before_an_addition_battle(
    hands: list[list[str]], before: tuple[int, ...]
) -> None:
    game = make_game("addition", hands)
    assert counts_before(game.play_battle()) == before
