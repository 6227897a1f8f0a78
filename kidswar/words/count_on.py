"""Counting on, said after a wrong answer: the hops from the smaller number to the bigger one.

Counting on from the number in hand is what makes number games teach (Siegler & Ramani 2008,
2009; docs/learning.md): "Seven… eight! Eight is one more than seven." for neighbours, and a
short count for the others, "Four, five, six, seven. Seven is three more than four.". Each
sentence is whole for the translator; the count itself is numbers in a row, the first in the
form that starts a sentence. Speech says the same words (phrase key `count-on-4-7`).

And the contrast for "smaller?": a child who chose the bigger card is told what happened,
"You chose the bigger one. We want the smaller one." (Townsend 1974; Ferry et al.).
"""

from __future__ import annotations

from kidswar.words import number_words
from kidswar.words.catalogs import Translations

HIGHEST = 14  # the biggest card value (the whole deck's ace); sums have their own counting


def can_count_on(low: int, high: int) -> bool:
    """True for two card values the count-on says: different, both 1 to 14."""
    return 1 <= low < high <= HIGHEST


def counting(low: int, high: int, t: Translations) -> str:
    """The hops alone: "Seven… eight!" for neighbours, else "Four, five, six, seven."."""
    if high - low == 1:
        # Translators: counting on by one hop, said to a child; first and then are numbers in
        # words ("Seven… eight!"): first starts the sentence, then is the plain number.
        return t.gettext("%(first)s… %(then)s!") % {
            "first": number_words.first_addend(low, t),
            "then": number_words.inside(high, t),
        }
    rest = [number_words.inside(number, t) for number in range(low + 1, high + 1)]
    # Translators: counting on, said to a child: first starts the sentence ("Four"), then come
    # the next numbers in words, already separated by commas ("five, six, seven").
    return t.gettext("%(first)s, %(then)s.") % {
        "first": number_words.first_addend(low, t),
        "then": ", ".join(rest),  # the same comma in the five languages
    }


def more_than(low: int, high: int, t: Translations) -> str:
    """How far the hops went: "Eight is one more than seven.", "Seven is three more than four."."""
    gap = high - low
    return t.ngettext(
        # Translators: after counting on; bigger starts the sentence ("Eight"), smaller is said
        # as after "bigger than" ("seven"; Turkish "yediden"), num is the hops in words ("one").
        "%(bigger)s is %(num)s more than %(smaller)s.",
        "%(bigger)s is %(num)s more than %(smaller)s.",
        gap,
    ) % {
        "bigger": number_words.subject(high, t),
        "smaller": number_words.compared(low, t),
        "num": number_words.inside(gap, t),
    }


def count_on(low: int, high: int, t: Translations) -> str:
    """The count-on after a wrong answer: "Seven… eight! Eight is one more than seven."."""
    return f"{counting(low, high, t)} {more_than(low, high, t)}"


def chose_bigger(t: Translations) -> str:
    """The contrast when "Which card is smaller?" was answered with the bigger card."""
    # Translators: said kindly to a child who was asked for the smaller card and tapped the
    # bigger one. Two short sentences: what the child did, then what the question wants.
    return t.gettext("You chose the bigger one. We want the smaller one.")
