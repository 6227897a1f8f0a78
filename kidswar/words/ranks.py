"""Each rank in the forms a sentence needs, so no sentence is glued from pieces.

A translator sees every rank in every grammatical slot, each with its own context: Turkish, for
one, puts the compared number in the ablative ("Yedi dörtten büyük.") and "equal to" in the
dative ("Dört dörde eşit."). English uses words, not digits, so speech reads them as words too.

A card is named by its value: 2 to 14 for the full deck's ranks (a `Rank` is one), and 1 for
the little deck's ace, which counts one there (docs/rules.md, "Cards"). The ace is then said
as the number it counts, "One is smaller than five.", as the "1 < 5" beside it is read: the
badge "A = 1" and its single pip show a child the same number.
"""

from __future__ import annotations

from collections.abc import Callable

from kidswar.game.cards import Rank
from kidswar.words.catalogs import Translations

ACE_AS_ONE = 1  # the value of the little deck's ace (the full deck's is Rank.ACE, 14)


# Each rank's form in each slot, as a function translating it when a sentence asks: a sentence
# looks up only the forms it says (building all fourteen cost 14 lookups a call, some thirty a
# battle), and each literal is still written out, so the extractor sees it.
Form = Callable[[Translations], str]

# `subject`'s forms.
_SUBJECT: dict[int, Form] = {
    # Translators: the ace of the little deck (no face cards), where it counts one.
    ACE_AS_ONE: lambda t: t.pgettext("rank, starting a sentence", "One"),
    Rank.TWO: lambda t: t.pgettext("rank, starting a sentence", "Two"),
    Rank.THREE: lambda t: t.pgettext("rank, starting a sentence", "Three"),
    Rank.FOUR: lambda t: t.pgettext("rank, starting a sentence", "Four"),
    Rank.FIVE: lambda t: t.pgettext("rank, starting a sentence", "Five"),
    Rank.SIX: lambda t: t.pgettext("rank, starting a sentence", "Six"),
    Rank.SEVEN: lambda t: t.pgettext("rank, starting a sentence", "Seven"),
    Rank.EIGHT: lambda t: t.pgettext("rank, starting a sentence", "Eight"),
    Rank.NINE: lambda t: t.pgettext("rank, starting a sentence", "Nine"),
    Rank.TEN: lambda t: t.pgettext("rank, starting a sentence", "Ten"),
    Rank.JACK: lambda t: t.pgettext("rank, starting a sentence", "The jack"),
    Rank.QUEEN: lambda t: t.pgettext("rank, starting a sentence", "The queen"),
    Rank.KING: lambda t: t.pgettext("rank, starting a sentence", "The king"),
    Rank.ACE: lambda t: t.pgettext("rank, starting a sentence", "The ace"),
}

# `compared`'s forms.
_COMPARED: dict[int, Form] = {
    # Translators: the ace of the little deck (no face cards), where it counts one.
    ACE_AS_ONE: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "one"),
    Rank.TWO: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "two"),
    Rank.THREE: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "three"),
    Rank.FOUR: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "four"),
    Rank.FIVE: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "five"),
    Rank.SIX: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "six"),
    Rank.SEVEN: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "seven"),
    Rank.EIGHT: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "eight"),
    Rank.NINE: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "nine"),
    Rank.TEN: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "ten"),
    Rank.JACK: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "the jack"),
    Rank.QUEEN: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "the queen"),
    Rank.KING: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "the king"),
    Rank.ACE: lambda t: t.pgettext("rank, after 'bigger than' or 'smaller than'", "the ace"),
}

# `equal_to`'s forms.
_EQUAL_TO: dict[int, Form] = {
    # Translators: the ace of the little deck (no face cards), where it counts one.
    ACE_AS_ONE: lambda t: t.pgettext("rank, after 'equal to'", "one"),
    Rank.TWO: lambda t: t.pgettext("rank, after 'equal to'", "two"),
    Rank.THREE: lambda t: t.pgettext("rank, after 'equal to'", "three"),
    Rank.FOUR: lambda t: t.pgettext("rank, after 'equal to'", "four"),
    Rank.FIVE: lambda t: t.pgettext("rank, after 'equal to'", "five"),
    Rank.SIX: lambda t: t.pgettext("rank, after 'equal to'", "six"),
    Rank.SEVEN: lambda t: t.pgettext("rank, after 'equal to'", "seven"),
    Rank.EIGHT: lambda t: t.pgettext("rank, after 'equal to'", "eight"),
    Rank.NINE: lambda t: t.pgettext("rank, after 'equal to'", "nine"),
    Rank.TEN: lambda t: t.pgettext("rank, after 'equal to'", "ten"),
    Rank.JACK: lambda t: t.pgettext("rank, after 'equal to'", "the jack"),
    Rank.QUEEN: lambda t: t.pgettext("rank, after 'equal to'", "the queen"),
    Rank.KING: lambda t: t.pgettext("rank, after 'equal to'", "the king"),
    Rank.ACE: lambda t: t.pgettext("rank, after 'equal to'", "the ace"),
}

