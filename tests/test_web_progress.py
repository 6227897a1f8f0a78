"""The progress page's route: it draws the children a browser sends, refuses anything else with
a 400 in the page's language, and stores nothing (a child's progress never reaches storage)."""

from __future__ import annotations

import json
import random
import re
from datetime import datetime
from typing import Any

import pytest
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webhelpers import count_rows, token

from kidswar.game.ladder import RUNGS
from kidswar.game.progress import MAX_ATTEMPTS, VERSION, Progress, Retry
from kidswar.web.services.progress_view import MAX_BODY

URL = "/{lang}/progress/children"
TABLES = ("games", "rounds", "round_tables", "housekeeping", "limited_requests")


def practised(clock: FakeClock, answers: int = 30, seed: int = 7) -> Progress:
    """A child's progress after `answers` on the first level over the last few days: right
    when the numbers are far apart, often wrong when they are close."""
    rng = random.Random(seed)
    today = datetime.fromtimestamp(clock()).date().toordinal()
    progress = Progress()
    for number in range(answers):
        values = (rng.randint(1, 5), rng.randint(1, 5))
        right = abs(values[0] - values[1]) > 1 or rng.random() < 0.3
        progress = progress.record(values, right, today - 3 + number * 4 // answers, rng)
    return progress


def send(client: FlaskClient, body: Any, lang: str = "en", raw: bytes | None = None) -> Any:
    """POST the children as the progress page's script does: JSON under the CSRF token."""
    data = raw if raw is not None else json.dumps(body).encode()
    return client.post(
        URL.format(lang=lang),
        data=data,
        content_type="application/json",
        headers={"X-CSRFToken": token(client)},
    )


def rows(app: Flask) -> dict[str, int]:
    """How many rows each table of the app's database holds."""
    return {table: count_rows(app, table) for table in TABLES}


def test_the_children_are_drawn_with_their_level_days_and_hard_pairs(
    app: Flask, client: FlaskClient, clock: FakeClock
) -> None:
    progress = practised(clock)
    assert progress.retry, "the simulated child has pairs to try again"
    body = {
        "children": [
            {"id": "c1", "animal": "cat", "name": "Ada", "progress": progress.to_json()},
            {"id": "c2", "animal": "fox", "name": "", "progress": None},
        ]
    }
    before = rows(app)
    response = send(client, body)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    # The name isolated in the label (FSI..PDI), as in every sentence naming someone.
    assert re.findall(r'data-label="([^"]+)"', html) == ["\u2068Ada\u2069 (Cat)", "Fox"]
    assert re.findall(r'data-child="([^"]+)"', html) == ["c1", "c2"]
    asked = sum(day.asked for day in progress.days)
    right = sum(day.right for day in progress.days)
    assert f"{right} of {asked} answers right in all" in html
    assert html.count('class="days-chart"') == 1  # the fox has no answers yet: no chart
    assert html.count('<rect class="right"') == sum(1 for day in progress.days if day.right)
    for day in progress.days:
        assert f"{day.right} of {day.asked} answer" in html
    assert (
        "First numbers (1 to 5)</strong>" in html
    )  # both on the first level, named as the drill does
    assert "Comparing the numbers 1 to 5" in html
    pairs = re.findall(r'<span class="hard-text">([^<]+)</span>', html)
    missed = {tuple(sorted(retry.values)) for retry in progress.retry}
    assert len(pairs) == len(missed)
    assert {tuple(sorted(int(n) for n in re.split(" or | and ", pair))) for pair in pairs} == missed
    # A choice between two numbers, but a tie is named as two that are the same.
    for pair in pairs:
        first, second = re.split(" or | and ", pair)
        assert (" and " in pair) == (first == second), pair
    assert "No pairs to try again." in html and "No answers yet." in html
    assert rows(app) == before, "drawing the progress wrote to the database"


def test_the_levels_learned_and_the_level_now_are_told_apart(
    client: FlaskClient, clock: FakeClock
) -> None:
    progress = Progress(rung="smaller", reached=("first-five", "to-ten", "close"))
    html = send(client, {"children": [{"animal": "owl", "progress": progress.to_json()}]}).get_data(
        as_text=True
    )
    assert re.findall(r'<li class="level-learned">([^<]+?) ?<', html) == [
        "First numbers (1 to 5)",
        "The little deck (ace to 10, ace counts 1)",
        "Close numbers",
    ]
    assert re.findall(r'<li class="level-now">([^<]+?) ?<', html) == ["Finding the smaller card"]
    assert "Finding the smaller card</strong>" in html
    assert "Finding the smaller number." in html


def test_a_pair_missed_on_two_levels_or_swapped_is_one_hard_pair(client: FlaskClient) -> None:
    retry = (
        Retry("first-five", (2, 3), 0, 5, 1),
        Retry("to-ten", (3, 2), 0, 6, 1),
        Retry("adding", (1, 2, 3, 1), 0, 7, 1),
        Retry("adding", (3, 1, 2, 1), 0, 8, 1),  # the same sides swapped: one pair
        Retry("adding", (2, 2, 3, 1), 0, 9, 1),  # the same numbers on other sides: another
    )
    progress = Progress(rung="to-ten", asked=4, retry=retry)
    html = send(client, {"children": [{"animal": "cat", "progress": progress.to_json()}]}).get_data(
        as_text=True
    )
    pairs = re.findall(r'<span class="hard-text">([^<]+)</span>', html)
    # The newest miss first; 2 + 2 and 3 + 1 are both 4: a tie, not a choice.
    assert pairs == ["2 + 2 and 3 + 1", "3 + 1 or 2 + 1", "3 or 2"]
    assert html.count('<span class="hard-side">') == 6
    assert 'aria-label="ace of spades"' in html  # the little deck's 1 is its ace


def test_a_device_without_children_is_told_how_to_start(client: FlaskClient) -> None:
    response = send(client, {"children": []})
    assert response.status_code == 200
    assert "No child plays on this device yet." in response.get_data(as_text=True)


def test_a_name_is_escaped(client: FlaskClient) -> None:
    html = send(client, {"children": [{"animal": "dog", "name": "<b>Bo</b>"}]}).get_data(
        as_text=True
    )
    assert "<b>" not in html and "<bdi>&lt;b&gt;Bo&lt;/b&gt;</bdi> (Dog)" in html


def progress_with(**changes: Any) -> dict[str, Any]:
    """A good progress's JSON with some of its keys changed."""
    return {**Progress().to_json(), **changes}


BAD_BODIES = {
    "not JSON": (b"{children", "This is not a child's progress saved by kidswar."),
    "not UTF-8": (b'{"children": ["\xff"]}', "This is not a child's progress saved by kidswar."),
    "a list": (b"[]", "This is not a child's progress saved by kidswar."),
    "no children": (b'{"child": []}', "This is not a child's progress saved by kidswar."),
    "an unknown animal": (
        json.dumps({"children": [{"animal": "dragon"}]}).encode(),
        "This is not a child's progress saved by kidswar.",
    ),
    "five children": (
        json.dumps({"children": [{"animal": "cat"}] * 5}).encode(),
        "A device keeps at most four children.",
    ),
    "a long name": (
        json.dumps({"children": [{"animal": "cat", "name": "A" * 21}]}).encode(),
        "A child's name may have at most 20 characters",
    ),
    "a control character in the name": (
        json.dumps({"children": [{"animal": "cat", "name": "A\u0007"}]}).encode(),
        "A child's name may have at most 20 characters",
    ),
    "a malformed progress": (
        json.dumps({"children": [{"animal": "cat", "progress": {"v": 1}}]}).encode(),
        "This is not a child's progress saved by kidswar.",
    ),
    "a number out of range": (
        json.dumps({"children": [{"animal": "cat", "progress": progress_with(asked=-1)}]}).encode(),
        "This progress holds levels or numbers that kidswar never saves",
    ),
    "a pair its level never deals": (
        json.dumps(
            {
                "children": [
                    {
                        "animal": "cat",
                        "progress": progress_with(attempts=[["first-five", [9, 2], True, 1, 1]]),
                    }
                ]
            }
        ).encode(),
        "This progress holds levels or numbers that kidswar never saves",
    ),
    "an unknown level": (
        json.dumps(
            {"children": [{"animal": "cat", "progress": progress_with(rung="calculus")}]}
        ).encode(),
        "This progress holds levels or numbers that kidswar never saves",
    ),
    "too many answers": (
        json.dumps(
            {
                "children": [
                    {
                        "animal": "cat",
                        "progress": progress_with(
                            attempts=[["first-five", [1, 2], True, 1, 1]] * (MAX_ATTEMPTS + 1)
                        ),
                    }
                ]
            }
        ).encode(),
        "This progress holds levels or numbers that kidswar never saves",
    ),
    "a newer kidswar's progress": (
        json.dumps(
            {"children": [{"animal": "cat", "progress": progress_with(v=VERSION + 1)}]}
        ).encode(),
        "This progress was saved by a newer kidswar",
    ),
    "a body too big": (
        json.dumps({"children": [{"animal": "cat", "name": "x" * MAX_BODY}]}).encode(),
        "This file is too big to be a child's progress.",
    ),
    "a body bigger than any request": (
        b" " * (1024 * 1024),
        "This file is too big to be a child's progress.",
    ),
}


@pytest.mark.parametrize("case", list(BAD_BODIES))
def test_a_bad_body_is_a_400_saying_why(app: Flask, client: FlaskClient, case: str) -> None:
    body, message = BAD_BODIES[case]
    before = rows(app)
    response = send(client, None, raw=body)
    html = response.get_data(as_text=True)
    assert response.status_code == 400, html
    assert message in html.replace("&#39;", "'")
    assert "Nothing was changed." in html
    assert rows(app) == before


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("de", "Das ist kein Lernstand"),
        ("tr", "kidswar"),
        ("es", "kidswar"),
        ("fr", "kidswar"),
    ],
)
def test_the_refusal_is_in_the_pages_language(client: FlaskClient, lang: str, message: str) -> None:
    english = "This is not a child's progress saved by kidswar."
    response = send(client, None, lang=lang, raw=b"{children")
    html = response.get_data(as_text=True).replace("&#39;", "'")
    assert response.status_code == 400
    assert message in html and english not in html


