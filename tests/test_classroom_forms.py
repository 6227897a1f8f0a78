"""The class round's forms: the teacher's new round, and a table joining it.

As on the setup pages, a refused form is a 400 with the reason beside the field and in the
summary, and nothing is written: no round, no table, no game.
"""

from __future__ import annotations

import json
from itertools import cycle

import pytest
from classroom_support import create_round
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from webhelpers import count_rows, invalid_fields, post, token

from kidswar.game.rules import MAX_PLAYERS, MIN_PLAYERS
from kidswar.storage.database import connect
from kidswar.storage.games import load_game
from kidswar.web.forms.choices import OFFERED_VARIANTS

NEW_ROUND = {"time": "10", "variant": "standard", "players": "2", "who": "children"}
NAME = "A name can have up to 20 letters."
TIME = "The time limit must be a whole number of minutes from 1 to 120."
ONE_OF = "Choose one of the options."
BAD_NAMES = ["A" * 21, "Ana\x07", "\x1b[31mAna", "An\na", "A\u200bna", "\u202eanA"]
BAD_NUMBERS = ["", "x", "²", "٣", "-5", "1e2", "9" * 5000, "0", "121"]


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"time": "off"}, "time", TIME),
        ({"time": ""}, "time", TIME),
        ({"time": "7"}, "time", TIME),
        *(({"time": "other", "time-other": text}, "time", TIME) for text in BAD_NUMBERS),
        ({"variant": "snap"}, "variant", ONE_OF),
        ({"variant": ""}, "variant", ONE_OF),
        ({"players": "1"}, "players", "Choose 2, 3 or 4 players."),
        ({"players": "5"}, "players", "Choose 2, 3 or 4 players."),
        ({"players": "²"}, "players", "Choose 2, 3 or 4 players."),
        ({"who": "robots"}, "who", ONE_OF),
        ({"who": "two"}, "who", ONE_OF),
    ],
)
def test_a_bad_round_form_says_what_is_wrong(
    client: FlaskClient, app: Flask, changes: dict[str, str], field: str, message: str
) -> None:
    response = post(client, "/en/class/", {**NEW_ROUND, **changes}, page="/en/class/")
    page = response.get_data(as_text=True)
    assert response.status_code == 400, page
    assert invalid_fields(page) == [field]
    assert f'id="{field}-error">{message}</p>' in page and f"<li>{message}</li>" in page
    for name, value in changes.items():  # what was typed comes back
        if name == "time-other":
            assert f'name="time-other" inputmode="numeric" value="{escape(value)}"' in page
    assert count_rows(app, "rounds") == 0


def test_a_round_form_with_nothing_in_it_is_refused(client: FlaskClient, app: Flask) -> None:
    response = post(client, "/en/class/", {}, page="/en/class/")
    assert response.status_code == 400
    assert invalid_fields(response.get_data(as_text=True)) == ["time", "variant", "players", "who"]
    assert count_rows(app, "rounds") == 0


def test_every_choice_of_the_round_form_makes_a_round(client: FlaskClient, app: Flask) -> None:
    page = client.get("/en/class/").get_data(as_text=True)
    assert 'name="time" value="off"' not in page and 'name="time" value="10" checked' in page
    assert 'name="deck" value="full" checked' in page
    players = (2, 3, 4, 2)
    choices = [
        {"variant": variant.value, "players": str(count), "who": who, "time": time, "deck": deck}
        for variant, count, who, time, deck in zip(
            OFFERED_VARIANTS,
            cycle(players),
            cycle(("children", "computer")),
            cycle(("5", "other", "20", "10")),
            cycle(("full", "numbers")),
        )
    ]
    offered = set(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    assert {int(choice["players"]) for choice in choices} == offered
    for choice in choices:
        for name in ("variant", "players", "deck"):
            assert f'name="{name}" value="{choice[name]}"' in page
        create_round(client, **choice, **{"time-other": "120"})
    rows = connect(app.config["DATABASE"]).execute("SELECT settings FROM rounds").fetchall()
    made = sorted((json.loads(row[0])["variant"], json.loads(row[0])["deck"]) for row in rows)
    assert made == sorted((choice["variant"], choice["deck"]) for choice in choices)


@pytest.mark.parametrize("field", ["table-name", "name-1", "name-2"])
def test_every_name_on_the_join_page_takes_twenty_letters_and_no_more(
    client: FlaskClient, app: Flask, field: str
) -> None:
    _teacher, code = create_round(client)
    address = f"/en/join/{code}"
    for name in BAD_NAMES:
        device = app.test_client()
        response = post(device, address, {field: name}, page=address)
        page = response.get_data(as_text=True)
        assert response.status_code == 400 and invalid_fields(page) == [field]
        assert f'id="{field}-error">{NAME}</p>' in page and f"<li>{NAME}</li>" in page
        assert f'value="{escape(name)}"' in page
    assert count_rows(app, "round_tables") == 0 and count_rows(app, "games") == 0
    twenty = "Ş" * 20
    response = post(app.test_client(), address, {field: f" {twenty}  "}, page=address)
    assert response.status_code == 303
    stored = load_game(connect(app.config["DATABASE"]), response.headers["Location"].split("/")[-1])
    assert stored is not None
    table = client.get(f"/en/class/{code}/status").get_json()["tables"][0]["name"]
    names = {"table-name": table, "name-1": stored.setup.seats[0].name}
    names["name-2"] = stored.setup.seats[1].name
    assert names[field] == twenty  # stripped, and kept whole


def test_only_the_children_who_play_are_named(client: FlaskClient, app: Flask) -> None:
    _teacher, code = create_round(client, who="computer", players="3")
    address = f"/en/join/{code}"
    page = client.get(address).get_data(as_text=True)
    assert 'name="name-1"' in page and 'name="name-2"' not in page
    response = post(client, address, {"name-1": " Ana ", "name-2": "\x07" * 40}, page=address)
    assert response.status_code == 303
    game_id = response.headers["Location"].rsplit("/", 1)[1]
    stored = load_game(connect(app.config["DATABASE"]), game_id)
    assert stored and [seat.name for seat in stored.setup.seats] == ["Ana", "", ""]


def test_class_forms_need_the_csrf_token(client: FlaskClient, app: Flask) -> None:
    assert client.post("/en/class/", data=NEW_ROUND).status_code == 400
    assert count_rows(app, "rounds") == 0
    _teacher, code = create_round(client)
    assert client.post(f"/en/join/{code}", data={"table-name": "Owls"}).status_code == 400
    json = client.post(
        f"/en/join/{code}",
        json={"table-name": "x" * 40},  # not a form: read as an empty one
        headers={"X-CSRFToken": token(client, f"/en/join/{code}")},
    )
    assert json.status_code == 303
    assert count_rows(app, "round_tables") == 1
