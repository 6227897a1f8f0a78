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
from kidswar.game.ladder import LADDER, above, below
from kidswar.game.records import Reason
from kidswar.game.rules import Deck
from kidswar.words import catalogs, drill_sums, number_words
from kidswar.words.animal_names import playing_calls
from kidswar.words.catalogs import Translations
from kidswar.words.comparisons import best_of_many, comparison, same_cards, tie_sentence
from kidswar.words.content import PAGES, page
from kidswar.words.count_on import chose_bigger, count_on
from kidswar.words.kind_words import kind_words
from kidswar.words.levels import climb_offer, level_names, spoken_level, step_down_offer
from kidswar.words.phrase_keys import (
    CHOSE_BIGGER,
    FORFEIT_NEITHER,
    MOST_TAKEN,
    NOBODY_LEFT,
    PEACE,
    PEACE_AGAIN,
    SEATS,
    THE_SAME,
    TIME_UP,
    WAR,
    WAR_AGAIN,
    YOU_CHOSE,
    adding_on_key,
    best_key,
    biggest_sum_key,
    compare_key,
    count_on_key,
    forfeit_key,
    more_key,
    number_key,
    offer_key,
    outcome_key,
    rules_section_keys,
    same_cards_key,
    seat_voices,
    sum_compare_key,
    sum_tie_key,
    takes_key,
    tie_sentence_key,
)
from kidswar.words.practice import calls as practice_calls
from kidswar.words.practice import more_sentence
from kidswar.words.ranks import ACE_AS_ONE
from kidswar.words.said import hints, signs_phrases
from kidswar.words.sentences import (
    WON,
    forfeit_names,
    takes_sentence,
    voice_name,
    winner_sentence,
)
from kidswar.words.sums import (
    biggest_sum,
    sum_comparison,
    sum_phrase,
    sum_sentence,
    sum_tie_sentence,
)
from kidswar.words.tiles import calls as tile_calls
from kidswar.words.tiles import choice_calls
from kidswar.words.turkish_numbers import said_in_words

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
    yield from _count_on_phrases(t)
    yield from _offer_phrases(t)
    yield from _battle_phrases(t)
    yield from _practice_phrases(t)
    yield from tile_calls(t).items()  # the home page's tiles, "The voice is on."
    yield from choice_calls(t).items()  # the drill's picture choices: "Practise again"
    yield from playing_calls(t).items()  # the picker: "Cat is playing now."
    for name in PAGES:
        translated = page(name, t)  # the same sections and item counts in every language
        for section in _spoken_sections({"section": translated.sections}):
            items = section["items"]
            keys = rules_section_keys(name, section["id"], len(items))
            yield from zip(keys, map(translated.said, items), strict=True)


def _offer_phrases(t: Translations) -> Iterator[tuple[str, str]]:
    """The ladder's offers from every rung that has a level above or below it, keyed by the
    rung the child is on (the drill says the offer it shows), each level by its spoken name:
    "(J, Q, K, A)" and "(ace to 10, ace counts 1)" are for the adult's eyes, not the voice."""
    names = {key: spoken_level(name) for key, name in level_names(t).items()}
    for rung in LADDER:
        up, down = above(rung), below(rung)
        if up is not None:
            yield offer_key("climb", rung.name), climb_offer(names[up.name], t)
        if down is not None:
            yield offer_key("step-down", rung.name), step_down_offer(names[down.name], t)


def _count_on_phrases(t: Translations) -> Iterator[tuple[str, str]]:
    """After a wrong answer: counting on between two cards that can meet ("Seven… eight! Eight
    is one more than seven."), and the contrast for "smaller?"."""
    for a, b in meeting(card_values(deck) for deck in Deck):
        if a < b:
            yield count_on_key(a, b), count_on(a, b, t)
    yield CHOSE_BIGGER, chose_bigger(t)


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


TIE_VALUES = range(ACE_AS_ONE, Rank.ACE.value + 1)  # a tied card: the little deck's ace to ace


