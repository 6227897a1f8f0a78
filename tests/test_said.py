"""What a page shows and what the voice says for it (kidswar/words/said.py)."""

from __future__ import annotations

import pytest

from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.comparisons import NUMBERS, compare
from kidswar.words.phrase_keys import SIGN_NAMES, signs_key
from kidswar.words.said import (
    Said,
    clips,
    hints,
    sign_readings,
    signs_phrases,
    signs_said,
    signs_sentence,
    unsaid,
)

EN = load("en")


def test_the_voice_says_the_clips_in_the_order_shown() -> None:
    shown = [Said("One.", ("a",)), Said("Two.", ("b", "c")), Said("Shown only.", ())]
    assert clips(shown) == ("a", "b", "c")


def test_an_unsaid_text_is_still_shown_as_it_was() -> None:
    said = Said("7 > 4", ("k",), "signs")
    assert unsaid(said) == Said("7 > 4", (), "signs")


def test_signs_are_said_as_one_sentence_per_sign() -> None:
    said = signs_said("9 > 7 = 7")
    assert said == Said("9 > 7 = 7", (signs_key(9, ">", 7), signs_key(7, "=", 7)), "signs")


def test_a_sign_is_read_in_the_words_of_the_comparison_sentences() -> None:
    assert signs_sentence(9, ">", 7, EN) == "Nine is bigger than seven."
    assert signs_sentence(7, "=", 7, EN) == "Seven is equal to seven."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_sentence_one_translation_with_the_comparisons(lang: str) -> None:
    t = load(lang)
    for first, second in [(7, 4), (4, 7), (7, 7)]:
        sentence, signs = compare(first, second, NUMBERS, t)
        sign = signs.split()[1]
        assert signs_sentence(first, sign, second, t) == sentence


def test_every_reading_of_a_sign_is_its_signs_sentence() -> None:
    found = dict(signs_phrases([(3, 5), (5, 5)], EN))
    assert len(found) == 2 * len(SIGN_NAMES)
    for first, second in [(3, 5), (5, 5)]:
        for sign in SIGN_NAMES:
            assert found[signs_key(first, sign, second)] == signs_sentence(first, sign, second, EN)


def test_the_readings_are_of_the_three_signs() -> None:
    assert set(sign_readings(EN)) == {">", "<", "="} == set(SIGN_NAMES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_kind_of_question_has_a_hint_of_its_own(lang: str) -> None:
    found = hints(load(lang))
    assert len(found) == 7
    assert len(set(found.values())) == 7
