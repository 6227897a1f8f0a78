"""The presets (kidswar/game/rules.py): each described once, and nothing it needs missing.

A variant is a member of `Variant` with its `VariantDescriptor`; the rest is drawn from it. These
tests fail while a variant lacks its content page, a name in `variant_names` or in a catalog,
or its length estimate."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from kidswar.game.rules import DESCRIPTORS, PRESETS, Variant
from kidswar.words import variant_names
from kidswar.words.catalogs import LANGUAGES, load, translations_dir
from kidswar.words.content import PAGES, content_dir, page
from kidswar.words.estimates import estimate
from kidswar.words.game_length import estimate_sentences


class Recording:
    """Translations that keep every message asked for, and answer in English."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def gettext(self, message: str) -> str:
        self.asked.append(message)
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.append(singular)
        return singular if n == 1 else plural

    def pgettext(self, context: str, message: str) -> str:
        self.asked.append(message)
        return message


NAMINGS: dict[str, Callable[[Variant, Recording], str]] = {
    "short_name": variant_names.short_name,
    "choice_label": variant_names.choice_label,
    "game_title": variant_names.game_title,
    "how_to_play": variant_names.how_to_play,
    "start_label": variant_names.start_label,
    "length_sentence": lambda variant, t: variant_names.length_sentence(variant.value, 2, t),
}


def catalog(lang: str) -> Catalog:
    """A language's catalog, as the translators left it."""
    path = translations_dir() / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def test_every_variant_has_one_descriptor_and_the_pages_offer_them_all() -> None:
    assert set(DESCRIPTORS) == set(Variant) and tuple(Variant) == PRESETS
    assert tuple(variant.page for variant in Variant) == PAGES
    assert len(set(PAGES)) == len(PAGES)  # one page each


@pytest.mark.parametrize("variant", list(Variant), ids=lambda variant: variant.value)
def test_a_variant_has_its_content_page(variant: Variant) -> None:
    assert Path(content_dir() / f"{variant.page}.toml").is_file()
    shown = page(variant.page, load("en"))
    assert shown.title and shown.sections


@pytest.mark.parametrize("variant", list(Variant), ids=lambda variant: variant.value)
def test_a_variant_is_named_everywhere_in_every_language(variant: Variant) -> None:
    for use, naming in NAMINGS.items():
        t = Recording()
        assert naming(variant, t), use  # a variant missing from a naming is a KeyError
        for lang in LANGUAGES:
            if lang == "en":
                continue
            found = catalog(lang)
            for message in t.asked:
                entry = found.get(message)
                assert entry is not None and entry.string, f"{lang}: {use}: {message!r}"
                assert all(entry.string) if isinstance(entry.string, tuple) else True


@pytest.mark.parametrize("variant", list(Variant), ids=lambda variant: variant.value)
def test_a_variant_has_its_estimate(variant: Variant) -> None:
    figures = estimate(variant.value, 2)
    assert figures.variant == variant.value and figures.games > 0
    battles, _minutes = estimate_sentences(figures, load("en"), "en")
    assert variant_names.length_sentence(variant.value, 2, load("en")).split(" with ")[0] in battles