def _battle_phrases(t: Translations) -> Iterator[tuple[str, str]]:
    """The other sentences after a battle, as the table shows them: the tie, the war again,
    who takes the cards (each seat by its voice, `seat_voices`), a war one cannot lay."""
    for lowest_wins in (False, True):
        for value in TIE_VALUES:  # "Both turned a queen: war!", "3 players turned a queen: war!"
            yield (
                tie_sentence_key(2, 2, value, lowest_wins),
                tie_sentence(2, 2, value, lowest_wins, t),
            )
            for count in range(2, SEATS + 1):
                key = tie_sentence_key(count, SEATS, value, lowest_wins)
                yield key, tie_sentence(count, SEATS, value, lowest_wins, t)
    for number in sorted({n for deck in Deck for n in seat_numbers(deck)}):
        yield sum_tie_key(2, 2, number), sum_tie_sentence(2, 2, number, t)
        for count in range(2, SEATS + 1):
            yield sum_tie_key(count, SEATS, number), sum_tie_sentence(count, SEATS, number, t)
    yield WAR_AGAIN, t.gettext("The same again: war again!")
    yield PEACE_AGAIN, t.gettext("The same again: peace again!")
    yield NOBODY_LEFT, t.gettext("Nobody has a card left to lay.")
    yield FORFEIT_NEITHER, t.gettext("Neither player has enough cards for the war.")
    voices = seat_voices()
    for voice in voices:  # "Player 1 takes 2 cards."
        for count in range(1, MOST_TAKEN + 1):
            yield takes_key(voice, count), takes_sentence(voice_name(voice, t), count, t)
    for reason in WON:  # "Player 1 collected every card and wins!"
        for voice in voices:
            yield outcome_key(reason.value, voice), winner_sentence(reason, voice_name(voice, t), t)
    yield (
        outcome_key(Reason.STALEMATE.value),
        t.gettext("Stalemate: nobody could lay another card. The game is a draw."),
    )
    yield (
        outcome_key(Reason.FORFEIT.value),
        t.gettext("Neither player could lay a whole war: the game is a draw."),
    )
    for loser, winner in itertools.permutations(voices, 2):
        yield (
            forfeit_key(loser, winner),
            forfeit_names(voice_name(loser, t), voice_name(winner, t), t),
        )


def _practice_phrases(t: Translations) -> Iterator[tuple[str, str]]:
    """What practice and the drill show besides the calls: the hints, a wrong answer's boxes,
    the signs read aloud, the hops on the number line counted, a pair counted on."""
    yield from hints(t).items()
    yield YOU_CHOSE, t.gettext("You chose")
    yield THE_SAME, t.gettext("The same")
    for value in sorted({value for deck in Deck for value in card_values(deck)}):
        yield same_cards_key(value), same_cards(value, t)  # a tie in the drill: what "=" means
    for number in number_words.NUMBERS:  # the card a wrong answer tapped among three or four
        yield number_key(number), number_words.subject(number, t)
    pairs = meeting(seat_numbers(deck) for deck in Deck)
    yield from signs_phrases(pairs, t)  # "3 > 5", a wrong choice: "Three is bigger than five."
    for high, low in pairs:  # "7 is 3 more than 4."
        if high > low:
            yield more_key(high, low), more_sentence(high, low, t)
    values = card_values(Deck.NUMBERS)  # the drill adds pairs of the little deck
    counted = {(max(a, b), min(a, b)) for a, b in itertools.product(values, repeat=2)}
    for pair in sorted(counted):  # "Start at 4 and count on 3: 5, 6, 7."
        yield adding_on_key(pair), drill_sums.count_on(pair, t)


@functools.cache
def _table(lang: str) -> dict[str, str]:
    """Every phrase of one language by key (built once: the catalogs do not change at run time)."""
    return {key: voiced(lang, text) for key, text in _phrases(catalogs.load(lang))}


def voiced(lang: str, text: str) -> str:
    """A text as eSpeak NG is given it: in Turkish each number with an ending in words ("10'a"
    said "ona", never "on a"); every other text as it is."""
    return said_in_words(text) if lang == "tr" else text


def phrase_text(lang: str, key: str) -> str:
    """The sentence a phrase key stands for in a language; KeyError for an unknown one of either."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    return _table(lang)[key]  # KeyError for an unknown key