def test_the_route_needs_the_csrf_token(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        URL.format(lang="en"), data=json.dumps({"children": []}), content_type="application/json"
    )
    assert response.status_code == 400
    assert "No child plays on this device yet." not in response.get_data(as_text=True)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**12), 10**12) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
PROGRESS_KEYS = st.fixed_dictionaries(
    {key: JSON for key in Progress().to_json()}, optional={"extra": JSON}
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=st.one_of(
        JSON,
        st.fixed_dictionaries({"children": st.lists(JSON, max_size=3)}),
        st.fixed_dictionaries(
            {
                "children": st.lists(
                    st.fixed_dictionaries(
                        {
                            "animal": st.sampled_from(["cat", "fox", "x"]),
                            "name": st.text(max_size=25),
                            "progress": st.one_of(JSON, PROGRESS_KEYS),
                        }
                    ),
                    max_size=2,
                )
            }
        ),
    )
)
def test_no_body_is_a_5xx(client: FlaskClient, body: Any) -> None:
    response = send(client, body)
    assert response.status_code in (200, 400)


def test_every_level_is_drawn(client: FlaskClient) -> None:
    for name in RUNGS:
        response = send(
            client, {"children": [{"animal": "bear", "progress": Progress(rung=name).to_json()}]}
        )
        assert response.status_code == 200


