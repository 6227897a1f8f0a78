"""Practice questions, answers and scores (pure), and the drill's ten steps."""

import gettext
import itertools
import random

import pytest
from conftest import make_game

from kidswar.game.drill import QUESTIONS, Drill, StaleAnswer, deal_pairs
from kidswar.game.practice import Practice
from kidswar.game.questions import Answer, Question, counts_before
from kidswar.game.rules import Rules
from kidswar.game.score import MAX_MISSED, Score
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.formats import SETUP
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.practice import explain, missed_lines, score_sentences

EN = gettext.NullTranslations()


@pytest.mark.parametrize(
    "values, lowest, kind, right",
    [
        ((7, 4), False, "bigger", {"card-0", "gt"}),
        ((4, 7), False, "bigger", {"card-1", "lt"}),
        ((7, 4), True, "smaller", {"card-1", "gt"}),  # the sign says how the cards compare
        ((7, 7), False, "bigger", {"same"}),  # neither card is bigger
        ((7, 7), True, "smaller", {"same"}),
        ((None, 3, None, 9), False, "bigger", {"card-3", "lt"}),  # two left in a 4-player game
        ((9, 4, 12, 2), False, "biggest", {"card-2"}),
        ((9, 4, 12, 2), True, "smallest", {"card-3"}),
        ((9, 9, 3), False, "biggest", {"same", "card-0", "card-1"}),
        ((3, 9, 9), True, "smallest", {"card-0"}),  # the tie is not among the smallest
    ],
)
def test_the_right_answers(
    values: tuple[int | None, ...], lowest: bool, kind: str, right: set[str]
) -> None:
    question = Question(1, values, lowest)
    assert question.kind == kind
    assert question.right_answers() == right
    for answer in ("card-0", "card-1", "card-2", "card-3", "lt", "gt", "same"):
        if question.accepts(Answer(answer)):
            assert question.is_right(Answer(answer)) == (answer in right)


@pytest.mark.parametrize(
    "values, answer",
    [
        ((7, 4), "card-2"),
        ((None, 3, None, 9), "card-0"),
        ((9, 4, 12), "lt"),
        ((9, 4, 12), "gt"),
    ],
)
def test_a_question_does_not_accept_answers_it_cannot_be_given(
    values: tuple[int | None, ...], answer: str
) -> None:
    assert not Question(1, values, False).accepts(Answer(answer))


@pytest.mark.parametrize("text", ["bigger", "card-4", "card-", "LT", "lt\n", " same", ""])
def test_text_that_is_no_answer_is_an_error(text: str) -> None:
    with pytest.raises(ValueError):
        Answer(text)


def test_a_question_needs_two_cards() -> None:
    with pytest.raises(ValueError):
        Question(1, (7, None), False)


@pytest.mark.parametrize(
    "values, lowest, chain, sentence",
    [
        ((7, 4), False, "7 > 4", "Seven is bigger than four."),
        ((7, 4), True, "4 < 7", "Four is smaller than seven."),
        ((7, 7), False, "7 = 7", "Seven is equal to seven."),
        ((9, 4, 12, 2), False, "12 > 9 > 4 > 2", "The queen is the biggest card."),
        ((9, 4, 12, 2), True, "2 < 4 < 9 < 12", "Two is the smallest card."),
        ((9, 9, 3), False, "9 = 9 > 3", "Nine is equal to nine."),
    ],
)
def test_the_sentence_that_explains_an_answer(
    values: tuple[int, ...], lowest: bool, chain: str, sentence: str
) -> None:
    answered = explain(Question(1, values, lowest), EN)
    assert (answered.chain, answered.sentence) == (chain, sentence)


def test_a_score_counts_streaks_and_keeps_each_missed_pair_once() -> None:
    score = Score()
    pair, other = Question(1, (7, 4), False), Question(2, (2, 9), False)
    for question, right in (
        (pair, True),
        (pair, True),
        (other, False),
        (pair, True),
        (other, False),
        (Question(3, (4, 7), False), False),
    ):
        score = score.record(question, right)
    assert (score.asked, score.right, score.streak, score.best) == (6, 3, 0, 2)
    assert score.missed == ((9, 2), (7, 4))  # 4 vs 7 is the same pair as 7 vs 4
    assert Score.from_json(score.to_json()) == score
    assert score_sentences(score, EN, "en") == [
        "You answered 3 of 6 questions right.",
        "Best streak: 2 right answers in a row.",
    ]
    assert missed_lines(score, False, EN) == [
        ("9 > 2", "Nine is bigger than two."),
        ("7 > 4", "Seven is bigger than four."),
    ]


def test_practice_asks_about_each_new_battle_once() -> None:
    game = make_game("standard", [["7H", "2C", "9D"], ["4S", "3C", "8D"]])
    practice = Practice()
    battle = game.play_battle()
    assert practice.asks_about(battle, game.outcome)
    practice = practice.answer(Question.from_battle(battle, game.rules), Answer("card-1"))
    assert practice.last is not None and not practice.last.right
    assert not practice.asks_about(battle, game.outcome)
    assert Practice.from_json(practice.to_json()) == practice
    assert Practice.from_json(None) == Practice()
    assert not practice.asks_about(None, None)


