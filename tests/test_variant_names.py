"""Each variant's words (kidswar/words/variant_names.py): every use names every variant, in
every language's catalog."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from kidswar.game.rules import Variant
from kidswar.words import variant_names
from kidswar.words.catalogs import LANGUAGES, load, translations_dir


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


@functools.cache
def catalog(lang: str) -> Catalog:
    """A language's catalog, as the translators left it."""
    path = translations_dir() / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


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


def test_each_use_names_the_variant_itself() -> None:
    t = load("en")
    for variant in Variant:
        name = variant_names.short_name(variant, t)
        assert name in variant_names.game_title(variant, t)
        assert name in variant_names.how_to_play(variant, t)
        assert name in variant_names.start_label(variant, t)
        assert name in variant_names.length_sentence(variant.value, 3, t)
    assert "Three down" in variant_names.full_game_choice(t)
