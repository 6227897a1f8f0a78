"""One size limit for a child's progress in every route that reads one, and a progress nested
1,000 deep refused with a clear 400 everywhere, never a 500 (issue 31)."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient
from webhelpers import post, token

from kidswar.game.drill import Drill
from kidswar.game.progress import MAX_CHARS, Progress

DEEP = "[" * 1000 + "]" * 1000
DRILL_STEPS = ("start", "answer", "next", "level")


def drill_step(client: FlaskClient, step: str, progress: str) -> int:
    """POST one of the drill's forms with this progress text, as the page does; the status."""
    post(client, "/en/drill", {"level": "first-five"}, page="/en/drill")
    with client.session_transaction() as session:
        drill = Drill.from_json(session["drill"])
    form = {"token": drill.token, "progress": progress, "number": "1"}
    if step == "answer":
        form["answer"] = "card-0"
    if step == "level":
        form["level"] = "to-ten"
    if step == "start":
        form = {"level": "first-five", "progress": progress}
    url = "/en/drill" if step == "start" else f"/en/drill/{step}"
    return int(post(client, url, form, page="/en/drill").status_code)


def children_page(client: FlaskClient, progress_text: str) -> int:
    """POST one child with this progress (JSON text) to the progress page's route."""
    body = '{"children": [{"animal": "cat", "progress": ' + progress_text + "}]}"
    response = client.post(
        "/en/progress/children",
        data=body.encode(),
        content_type="application/json",
        headers={"X-CSRFToken": token(client)},
    )
    return int(response.status_code)


@pytest.mark.parametrize("step", DRILL_STEPS)
def test_a_progress_nested_1000_deep_is_a_400_in_the_drill(client: FlaskClient, step: str) -> None:
    assert drill_step(client, step, DEEP) == 400


def test_a_progress_nested_1000_deep_is_a_400_on_the_progress_page(client: FlaskClient) -> None:
    assert children_page(client, DEEP) == 400
    whole = '{"children": ' + DEEP + "}"
    response = client.post(
        "/en/progress/children",
        data=whole.encode(),
        content_type="application/json",
        headers={"X-CSRFToken": token(client)},
    )
    assert response.status_code == 400


def padded(chars: int) -> str:
    """A fresh progress's JSON, padded with spaces inside it to `chars` characters; compact,
    as the page keeps it, it is the same size less the spaces."""
    text = json.dumps(Progress().to_json(), separators=(",", ":"))
    return text[:-1] + " " * (chars - len(text)) + "}"


def test_one_size_limit_for_a_progress_in_every_route(client: FlaskClient) -> None:
    """A progress the drill refuses for its size is refused by the progress page (and so by
    a child's file) too, and one the page accepts the drill accepts."""
    big = {**Progress().to_json(), "pad": "x" * MAX_CHARS}  # an unknown key: still too big
    text = json.dumps(big)
    assert drill_step(client, "answer", text) == 400
    assert children_page(client, text) == 400
    fits = padded(MAX_CHARS)
    assert drill_step(client, "answer", fits) == 303  # accepted: on to the reply
    assert children_page(client, fits) == 200
