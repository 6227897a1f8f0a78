"""A class table says once that the round waits or is paused, not in three places (issue 11)."""

import html

from classroom_support import control, create_round, join
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post

PAUSED = "The round is paused. Wait for your teacher to start it again."
WAITING = "The round has not started yet. Wait for your teacher to start it."


def test_a_paused_round_is_said_once_on_the_table(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    device, table = join(app, code)
    page = device.get(table).get_data(as_text=True)
    assert page.count(WAITING) == 1 and "Waiting for the teacher" not in page
    assert 'class="countdown-message"' not in page  # the countdown leaves it to the table
    assert "Turn your cards over to start!" not in page  # nothing can be turned yet

    control(client, teacher, "start")
    assert "Turn your cards over to start!" in device.get(table).get_data(as_text=True)
    control(client, teacher, "pause")
    page = device.get(table).get_data(as_text=True)
    assert page.count(PAUSED) == 1 and ">Paused<" not in page

    # A move sent from a page that did not know yet: refused, and still said once.
    sent = {"action": "all", "battle": 1}
    refused = post(device, f"{table}/move", sent, headers={"X-Kidswar": "fetch"})
    assert refused.status_code == 409
    assert refused.get_data(as_text=True).count(PAUSED) == 1
    refused = post(device, f"{table}/move", sent)
    assert refused.status_code == 409 and refused.get_data(as_text=True).count(PAUSED) == 1


def test_the_teacher_and_the_projector_still_say_paused(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    control(client, teacher, "start")
    control(client, teacher, "pause")
    for page in (client.get(teacher), client.get(f"/en/class/{code}/screen")):
        assert '<p class="countdown-message">Paused</p>' in page.get_data(as_text=True)


def test_a_paused_table_offers_no_move(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    device, table = join(app, code)
    control(client, teacher, "start")
    assert 'class="stack-button"' in device.get(table).get_data(as_text=True)
    control(client, teacher, "pause")
    page = device.get(table).get_data(as_text=True)
    assert 'class="stack-button"' not in page and 'name="action"' not in page


def test_a_waiting_practice_table_does_not_ask_to_turn(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client, practice="on")
    device, table = join(app, code)
    page = device.get(table).get_data(as_text=True)
    assert page.count(WAITING) == 1 and "Turn your cards over to start!" not in page
    control(client, teacher, "start")
    assert "Turn your cards over to start!" in device.get(table).get_data(as_text=True)


def test_before_the_start_the_teacher_is_told_what_to_do(client: FlaskClient, app: Flask) -> None:
    """The projector and the tables wait for the teacher; the teacher's own page does not say
    it waits for the teacher, but which button starts the round, on the page and as it polls."""
    teacher, code = create_round(client)
    told = "When every table has joined, press “Start the round”."
    page = client.get(teacher).get_data(as_text=True)
    assert told in html.unescape(page) and "Waiting for the teacher" not in page
    status = client.get(f"{teacher}/status").get_json()
    assert status["clock"]["message"] == told
    projector = client.get(f"/en/class/{code}/screen").get_data(as_text=True)
    assert "Waiting for the teacher to start the round." in projector
    assert client.get(f"/en/class/{code}/status").get_json()["clock"]["message"] == (
        "Waiting for the teacher to start the round."
    )
