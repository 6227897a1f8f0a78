"""Class rounds by level (issue 21): a round set to a rung of the learning ladder deals every
table that level's deck and asks its question (bigger, smaller, the biggest, the sum)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from classroom_support import control, create_round, game_of, join
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post

from kidswar.game.class_round import RoundSettings, at_level
from kidswar.game.ladder import LADDER, RUNGS, Ask
from kidswar.game.rules import Deck, Variant
from kidswar.words.catalogs import load
from kidswar.words.levels import class_level_label, level_names

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


def level_line(html: str) -> str:
    """The text of the page's "Level: ..." line (issue 23), its entities read back."""
    found = re.search(r'<p class="round-level">(.*?)</p>', html, re.S)
    assert found, "no level line on the page"
    return unescape(found.group(1))


@pytest.mark.parametrize("lang", ["en", "de", "tr"])
def test_the_teacher_and_the_projector_say_which_level_the_round_practises(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    teacher, code = create_round(client, level="smaller")
    t = load(lang)
    name = level_names(t)["smaller"]
    teachers = level_line(client.get(teacher.replace("/en/", f"/{lang}/")).get_data(as_text=True))
    projector = client.get(f"/{lang}/class/{code}/screen").get_data(as_text=True)
    assert teachers == level_line(projector)
    # The child's name of the level, then what every table plays, in the page's language.
    assert name in teachers and teachers == t.gettext("Level: %(level)s") % {
        "level": class_level_label(RUNGS["smaller"], t)
    }
    if lang != "en":
        assert "Peace" not in teachers and "smaller" not in teachers


def test_a_round_without_a_level_names_none(client: FlaskClient) -> None:
    teacher, code = create_round(client)
    for page in (teacher, f"/en/class/{code}/screen"):
        assert 'class="round-level"' not in client.get(page).get_data(as_text=True)


def test_the_class_form_names_each_level_as_the_child_knows_it(client: FlaskClient) -> None:
    # One set of names (words/levels.py): the teacher's choice starts with the child's name of
    # the level and adds what the tables play, so no level is called two things.
    page = unescape(client.get("/en/class/").get_data(as_text=True))
    names = level_names(load("en"))
    for rung in LADDER:
        label = re.search(rf'value="{rung.name}"[^>]*>\s*([^<]*)<', page)
        assert label, rung.name
        assert label.group(1).strip() == class_level_label(rung, load("en"))
        assert label.group(1).startswith(names[rung.name] + ", at every table: ")
    three = class_level_label(RUNGS["three"], load("en"))
    assert three.endswith("which card is the biggest? (3 or 4 players)")
    faces = class_level_label(RUNGS["faces"], load("en"))
    assert faces.endswith("all 52 cards, which card is bigger?")