def test_the_page_is_a_frame_for_its_script(client: FlaskClient) -> None:
    html = client.get("/fr/progress").get_data(as_text=True)
    assert 'data-url="/fr/progress/children"' in html
    assert "progress.js" in html
    # Drawn from the start as for a device with no child yet (nothing moves when the script
    # runs), and not shown without a script, which it needs for the storage.
    assert re.search(r'<div class="progress-page needs-script" id="progress-page"[^>]*>', html)
    assert 'id="progress-page" hidden' not in html
    first = re.search(r'<div id="progress-children"[^>]*data-first>(.*?)</div>', html, re.S)
    assert first and 'class="notice progress-none"' in first.group(1)
    assert re.search(r'<noscript><link rel="stylesheet" href="/static/noscript\.css\?v=', html)
    assert re.search(r'<script src="/static/first-paint\.js\?v=[0-9a-f]+"></script>', html)


def test_the_home_page_draws_the_picker_as_for_a_new_device(client: FlaskClient) -> None:
    """The six animals, each a new child, as children-picker.js draws them for a device with
    no child yet: there from the start, so nothing moves when the script runs."""
    html = client.get("/en/").get_data(as_text=True)
    picker = re.search(r'<section class="picker needs-script" id="children-picker"([^>]*)>', html)
    assert picker and " hidden" not in picker.group(1)
    buttons = re.findall(
        r'<li><button type="button" class="picker-button picker-new" data-animal="([a-z]+)"'
        r' aria-label="([^"]+)" data-name="[^"]+" data-named="[^"]+" data-new="[^"]+"[^>]*>'
        r'<svg [^>]*>.*?</svg><span class="picker-words" aria-hidden="true">\+</span>'
        r"</button></li>",
        html,
    )
    assert buttons == [
        ("cat", "New child: Cat"),
        ("dog", "New child: Dog"),
        ("rabbit", "New child: Rabbit"),
        ("bear", "New child: Bear"),
        ("owl", "New child: Owl"),
        ("fox", "New child: Fox"),
    ]
    assert "<template" not in html  # each picture once: the script keeps the buttons' own
    assert re.search(r'<noscript><link rel="stylesheet" href="/static/noscript\.css\?v=', html)
    assert 'href="/en/progress"' in html
