"""Every phrase key a page can name is one speech knows, and it says the sentence the page shows."""

import gettext
import itertools

import pytest

from kidswar.game.cards import Card, Rank
from kidswar.game.engine import Game
from kidswar.game.questions import Question
from kidswar.game.rules import Rules
from kidswar.sound.phrases import SPOKEN_KINDS, phrase_keys, phrase_text
from kidswar.words.content import PAGES, page
from kidswar.words.phrase_keys import (
    CHEERS,
    QUESTION_KINDS,
    cheer_key,
    compare_key,
    question_key,
    rules_key,
    rules_section_keys,
)
from kidswar.words.practice import calls, explain
from kidswar.words.practice import question_key as question_phrase
from kidswar.words.sentences import best_phrase, best_sentence, describe

EN = gettext.NullTranslations()
KEYS = frozenset(phrase_keys())  # the closed set the speech route accepts
RANKS = list(Rank)


def card(rank: Rank) -> Card:
    """The heart of a rank (the suit never matters to what is said)."""
    return Card.parse(f"{rank.symbol}H")


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_the_winning_card_of_every_pair_names_its_sentence(lowest_wins: bool) -> None:
    for first, second in itertools.product(RANKS, repeat=2):
        key = best_phrase(card(first), [card(second)], lowest_wins)
        assert key in KEYS, key
        sentence, _ = best_sentence(card(first), [card(second)], lowest_wins, EN)
        assert phrase_text("en", key) == sentence


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_the_winning_card_of_three_or_four_names_its_sentence(lowest_wins: bool) -> None:
    for best, other in itertools.product(RANKS, repeat=2):
        for others in ([card(other)] * 2, [card(other)] * 3):
            key = best_phrase(card(best), others, lowest_wins)
            assert key in KEYS, key
            assert phrase_text("en", key) == best_sentence(card(best), others, lowest_wins, EN)[0]


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_every_practice_answer_names_its_sentence(lowest_wins: bool) -> None:
    values = range(Rank.TWO, Rank.ACE + 1)
    for count in (2, 3):
        for cards in itertools.product(values, repeat=count):
            answered = explain(Question(0, cards, lowest_wins), EN)
            assert answered.phrase in KEYS, (cards, answered.phrase)
            assert phrase_text("en", answered.phrase) == answered.sentence


@pytest.mark.parametrize(
    "values, lowest_wins, kind",
    [
        ((7, 4), False, "bigger"),
        ((7, 4), True, "smaller"),
        ((7, None, 4, 9), False, "biggest"),
        ((7, 4, 9), True, "smallest"),
    ],
)
def test_every_kind_of_question_is_spoken_as_it_is_shown(
    values: tuple[int | None, ...], lowest_wins: bool, kind: str
) -> None:
    question = Question(0, values, lowest_wins)
    key = question_phrase(question)
    assert question.kind == kind and key == question_key(kind)
    assert key in KEYS and phrase_text("en", key) == calls(EN)[key]


def test_every_question_kind_and_cheer_is_a_phrase() -> None:
    assert {question_key(kind) for kind in QUESTION_KINDS} <= KEYS
    assert {cheer_key(number) for number in range(2 * len(CHEERS))} == set(CHEERS) <= KEYS
    assert set(calls(EN)) <= KEYS


def test_a_question_kind_that_does_not_exist_is_refused() -> None:
    with pytest.raises(ValueError):
        question_key("tallest")


@pytest.mark.parametrize(
    "variant, players", [("standard", 2), ("standard", 4), ("three-down", 3), ("peace", 2)]
)
def test_every_battle_of_many_games_names_known_phrases(variant: str, players: int) -> None:
    said: set[str] = set()
    for seed in range(15):
        rules = Rules.from_options(variant, players, battle_limit=300)
        game = Game.deal(rules, seed)
        names = ["Ana", "Ben", "Cem", "Dua"][:players]
        while not game.is_over:
            battle = game.play_battle()
            description = describe(battle, names, rules.variant.lowest_wins, EN)
            said.update(description.phrases)
    assert said <= KEYS, sorted(said - KEYS)
    assert ("peace" if variant == "peace" else "war") in said  # the games had wars


def test_each_rules_item_read_aloud_has_a_key() -> None:
    for name in PAGES:
        for section in page(name, EN).sections:  # placeholders filled, as they are spoken
            if section["kind"] not in SPOKEN_KINDS:  # a table is shown, not read
                assert rules_key(name, section["id"], 1) not in KEYS
                continue
            keys = rules_section_keys(name, section["id"], len(section["items"]))
            for key, item in zip(keys, section["items"], strict=True):
                assert key in KEYS and phrase_text("en", key) == item


def test_keys_read_as_their_sentence_names() -> None:
    assert compare_key(Rank.SEVEN, Rank.FOUR) == "compare-7-4"  # a Rank is named by its value
    assert rules_key("war", "easy", 3) == "rules-war-easy-3"
    assert rules_section_keys("peace", "what", 2) == ["rules-peace-what-1", "rules-peace-what-2"]
