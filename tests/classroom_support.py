"""A class round driven as the teacher and the tables do it, for the classroom tests."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post

from kidswar.storage.database import connect
from kidswar.storage.games import load_game

NEW_ROUND = {"time": "10", "variant": "standard", "players": "2", "who": "children"}


def create_round(client: FlaskClient, **changes: str) -> tuple[str, str]:
    """Create a round through the teacher's form; return the teacher's address and the code."""
    response = post(client, "/en/class/", {**NEW_ROUND, **changes}, page="/en/class/")
    assert response.status_code == 303, response.get_data(as_text=True)
    teacher = str(response.headers["Location"])
    page = client.get(teacher).get_data(as_text=True)
    code = re.search(r'class="join-code">([A-Z0-9]{4})-([A-Z0-9]{4})<', page)
    assert code, page
    return teacher, code.group(1) + code.group(2)  # as stored: the pages show "K7HQ-X4MP"


def join(app: Flask, code: str, **names: str) -> tuple[FlaskClient, str]:
    """A new device joins the round; return it and its table's address."""
    device = app.test_client()
    response = post(device, f"/en/join/{code}", names, page=f"/en/join/{code}")
    assert response.status_code == 303, response.get_data(as_text=True)
    return device, str(response.headers["Location"])


def control(client: FlaskClient, teacher: str, action: str) -> int:
    """Press one of the teacher's buttons, with the version the page shows."""
    page = client.get(teacher).get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page)
    assert version, f"no controls on the teacher's page for {action}"
    response = post(client, teacher, {"action": action, "version": version.group(1)}, page=teacher)
    return int(response.status_code)


def game_of(app: Flask, table: str):  # type: ignore[no-untyped-def]
    """The game behind a table address."""
    return load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])


REMOVED = "Your teacher took this table out of the class round"


def remove_page(teacher: str, number: int) -> str:
    """The teacher's confirmation page for removing table `number`."""
    return f"{teacher}/tables/{number}/remove"


def answer(device: FlaskClient, table: str, battle: int, given: str) -> int:
    """A table answers the question about battle `battle`; return the status code."""
    response = post(device, f"{table}/answer", {"battle": battle, "answer": given}, page=table)
    return int(response.status_code)


def play(device: FlaskClient, table: str, answers: list[str]) -> None:
    """Play a battle and answer its question, once for each answer given."""
    for battle, given in enumerate(answers, start=1):
        assert move(device, table, "all", battle).status_code == 303
        assert answer(device, table, battle, given) == 303