# `turned`'s forms.
_TURNED: dict[int, Form] = {
    Rank.TWO: lambda t: t.pgettext("rank, what was turned over", "a two"),
    Rank.THREE: lambda t: t.pgettext("rank, what was turned over", "a three"),
    Rank.FOUR: lambda t: t.pgettext("rank, what was turned over", "a four"),
    Rank.FIVE: lambda t: t.pgettext("rank, what was turned over", "a five"),
    Rank.SIX: lambda t: t.pgettext("rank, what was turned over", "a six"),
    Rank.SEVEN: lambda t: t.pgettext("rank, what was turned over", "a seven"),
    Rank.EIGHT: lambda t: t.pgettext("rank, what was turned over", "an eight"),
    Rank.NINE: lambda t: t.pgettext("rank, what was turned over", "a nine"),
    Rank.TEN: lambda t: t.pgettext("rank, what was turned over", "a ten"),
    Rank.JACK: lambda t: t.pgettext("rank, what was turned over", "a jack"),
    Rank.QUEEN: lambda t: t.pgettext("rank, what was turned over", "a queen"),
    Rank.KING: lambda t: t.pgettext("rank, what was turned over", "a king"),
    Rank.ACE: lambda t: t.pgettext("rank, what was turned over", "an ace"),
}

# `card`'s forms.
_CARD: dict[int, Form] = {
    # Translators: a card named as a card, starting "%(card)s is the biggest card.": give it
    # the article a card takes (German: Die Zwei; Spanish: El dos; French: Le deux). This
    # one is the little deck's ace, which counts one (German: Die Eins).
    ACE_AS_ONE: lambda t: t.pgettext("rank as a card, starting a sentence", "One"),
    Rank.TWO: lambda t: t.pgettext("rank as a card, starting a sentence", "Two"),
    Rank.THREE: lambda t: t.pgettext("rank as a card, starting a sentence", "Three"),
    Rank.FOUR: lambda t: t.pgettext("rank as a card, starting a sentence", "Four"),
    Rank.FIVE: lambda t: t.pgettext("rank as a card, starting a sentence", "Five"),
    Rank.SIX: lambda t: t.pgettext("rank as a card, starting a sentence", "Six"),
    Rank.SEVEN: lambda t: t.pgettext("rank as a card, starting a sentence", "Seven"),
    Rank.EIGHT: lambda t: t.pgettext("rank as a card, starting a sentence", "Eight"),
    Rank.NINE: lambda t: t.pgettext("rank as a card, starting a sentence", "Nine"),
    Rank.TEN: lambda t: t.pgettext("rank as a card, starting a sentence", "Ten"),
    Rank.JACK: lambda t: t.pgettext("rank as a card, starting a sentence", "The jack"),
    Rank.QUEEN: lambda t: t.pgettext("rank as a card, starting a sentence", "The queen"),
    Rank.KING: lambda t: t.pgettext("rank as a card, starting a sentence", "The king"),
    Rank.ACE: lambda t: t.pgettext("rank as a card, starting a sentence", "The ace"),
}


def subject(rank: int, t: Translations) -> str:
    """The card starting a sentence: "Seven" in "Seven is bigger than four."."""
    return _SUBJECT[rank](t)


def compared(rank: int, t: Translations) -> str:
    """The card after "bigger than" or "smaller than": "four" in "Seven is bigger than four."."""
    return _COMPARED[rank](t)


def equal_to(rank: int, t: Translations) -> str:
    """The card after "equal to": "four" in "Four is equal to four."."""
    return _EQUAL_TO[rank](t)


def turned(rank: int, t: Translations) -> str:
    """The card as the thing turned over: "a nine" in "Both turned a nine: war!".

    The little deck's ace (1) is still "an ace": that is the card the players turned.
    """
    if rank == ACE_AS_ONE:
        rank = Rank.ACE
    return _TURNED[rank](t)


def card(rank: int, t: Translations) -> str:
    """The card starting a sentence about the card itself: "The queen" in "The queen is the
    biggest card.", where German and Spanish give a number card its article ("Die Zwei",
    "El dos") and `subject` says a bare number ("Zwei ist kleiner als vier.").

    The little deck's ace is said as the number it counts, like everywhere: "One is the smallest
    card." (German "Die Eins").
    """
    return _CARD[rank](t)
