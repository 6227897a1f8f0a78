"""Every phrase key a page can name is one speech knows, and it says the sentence the page shows."""

import gettext
import itertools

import pytest

from kidswar.game.cards import Rank
from kidswar.game.engine import Game
from kidswar.game.questions import Answer, Question
from kidswar.game.rules import Deck, Rules
from kidswar.sound.phrases import SPOKEN_KINDS, phrase_keys, phrase_text
from kidswar.words.comparisons import best_phrase, best_sentence
from kidswar.words.content import PAGES, page
from kidswar.words.phrase_keys import (
    CHEERS,
    QUESTION_KINDS,
    biggest_sum_key,
    cheer_key,
    compare_key,
    one_card_key,
    question_key,
    rules_key,
    rules_section_keys,
    sum_compare_key,
    sum_key,
)
from kidswar.words.practice import calls, explain, reply_sentence
from kidswar.words.practice import question_key as question_phrase
from kidswar.words.sentences import describe

EN = gettext.NullTranslations()
KEYS = frozenset(phrase_keys())  # the closed set the speech route accepts
RANKS = list(Rank)


def card_values(deck: Deck) -> list[int]:
    """The values a deck's cards count for: 2..14, or 1..10 for the little deck."""
    return sorted({deck.value_of(card) for card in deck.cards})


@pytest.mark.parametrize("deck", list(Deck))
@pytest.mark.parametrize("lowest_wins", [False, True])
def test_the_winning_card_of_every_pair_names_its_sentence(deck: Deck, lowest_wins: bool) -> None:
    for first, second in itertools.product(card_values(deck), repeat=2):
        key = best_phrase(first, [second], lowest_wins)
        assert key in KEYS, key
        sentence, _ = best_sentence(first, [second], lowest_wins, EN)
        assert phrase_text("en", key) == sentence


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_the_winning_card_of_three_or_four_names_its_sentence(lowest_wins: bool) -> None:
    for best, other in itertools.product(RANKS, repeat=2):
        for others in ([other] * 2, [other] * 3):
            key = best_phrase(best, others, lowest_wins)
            assert key in KEYS, key
            assert phrase_text("en", key) == best_sentence(best, others, lowest_wins, EN)[0]


@pytest.mark.parametrize("lowest_wins", [False, True])
def test_the_little_decks_best_of_three_names_its_sentence(lowest_wins: bool) -> None:
    values = card_values(Deck.NUMBERS)
    for best, other in itertools.product(values, repeat=2):
        if best == other or (best < other) != lowest_wins:
            continue  # the best card beats the others, or it is a tie (said as a comparison)
        key = best_phrase(best, [other, other], lowest_wins)
        assert (
            key in KEYS
            and phrase_text("en", key) == best_sentence(best, [other, other], lowest_wins, EN)[0]
        )


@pytest.mark.parametrize("deck", list(Deck))
@pytest.mark.parametrize("lowest_wins", [False, True])
def test_every_practice_answer_names_its_sentence(deck: Deck, lowest_wins: bool) -> None:
    for count in (2, 3):
        for cards in itertools.product(card_values(deck), repeat=count):
            answered = explain(Question(0, cards, lowest_wins), EN)
            assert answered.phrase in KEYS, (cards, answered.phrase)
            assert phrase_text("en", answered.phrase) == answered.sentence


def seat_numbers(deck: Deck) -> list[int]:
    """What a seat can stand with in Addition War: two cards added, or a last card alone."""
    values = card_values(deck)
    return sorted({*values, *(a + b for a, b in itertools.product(values, repeat=2))})


@pytest.mark.parametrize("deck", list(Deck))
def test_every_practice_answer_about_sums_names_its_sentence(deck: Deck) -> None:
    numbers = seat_numbers(deck)
    assert numbers == (list(range(2, 29)) if deck is Deck.FULL else list(range(1, 21)))
    for count in (2, 3):
        for sums in itertools.product(numbers, repeat=count):
            question = Question(0, sums, False, sums=True)
            answered = explain(question, EN)
            assert answered.phrase in KEYS, (sums, answered.phrase)
            assert phrase_text("en", answered.phrase) == answered.sentence
            if count == 2:
                for answer in ("card-0", "card-1", "lt", "gt", "same"):
                    right = question.is_right(Answer(answer))
                    replied = reply_sentence(question, Answer(answer), right, EN)
                    assert replied.phrase in KEYS, (sums, answer, replied.phrase)
                    assert phrase_text("en", replied.phrase) == replied.sentence


