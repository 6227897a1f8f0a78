"""A whole class round from the teacher's first click to the clean-up two days later."""

from __future__ import annotations

from classroom_support import control, create_round, game_of, join
from clockhelpers import FakeClock
from deals import redeal, whole_deck
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post

from kidswar.storage.database import connect
from kidswar.web.app_settings import app_settings
from kidswar.web.services.housekeeper import clean_up_now

DAY = 24 * 60 * 60


def test_a_whole_round_of_peace_against_the_computer(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, time="15", variant="peace", players="3", who="computer")
    red, red_table = join(app, code, **{"table-name": "Red", "name-1": "Ada"})
    blue, blue_table = join(app, code, **{"table-name": "Blue", "name-1": "Ben"})
    stored = game_of(app, red_table)
    # Each table is one child against two computers, playing Peace under the round's clock.
    assert stored.setup.rules.variant.value == "peace" and stored.setup.rules.players == 3
    assert [seat.computer for seat in stored.setup.seats] == [False, True, True]
    assert stored.setup.seats[0].name == "Ada"

    # Known deals: a random one may end a game of Peace within the ten battles played here.
    for number, table in enumerate((red_table, blue_table)):
        redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], whole_deck(3, seed=number))
    assert control(client, teacher, "start") == 303
    assert move(red, red_table, "ten", 1).status_code == 303
    assert move(blue, blue_table, "all", 1).status_code == 303
    clock.advance(5 * 60)
    assert control(client, teacher, "pause") == 303
    # Paused, the table offers no move; one sent anyway (an old page) is refused.
    paused = post(red, f"{red_table}/move", {"action": "all", "battle": 11}, page="/en/class/")
    assert paused.status_code == 409
    assert control(client, teacher, "resume") == 303
    assert control(client, teacher, "add-minute") == 303
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["clock"]["state"] == "running" and status["clock"]["left"] == 11 * 60
    assert [table["counts"] for table in status["tables"]] == [
        game_of(app, red_table).game.counts,
        game_of(app, blue_table).game.counts,
    ]

    assert control(client, teacher, "end") == 303  # the teacher ends the round early
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["clock"]["state"] == "over"
    assert all(table["over"] for table in status["tables"])
    for device, table in ((red, red_table), (blue, blue_table)):
        assert game_of(app, table).game.outcome.reason.value == "time-up"
        assert "Time is up" in device.get(table).get_data(as_text=True)
    closed = client.get(f"/en/join/{code}")
    assert closed.status_code == 410
    assert "This class round has finished" in closed.get_data(as_text=True)
    projector = client.get(f"/en/class/{code}/screen").get_data(as_text=True)
    assert "Red" in projector and "Blue" in projector and "Time is up" in projector

    # Two days later the results are still there; the day after, the next round sweeps them.
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE rounds SET finished = finished - ? WHERE code = ?", (2 * DAY - 60, code))
    clean_up_now(app.config["DATABASE"], app_settings(app), clock())  # the server's clean-up thread
    assert client.get(f"/en/class/{code}/screen").status_code == 200
    db.execute("UPDATE rounds SET finished = finished - 120 WHERE code = ?", (code,))
    clock.advance(app_settings(app).clean_up_minutes * 60)  # the clean-up runs every few minutes
    assert clean_up_now(app.config["DATABASE"], app_settings(app), clock()) is not None
    assert client.get(f"/en/class/{code}/screen").status_code == 404
    tables = db.execute("SELECT COUNT(*) FROM round_tables WHERE code = ?", (code,)).fetchone()
    assert tables[0] == 0