def test_a_game_ended_by_the_clock_does_not_ask_about_its_last_battle() -> None:
    game = make_game("standard", [["7H", "2C"], ["4S", "3C"]])
    battle = game.play_battle()
    assert Practice().asks_about(battle, game.outcome)
    game.end_for_time()
    assert not Practice().asks_about(battle, game.outcome)


@pytest.mark.parametrize(
    "variant, hands, options",
    [
        ("standard", [["7H", "2C"], ["4S", "3C"]], {}),
        ("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]], {}),
        (
            "peace",
            [
                ["8H", "3C", "KD", "2C", "4C", "6C", "7C"],
                ["8S", "5D", "7D", "2D", "4D", "6D", "AD"],
            ],
            {},
        ),
        ("standard", [["9H", "3C"], ["9S", "5D", "7C", "2D"]], {"shortage": "forfeit"}),
        ("standard", [["9H"], ["9S"]], {}),  # a stalemate: the cards stay on the table
        ("standard", [["7H", "2C"], ["7S", "3C"], ["QC", "5C"], ["4D"]], {}),
    ],
)
def test_the_counts_before_a_battle(
    variant: str, hands: list[list[str]], options: dict[str, str]
) -> None:
    game = make_game(variant, hands, **options)
    before = tuple(game.counts)
    assert counts_before(game.play_battle()) == before


def test_a_setup_saved_before_practice_has_it_off() -> None:
    setup = TableSetup("easy", (Seat("", False), Seat("", True)), Rules(), practice=True)
    assert TableSetup.from_json(setup.to_json()) == setup
    old = setup.to_json()
    del old["practice"]
    assert TableSetup.from_json(SETUP.upgrade(old)).practice is False  # as storage reads it


def test_a_drill_of_ten_questions() -> None:
    drill = Drill.new("t", "numbers", False, random.Random(1))
    assert len(drill.pairs) == QUESTIONS
    for number in range(1, QUESTIONS + 1):
        question = drill.question()
        assert question.number == number
        right = sorted(question.right_answers())[0]
        with pytest.raises(StaleAnswer):
            drill.next(number)  # not answered yet
        drill = drill.answer(number, right)
        with pytest.raises(StaleAnswer):
            drill.answer(number, right)  # answered once only
        drill = Drill.from_json(drill.to_json())
        drill = drill.next(number)
    assert drill.finished and drill.score.right == QUESTIONS and drill.score.best == QUESTIONS
    with pytest.raises(ValueError):
        drill.question()


def test_a_score_keeps_the_newest_missed_pairs() -> None:
    """Past MAX_MISSED misses, the oldest give way: the pairs to try again are the latest."""
    score = Score()
    misses = [Question(n, (n + 1, 1), False) for n in range(1, MAX_MISSED + 3)]  # 2 > 1, 3 > 1...
    for question in misses:
        score = score.record(question, False)
    assert score.missed == tuple(question.ordered() for question in misses[-MAX_MISSED:])
    assert (2, 1) not in score.missed and (MAX_MISSED + 3, 1) in score.missed


def test_a_drill_takes_an_answer_only_for_the_question_now() -> None:
    """An answer from an old page (the question before) or a page not yet shown is refused,
    and the drill stays as it was."""
    drill = Drill.new("t", "numbers", False, random.Random(3))
    first = sorted(drill.question().right_answers())[0]
    with pytest.raises(StaleAnswer):
        drill.answer(2, first)  # question 2 is not asked yet
    drill = drill.answer(1, first).next(1)
    again = sorted(drill.question().right_answers())[0]
    for number in (1, 3):  # the question answered before, and one not yet asked
        with pytest.raises(StaleAnswer):
            drill.answer(number, again)
    assert drill.number == 2 and drill.reply is None and drill.score.asked == 1


def test_a_drill_refuses_an_impossible_answer_and_an_unknown_range() -> None:
    drill = Drill.new("t", "faces", True, random.Random(2))
    with pytest.raises(ValueError):
        drill.answer(1, Answer("card-3"))
    with pytest.raises(ValueError):
        Drill.new("t", "everything", False, random.Random(2))


@pytest.mark.parametrize("seed", range(30))
def test_drill_pairs_stay_in_range_with_exactly_one_tie(seed: int) -> None:
    for name, high in (("numbers", 10), ("faces", 14)):
        pairs = deal_pairs(name, random.Random(seed))
        values = [(int(a.rank), int(b.rank)) for a, b in pairs]
        assert all(2 <= v <= high for pair in values for v in pair)
        assert sum(a == b for a, b in values) == 1
        assert all(a != b for a, b in pairs)  # two different cards, even for a tie
        assert all({*x} != {*y} for x, y in itertools.pairwise(values))


def test_the_practice_calls_can_be_spoken() -> None:
    from kidswar.sound.phrases import phrase_keys, phrase_text

    keys = set(phrase_keys())
    for key, text in (
        ("question-bigger", "Which card is bigger?"),
        ("question-smallest", "Which card is the smallest?"),
        ("cheer-well-done", "Well done!"),
        ("lets-count", "Let's count!"),
    ):
        assert key in keys and phrase_text("en", key) == text


# Every language but English, the source the calls are written in.
@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_practice_calls_are_translated(lang: str) -> None:
    from kidswar.words.catalogs import load
    from kidswar.words.practice import calls

    english, translated = calls(EN), calls(load(lang))
    assert all(translated[key] and translated[key] != english[key] for key in english)
