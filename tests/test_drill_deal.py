"""The drill's levels and the cards each one deals (kidswar/game/drill_deal.py): one question
with equal sides, never among the first ones, never the same numbers twice in a row."""

from __future__ import annotations

import itertools
import random

import pytest

from kidswar.game.cards import Card, parse_cards
from kidswar.game.drill_deal import (
    LEVELS,
    MAX_SUM_GAP,
    QUESTIONS,
    cards_of,
    deal_pairs,
    level_of,
    rung_level,
)
from kidswar.game.ladder import LADDER, RUNGS
from kidswar.game.rules import Deck


def sides(level_name: str, cards: tuple[Card, ...]) -> tuple[int, int]:
    """The two numbers a question compares: each side's card, or each side's sum."""
    level = LEVELS[level_name]
    values = [level.deck.value_of(card) for card in cards]
    half = level.cards_a_side
    return sum(values[:half]), sum(values[half:])


@pytest.mark.parametrize("name", sorted(LEVELS))
@pytest.mark.parametrize("seed", range(20))
def test_ten_questions_that_fit_the_level_one_of_them_equal(name: str, seed: int) -> None:
    questions = deal_pairs(name, random.Random(seed))
    assert len(questions) == QUESTIONS
    assert all(LEVELS[name].fits(cards) for cards in questions)
    numbers = [sides(name, cards) for cards in questions]
    equal = [index for index, (left, right) in enumerate(numbers) if left == right]
    assert len(equal) == 1
    assert equal[0] >= 2  # not the very first questions: a clear one first
    for before, after in itertools.pairwise(numbers):
        assert set(before) != set(after)


@pytest.mark.parametrize("seed", range(20))
def test_added_sides_are_close_and_equal_ones_come_from_other_cards(seed: int) -> None:
    for cards in deal_pairs("addition", random.Random(seed)):
        left, right = sides("addition", cards)
        assert abs(left - right) <= MAX_SUM_GAP
        if left == right:
            values = [Deck.NUMBERS.value_of(card) for card in cards]
            assert sorted(values[:2]) != sorted(values[2:])


def test_a_level_fits_only_its_own_cards() -> None:
    little, faces = LEVELS["little"], LEVELS["faces"]
    assert little.fits(parse_cards(["AH", "10S"]))
    assert not little.fits(parse_cards(["AH", "KS"]))  # no king in the little deck
    assert not little.fits(parse_cards(["AH", "AH"]))  # one card twice
    assert not little.fits(parse_cards(["AH"]))  # one side missing
    assert faces.fits(parse_cards(["AH", "KS"]))
    assert LEVELS["addition"].fits(parse_cards(["AH", "2H", "3C", "4D"]))


def test_a_level_is_one_of_the_first_levels_or_a_rung_of_the_ladder() -> None:
    assert level_of("little") is LEVELS["little"]
    for rung in LADDER:
        assert level_of(rung.name) == rung_level(rung)
    assert level_of("no-such-level") is None


def test_a_rung_deals_its_deck_values_and_sides() -> None:
    level = rung_level(RUNGS["sums-to-20"])
    assert (level.deck, level.low, level.high, level.sums) == (Deck.NUMBERS, 1, 10, True)
    assert rung_level(RUNGS["three"]).sides == 3


def test_cards_of_values_are_different_cards_of_those_values() -> None:
    cards = cards_of([7, 7, 1], Deck.NUMBERS, random.Random(3))
    assert len(set(cards)) == 3
    assert [Deck.NUMBERS.value_of(card) for card in cards] == [7, 7, 1]
