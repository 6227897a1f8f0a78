"""A timed game won before its time was up: its clock stops there, on the status and on reload,
so the page neither counts on to 0:00 nor chimes minutes after the child saw the end."""

import pytest
from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, start_full


def won_in_one_battle(client: FlaskClient, app: Flask) -> str:
    """A 5-minute game dealt to end in its first battle, played; the table's address."""
    table = start_full(client, time="5")
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KS"], ["2H"]])
    move(client, table, "all", 1)
    return table


def test_a_game_won_early_says_its_clock_stopped(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = won_in_one_battle(client, app)
    clock.advance(30)  # won with 4:30 left
    status = client.get(f"{table}/clock").get_json()
    assert status == {"state": "stopped", "over": True, "left": None, "total": 300.0, "message": ""}
    clock.advance(600)  # long after the deadline: still stopped, never "time is up"
    assert client.get(f"{table}/clock").get_json()["state"] == "stopped"
    page = client.get(table).get_data(as_text=True)
    assert "The game is over" in page and 'class="countdown' not in page  # nothing to count


def test_a_game_ended_by_the_clock_says_time_is_up(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_full(client, time="5")
    clock.advance(300)
    status = client.get(f"{table}/clock").get_json()
    assert status["state"] == "over" and status["over"] is True and status["left"] == 0
    assert status["message"] == "Time is up!"


def test_a_running_game_says_running(client: FlaskClient, app: Flask, clock: FakeClock) -> None:
    table = start_full(client, time="5")
    clock.advance(60)
    status = client.get(f"{table}/clock").get_json()
    assert status["state"] == "running" and status["over"] is False
    assert status["left"] == pytest.approx(240)
