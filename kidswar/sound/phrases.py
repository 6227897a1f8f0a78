"""The closed set of phrases the app can speak, and their text in each language.

Speech never reads text from a request: a URL names a phrase key, and the key maps to a whole
sentence built by `kidswar.words`, so what the voice says is exactly what the page shows. Keys
are spelled by `kidswar.words.phrase_keys` alone, here and wherever a page names a clip.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from kidswar.game.cards import Rank
from kidswar.words import catalogs
from kidswar.words.catalogs import Translations
from kidswar.words.content import PAGES, page
from kidswar.words.phrase_keys import (
    PEACE,
    TIME_UP,
    WAR,
    best_key,
    compare_key,
    rules_section_keys,
)
from kidswar.words.practice import calls as practice_calls
from kidswar.words.sentences import best_of_many, comparison

LANGUAGES = catalogs.LANGUAGES
RANK_VALUES = range(Rank.TWO.value, Rank.ACE.value + 1)  # 2..14: two to ace
SPOKEN_KINDS = frozenset({"steps", "paragraphs", "list"})  # a table is not read aloud


def announcements(t: Translations) -> dict[str, str]:
    """The short calls said during a game, by key: "War!", "Peace!", "Time's up!"."""
    # Literal gettext calls, so Babel extracts these sentences for the translators.
    return {
        WAR: t.gettext("War!"),
        PEACE: t.gettext("Peace!"),
        TIME_UP: t.gettext("Time's up!"),
    }


def _spoken_sections(data: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The sections of a page (source or translated) whose items are read aloud."""
    for section in data.get("section", []):
        if section.get("kind") in SPOKEN_KINDS:
            yield section


def phrase_keys() -> list[str]:
    """Every phrase key, in a fixed order: comparisons, best cards, calls, practice, rules."""
    return list(_all_keys())  # a copy: callers may change their list


@functools.cache
def _all_keys() -> tuple[str, ...]:
    """Every phrase key, built once: the keys of the English phrases (every language has them)."""
    # From the walk itself, not the table's keys: a key named twice stays visible (a test
    # checks each is unique), where a dict would keep the last sentence silently.
    return tuple(key for key, _ in _phrases(catalogs.load("en")))


def _phrases(t: Translations) -> Iterator[tuple[str, str]]:
    """Every phrase of one language as (key, sentence), in the order of `phrase_keys`."""
    # One walk names and words each phrase, so the list of keys and the sentences cannot differ.
    for a in RANK_VALUES:
        for b in RANK_VALUES:
            yield compare_key(a, b), comparison(Rank(a), Rank(b), t)[0]
    for value in RANK_VALUES:  # three or four cards: "The queen is the biggest card."
        for lowest_wins in (False, True):
            yield best_key(value, lowest_wins), best_of_many(Rank(value), lowest_wins, t)
    yield from announcements(t).items()
    yield from practice_calls(t).items()  # "Which card is bigger?", "Yes!", "Let's count!"
    for name in PAGES:
        translated = page(name, t)  # the same sections and item counts in every language
        for section in _spoken_sections({"section": translated.sections}):
            items = section["items"]
            keys = rules_section_keys(name, section["id"], len(items))
            yield from zip(keys, items, strict=True)


@functools.cache
def _table(lang: str) -> dict[str, str]:
    """Every phrase of one language by key (built once: the catalogs do not change at run time)."""
    return dict(_phrases(catalogs.load(lang)))


def phrase_text(lang: str, key: str) -> str:
    """The sentence a phrase key stands for in a language; KeyError for an unknown one of either."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return _table(lang)[key]  # KeyError for an unknown key
