"""A card's name for screen readers (kidswar/words/card_names.py): a number card by the pattern
"%(rank)s of %(suit)s", a face card or an ace named whole, in every language."""

from __future__ import annotations

import pytest

from kidswar.game.cards import CARDS, Card, Rank, Suit
from kidswar.words.card_names import card_label, face_names, suit_name
from kidswar.words.catalogs import LANGUAGES, load


def test_a_number_card_is_its_rank_of_its_suit() -> None:
    english = load("en")
    assert card_label(Card.parse("7H"), english) == "7 of hearts"
    assert card_label(Card.parse("10C"), english) == "10 of clubs"


def test_a_face_card_or_an_ace_is_named_whole() -> None:
    english = load("en")
    assert card_label(Card.parse("JS"), english) == "jack of spades"
    assert card_label(Card.parse("AD"), english) == "ace of diamonds"


def test_the_sixteen_whole_names_are_the_jacks_queens_kings_and_aces() -> None:
    names = face_names(load("en"))
    assert set(names) == {(rank, suit) for rank in Rank if rank > Rank.TEN for suit in Suit}
    assert len(set(names.values())) == 16


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_of_its_own_in_every_language(lang: str) -> None:
    t = load(lang)
    labels = [card_label(card, t) for card in CARDS]
    assert len(set(labels)) == len(CARDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_number_cards_rank_is_a_digit_and_its_suit_named(lang: str) -> None:
    t = load(lang)
    for card in CARDS:
        if card.rank <= Rank.TEN:
            label = card_label(card, t)
            assert str(card.rank.value) in label
            assert suit_name(card.suit, t) in label
