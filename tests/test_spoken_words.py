"""What eSpeak NG is given reads right to a native ear (issue 32, the native review).

Every text the voice says, in every language, is checked for what eSpeak misreads: a Turkish
number with its ending after an apostrophe ("10'a": "on a"), a lone letter for a card ("A"
for the ace: the article "uh"; Turkish "Q": "kju"), a year in digits (said as a plain number,
"one thousand eight hundred…"), and a level's brackets read aloud. And the templates write no
words or punctuation of their own: a colon is the catalog's, so French gets its space.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kidswar.sound.phrases import LANGUAGES, phrase_keys, phrase_text
from kidswar.words.turkish_numbers import said_in_words, with_ending, words

TEMPLATES = Path(__file__).resolve().parent.parent / "kidswar" / "web" / "templates"
# A year as digits: 1500 to 2099, on its own (not part of a longer number).
YEAR = re.compile(r"(?<![\d.,])(1[5-9]\d\d|20\d\d)(?![\d.,])")


def spoken(lang: str) -> dict[str, str]:
    """Every text the voice says in a language, by phrase key."""
    return {key: phrase_text(lang, key) for key in sorted(phrase_keys())}


def test_no_turkish_number_is_said_apart_from_its_ending() -> None:
    held = {key: text for key, text in spoken("tr").items() if re.search(r"\d['’]\w", text)}
    assert not held


def test_the_turkish_endings_join_the_number_in_words() -> None:
    assert said_in_words("İlk sayılar (1'den 5'e)") == "İlk sayılar (birden beşe)"
    assert said_in_words("astan 10'a kadar, 28'e kadar") == "astan ona kadar, yirmi sekize kadar"
    assert said_in_words("14 + 14'e") == "14 + on dörde"  # dört softens before a vowel
    assert said_in_words("daha 1833'te") == "daha bin sekiz yüz otuz üçte"
    assert words(100) == "yüz" and words(1000) == "bin" and words(2031) == "iki bin otuz bir"
    assert with_ending(4, "ten") == "dörtten"  # no softening before a consonant


def test_no_english_ace_is_said_as_a_lone_letter() -> None:
    # "(J, Q, K, A)": eSpeak reads the ace's A as the article. Peace's letters spelled
    # "P, E, A, C, E" are the one place a lone A is a letter, among other capitals.
    lone = re.compile(r"(?<![\w'’])A(?![\w'’])")
    held = {
        key: text
        for key, text in spoken("en").items()
        if lone.search(text)
        and "P, E, A, C, E" not in text
        and not text.startswith("A ")
        and not re.search(r"[.:!?] A ", text)
    }
    assert not held


def test_no_turkish_text_names_the_letter_q() -> None:
    held = {key: text for key, text in spoken("tr").items() if re.search(r"\bQ\b", text)}
    assert not held


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_year_is_said_as_a_year(lang: str) -> None:
    # English and German read years in hundreds ("eighteen thirty-three"); eSpeak reads digits
    # as a plain number. (Turkish, Spanish and French say a year as the plain number.)
    held = {key: text for key, text in spoken(lang).items() if YEAR.search(text)}
    assert not held


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_offer_reads_a_levels_brackets_aloud(lang: str) -> None:
    offers = {key: text for key, text in spoken(lang).items() if key.startswith("offer-")}
    assert offers
    assert not {key: text for key, text in offers.items() if re.search(r"[()]", text)}


def test_no_template_writes_a_colon_of_its_own() -> None:
    # "6 déc.: Bonnes réponses…": a colon between two catalog texts is English punctuation in
    # every language; the catalog's whole sentence carries its own (French "6 déc. : …").
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern in (r"\{#.*?#\}", r"\{%.*?%\}", r"\{\{.*?\}\}", r"<[^>]*>"):
            text = re.sub(pattern, "", text, flags=re.S)
        found += [f"{path.name}: {line.strip()}" for line in text.splitlines() if ":" in line]
    assert not found
