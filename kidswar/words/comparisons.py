"""Cards compared, as whole sentences: "Seven is bigger than four.", a tie, the best of many.

Cards and numbers share the three comparison sentences (`compare`); what differs is how each
side is said. A card is said by the forms of `ranks` ("The king is bigger than seven.", the
little deck's ace "One is smaller than five."); a number, such as a sum in Addition War, by the
forms of `number_words` ("Thirteen is bigger than seven."): German says the two differently.
A card is named by its value throughout (`Rules.value_of`): a `Rank`, or 1 for that ace.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from kidswar.words import number_words, ranks
from kidswar.words.catalogs import Translations
from kidswar.words.phrase_keys import best_key, compare_key

Form = Callable[[int, Translations], str]


class Forms(NamedTuple):
    """How one kind of thing is said in each slot of a comparison."""

    subject: Form  # starting the sentence: "Seven"
    compared: Form  # after "bigger than" or "smaller than": "four" (Turkish "dörtten")
    equal_to: Form  # after "equal to": "four" (Turkish "dörde")


CARDS = Forms(ranks.subject, ranks.compared, ranks.equal_to)
NUMBERS = Forms(number_words.subject, number_words.compared, number_words.equal_to)


def compare(first: int, second: int, forms: Forms, t: Translations) -> tuple[str, str]:
    """Compare two values said by `forms`: the sentence and its signs, the first said first."""
    values = {"first": forms.subject(first, t), "second": forms.compared(second, t)}
    if first > second:
        text, sign = t.gettext("%(first)s is bigger than %(second)s."), ">"
    elif first < second:
        text, sign = t.gettext("%(first)s is smaller than %(second)s."), "<"
    else:
        values["second"] = forms.equal_to(second, t)
        text, sign = t.gettext("%(first)s is equal to %(second)s."), "="
    return text % values, f"{int(first)} {sign} {int(second)}"  # int(): a Rank is its value


def comparison(first: int, second: int, t: Translations) -> tuple[str, str]:
    """Compare two cards by value: ("Seven is bigger than four.", "7 > 4").

    A card is its value: a `Rank`, or 1 for the little deck's ace ("One is smaller than five.").
    """
    return compare(first, second, CARDS, t)


def same_cards(value: int, t: Translations) -> str:
    """Two cards of one value, as a tie's reply says what "=" means: "The cards are the same.
    Seven is equal to seven." (the signs "7 = 7" shown beside it)."""
    values = {"first": ranks.subject(value, t), "second": ranks.equal_to(value, t)}
    # Translators: after two cards of the same value in the drill, under their signs "7 = 7":
    # what the sign "=" means. first and second are the same card, said as in
    # "%(first)s is equal to %(second)s.".
    return t.gettext("The cards are the same. %(first)s is equal to %(second)s.") % values


def tie_sentence(count: int, in_battle: int, rank: int, lowest_wins: bool, t: Translations) -> str:
    """Say that the best card is shared: war (or, in Peace, peace)."""
    values = {"card": ranks.turned(rank, t), "count": count}
    if count == in_battle == 2:
        text = (
            t.gettext("Both turned %(card)s: peace!")
            if lowest_wins
            else t.gettext("Both turned %(card)s: war!")
        )
    elif lowest_wins:
        text = t.ngettext(
            "%(count)d player turned %(card)s: peace!",
            "%(count)d players turned %(card)s: peace!",
            count,
        )
    else:
        text = t.ngettext(
            "%(count)d player turned %(card)s: war!",
            "%(count)d players turned %(card)s: war!",
            count,
        )
    return text % values


def best_sentence(
    best: int, others: Sequence[int], lowest_wins: bool, t: Translations
) -> tuple[str, str | None]:
    """Say why the best card won: against one card a comparison, against more "the biggest"."""
    if len(others) == 1:
        return comparison(best, others[0], t)
    return best_of_many(best, lowest_wins, t), None


def best_of_many(rank: int, lowest_wins: bool, t: Translations) -> str:
    """Say that a card beat two or more others: "The queen is the biggest card."."""
    values = {"card": ranks.card(rank, t)}  # the card itself: German "Die Zwei", not "Zwei"
    if lowest_wins:
        return t.gettext("%(card)s is the smallest card.") % values
    return t.gettext("%(card)s is the biggest card.") % values


def best_phrase(best: int, others: Sequence[int], lowest_wins: bool) -> str:
    """The phrase key speech says for the winning card (see kidswar.sound.phrases)."""
    if len(others) == 1:
        return compare_key(best, others[0])
    return best_key(best, lowest_wins)
