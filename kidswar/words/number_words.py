"""Numbers 1 to 28 in the forms a sentence needs: card values, sums, and what is added.

A number is not said like a card (German says "Die Zwei ist die größte Karte" for a card but
"Sieben ist größer als vier" for a number), so these have their own contexts, apart from the
rank forms of `ranks`. Addition War needs numbers up to 28 (an ace and an ace, 14 + 14) and
the little deck's ace counts one. Turkish puts the compared number in the ablative ("yirmi
dörtten") and "equal to" in the dative ("yirmi dörde"); every form is its own entry, written
out as a literal call so the extractor sees it, so no ending is ever glued on in Python.
"""

from __future__ import annotations

from collections.abc import Callable

from kidswar.words.catalogs import Translations

NUMBERS = range(1, 29)  # every number a sentence can say: the ace as one up to 14 + 14
ADDENDS = range(1, 15)  # what is added: one card's value, the ace as one up to the ace as 14

# Each number's form in each slot, as a function translating it when a sentence asks: a
# sentence looks up only the form it says (building all 28 of a slot cost 28 lookups a call),
# and each literal is still written out, so the extractor sees it (as in `ranks`).
Form = Callable[[Translations], str]

# `subject`'s forms.
_SUBJECT: dict[int, Form] = {
    # Translators: a number, not a card. In Turkish the tens ("On,", "Yirmi,") keep the
    # comma of the rank forms, so "Yirmi, yediden büyük." is not heard as "yirmi yedi".
    1: lambda t: t.pgettext("number, starting a sentence", "One"),
    2: lambda t: t.pgettext("number, starting a sentence", "Two"),
    3: lambda t: t.pgettext("number, starting a sentence", "Three"),
    4: lambda t: t.pgettext("number, starting a sentence", "Four"),
    5: lambda t: t.pgettext("number, starting a sentence", "Five"),
    6: lambda t: t.pgettext("number, starting a sentence", "Six"),
    7: lambda t: t.pgettext("number, starting a sentence", "Seven"),
    8: lambda t: t.pgettext("number, starting a sentence", "Eight"),
    9: lambda t: t.pgettext("number, starting a sentence", "Nine"),
    10: lambda t: t.pgettext("number, starting a sentence", "Ten"),
    11: lambda t: t.pgettext("number, starting a sentence", "Eleven"),
    12: lambda t: t.pgettext("number, starting a sentence", "Twelve"),
    13: lambda t: t.pgettext("number, starting a sentence", "Thirteen"),
    14: lambda t: t.pgettext("number, starting a sentence", "Fourteen"),
    15: lambda t: t.pgettext("number, starting a sentence", "Fifteen"),
    16: lambda t: t.pgettext("number, starting a sentence", "Sixteen"),
    17: lambda t: t.pgettext("number, starting a sentence", "Seventeen"),
    18: lambda t: t.pgettext("number, starting a sentence", "Eighteen"),
    19: lambda t: t.pgettext("number, starting a sentence", "Nineteen"),
    20: lambda t: t.pgettext("number, starting a sentence", "Twenty"),
    21: lambda t: t.pgettext("number, starting a sentence", "Twenty-one"),
    22: lambda t: t.pgettext("number, starting a sentence", "Twenty-two"),
    23: lambda t: t.pgettext("number, starting a sentence", "Twenty-three"),
    24: lambda t: t.pgettext("number, starting a sentence", "Twenty-four"),
    25: lambda t: t.pgettext("number, starting a sentence", "Twenty-five"),
    26: lambda t: t.pgettext("number, starting a sentence", "Twenty-six"),
    27: lambda t: t.pgettext("number, starting a sentence", "Twenty-seven"),
    28: lambda t: t.pgettext("number, starting a sentence", "Twenty-eight"),
}


