"""Turkish numbers with a case ending, in words for the voice (words/turkish_numbers.py): eSpeak
NG reads "1'den" as "bir den"; the voice is given "birden", as a child says it."""

from __future__ import annotations

import pytest

from kidswar.words.turkish_numbers import said_in_words, with_ending, words


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (1, "bir"),
        (10, "on"),
        (14, "on dört"),
        (100, "yüz"),  # never "bir yüz"
        (1000, "bin"),  # never "bir bin"
        (1833, "bin sekiz yüz otuz üç"),
        (2026, "iki bin yirmi altı"),
    ],
)
def test_a_number_in_turkish_words(number: int, said: str) -> None:
    assert words(number) == said


@pytest.mark.parametrize("number", [0, 10000, -3])
def test_a_number_out_of_its_range_is_refused(number: int) -> None:
    with pytest.raises(ValueError):
        words(number)


def test_the_ending_joins_the_last_word_and_dort_softens_before_a_vowel() -> None:
    assert with_ending(10, "a") == "ona"
    assert with_ending(1, "den") == "birden"
    assert with_ending(14, "e") == "on dörde"  # "dört" + a vowel: its t softens
    assert with_ending(4, "ten") == "dörtten"  # before a consonant it stays


def test_a_text_is_said_with_each_number_and_its_ending_in_words() -> None:
    text = "1'den 5'e kadar say, sonra 10’a kadar."  # straight and typographic apostrophes
    assert said_in_words(text) == "birden beşe kadar say, sonra ona kadar."
    assert said_in_words("7 > 4") == "7 > 4"  # a number without an ending is left to the voice
