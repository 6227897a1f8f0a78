"""The closed set of phrases the app can speak, and their text in each language.

Speech never reads text from a request: a URL names a phrase key, and the key maps to a whole
sentence built by `kidswar.words`, so what the voice says is exactly what the page shows. Keys
are spelled by `kidswar.words.phrase_keys` alone, here and wherever a page names a clip.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from kidswar.game.cards import Rank
from kidswar.game.rules import Deck
from kidswar.words import catalogs
from kidswar.words.catalogs import Translations
from kidswar.words.comparisons import best_of_many, comparison
from kidswar.words.content import PAGES, page
from kidswar.words.kind_words import kind_words
from kidswar.words.phrase_keys import (
    PEACE,
    TIME_UP,
    WAR,
    best_key,
    biggest_sum_key,
    compare_key,
    rules_section_keys,
    sum_compare_key,
)
from kidswar.words.practice import calls as practice_calls
from kidswar.words.ranks import ACE_AS_ONE
from kidswar.words.sums import biggest_sum, sum_comparison, sum_phrase, sum_sentence

LANGUAGES = catalogs.LANGUAGES
RANK_VALUES = range(Rank.TWO.value, Rank.ACE.value + 1)  # 2..14: two to ace
SPOKEN_KINDS = frozenset({"steps", "paragraphs", "list"})  # a table is not read aloud


def card_values(deck: Deck) -> tuple[int, ...]:
    """The values a deck's cards count for, smallest first: 2..14, or 1..10 for `numbers`."""
    return tuple(sorted({deck.value_of(card) for card in deck.cards}))


def seat_numbers(deck: Deck) -> tuple[int, ...]:
    """Every number a seat can stand with in Addition War with a deck, smallest first: two
    cards' sum, or one card's value for a seat that had one card left."""
    values = card_values(deck)
    return tuple(sorted({*values, *(a + b for a, b in itertools.product(values, repeat=2))}))


def meeting(groups: Iterable[Sequence[int]]) -> list[tuple[int, int]]:
    """Every ordered pair of numbers that can meet: both from one group (one deck), each once.

    A sum of the little deck never meets one of the full deck, so 1 (its ace alone) is never
    compared with 21 or more: only numbers that can stand against each other get a clip.
    """
    pairs = ((a, b) for group in groups for a, b in itertools.product(group, repeat=2))
    return list(dict.fromkeys(pairs))


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
    """Every phrase key, in a fixed order: cards compared, best cards, sums, calls, practice,
    rules."""
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
    # Cards compared: the full deck's, then the little deck's with its ace as one.
    for a, b in meeting(card_values(deck) for deck in Deck):
        yield compare_key(a, b), comparison(a, b, t)[0]
    for value in RANK_VALUES:  # three or four cards: "The queen is the biggest card."
        for lowest_wins in (False, True):
            yield best_key(value, lowest_wins), best_of_many(value, lowest_wins, t)
    # The little deck's ace is the smallest card in its Peace; it is never the biggest.
    yield best_key(ACE_AS_ONE, True), best_of_many(ACE_AS_ONE, True, t)
    yield from _sum_phrases(t)
    yield from announcements(t).items()
    yield from kind_words(t).items()  # the end of a game, to the children who did not win
    yield from practice_calls(t).items()  # "Which card is bigger?", "Yes!", "Let's count!"
    for name in PAGES:
        translated = page(name, t)  # the same sections and item counts in every language
        for section in _spoken_sections({"section": translated.sections}):
            items = section["items"]
            keys = rules_section_keys(name, section["id"], len(items))
            yield from zip(keys, map(translated.said, items), strict=True)


def _sum_phrases(t: Translations) -> Iterator[tuple[str, str]]:
    """Addition War's phrases: two cards added, a card alone, sums compared, the biggest sum."""
    for a, b in meeting(card_values(deck) for deck in Deck):  # "Three and four make seven."
        yield sum_phrase((a, b)), sum_sentence((a, b), t)
    for value in sorted({value for deck in Deck for value in card_values(deck)}):
        yield sum_phrase((value,)), sum_sentence((value,), t)  # "Only one card: seven."
    for a, b in meeting(seat_numbers(deck) for deck in Deck):  # "Seven is bigger than six."
        yield sum_compare_key(a, b), sum_comparison(a, b, t)[0]
    # "Fifteen is the biggest sum.": a number that some smaller number of its deck can meet.
    biggest = {number for deck in Deck for number in seat_numbers(deck)[1:]}
    for number in sorted(biggest):
        yield biggest_sum_key(number), biggest_sum(number, t)


@functools.cache
def _table(lang: str) -> dict[str, str]:
    """Every phrase of one language by key (built once: the catalogs do not change at run time)."""
    return dict(_phrases(catalogs.load(lang)))


def phrase_text(lang: str, key: str) -> str:
    """The sentence a phrase key stands for in a language; KeyError for an unknown one of either."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return _table(lang)[key]  # KeyError for an unknown key
