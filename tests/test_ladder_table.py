"""A table's practice on a level of the ladder: the level's deck and question, the rest kept."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, start_easy, start_full

from kidswar.game.ladder import LADDER, RUNGS, Rung
from kidswar.game.ladder_table import table_rules
from kidswar.game.questions import Question
from kidswar.game.rules import Deck, Rules, Variant


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