def test_only_sums_that_can_meet_are_compared() -> None:
    # The little deck's ace alone (1) never meets a sum above 20: that needs the full deck.
    assert sum_compare_key(1, 20) in KEYS and sum_compare_key(1, 21) not in KEYS
    assert sum_compare_key(28, 2) in KEYS and sum_compare_key(29, 2) not in KEYS
    assert sum_key(1, 10) in KEYS and sum_key(1, 11) not in KEYS  # an ace as 1 and a jack
    assert sum_key(14, 2) in KEYS and one_card_key(1) in KEYS and one_card_key(14) in KEYS
    assert biggest_sum_key(28) in KEYS and biggest_sum_key(1) not in KEYS  # 1 is never biggest
    assert compare_key(1, 10) in KEYS and compare_key(1, 11) not in KEYS


@pytest.mark.parametrize(
    "values, lowest_wins, sums, kind",
    [
        ((7, 4), False, False, "bigger"),
        ((7, 4), True, False, "smaller"),
        ((7, None, 4, 9), False, False, "biggest"),
        ((7, 4, 9), True, False, "smallest"),
        ((17, 4), False, True, "bigger-sum"),
        ((17, None, 4, 9), False, True, "biggest-sum"),
    ],
)
def test_every_kind_of_question_is_spoken_as_it_is_shown(
    values: tuple[int | None, ...], lowest_wins: bool, sums: bool, kind: str
) -> None:
    question = Question(0, values, lowest_wins, sums)
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
    "variant, players, deck",
    [
        ("standard", 2, "full"),
        ("standard", 4, "full"),
        ("three-down", 3, "full"),
        ("peace", 2, "full"),
        ("standard", 2, "numbers"),
        ("peace", 3, "numbers"),
        ("addition", 2, "full"),
        ("addition", 4, "full"),
        ("addition", 2, "numbers"),
        ("addition", 3, "numbers"),
    ],
)
def test_every_battle_of_many_games_names_known_phrases(
    variant: str, players: int, deck: str
) -> None:
    said: set[str] = set()
    for seed in range(15):
        rules = Rules.from_options(variant, players, battle_limit=300, deck=deck)
        game = Game.deal(rules, seed)
        names = ["Ana", "Ben", "Cem", "Dua"][:players]
        while not game.is_over:
            battle = game.play_battle()
            description = describe(battle, names, rules, EN)
            said.update(description.phrases)
            if players == 2 and battle.winner is not None:  # practice asks about the same cards
                question = Question.from_battle(battle, rules)
                said.add(explain(question, EN).phrase)
    assert said <= KEYS, sorted(said - KEYS)
    call = "peace-" if variant == "peace" else "war-"  # the games had wars, each said as shown
    assert any(key.startswith((call, "tie-sums-")) for key in said), sorted(said)
    if variant == "addition":
        assert any(key.startswith("sum-") for key in said)
        assert any(key.startswith("sums-") for key in said)  # two players (or two left)
        assert any(key.startswith("biggest-sum-") for key in said) == (players > 2)
    if deck == "numbers" and variant != "addition":
        assert any(key.startswith("compare-1-") or key.endswith("-1") for key in said)


def test_each_rules_item_read_aloud_has_a_key() -> None:
    for name in PAGES:
        shown = page(name, EN)
        for section in shown.sections:  # placeholders filled, as they are spoken
            if section["kind"] not in SPOKEN_KINDS:  # a table is shown, not read
                assert rules_key(name, section["id"], 1) not in KEYS
                continue
            keys = rules_section_keys(name, section["id"], len(section["items"]))
            for key, item in zip(keys, section["items"], strict=True):
                assert key in KEYS and phrase_text("en", key) == shown.said(item)


def test_keys_read_as_their_sentence_names() -> None:
    assert compare_key(Rank.SEVEN, Rank.FOUR) == "compare-7-4"  # a Rank is named by its value
    assert compare_key(1, 5) == "compare-1-5"  # the little deck's ace counts one
    assert sum_key(3, 4) == "sum-3-4" and one_card_key(7) == "one-card-7"
    assert sum_compare_key(7, 6) == "sums-7-6" and biggest_sum_key(15) == "biggest-sum-15"
    assert question_key("bigger-sum") == "question-bigger-sum"
    assert rules_key("war", "easy", 3) == "rules-war-easy-3"
    assert rules_section_keys("peace", "what", 2) == ["rules-peace-what-1", "rules-peace-what-2"]
