"""What the pages hand their scripts (kidswar/web/scripts.py): one JSON block, never run.

The scripts copy no Python constant; these tests check that what the page gives them is what the
server itself uses: the header it answers with a fragment, the answers its sign buttons send,
the way it writes the time left, its speech timings.
"""

from __future__ import annotations

import json
import re
from typing import Any

from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, start_easy, start_full

from kidswar.web import create_app

BLOCK = re.compile(r'<script type="application/json" id="kidswar-data">(.*?)</script>', re.S)


def page_data(html: str) -> Any:
    """The page's one block of shared values, as static/page-data.mjs reads it."""
    blocks = BLOCK.findall(html)
    assert len(blocks) == 1, "one block a page"
    assert "<" not in blocks[0]  # tojson escapes it: nothing in the data can end the block
    return json.loads(blocks[0])


def found(pattern: str, html: str) -> str:
    """The first group of `pattern`'s first match in `html`, which must have one."""
    match = re.search(pattern, html, re.S)
    assert match, pattern
    return match[1]


def test_every_kind_of_page_carries_the_block(client: FlaskClient) -> None:
    for url in (
        "/en/",
        "/en/easy",
        "/en/full",
        "/en/rules/",
        "/en/rules/easy",
        "/en/drill",
        "/en/class/",
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        assert set(page_data(response.get_data(as_text=True))) >= {
            "fetchHeaders",
            "signs",
            "clock",
            "speech",
            "other",
            "connection",  # "Connection lost, trying again" (live.js)
        }


def test_the_header_the_page_gives_gets_the_scripts_a_fragment(client: FlaskClient) -> None:
    table = start_easy(client)
    headers = page_data(client.get(table).get_data(as_text=True))["fetchHeaders"]
    html = move(client, table, "all", 1, headers=headers).get_data(as_text=True)
    assert html.lstrip().startswith('<div id="table"') and "<html" not in html


def test_each_sign_key_names_a_sign_button_of_a_practice_question(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client, practice="on")
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["7H", "2C"], ["KS", "3C"]])
    move(client, table, "all", 1)
    html = client.get(table).get_data(as_text=True)
    # The button a key presses is the one whose data-key is what keys.mjs gives for the key.
    pattern = r'name="answer" value="([a-z]+)" class="button sign" data-key="\1"'
    buttons = set(re.findall(pattern, html))
    assert len(buttons) == 3, "a question about two cards offers <, = and >"
    assert set(page_data(html)["signs"].values()) == buttons


def test_the_countdown_writes_the_time_as_the_server_does(
    client: FlaskClient, clock: FakeClock
) -> None:
    table = start_full(client, time="5")
    clock.advance(100.5)
    html = client.get(table).get_data(as_text=True)
    given = page_data(html)["clock"]
    left = found(r'class="countdown[^"]*"[^>]*data-left="([0-9.]+)"', html)
    shown = found(r'<p class="countdown-time">([^<]+)</p>', html)
    assert shown == "3:20"
    whole = -int(-float(left) // 1)  # rounded up, as clock.mjs fills the pattern
    filled = given["pattern"].replace("{m}", str(whole // 60)).replace("{ss}", f"{whole % 60:02d}")
    assert filled == shown
    assert found(r'data-state="([a-z]+)"', html) == given["running"]


def test_the_speech_timings_follow_the_settings(app: Flask, tmp_path: Any) -> None:
    page = app.test_client().get("/en/").get_data(as_text=True)
    assert page_data(page)["speech"] == {"retryMs": 2000, "restMs": 30000}
    other = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "other"),
            "SPEECH_WAIT_SECONDS": 2.5,
            "SPEECH_RETRY_SECONDS": 12,
        }
    )
    page = other.test_client().get("/en/").get_data(as_text=True)
    assert page_data(page)["speech"] == {"retryMs": 3000, "restMs": 12000}


def test_another_number_is_the_value_of_the_radio_beside_each_number_box(
    client: FlaskClient,
) -> None:
    for url in ("/en/full", "/en/class/"):
        html = client.get(url).get_data(as_text=True)
        other = page_data(html)["other"]
        fieldsets = re.findall(r"<fieldset[^>]*>.*?</fieldset>", html, re.S)
        with_box = [f for f in fieldsets if 'inputmode="numeric"' in f]
        assert with_box, url
        for fieldset in with_box:
            assert re.search(rf'type="radio" name="[a-z-]+" value="{other}"', fieldset), url