# `compared`'s forms.
_COMPARED: dict[int, Form] = {
    # Translators: a number, not a card; Turkish puts it in the ablative ("yirmi dörtten").
    1: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "one"),
    2: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "two"),
    3: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "three"),
    4: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "four"),
    5: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "five"),
    6: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "six"),
    7: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "seven"),
    8: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "eight"),
    9: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "nine"),
    10: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "ten"),
    11: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "eleven"),
    12: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twelve"),
    13: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "thirteen"),
    14: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "fourteen"),
    15: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "fifteen"),
    16: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "sixteen"),
    17: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "seventeen"),
    18: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "eighteen"),
    19: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "nineteen"),
    20: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty"),
    21: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-one"),
    22: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-two"),
    23: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-three"),
    24: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-four"),
    25: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-five"),
    26: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-six"),
    27: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-seven"),
    28: lambda t: t.pgettext("number, after 'bigger than' or 'smaller than'", "twenty-eight"),
}


# `equal_to`'s forms.
_EQUAL_TO: dict[int, Form] = {
    # Translators: a number, not a card; Turkish puts it in the dative ("yirmi dörde").
    1: lambda t: t.pgettext("number, after 'equal to'", "one"),
    2: lambda t: t.pgettext("number, after 'equal to'", "two"),
    3: lambda t: t.pgettext("number, after 'equal to'", "three"),
    4: lambda t: t.pgettext("number, after 'equal to'", "four"),
    5: lambda t: t.pgettext("number, after 'equal to'", "five"),
    6: lambda t: t.pgettext("number, after 'equal to'", "six"),
    7: lambda t: t.pgettext("number, after 'equal to'", "seven"),
    8: lambda t: t.pgettext("number, after 'equal to'", "eight"),
    9: lambda t: t.pgettext("number, after 'equal to'", "nine"),
    10: lambda t: t.pgettext("number, after 'equal to'", "ten"),
    11: lambda t: t.pgettext("number, after 'equal to'", "eleven"),
    12: lambda t: t.pgettext("number, after 'equal to'", "twelve"),
    13: lambda t: t.pgettext("number, after 'equal to'", "thirteen"),
    14: lambda t: t.pgettext("number, after 'equal to'", "fourteen"),
    15: lambda t: t.pgettext("number, after 'equal to'", "fifteen"),
    16: lambda t: t.pgettext("number, after 'equal to'", "sixteen"),
    17: lambda t: t.pgettext("number, after 'equal to'", "seventeen"),
    18: lambda t: t.pgettext("number, after 'equal to'", "eighteen"),
    19: lambda t: t.pgettext("number, after 'equal to'", "nineteen"),
    20: lambda t: t.pgettext("number, after 'equal to'", "twenty"),
    21: lambda t: t.pgettext("number, after 'equal to'", "twenty-one"),
    22: lambda t: t.pgettext("number, after 'equal to'", "twenty-two"),
    23: lambda t: t.pgettext("number, after 'equal to'", "twenty-three"),
    24: lambda t: t.pgettext("number, after 'equal to'", "twenty-four"),
    25: lambda t: t.pgettext("number, after 'equal to'", "twenty-five"),
    26: lambda t: t.pgettext("number, after 'equal to'", "twenty-six"),
    27: lambda t: t.pgettext("number, after 'equal to'", "twenty-seven"),
    28: lambda t: t.pgettext("number, after 'equal to'", "twenty-eight"),
}


