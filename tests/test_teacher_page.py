"""The teacher's page protects the class (issue 23): its secret link is hidden until asked for,
and ending the round asks first, without any script."""

from __future__ import annotations

import base64
import re
import zlib
from html import unescape

from classroom_support import control, create_round
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post

from kidswar.storage.database import connect
from kidswar.storage.rounds import load_round


def teacher_token(app: Flask, code: str) -> str:
    """The round's secret teacher token, as the database keeps it."""
    found = load_round(connect(app.config["DATABASE"]), code)
    assert found is not None
    return found.teacher


def test_the_teachers_link_is_inside_a_closed_details(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    page = unescape(client.get(teacher).get_data(as_text=True))
    hidden = re.search(r"<details class=\"share secret-link\">(.*?)</details>", page, re.S)
    assert hidden, page
    assert "Show the teacher's link" in hidden.group(1)
    assert "Never show this link on the projector" in hidden.group(1)
    token = teacher_token(app, code)
    secret = f"/class/teacher?token={token}</code>"
    assert page.count(token) == 1 and secret in hidden.group(1)  # shown only in there


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


def test_the_teachers_link_makes_another_browser_the_teacher_and_no_address_holds_it(
    client: FlaskClient, app: Flask
) -> None:
    teacher, code = create_round(client)
    token = teacher_token(app, code)
    assert token not in teacher  # the page the teacher lands on names the round by its code
    page = client.get(teacher).get_data(as_text=True)
    addresses = re.findall(r'(?:href|action|data-[a-z-]+)="([^"]*)"', unescape(page))
    assert addresses and not [address for address in addresses if token in address]
    other = app.test_client()  # the teacher's tablet, or anyone who found the page's address
    assert other.get(teacher).status_code == 404
    assert other.get(f"{teacher}/status").status_code == 404
    assert other.get("/en/class/teacher?token=" + token[:-1]).status_code == 404
    opened = other.get(f"/en/class/teacher?token={token}")
    assert opened.status_code == 303 and opened.headers["Location"] == teacher
    assert other.get(teacher).status_code == 200
    assert other.get(f"{teacher}/status").status_code == 200
    # The session cookie is signed, not encrypted: it must not hold the token readably.
    for browser in (client, other):
        cookie = browser.get_cookie("session")
        assert cookie is not None
        payload = cookie.value.lstrip(".").split(".")[0]
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        readable = zlib.decompress(raw) if cookie.value.startswith(".") else raw
        assert code.encode() in readable and token.encode() not in readable
