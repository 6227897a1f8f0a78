"""Spoken clips over HTTP, and the pages pointing at the right ones."""

import io
import re
import wave
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from webhelpers import move, start_easy, start_full

from kidswar.web import create_app


def test_a_clip_is_a_real_wav_with_cache_headers(client: FlaskClient) -> None:
    response = client.get("/speech/tr/compare-7-4.wav?v=1")
    assert response.status_code == 200
    assert response.mimetype == "audio/wav"
    with wave.open(io.BytesIO(response.data)) as clip:
        assert 0.3 < clip.getnframes() / clip.getframerate() < 15
    assert response.headers["ETag"]
    assert "max-age=31536000" in response.headers["Cache-Control"]
    again = client.get(
        "/speech/tr/compare-7-4.wav?v=1", headers={"If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304


@pytest.mark.parametrize(
    "url",
    [
        "/speech/tr/nothing.wav",
        "/speech/xx/compare-7-4.wav",
        "/speech/en/compare-7-15.wav",
        "/speech/en/..%2Fsecret_key.wav",
        "/speech/en/compare-7-4.mp3",
    ],
)
def test_only_known_phrases_can_be_spoken(client: FlaskClient, url: str) -> None:
    assert client.get(url).status_code == 404


def test_the_table_points_at_the_clip_of_the_comparison_it_shows(client: FlaskClient) -> None:
    table = start_easy(client)
    move(client, table, "all", 1)
    page = client.get(table).get_data(as_text=True)
    symbol = re.search(r'class="symbol"[^>]*>(\d+) (?:&gt;|&lt;) (\d+)<', page)
    speech = re.search(r'data-speech="([^"]*)"', page)
    assert speech is not None
    if symbol:  # no war: one comparison of the two cards shown
        first, second = symbol.groups()
        assert f"/speech/en/compare-{first}-{second}.wav?v=" in speech.group(1)
    else:  # a war: announced first
        assert speech.group(1).startswith("/speech/en/war.wav")
    assert 'id="speech-toggle"' in page and 'aria-pressed="false"' in page


def test_three_players_hear_the_biggest_card(client: FlaskClient) -> None:
    table = start_full(client, players="3", variant="peace")
    move(client, table, "ten", 1)
    page = client.get(table).get_data(as_text=True)
    speech = re.search(r'data-speech="([^"]*)"', page)
    assert speech is not None and "/speech/en/" in speech.group(1)
    assert "compare-" in speech.group(1) or "smallest-" in speech.group(1)


def test_rules_pages_offer_each_step_aloud(client: FlaskClient) -> None:
    page = client.get("/de/rules/easy").get_data(as_text=True)
    for number in range(1, 8):
        assert f'data-speak="/speech/de/rules-war-easy-{number}.wav?v=' in page
    assert 'data-read-all="easy"' in page


def test_without_speech_the_route_says_503_and_the_pages_hide_the_buttons(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path),
            "SPEECH_ENGINE": "speech_fakes:broken_engine",
        }
    )
    client = app.test_client()
    assert client.get("/speech/en/war.wav").status_code == 503
    assert client.get("/speech/en/peace.wav").status_code == 503
    page = client.get("/en/rules/").get_data(as_text=True)
    assert "data-speak" not in page and "speech-toggle" not in page
    assert client.get("/en/").status_code == 200  # nothing else breaks
