"""A drill played through the web client, for the drill tests."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from flask.testing import FlaskClient
from webhelpers import post

from kidswar.game.cards import parse_cards
from kidswar.game.drill import Drill

DRILL = "/en/drill"


def drill_now(client: FlaskClient) -> Drill:
    """The drill kept in the client's session."""
    with client.session_transaction() as session:
        return Drill.from_json(session["drill"])


def progress_of(page: str) -> dict[str, Any]:
    """The progress a drill page hands back to its script to keep (data-progress)."""
    found = re.search(r'data-progress="([^"]+)"', page)
    assert found, "the page hands back no progress"
    return dict(json.loads(html.unescape(found.group(1))))


def set_drill(client: FlaskClient, pairs: list[str], lowest_wins: bool = False) -> Drill:
    """Give the session a drill with known cards ("7H 4S" per question)."""
    cards = tuple(tuple(parse_cards(pair.split())) for pair in pairs)
    drill = Drill("known", "faces", lowest_wins, cards)
    client.get(DRILL)  # a session with a CSRF token first
    with client.session_transaction() as session:
        session["drill"] = drill.to_json()
    return drill


def send(client: FlaskClient, url: str, **data: Any) -> Any:
    """Post an answer or "next" for the drill now (its token unless one is given)."""
    headers = data.pop("headers", {})
    data.setdefault("token", drill_now(client).token)
    return post(client, url, data, page=DRILL, headers=headers)


def answer(client: FlaskClient, number: int, given: str, **data: Any) -> Any:
    """Answer question `number`."""
    return send(client, "/en/drill/answer", number=number, answer=given, **data)


def page(client: FlaskClient) -> str:
    """The drill page now."""
    return client.get("/en/drill/play").get_data(as_text=True)
