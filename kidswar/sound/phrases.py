"""The closed set of phrases the app can speak, and their text in each language.

Speech never reads text from a request: a URL names a phrase key, and the key maps to a whole
sentence built by `kidswar.words`, so what the voice says is exactly what the page shows. Keys
are made of lowercase letters, digits and dashes only, so they are safe in a URL and a file name.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from kidswar.game.cards import Rank
from kidswar.words import catalogs
from kidswar.words.catalogs import Translations
from kidswar.words.content import PAGES, load_page, page
from kidswar.words.practice import calls as practice_calls
from kidswar.words.sentences import best_of_many, comparison

LANGUAGES = catalogs.LANGUAGES
RANK_VALUES = range(Rank.TWO.value, Rank.ACE.value + 1)  # 2..14: two to ace
SPOKEN_KINDS = frozenset({"steps", "paragraphs", "list"})  # a table is not read aloud


def announcements(t: Translations) -> dict[str, str]:
    """The short calls said during a game, by key: "War!", "Peace!", "Time's up!"."""
    # Literal gettext calls, so Babel extracts these sentences for the translators.
    return {
        "war": t.gettext("War!"),
        "peace": t.gettext("Peace!"),
        "time-up": t.gettext("Time's up!"),
    }


def _spoken_sections(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The sections of a page (source or translated) whose items are read aloud."""
    for section in data.get("section", []):
        if section.get("kind") in SPOKEN_KINDS:
            yield section


def _rules_keys() -> list[str]:
    """One key per rules item read aloud: `rules-<page>-<section id>-<n>`, n from 1."""
    # The English source gives the structure; a translation has the same ids and item counts.
    return [
        f"rules-{name}-{section['id']}-{number}"
        for name in PAGES
        for section in _spoken_sections(load_page(name))
        for number in range(1, len(section["items"]) + 1)
    ]


def phrase_keys() -> list[str]:
    """Every phrase key, in a fixed order: comparisons, best cards, calls, practice, rules."""
    return list(_all_keys())  # a copy: callers may change their list


@functools.cache
def _all_keys() -> tuple[str, ...]:
    """Every phrase key, built once."""
    compare = [f"compare-{a}-{b}" for a in RANK_VALUES for b in RANK_VALUES]
    best = [f"{word}-{value}" for value in RANK_VALUES for word in ("biggest", "smallest")]
    english = catalogs.load("en")
    return tuple(
        compare
        + best
        + list(announcements(english))
        + list(practice_calls(english))
        + _rules_keys()
    )


@functools.cache
def _table(lang: str) -> dict[str, str]:
    """Every phrase of one language by key (built once: the catalogs do not change at run time)."""
    t = catalogs.load(lang)
    table = {
        f"compare-{a}-{b}": comparison(Rank(a), Rank(b), t)[0]
        for a in RANK_VALUES
        for b in RANK_VALUES
    }
    for value in RANK_VALUES:  # three or four cards: "The queen is the biggest card."
        table[f"biggest-{value}"] = best_of_many(Rank(value), False, t)
        table[f"smallest-{value}"] = best_of_many(Rank(value), True, t)
    table.update(announcements(t))
    table.update(practice_calls(t))  # "Which card is bigger?", "Yes!", "Let's count!"
    for name in PAGES:
        translated = page(name, t)
        for section in _spoken_sections({"section": translated.sections}):
            for number, item in enumerate(section["items"], start=1):
                table[f"rules-{name}-{section['id']}-{number}"] = item
    return table


def phrase_text(lang: str, key: str) -> str:
    """The sentence a phrase key stands for in a language; KeyError for an unknown one of either."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return _table(lang)[key]  # KeyError for an unknown key
