"""The teacher's page protects the class (issue 23): its secret link is hidden until asked for,
and ending the round asks first, without any script."""

from __future__ import annotations

import re
from html import unescape

from classroom_support import control, create_round
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post

from kidswar.storage.database import connect
from kidswar.storage.rounds import load_round


def test_the_teachers_link_is_inside_a_closed_details(client: FlaskClient) -> None:
    teacher, _code = create_round(client)
    page = unescape(client.get(teacher).get_data(as_text=True))
    hidden = re.search(r"<details class=\"share secret-link\">(.*?)</details>", page, re.S)
    assert hidden, page
    assert "Show the teacher's link" in hidden.group(1)
    assert "Never show this link on the projector" in hidden.group(1)
    secret = f"/class/teacher/{teacher.rsplit('/', 1)[1]}</code>"
    assert page.count(secret) == 1 and secret in hidden.group(1)  # shown only in there


def test_ending_the_round_asks_first(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    assert control(client, teacher, "start") == 303
    page = client.get(teacher).get_data(as_text=True)
    assert 'value="end"' not in page  # no one-tap form beside "Add a minute"
    asking = client.get(f"{teacher}/end")
    assert asking.status_code == 200
    text = asking.get_data(as_text=True)
    assert f"End class round {code[:4]}-{code[4:]} now?" in text and 'value="end"' in text
    round_now = load_round(connect(app.config["DATABASE"]), code)
    assert round_now is not None and round_now.clock.state == "running"  # asking ended nothing
    version = re.search(r'name="version" value="(\d+)"', text)
    assert version
    ended = post(client, teacher, {"action": "end", "version": version.group(1)}, page=teacher)
    assert ended.status_code == 303
    assert "Count your cards!" in client.get(teacher).get_data(as_text=True)
    assert client.get(f"{teacher}/end").status_code == 303  # over: nothing left to confirm


def test_the_end_page_needs_the_teachers_link(client: FlaskClient) -> None:
    assert client.get("/en/class/teacher/not-a-token/end").status_code == 404
