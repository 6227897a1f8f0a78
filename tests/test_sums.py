"""Addition War in words (kidswar/words/sums.py): numbers, never card names; the examples
are the module's own."""

from __future__ import annotations

from kidswar.game.cards import parse_cards
from kidswar.game.rules import Rules
from kidswar.words.catalogs import load
from kidswar.words.sums import (
    best_sum_phrase,
    best_sum_sentence,
    biggest_sum,
    digits,
    seat_sums,
    sum_comparison,
    sum_line,
    sum_phrase,
    sum_sentence,
    sum_tie_sentence,
)

EN = load("en")


def test_values_added_in_digits() -> None:
    assert digits([3, 4]) == "3 + 4 = 7"
    assert digits([3, 4], solved=False) == "3 + 4 = ?"
    assert digits([7]) == "7"


def test_a_jack_is_eleven_with_the_full_deck_and_an_ace_one_with_the_little() -> None:
    full = Rules.from_options("addition", 2)
    little = Rules.from_options("addition", 2, deck="numbers")
    assert sum_line(parse_cards(["JH", "4C"]), full) == "11 + 4 = 15"
    assert sum_line(parse_cards(["AH", "4C"]), little) == "1 + 4 = 5"


def test_a_sum_said_in_words_with_its_phrase_key() -> None:
    assert sum_sentence([3, 4], EN) == "Three and four make seven."
    assert sum_phrase([3, 4]) == "sum-3-4"
    assert sum_sentence([7], EN) == "Only one card: seven."
    assert sum_phrase([7]) == "one-card-7"


def test_the_best_sum_against_one_is_compared_against_more_is_the_biggest() -> None:
    assert sum_comparison(7, 6, EN) == ("Seven is bigger than six.", "7 > 6")
    assert best_sum_sentence(7, [6], EN) == sum_comparison(7, 6, EN)
    assert best_sum_phrase(7, [6]) == "sums-7-6"
    assert biggest_sum(15, EN) == "Fifteen is the biggest sum."
    assert best_sum_sentence(15, [3, 9], EN) == ("Fifteen is the biggest sum.", None)
    assert best_sum_phrase(15, [3, 9]) == "biggest-sum-15"


def test_a_shared_best_sum_is_a_war() -> None:
    assert sum_tie_sentence(2, 2, 7, EN) == "Both sums are seven: war!"
    assert sum_tie_sentence(2, 3, 7, EN) == "2 players have the same sum, seven: war!"


def test_a_seat_that_turned_nothing_has_no_sum() -> None:
    rules = Rules.from_options("addition", 3)
    turned = [(0, parse_cards(["3C", "4D"])), (1, []), (2, parse_cards(["9H"]))]
    sums = seat_sums(turned, rules, EN)
    assert [(seat_sum.seat, seat_sum.total) for seat_sum in sums] == [(0, 7), (2, 9)]
    assert sums[0].line == "3 + 4 = 7"
    assert sums[1].sentence == "Only one card: nine."
