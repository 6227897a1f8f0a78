"""What the voice is given for the rules texts: the shown sentence, or its declared spoken form.

eSpeak drops the signs <, = and > in every language ("7 > 4" was said "seven four"), so a
rules text with a sign declares what is said instead, in its TOML file, translated like it.
"""

from __future__ import annotations

import re

import pytest

from kidswar.sound.phrases import LANGUAGES, phrase_keys, phrase_text
from kidswar.words import catalogs
from kidswar.words.content import PAGES, SIGNS, _check_spoken, load_page, page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_given_to_the_voice_holds_a_sign(lang: str) -> None:
    signed = [key for key in phrase_keys() if SIGNS.search(phrase_text(lang, key))]
    assert not signed, signed


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", PAGES)
def test_a_rules_text_with_a_sign_is_said_in_words(lang: str, name: str) -> None:
    shown = page(name, catalogs.load(lang))
    texts = [item for section in shown.sections for item in section.get("items", [])]
    with_signs = [text for text in texts if isinstance(text, str) and SIGNS.search(text)]
    for text in with_signs:
        said = shown.said(text)
        assert said != text and not SIGNS.search(said), (name, text)
        # the same numbers, in the same order: only the signs became words
        assert re.findall(r"\d+", said) == re.findall(r"\d+", text) or lang == "tr"


def test_the_signs_are_said_as_the_languages_words() -> None:
    said = {lang: phrase_text(lang, "rules-war-practises-2") for lang in LANGUAGES}
    assert "7 is greater than 4, and 4 is less than 7" in said["en"]
    assert "dörtten büyüktür" in said["tr"] and "yediden küçüktür" in said["tr"]
    assert "7 ist größer als 4" in said["de"]
    assert "7 es mayor que 4" in said["es"]
    assert "7 est plus grand que 4" in said["fr"]


def test_a_number_with_a_space_in_it_is_said_as_one_number() -> None:
    french = page("war", catalogs.load("fr"))
    assert french.said("Après 1\u202f000 batailles.") == "Après 1000 batailles."
    assert french.said("Des cartes de 2 à 10 000.") == "Des cartes de 2 à 10000."
    assert french.said("7 et 4 000") == "7 et 4000"
    assert french.said("Il y a 12 cartes.") == "Il y a 12 cartes."


@pytest.mark.parametrize(
    "entry",
    [
        {"text": "A sentence no page has: 7 > 4.", "says": "7 is greater than 4."},
        {"text": "Greater than and less than: 7 > 4 and 4 < 7.", "says": "Still 7 > 4."},
    ],
)
def test_a_spoken_form_must_be_for_a_text_of_the_page_and_hold_no_sign(
    entry: dict[str, str],
) -> None:
    data = {**load_page("war"), "spoken": [entry]}
    with pytest.raises(ValueError, match=r"\[\[spoken\]\]"):
        _check_spoken("war", data)
