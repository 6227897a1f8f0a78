"""Turkish numbers with a suffix, in words for the voice: "10'a kadar" is said "ona kadar".

Turkish writes a case ending after digits with an apostrophe ("1'den 5'e", "1833'te"), and the
writer has already chosen the ending by how the number sounds. eSpeak NG reads the two apart
("on a", "bir den beş e"): the voice is given the number in words with its ending joined on
("birden beşe"), as a child says it. Only the voice hears this; the page shows the digits.
"""

from __future__ import annotations

import re

_ONES = ("", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz")
_TENS = ("", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan")
# A number in digits, an apostrophe (straight or typographic), then its case ending.
_WITH_ENDING = re.compile(r"\b(\d{1,4})['’](\w+)")
# Before an ending that starts with a vowel, "dört" softens its t: "14'e" is "on dörde".
_SOFTENED = {"dört": "dörd"}
_VOWELS = frozenset("aeıioöuü")


def words(number: int) -> str:
    """A number from 1 to 9999 in Turkish words: 1833 is "bin sekiz yüz otuz üç"."""
    if not 0 < number < 10000:
        raise ValueError(f"no Turkish words here for {number}")
    parts: list[str] = []
    thousands, rest = divmod(number, 1000)
    hundreds, rest = divmod(rest, 100)
    tens, ones = divmod(rest, 10)
    if thousands:  # "bin", never "bir bin"; the same for "yüz"
        parts += ["bin"] if thousands == 1 else [_ONES[thousands], "bin"]
    if hundreds:
        parts += ["yüz"] if hundreds == 1 else [_ONES[hundreds], "yüz"]
    parts += [word for word in (_TENS[tens], _ONES[ones]) if word]
    return " ".join(parts)


def with_ending(number: int, ending: str) -> str:
    """A number in words with its case ending joined to the last word: (10, "a") is "ona"."""
    *first, last = words(number).split()
    if ending[:1] in _VOWELS:
        last = _SOFTENED.get(last, last)
    return " ".join([*first, last + ending])


def said_in_words(text: str) -> str:
    """A Turkish text as the voice is given it: each number with an ending in words."""
    return _WITH_ENDING.sub(lambda m: with_ending(int(m.group(1)), m.group(2)), text)