# `inside`'s forms.
_INSIDE: dict[int, Form] = {
    # Translators: the plain number, no case ending: "Three and four make seven.", "Only
    # one card: seven.", "Both sums are seven: war!".
    1: lambda t: t.pgettext("number, inside a sentence", "one"),
    2: lambda t: t.pgettext("number, inside a sentence", "two"),
    3: lambda t: t.pgettext("number, inside a sentence", "three"),
    4: lambda t: t.pgettext("number, inside a sentence", "four"),
    5: lambda t: t.pgettext("number, inside a sentence", "five"),
    6: lambda t: t.pgettext("number, inside a sentence", "six"),
    7: lambda t: t.pgettext("number, inside a sentence", "seven"),
    8: lambda t: t.pgettext("number, inside a sentence", "eight"),
    9: lambda t: t.pgettext("number, inside a sentence", "nine"),
    10: lambda t: t.pgettext("number, inside a sentence", "ten"),
    11: lambda t: t.pgettext("number, inside a sentence", "eleven"),
    12: lambda t: t.pgettext("number, inside a sentence", "twelve"),
    13: lambda t: t.pgettext("number, inside a sentence", "thirteen"),
    14: lambda t: t.pgettext("number, inside a sentence", "fourteen"),
    15: lambda t: t.pgettext("number, inside a sentence", "fifteen"),
    16: lambda t: t.pgettext("number, inside a sentence", "sixteen"),
    17: lambda t: t.pgettext("number, inside a sentence", "seventeen"),
    18: lambda t: t.pgettext("number, inside a sentence", "eighteen"),
    19: lambda t: t.pgettext("number, inside a sentence", "nineteen"),
    20: lambda t: t.pgettext("number, inside a sentence", "twenty"),
    21: lambda t: t.pgettext("number, inside a sentence", "twenty-one"),
    22: lambda t: t.pgettext("number, inside a sentence", "twenty-two"),
    23: lambda t: t.pgettext("number, inside a sentence", "twenty-three"),
    24: lambda t: t.pgettext("number, inside a sentence", "twenty-four"),
    25: lambda t: t.pgettext("number, inside a sentence", "twenty-five"),
    26: lambda t: t.pgettext("number, inside a sentence", "twenty-six"),
    27: lambda t: t.pgettext("number, inside a sentence", "twenty-seven"),
    28: lambda t: t.pgettext("number, inside a sentence", "twenty-eight"),
}


# `first_addend`'s forms.
_FIRST_ADDEND: dict[int, Form] = {
    # Translators: the plain number starting "Three and four make seven." (no comma).
    1: lambda t: t.pgettext("number, first in a sum", "One"),
    2: lambda t: t.pgettext("number, first in a sum", "Two"),
    3: lambda t: t.pgettext("number, first in a sum", "Three"),
    4: lambda t: t.pgettext("number, first in a sum", "Four"),
    5: lambda t: t.pgettext("number, first in a sum", "Five"),
    6: lambda t: t.pgettext("number, first in a sum", "Six"),
    7: lambda t: t.pgettext("number, first in a sum", "Seven"),
    8: lambda t: t.pgettext("number, first in a sum", "Eight"),
    9: lambda t: t.pgettext("number, first in a sum", "Nine"),
    10: lambda t: t.pgettext("number, first in a sum", "Ten"),
    11: lambda t: t.pgettext("number, first in a sum", "Eleven"),
    12: lambda t: t.pgettext("number, first in a sum", "Twelve"),
    13: lambda t: t.pgettext("number, first in a sum", "Thirteen"),
    14: lambda t: t.pgettext("number, first in a sum", "Fourteen"),
}


def subject(number: int, t: Translations) -> str:
    """The number starting a sentence: "Seven" in "Seven is bigger than six."."""
    return _SUBJECT[number](t)  # KeyError for a number no game can reach


def compared(number: int, t: Translations) -> str:
    """The number after "bigger than" or "smaller than": "six" in "Seven is bigger than six."."""
    return _COMPARED[number](t)  # KeyError for a number no game can reach


def equal_to(number: int, t: Translations) -> str:
    """The number after "equal to": "seven" in "Seven is equal to seven."."""
    return _EQUAL_TO[number](t)  # KeyError for a number no game can reach


def inside(number: int, t: Translations) -> str:
    """The plain number inside a sentence: "seven" in "Three and four make seven."."""
    return _INSIDE[number](t)  # KeyError for a number no game can reach


def first_addend(number: int, t: Translations) -> str:
    """The first number added, starting the sum: "Three" in "Three and four make seven."."""
    return _FIRST_ADDEND[number](t)  # KeyError for a number no game can reach
