"""Dealing (kidswar/game/deal.py): a seeded shuffle dealt round robin, and an explicit deal's
checks."""

from __future__ import annotations

import random

import pytest

from kidswar.game.cards import Card
from kidswar.game.deal import shuffle_and_deal, verify_hands
from kidswar.game.rules import Rules


def test_the_deal_goes_round_robin_from_seat_one_and_one_seed_deals_alike() -> None:
    hands = shuffle_and_deal(list(range(52)), 3, random.Random(5))
    assert [len(hand) for hand in hands] == [18, 17, 17]
    assert sorted(card for hand in hands for card in hand) == list(range(52))
    assert shuffle_and_deal(list(range(52)), 3, random.Random(5)) == hands
    letters = shuffle_and_deal(list("abcdefgh"), 2, random.Random(5))
    numbers = shuffle_and_deal(list(range(8)), 2, random.Random(5))
    assert [[ord(c) - ord("a") for c in hand] for hand in letters] == numbers  # same moves


def cards(*names: str) -> list[Card]:
    return [Card.parse(name) for name in names]


@pytest.mark.parametrize(
    ("hands", "deck", "says"),
    [
        ([cards("2H"), cards("3H"), cards("4H")], "full", "3 seats but the rules are for 2"),
        ([cards("2H"), []], "full", "seat 2 has no cards"),
        ([cards("2H"), cards("2H")], "full", "dealt twice"),
        ([cards("2H"), cards("KH")], "numbers", "not in the numbers deck"),
    ],
)
def test_an_explicit_deal_that_cannot_start_is_refused_saying_why(
    hands: list[list[Card]], deck: str, says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        verify_hands(Rules.from_options("standard", 2, deck=deck), hands)


def test_a_fair_explicit_deal_passes() -> None:
    verify_hands(Rules.from_options("standard", 2, deck="numbers"), [cards("AH"), cards("10S")])
