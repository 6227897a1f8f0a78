"""A card's name for screen readers, in the page's language: "7 of hearts", "jack of spades".

A face card or an ace is named whole, not glued from a rank and a suit: German joins the two
into one word ("Herzbube", "Pikass") and Turkish puts the suit first with a suffix on the rank
("kupa kızı"), so each language writes each of the sixteen names as it says it. A number card
keeps the pattern "%(rank)s of %(suit)s", whose rank is a digit in every language.
"""

from __future__ import annotations

from kidswar.game.cards import Card, Rank, Suit
from kidswar.words.catalogs import Translations


def suit_name(suit: Suit, t: Translations) -> str:
    """A suit as a card's name says it: "hearts" in "7 of hearts"."""
    names = {
        Suit.CLUBS: t.pgettext("suit", "clubs"),
        Suit.DIAMONDS: t.pgettext("suit", "diamonds"),
        Suit.HEARTS: t.pgettext("suit", "hearts"),
        Suit.SPADES: t.pgettext("suit", "spades"),
    }
    return names[suit]


def face_names(t: Translations) -> dict[tuple[Rank, Suit], str]:
    """The names of the jacks, queens, kings and aces, each written whole."""
    return {
        # Translators: a card's name, read by screen readers. Write each as your language names
        # the card, in one word if it joins them (German: Kreuzbube).
        (Rank.JACK, Suit.CLUBS): t.pgettext("card's name", "jack of clubs"),
        (Rank.JACK, Suit.DIAMONDS): t.pgettext("card's name", "jack of diamonds"),
        (Rank.JACK, Suit.HEARTS): t.pgettext("card's name", "jack of hearts"),
        (Rank.JACK, Suit.SPADES): t.pgettext("card's name", "jack of spades"),
        (Rank.QUEEN, Suit.CLUBS): t.pgettext("card's name", "queen of clubs"),
        (Rank.QUEEN, Suit.DIAMONDS): t.pgettext("card's name", "queen of diamonds"),
        (Rank.QUEEN, Suit.HEARTS): t.pgettext("card's name", "queen of hearts"),
        (Rank.QUEEN, Suit.SPADES): t.pgettext("card's name", "queen of spades"),
        (Rank.KING, Suit.CLUBS): t.pgettext("card's name", "king of clubs"),
        (Rank.KING, Suit.DIAMONDS): t.pgettext("card's name", "king of diamonds"),
        (Rank.KING, Suit.HEARTS): t.pgettext("card's name", "king of hearts"),
        (Rank.KING, Suit.SPADES): t.pgettext("card's name", "king of spades"),
        (Rank.ACE, Suit.CLUBS): t.pgettext("card's name", "ace of clubs"),
        (Rank.ACE, Suit.DIAMONDS): t.pgettext("card's name", "ace of diamonds"),
        (Rank.ACE, Suit.HEARTS): t.pgettext("card's name", "ace of hearts"),
        (Rank.ACE, Suit.SPADES): t.pgettext("card's name", "ace of spades"),
    }


def card_label(card: Card, t: Translations) -> str:
    """A card's name: "7 of hearts", or for a face card or an ace its whole name."""
    if card.rank > Rank.TEN:
        return face_names(t)[card.rank, card.suit]
    # Translators: a number card's name, read by screen readers: "7 of hearts".
    return t.gettext("%(rank)s of %(suit)s") % {
        "rank": str(card.rank.value),
        "suit": suit_name(card.suit, t),
    }
