"""A table's practice on a level of the ladder: the level's deck, question and numbers, the
rest kept; its answers counted in the child's progress as the drill's."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from webhelpers import move, start_easy, start_full

from kidswar.game.cards import Card
from kidswar.game.engine import Game
from kidswar.game.ladder import DRILL_QUESTIONS, LADDER, RUNGS, Rung
from kidswar.game.ladder_table import (
    battle_values,
    counted,
    level_cards,
    level_game,
    level_hands,
    table_rules,
)
from kidswar.game.progress import Progress
from kidswar.game.questions import Question
from kidswar.game.rules import Deck, Rules, Variant, WhoFights

DAY = 740_000  # a date's ordinal


@pytest.mark.parametrize(
    "rung, variant, deck",
    [
        ("first-five", Variant.STANDARD, Deck.NUMBERS),
        ("close", Variant.STANDARD, Deck.NUMBERS),
        ("smaller", Variant.PEACE, Deck.NUMBERS),
        ("faces", Variant.STANDARD, Deck.FULL),
        ("three", Variant.STANDARD, Deck.NUMBERS),
        ("sums-to-20", Variant.ADDITION, Deck.NUMBERS),
    ],
)
def test_a_level_chooses_the_deck_and_the_question(rung: str, variant: Variant, deck: Deck) -> None:
    chosen = Rules(players=3, time_limit_minutes=10, battle_limit=200)
    rules = table_rules(RUNGS[rung], chosen)
    assert (rules.variant, rules.deck) == (variant, deck)
    assert (rules.players, rules.time_limit_minutes, rules.battle_limit) == (3, 10, 200)


@pytest.mark.parametrize("rung", LADDER, ids=lambda rung: rung.name)
def test_the_table_asks_the_levels_question(rung: Rung) -> None:
    rules = table_rules(rung, Rules())
    question = Question(1, (3, 5), rules.variant.lowest_wins, rules.variant is Variant.ADDITION)
    asked = {"bigger": "bigger", "biggest": "bigger", "smaller": "smaller"}
    assert question.kind == asked.get(rung.ask.value, "bigger-sum")


def stored_rules(app: Flask, table: str) -> Rules:
    """The rules a table's game was set up with, from the database."""
    from kidswar.storage.database import connect
    from kidswar.storage.games import load_game

    loaded = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert loaded is not None
    return loaded.setup.rules


@pytest.mark.parametrize(
    "level, variant, deck, question",
    [
        ("smaller", Variant.PEACE, Deck.NUMBERS, "Which card is smaller?"),
        ("adding", Variant.ADDITION, Deck.NUMBERS, "Which sum is bigger?"),
        ("faces", Variant.STANDARD, Deck.FULL, "Which card is bigger?"),
    ],
)
def test_a_practice_table_on_a_level_plays_its_deck_and_question(
    client: FlaskClient, app: Flask, level: str, variant: Variant, deck: Deck, question: str
) -> None:
    table = start_easy(client, practice="on", level=level, deck="numbers")
    rules = stored_rules(app, table)
    assert (rules.variant, rules.deck) == (variant, deck)
    move(client, table, "all", 1)
    assert question in client.get(table).get_data(as_text=True)
    full = start_full(client, players="3", practice="on", level=level)
    assert (stored_rules(app, full).variant, stored_rules(app, full).players) == (variant, 3)


def test_without_practice_or_a_level_the_setup_is_as_chosen(
    client: FlaskClient, app: Flask
) -> None:
    plain = start_easy(client, level="smaller")
    assert stored_rules(app, plain).variant is Variant.STANDARD  # no practice: no level
    old = start_easy(client, practice="on", deck="numbers")
    assert stored_rules(app, old) == Rules(deck=Deck.NUMBERS)


def test_the_setup_pages_offer_the_levels(client: FlaskClient) -> None:
    for page in ("/en/easy", "/en/full"):
        text = client.get(page).get_data(as_text=True)
        assert '<select id="practice-level" name="level"' in text
        assert '<option value="close">Close numbers</option>' in text


def laid(game: Game, battles: int) -> list[tuple[bool, tuple[int, ...], tuple[Card, ...]]]:
    """Up to `battles` battles of `game`: for each, whether every card turned in it was dealt
    (none won before), the values its seats turned (the question), and every card turned up."""
    won: set[Card] = set()
    seen: list[tuple[bool, tuple[int, ...], tuple[Card, ...]]] = []
    while not game.is_over and len(seen) < battles:
        battle = game.play_battle()
        up = tuple(card for cards in battle.turned for card in cards)
        up += tuple(card for war in battle.rounds for lay in war.lays for card in lay.turned)
        seen.append((not won & set(up), battle_values(battle, game.rules), up))
        won |= set(battle.taken)
    return seen


