"""Easy games that end: a timer chosen on the easy page (ten minutes unless changed), kept by
the server, and a draw at the battle limit that still says who held the most cards."""

from __future__ import annotations

import re

import pytest
from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import as_read, count_rows, move, post, start_easy, start_full

from kidswar.game.engine import Game
from kidswar.game.records import Outcome, Reason
from kidswar.storage.database import connect
from kidswar.storage.games import load_game
from kidswar.words.catalogs import load
from kidswar.words.sentences import outcome_sentence


def stored(app: Flask, table: str) -> Game:
    """The game behind a table address."""
    found = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert found is not None
    return found.game


def test_the_easy_page_offers_a_timer_of_ten_minutes(client: FlaskClient) -> None:
    page = client.get("/en/easy").get_data(as_text=True)
    assert "How long do you play?" in page
    checked = re.search(r'name="time" value="(\w+)" checked', page)
    assert checked and checked.group(1) == "10"
    for offered in ("off", "5", "15"):
        assert f'name="time" value="{offered}"' in page


def test_a_timed_easy_game_ends_at_time_up_and_the_most_cards_wins(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_easy(client, time="5")
    hands = [["AC", "KC", "QC", "JC"], ["2D", "3D", "4D", "5D"]]  # seat 1 takes every battle
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], hands)
    assert move(client, table, "all", 1).status_code == 303
    assert move(client, table, "all", 2).status_code == 303
    assert "countdown" in client.get(table).get_data(as_text=True)  # the family sees the timer
    clock.advance(5 * 60)
    page = as_read(client.get(table).get_data(as_text=True))
    game = stored(app, table)
    assert game.outcome is not None and game.outcome.reason is Reason.TIME_UP
    assert game.counts == [6, 2] and game.outcome.winner == 0
    assert "Time is up: Player 1 has the most cards and wins!" in page
    late = move(client, table, "all", 3)
    assert late.status_code == 409 and stored(app, table).battles == 2


def test_an_easy_game_without_a_timer_has_no_deadline(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client, time="off")
    assert client.get(f"{table}/clock").status_code == 404
    assert stored(app, table).rules.time_limit_minutes is None


@pytest.mark.parametrize("bad", ["20", "7", "", "²", "off-ish"])
def test_a_time_the_easy_page_does_not_offer_is_refused(client: FlaskClient, bad: str) -> None:
    response = post(client, "/en/easy", {"who": "computer", "time": bad})
    assert response.status_code == 400
    assert "Choose how long the game lasts." in response.get_data(as_text=True)
    assert count_rows(client.application, "games") == 0


def test_a_draw_at_the_battle_limit_says_who_held_the_most(client: FlaskClient) -> None:
    table = start_full(client, limit="other", **{"limit-other": "3"})
    for battle in (1, 2, 3):
        move(client, table, "all", battle)
    page = as_read(client.get(table).get_data(as_text=True))
    assert "3 battles and nobody has every card: the game is a draw." in page
    assert re.search(r"(Player 1|Computer) held the most cards: \d+\.|each\.", page)


def test_the_most_cards_sentence_names_everyone_sharing_the_most() -> None:
    outcome = Outcome(Reason.BATTLE_LIMIT, None, (0, 1, 2))
    names = ["Ana", "Ben", "Cem"]
    said = outcome_sentence(outcome, names, 1000, load("en"), "en", (20, 20, 12))
    assert said.endswith("Ana and Ben held the most cards: 20 each.")
    turkish = outcome_sentence(outcome, names, 1000, load("tr"), "tr", (12, 28, 12))
    assert turkish.endswith("En çok kartı olan Ben: 28 kart.")
