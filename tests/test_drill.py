"""The drill's levels (issue 12): the little deck (the ace counts 1) and adding two cards.

Pure: what each level deals, the questions it asks, the answers it checks, and the drill kept
in the session cookie, old cookies included.
"""

import gettext
import itertools
import json
import random
from typing import Any

import pytest

from kidswar.game.cards import Rank, parse_cards
from kidswar.game.drill import LEVELS, QUESTIONS, Drill, deal_pairs
from kidswar.game.drill_deal import MAX_SUM_GAP
from kidswar.game.questions import Answer
from kidswar.game.rules import Deck

FACES = {Rank.JACK, Rank.QUEEN, Rank.KING}


def known(level: str, questions: list[str], lowest_wins: bool = False) -> Drill:
    """A drill with known cards ("3H 4S 5C AD" per question, the left side's first)."""
    return Drill("t", level, lowest_wins, tuple(tuple(parse_cards(q.split())) for q in questions))


def sides_values(level: str, seed: int) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each question's card values, left side then right side, as the level counts them."""
    drill = Drill.new("t", level, False, random.Random(seed))
    deck, each = drill.level.deck, drill.level.cards_a_side
    return [
        (
            tuple(deck.value_of(card) for card in cards[:each]),
            tuple(deck.value_of(card) for card in cards[each:]),
        )
        for cards in drill.pairs
    ]


@pytest.mark.parametrize("seed", range(40))
def test_the_little_deck_deals_ace_to_ten_the_ace_counting_one(seed: int) -> None:
    pairs = deal_pairs("little", random.Random(seed))
    cards = [card for pair in pairs for card in pair]
    assert len(pairs) == QUESTIONS and all(len(pair) == 2 for pair in pairs)
    assert not FACES & {card.rank for card in cards}
    values = [tuple(Deck.NUMBERS.value_of(card) for card in pair) for pair in pairs]
    assert all(1 <= value <= 10 for pair in values for value in pair)
    assert sum(left == right for left, right in values) == 1
    assert all({*x} != {*y} for x, y in itertools.pairwise(values))


def test_over_many_drills_the_little_deck_deals_aces_as_one() -> None:
    seen = {
        Deck.NUMBERS.value_of(card)
        for seed in range(20)
        for pair in deal_pairs("little", random.Random(seed))
        for card in pair
    }
    assert seen == set(range(1, 11))


@pytest.mark.parametrize("seed", range(40))
def test_the_addition_level_deals_two_little_deck_cards_a_side(seed: int) -> None:
    pairs = deal_pairs("addition", random.Random(seed))
    assert len(pairs) == QUESTIONS
    for cards in pairs:
        assert len(cards) == 4 and len(set(cards)) == 4  # four different cards
        assert not FACES & {card.rank for card in cards}
    sums = [(sum(left), sum(right)) for left, right in sides_values("addition", seed)]
    assert all(2 <= total <= 20 for pair in sums for total in pair)
    assert sum(left == right for left, right in sums) == 1  # one question to meet "="
    assert all(0 < abs(left - right) <= MAX_SUM_GAP for left, right in sums if left != right)
    assert all({*x} != {*y} for x, y in itertools.pairwise(sums))  # no sums twice in a row


@pytest.mark.parametrize("seed", range(20))
def test_the_equal_sums_come_from_other_cards_and_not_first(seed: int) -> None:
    sides = sides_values("addition", seed)
    (at,) = [n for n, (left, right) in enumerate(sides) if sum(left) == sum(right)]
    left, right = sides[at]
    assert at >= 2 and sorted(left) != sorted(right)  # 3 + 4 against 5 + 2, not 4 + 3


def test_an_addition_question_is_about_the_sums() -> None:
    drill = known("addition", ["3H 4S 5C AD", "2C 2D 2H 2S", "AH 9S 10D 4C"])
    question = drill.question()
    assert question.sums and question.kind == "bigger-sum" and question.values == (7, 6)
    assert drill.sides() == (tuple(parse_cards(["3H", "4S"])), tuple(parse_cards(["5C", "AD"])))
    assert question.right_answers() == {"card-0", "gt"}
    for wrong in ("card-1", "lt", "same"):
        assert not question.is_right(Answer(wrong))
    with pytest.raises(ValueError):
        drill.answer(1, Answer("card-2"))  # there is no third pair
    drill = drill.answer(1, Answer("lt")).next(1)
    assert drill.score.missed == ((7, 6),)  # the sums, to try again
    assert drill.question().values == (4, 4)
    drill = drill.answer(2, Answer("same")).next(2)
    assert drill.question().values == (10, 14)  # the ace is 1: 1 + 9 against 10 + 4
    drill = drill.answer(3, Answer("card-1")).next(3)
    assert drill.finished and drill.score.right == 2


def test_the_little_deck_ace_is_the_smallest_card() -> None:
    question = known("little", ["AH 5S"]).question()
    assert question.values == (1, 5) and question.right_answers() == {"card-1", "lt"}
    smaller = known("little", ["AH 5S"], lowest_wins=True).question()
    assert smaller.right_answers() == {"card-0", "lt"}