@settings(max_examples=60, deadline=None)
@given(
    rung=st.sampled_from(LADDER),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32),
    who_fights=st.sampled_from(WhoFights),
)
def test_each_levels_table_deals_only_its_numbers(
    rung: Rung, players: int, seed: int, who_fights: WhoFights
) -> None:
    rules = table_rules(rung, Rules(players=players, who_fights=who_fights, battle_limit=300))
    game = level_game(rung, rules, seed)
    hands = game.hands
    dealt = sorted((card for hand in hands for card in hand), key=lambda card: card.code)
    assert dealt == sorted(level_cards(rung, rules.deck), key=lambda card: card.code)
    assert max(map(len, hands)) - min(map(len, hands)) <= 1  # shared out evenly
    for _fresh, _values, up in laid(game, 300):
        assert all(rung.low <= value <= rung.high for value in rules.values_of(up))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_a_close_numbers_table_deals_close_battles(players: int, seed: int) -> None:
    rung = RUNGS["close"]
    rules = table_rules(rung, Rules(players=players))
    seen = laid(level_game(rung, rules, seed), 300)
    fresh = [values for dealt, values, _up in seen if dealt]
    # Every battle of dealt cards is close: the seats turn their dealt cards in step.
    assert len(fresh) >= (8 if players == 2 else 1)  # with two, most of the deal
    assert all(max(values) - min(values) <= 2 for values in fresh)


def test_a_close_numbers_table_of_two_deals_mostly_close_pairs_and_some_ties() -> None:
    rung = RUNGS["close"]
    rules = table_rules(rung, Rules())
    battles = [
        (hands[0][k], hands[1][k])
        for seed in range(200)
        for hands in [level_hands(rung, rules, seed)]
        for k in range(20)
    ]
    gaps = [abs(rules.value_of(a) - rules.value_of(b)) for a, b in battles]
    assert max(gaps) <= 2
    assert 0.05 < gaps.count(0) / len(gaps) < 0.2  # ties, about one in eight as the drill
    assert {rules.value_of(a) for a, _b in battles} == set(range(1, 11))


@pytest.mark.parametrize("rung", LADDER, ids=lambda rung: rung.name)
def test_a_levels_deal_is_the_seeds(rung: Rung) -> None:
    rules = table_rules(rung, Rules(players=3))
    assert level_game(rung, rules, 7).hands == level_game(rung, rules, 7).hands
    assert level_game(rung, rules, 7).hands != level_game(rung, rules, 8).hands
    if level_cards(rung, rules.deck) == rules.deck.cards and not rung.close_only:
        # The whole deck is dealt as any game: the deal before levels dealt their numbers.
        assert level_game(rung, rules, 7).hands == Game.deal(rules, 7).hands


def test_a_first_numbers_table_deals_the_twenty_cards_one_to_five() -> None:
    rung = RUNGS["first-five"]
    hands = level_game(rung, table_rules(rung, Rules()), 3).hands
    assert sorted(Deck.NUMBERS.value_of(card) for hand in hands for card in hand) == sorted(
        [1, 2, 3, 4, 5] * 4
    )


def test_a_tables_answers_are_numbered_as_a_drills_and_judged_as_one() -> None:
    rung = RUNGS["first-five"]
    rng = random.Random(1)
    progress = Progress(rung="to-ten")
    pairs = [(1, 3), (4, 5), (2, 1), (5, 3), (3, 3), (2, 4), (5, 4), (1, 2), (4, 2), (3, 5)]
    for answered, values in enumerate(pairs, start=1):
        progress = counted(progress, rung, values, True, answered, DAY, rng)
    assert progress.rung == "first-five"  # the table's level, as choosing it in the drill
    assert [attempt.number for attempt in progress.attempts] == list(range(1, DRILL_QUESTIONS + 1))
    assert [(drill.rung, drill.ordered, drill.wrong) for drill in progress.drills] == [
        ("first-five", 9, 0)
    ]
    assert progress.days[-1].asked == 10


def test_a_question_the_level_never_asks_is_not_counted() -> None:
    progress = Progress()
    rng = random.Random(1)
    assert counted(progress, RUNGS["close"], (2, 9), False, 1, DAY, rng) == progress
    assert counted(progress, RUNGS["three"], (2, 9), False, 1, DAY, rng) == progress
    missed = counted(progress, RUNGS["close"], (7, 8), False, 1, DAY, rng)
    assert (missed.rung, missed.asked, len(missed.retry)) == ("close", 1, 1)
