"""Counts written as each language writes them (kidswar/words/numbers.py)."""

from __future__ import annotations

import pytest

from kidswar.words.catalogs import LANGUAGES
from kidswar.words.numbers import format_count


@pytest.mark.parametrize(
    ("locale", "written"),
    [("en", "1,000"), ("de", "1.000"), ("es", "1.000"), ("tr", "1.000")],
)
def test_a_thousand_is_grouped_the_languages_way(locale: str, written: str) -> None:
    assert format_count(1000, locale) == written


def test_french_groups_thousands_with_a_narrow_space() -> None:
    assert format_count(12_345, "fr").replace("\u202f", " ").replace("\xa0", " ") == "12 345"


def test_small_counts_are_plain_digits_in_every_language() -> None:
    assert {format_count(7, locale) for locale in LANGUAGES} == {"7"}
