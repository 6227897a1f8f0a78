"""Cards: ranks, suits and the text notation of docs/rules.md (`2C`, `10H`, `QS`, `AD`).

A card knows its rank and suit and how to write itself; it does not know which card beats
which, nor always what it is worth. That belongs to the rules (see `rules.py`): Peace turns the
order upside down, and with the `numbers` deck the ace counts 1 and is the lowest.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field


class Rank(enum.IntEnum):
    """A card's rank; its value is the number the game talks about (J = 11 ... A = 14).

    With the `numbers` deck the ace counts 1 instead: ask `Rules.value_of` for what a card is
    worth in a game.
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank as printed on a card and in the text notation: `2`..`10`, `J`, `Q`, `K`, `A`."""
        return _RANK_SYMBOLS[self]


class Suit(enum.Enum):
    """A card's suit. Suits never matter in War; they are only drawn and written."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


_RANK_SYMBOLS = {rank: str(rank.value) for rank in Rank if rank <= Rank.TEN} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
# Input also accepts T for ten (docs/rules.md); output always writes 10.
_RANKS_BY_SYMBOL = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"T": Rank.TEN}
_SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Every card is one of 52 shared instances, see `Card.parse`."""

    rank: Rank
    suit: Suit
    # A small number 0..51 naming this card, rank-major (`code >> 2` is the rank's place);
    # the engine works out its own codes for a deck from it. Derived, so computed once here.
    code: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        """Work out the card's code once, since the engine asks for it on every deal."""
        object.__setattr__(self, "code", (self.rank - 2) * 4 + _SUITS.index(self.suit))

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card in the notation of docs/rules.md; ValueError saying what is wrong."""
        if not isinstance(text, str):
            raise ValueError(f"a card must be written as text like 7H or 10S, not {text!r}")
        found = _BY_TEXT.get(text)  # as `__str__` writes it: every saved game, every load
        if found is not None:
            return found
        rank = _RANKS_BY_SYMBOL.get(text[:-1])
        suit = next((s for s in _SUITS if s.value == text[-1:]), None)
        if rank is None or suit is None:
            raise ValueError(
                f"{text!r} is not a card: write a rank (2-10, J, Q, K, A) then a suit (C, D, H, S),"
                " like 7H or 10S"
            )
        return CARDS[(rank - 2) * 4 + _SUITS.index(suit)]

    def __str__(self) -> str:
        """The card in the notation of docs/rules.md, e.g. `10H`."""
        return _TEXTS[self.code]


# The 52 cards, indexed by code: rank-major, so CARDS[code] and code // 4 + 2 == rank.
CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
# Each card's text, by code, and the cards by text: a game is saved and loaded as these texts,
# 52 of them per battle (issue 24: loading a game for a battle read each letter anew).
_TEXTS: tuple[str, ...] = tuple(card.rank.symbol + card.suit.value for card in CARDS)
_BY_TEXT: dict[str, Card] = dict(zip(_TEXTS, CARDS, strict=True))


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Read a list of cards, e.g. one seat's stack from a deal."""
    return [Card.parse(text) for text in texts]


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Write cards in the notation of docs/rules.md."""
    return [str(card) for card in cards]
