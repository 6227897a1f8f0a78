"""Cards and their notation (docs/rules.md, "Cards")."""

import pytest

from kidswar.game.cards import CARDS, Card, Rank, Suit


def test_deck_has_52_different_cards() -> None:
    assert len(set(CARDS)) == 52


@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("2C", Rank.TWO, Suit.CLUBS),
        ("10H", Rank.TEN, Suit.HEARTS),
        ("QS", Rank.QUEEN, Suit.SPADES),
        ("AD", Rank.ACE, Suit.DIAMONDS),
    ],
)
def test_notation_reads_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == text


def test_t_is_read_as_ten_and_written_as_10() -> None:
    assert str(Card.parse("TH")) == "10H"
    assert Card.parse("TH") is Card.parse("10H")


def test_number_values_of_face_cards() -> None:
    assert [Card.parse(t).rank.value for t in ("JC", "QC", "KC", "AC")] == [11, 12, 13, 14]


@pytest.mark.parametrize(
    "text", ["", "1C", "11H", "QX", "Q", "H", "10", "qs", " 2C", "2C ", "JOKER", "0S"]
)
def test_anything_else_is_a_clear_error(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_a_non_text_card_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="written as text"):
        Card.parse(7)  # type: ignore[arg-type]


def test_every_card_round_trips_through_its_notation() -> None:
    assert all(Card.parse(str(card)) is card for card in CARDS)
