"""Cards compared, as whole sentences (kidswar/words/comparisons.py); the English examples
are the module's own."""

from __future__ import annotations

import pytest

from kidswar.game.cards import Rank
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.comparisons import (
    NUMBERS,
    best_of_many,
    best_phrase,
    best_sentence,
    compare,
    comparison,
    tie_sentence,
)
from kidswar.words.phrase_keys import best_key, compare_key

EN = load("en")


def test_two_cards_compared_the_sentence_and_its_signs() -> None:
    assert comparison(Rank.SEVEN, Rank.FOUR, EN) == ("Seven is bigger than four.", "7 > 4")
    assert comparison(Rank.KING, Rank.SEVEN, EN)[0] == "The king is bigger than seven."
    assert comparison(Rank.FOUR, Rank.SEVEN, EN)[1] == "4 < 7"
    assert comparison(Rank.FOUR, Rank.FOUR, EN)[1] == "4 = 4"


def test_the_little_decks_ace_is_one() -> None:
    assert comparison(1, 5, EN) == ("One is smaller than five.", "1 < 5")


def test_a_number_is_said_by_its_number_words() -> None:
    assert compare(13, 7, NUMBERS, EN) == ("Thirteen is bigger than seven.", "13 > 7")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_three_sentences_differ_in_every_language(lang: str) -> None:
    t = load(lang)
    said = {comparison(7, 4, t)[0], comparison(4, 7, t)[0], comparison(7, 7, t)[0]}
    assert len(said) == 3


def test_against_one_card_a_comparison_against_more_the_best_of_many() -> None:
    assert best_sentence(Rank.SEVEN, [Rank.FOUR], False, EN) == comparison(7, 4, EN)
    assert best_sentence(Rank.QUEEN, [2, 3], False, EN) == ("The queen is the biggest card.", None)
    assert best_of_many(Rank.QUEEN, False, EN) == "The queen is the biggest card."
    assert best_of_many(Rank.TWO, True, EN).endswith("is the smallest card.")


def test_the_phrase_key_matches_the_sentence_said() -> None:
    assert best_phrase(7, [4], False) == compare_key(7, 4)
    assert best_phrase(12, [2, 3], False) == best_key(12, False)
    assert best_phrase(2, [12, 13], True) == best_key(2, True)


def test_a_shared_best_card_is_a_war_or_in_peace_a_peace() -> None:
    both = tie_sentence(2, 2, Rank.NINE, False, EN)
    assert both.startswith("Both turned ") and both.endswith(": war!")
    assert tie_sentence(2, 2, Rank.NINE, True, EN).endswith(": peace!")
    assert tie_sentence(3, 4, Rank.NINE, False, EN).startswith("3 players turned ")
    assert tie_sentence(3, 4, Rank.NINE, True, EN).endswith(": peace!")
