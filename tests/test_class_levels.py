"""Class rounds by level (issue 21): a round set to a rung of the learning ladder deals every
table that level's deck and asks its question (bigger, smaller, the biggest, the sum)."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from test_classroom import control, create_round, game_of, join
from webhelpers import move, post

from kidswar.game.class_round import RoundSettings, at_level
from kidswar.game.ladder import LADDER, RUNGS, Ask
from kidswar.game.rules import Deck, Variant

ASKED = {
    "bigger": "Which card is bigger?",
    "smaller": "Which card is smaller?",
    "biggest": "Which card is the biggest?",
    "bigger-sum": "Which sum is bigger?",
}


@pytest.mark.parametrize(
    "level, players, variant, deck, asked",
    [
        ("close", "2", Variant.STANDARD, Deck.NUMBERS, "bigger"),
        ("smaller", "2", Variant.PEACE, Deck.NUMBERS, "smaller"),
        ("faces", "2", Variant.STANDARD, Deck.FULL, "bigger"),
        ("three", "3", Variant.STANDARD, Deck.NUMBERS, "biggest"),
        ("sums-to-20", "2", Variant.ADDITION, Deck.NUMBERS, "bigger-sum"),
    ],
)
def test_a_round_at_a_level_deals_its_deck_and_asks_its_question(
    client: FlaskClient,
    app: Flask,
    level: str,
    players: str,
    variant: Variant,
    deck: Deck,
    asked: str,
) -> None:
    # The teacher's game, cards and practice box say otherwise: the level decides.
    teacher, code = create_round(
        client, level=level, players=players, variant="three-down", deck="full"
    )
    device, table = join(app, code, **{"table-name": "Owls"})
    stored = game_of(app, table)
    assert stored.setup.practice and stored.setup.rules.variant is variant
    assert stored.setup.rules.deck is deck and len(stored.setup.seats) == int(players)
    ranks = {card.rank.value for hand in stored.game.hands for card in hand}
    assert bool(ranks & {11, 12, 13}) is (deck is Deck.FULL)  # the face cards, or none
    control(client, teacher, "start")
    assert move(device, table, "all", 1).status_code == 303
    assert ASKED[asked] in device.get(table).get_data(as_text=True)


def test_a_round_without_a_level_plays_as_the_teacher_chose(
    client: FlaskClient, app: Flask
) -> None:
    _teacher, code = create_round(client, variant="three-down", deck="full")
    _device, table = join(app, code)
    stored = game_of(app, table)
    assert stored.setup.rules.variant is Variant.THREE_DOWN and not stored.setup.practice


def test_three_cards_need_three_players(client: FlaskClient) -> None:
    refused = post(
        client,
        "/en/class/",
        {"time": "10", "variant": "standard", "players": "2", "who": "children", "level": "three"},
        page="/en/class/",
    )
    assert refused.status_code == 400
    assert "This level needs 3 or 4 players at each table." in refused.get_data(as_text=True)
    unknown = post(
        client,
        "/en/class/",
        {"time": "10", "variant": "standard", "players": "2", "who": "children", "level": "x"},
        page="/en/class/",
    )
    assert unknown.status_code == 400


def test_every_rung_has_a_game_for_a_class_table() -> None:
    for rung in LADDER:
        settings = at_level(rung, 10, max(2, rung.sides), False)
        assert settings.rung is rung and settings.practice and settings.deck is rung.deck
        assert settings.variant.lowest_wins is (rung.ask is Ask.SMALLER)
        assert (settings.variant is Variant.ADDITION) is (rung.adds == 2)
        assert RoundSettings.from_json(settings.to_json()) == settings
    with pytest.raises(ValueError, match="needs 3 players"):
        at_level(RUNGS["three"], 10, 2, False)
    with pytest.raises(ValueError, match="no level"):
        RoundSettings(10, Variant.STANDARD, 2, False, level="nope")