def test_the_whole_deck_ace_is_still_fourteen() -> None:
    assert known("faces", ["AH 5S"]).question().values == (14, 5)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_ten_right_answers_at_every_level(level: str) -> None:
    drill = Drill.new("t", level, False, random.Random(5))
    for number in range(1, QUESTIONS + 1):
        drill = Drill.from_json(json.loads(json.dumps(drill.to_json())))
        question = drill.question()
        assert question.sums == (level == "addition")
        drill = drill.answer(number, sorted(question.right_answers())[0])
        drill = Drill.from_json(drill.to_json()).next(number)
    assert drill.finished and drill.score.right == QUESTIONS


def test_adding_never_asks_for_the_smaller_sum() -> None:
    with pytest.raises(ValueError):
        Drill.new("t", "addition", True, random.Random(1))
    data = known("addition", ["3H 4S 5C AD"]).to_json()
    with pytest.raises(ValueError):
        Drill.from_json({**data, "lowest": True})


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_cookie_is_small_and_reads_back(level: str) -> None:
    drill = Drill.new("abcdefgh", level, False, random.Random(9))
    drill = drill.answer(1, Answer("same"))
    data = drill.to_json()
    assert Drill.from_json(data) == drill
    assert len(json.dumps(data)) < 400  # cards as "3H 4S 5C AD", not objects
    assert all(isinstance(cards, str) for cards in data["pairs"])


def test_an_old_cookie_keeps_loading() -> None:
    """A drill as the first version wrote it (ranges "numbers" and "faces" only)."""
    old = {
        "token": "x1",
        "range": "faces",
        "lowest": True,
        "pairs": ["7H 4S", "KH 2C", "AS AD"],
        "position": 1,
        "score": {"asked": 1, "right": 0, "streak": 0, "best": 0, "missed": [[4, 7]]},
        "reply": {"number": 2, "answer": "card-0", "right": False},
    }
    drill = Drill.from_json(old)
    assert drill.level_name == "faces" and drill.lowest_wins and drill.reply is not None
    assert drill.question().values == (13, 2)
    assert drill.to_json() == old
    numbers = Drill.from_json({**old, "range": "numbers", "pairs": ["7H 4S", "10C 2C"]})
    assert numbers.question().values == (10, 2)


@pytest.mark.parametrize(
    "change",
    [
        {"range": "everything"},  # an unknown level
        {"range": ""},
        {"range": "little", "pairs": ["7H QS"]},  # no queen in the little deck
        {"range": "numbers", "pairs": ["7H AS"]},  # 2 to 10: the ace (14) is not one of them
        {"range": "addition"},  # one card a side cannot be added
        {"pairs": ["7H 4S 3C 2D"]},  # two cards a side, but the level compares one
        {"pairs": ["7H 7H"]},  # one card twice
        {"pairs": ["7H 1S"]},
        {"position": 5},
        {"position": -1},
        {"reply": {"number": 1, "answer": "card-3", "right": False}},  # no third card
        {"reply": {"number": 2, "answer": "gt", "right": True}},  # not the question now
        {"reply": {"number": 1, "answer": "bigger", "right": True}},
    ],
)
def test_a_tampered_cookie_is_refused(change: dict[str, Any]) -> None:
    data = {**known("faces", ["7H 4S"]).to_json(), **change}
    with pytest.raises((ValueError, KeyError, TypeError)):
        Drill.from_json(data)


def test_a_finished_drill_has_no_reply_to_show() -> None:
    done = known("faces", ["7H 4S"]).answer(1, Answer("gt")).next(1).to_json()
    assert Drill.from_json(done).finished
    with pytest.raises(ValueError):
        Drill.from_json({**done, "reply": {"number": 2, "answer": "gt", "right": True}})


def test_counting_on_from_the_bigger_card() -> None:
    from kidswar.words.drill_sums import count_on

    en = gettext.NullTranslations()
    assert count_on((3, 4), en) == "Start at 4 and count on 3: 5, 6, 7."
    assert count_on((1, 9), en) == "Start at 9 and count on 1: 10."  # the ace is 1
    assert count_on((10, 10), en).endswith("count on 10: 11, 12, 13, 14, 15, 16, 17, 18, 19, 20.")


@pytest.mark.parametrize(
    "lang, said",
    [
        ("tr", "Önce 4, sonra 3 daha say: 5, 6, 7."),
        ("de", "Fang bei 4 an und zähl 3 weiter: 5, 6, 7."),
        ("es", "Empieza en el 4 y cuenta 3 más: 5, 6, 7."),
        ("fr", "Pars de 4 et compte 3 de plus\u00a0: 5, 6, 7."),
    ],
)
def test_counting_on_in_every_language(lang: str, said: str) -> None:
    from kidswar.words.catalogs import load
    from kidswar.words.drill_sums import count_on, pairs_hint

    t = load(lang)
    assert count_on((4, 3), t) == said
    assert pairs_hint(t) != pairs_hint(gettext.NullTranslations())
