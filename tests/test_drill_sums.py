"""How the drill's addition level tells a child to add a pair of cards
(kidswar/words/drill_sums.py): count on from the bigger card, in digits."""

from __future__ import annotations

import pytest

from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.drill_sums import count_on, pairs_hint
from kidswar.words.said import hints


def test_counting_on_starts_at_the_bigger_card() -> None:
    # The module's own example: 4 and 3.
    assert count_on([4, 3], load("en")) == "Start at 4 and count on 3: 5, 6, 7."
    assert count_on([3, 4], load("en")) == "Start at 4 and count on 3: 5, 6, 7."


def test_counting_on_one_says_one_number() -> None:
    assert count_on([1, 9], load("en")) == "Start at 9 and count on 1: 10."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_numbers_counted_are_digits_in_every_language(lang: str) -> None:
    assert "6, 7, 8, 9, 10" in count_on([5, 5], load(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pairs_hint_is_one_of_the_spoken_hints(lang: str) -> None:
    t = load(lang)
    assert pairs_hint(t) in hints(t).values()
    assert pairs_hint(t)
