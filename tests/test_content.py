"""The rules texts of `content/` (kidswar/words/content.py): loaded, translated, said and
extracted for Babel."""

from __future__ import annotations

import io

import pytest

from kidswar.game.rules import Variant
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.content import (
    CONTEXT,
    PAGES,
    Page,
    extract_content,
    load_page,
    page,
    page_texts,
    page_title,
    peace_word,
    spelled,
    translate,
)


class Marked:
    """Translations that mark every text "~" (and give Peace a six-letter word)."""

    def gettext(self, message: str) -> str:
        return "~" + message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "~" + (singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return "SHALOM" if message == "PEACE" else "~" + message


def test_each_language_spells_its_own_five_letter_word_for_peace() -> None:
    # The words of peace_word's docstring.
    words = {"en": "PEACE", "tr": "BARIŞ", "de": "TAUBE", "es": "PACES", "fr": "POUCE"}
    assert {lang: peace_word(load(lang)) for lang in LANGUAGES} == words


def test_a_word_for_peace_that_is_not_five_letters_is_not_used() -> None:
    assert peace_word(Marked()) == "PEACE"


def test_the_peace_page_fills_in_the_word_and_says_its_letters_apart() -> None:
    peace = page(Variant.PEACE.page, load("en"))
    shown = [text for text in page_texts(peace.sections) if "(P-E-A-C-E)" in text]
    assert len(shown) == 1
    assert "PEACE (P, E, A, C, E)" in peace.said(shown[0])
    assert spelled("TAUBE") == "T, A, U, B, E"


def test_every_preset_has_a_page_with_a_title() -> None:
    for name in PAGES:
        assert page_title(name, load("en")) == load_page(name)["title"]
        assert page(name, load("en")).title == load_page(name)["title"]


def test_a_page_that_is_not_a_presets_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        load_page("chess")


def test_only_texts_are_translated_and_placeholders_filled() -> None:
    value = {"id": "war", "kind": "links", "items": ["one %(word)s", "3"], "ids": ["war"]}
    assert translate(value, Marked(), {"word": "x"}) == {
        "id": "war",
        "kind": "links",
        "items": ["~one x", "3"],
        "ids": ["war"],
    }
    assert list(page_texts(value)) == ["one %(word)s"]


def test_the_voice_says_a_declared_spoken_form_or_the_text_with_digit_groups_joined() -> None:
    spoken = Page("war", "War", "", [], spoken={"7 > 4": "Seven is bigger than four."})
    assert spoken.said("7 > 4") == "Seven is bigger than four."
    assert spoken.said("about 1\u202f000 battles") == "about 1000 battles"
    assert spoken.said("Turn a card.") == "Turn a card."


def test_babel_extracts_each_text_at_its_line_with_its_translators_comment() -> None:
    toml = (
        b'title = "War"\n'
        b"# Translators: the line under the title.\n"
        b'about = "A game for two."\n'
        b"[[section]]\n"
        b'id = "steps"\n'
        b'items = ["Turn a card.", "10"]\n'
    )
    found = list(extract_content(io.BytesIO(toml), [], ["Translators:"], {}))
    assert found == [
        (1, "pgettext", (CONTEXT, "War"), []),
        (3, "pgettext", (CONTEXT, "A game for two."), ["Translators: the line under the title."]),
        (6, "pgettext", (CONTEXT, "Turn a card."), []),
    ]
