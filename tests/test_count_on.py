"""Counting on after a wrong answer (kidswar/words/count_on.py): the hops from the smaller
number to the bigger, then how far they went, in whole sentences of each language."""

from __future__ import annotations

import pytest

from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.count_on import can_count_on, chose_bigger, count_on


def test_neighbours_hop_once_and_others_count_every_number_between() -> None:
    en = load("en")
    assert count_on(7, 8, en) == "Seven… eight! Eight is one more than seven."
    assert count_on(4, 7, en) == "Four, five, six, seven. Seven is three more than four."
    assert count_on(1, 14, en).count(",") == 13  # one to fourteen: every hop said


def test_the_turkish_count_says_more_than_with_its_own_ending() -> None:
    assert count_on(4, 7, load("tr")) == "Dört, beş, altı, yedi. Yedi dörtten üç fazla."


@pytest.mark.parametrize(("low", "high", "said"), [(1, 14, True), (3, 3, False), (0, 2, False)])
def test_only_two_different_card_values_are_counted_on(low: int, high: int, said: bool) -> None:
    assert can_count_on(low, high) is said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_counts_on_and_says_the_contrast(lang: str) -> None:
    t = load(lang)
    text = count_on(2, 5, t)
    assert text[0].isupper() and text.endswith(".")
    assert chose_bigger(t) and (lang == "en" or chose_bigger(t) != chose_bigger(load("en")))
