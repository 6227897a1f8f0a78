"""Speech is ready on time (issue 24): the worker starts with the server, the pages offer Read
aloud once it can speak, and the first table's first clip is served without a 503."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from speech_fakes import SWITCH
from webhelpers import move, start_easy

from kidswar.sound import mp3
from kidswar.sound.worker import SpeechRenderer
from kidswar.web import create_app
from kidswar.web.clips import first_clips, speech_cache, warm_first_clips


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Callable[..., Flask]]:
    """Makes a fresh app that starts speech as `kidswar serve` does (a test's app otherwise does
    not); when the test ends each one's renderer is closed, which stops its warming of the first
    clips: with the real engine some 300 renders (about 20 s of CPU) that would otherwise go on
    in the background while the other tests of this process run."""
    made: list[Flask] = []

    def make(**config: object) -> Flask:
        app = create_app(
            {
                "TESTING": True,
                "INSTANCE_PATH": str(tmp_path / "instance"),
                "SPEECH_AT_START": True,
                **config,
            }
        )
        made.append(app)
        return app

    yield make
    for app in made:
        renderer_of(app).close()


def first_clip(client: FlaskClient, table: str) -> str | None:
    """The first clip the table's page plays after its first battle, if it offers speech."""
    page = client.get(table).get_data(as_text=True)
    speech = re.search(r'data-speech="([^"?]*)', page)
    return speech.group(1) if speech and 'id="speech-toggle"' in page else None


def renderer_of(app: Flask) -> SpeechRenderer:
    """The app's speech renderer."""
    renderer = speech_cache(app).renderer
    assert isinstance(renderer, SpeechRenderer)
    return renderer


def test_the_page_offers_read_aloud_once_the_worker_started(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_server: Callable[..., Flask]
) -> None:
    switch = tmp_path / "switch"
    switch.write_text("hold")  # the engine loads slowly, as on a busy machine's first start
    monkeypatch.setenv(SWITCH, str(switch))
    app = fresh_server(SPEECH_ENGINE="speech_fakes:held_engine")
    client = app.test_client()
    table = start_easy(client)
    move(client, table, "all", 1)
    assert first_clip(client, table) is None  # no Read aloud that would answer 503
    switch.write_text("")
    assert renderer_of(app).wait_started(30)  # the worker started by itself, asked by no page
    clip = first_clip(client, table)
    assert clip is not None and clip.startswith("/speech/en/")
    response = client.get(clip)
    assert response.status_code == 200 and mp3.seconds(response.data)


def test_on_a_fresh_server_the_first_tables_first_clip_is_served_without_503(
    fresh_server: Callable[..., Flask],
) -> None:
    app = fresh_server()  # the real engine: eSpeak NG in its worker
    client = app.test_client()
    table = start_easy(client)
    move(client, table, "all", 1)
    assert renderer_of(app).wait_started(60)
    clip = first_clip(client, table)
    assert clip is not None
    response = client.get(clip)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert mp3.is_valid(speech_cache(app).path("en", clip.rsplit("/", 1)[1].removesuffix(".mp3")))


def test_the_first_clips_a_table_needs_are_warmed(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SPEECH_ENGINE": "speech_fakes:five_languages_engine",
        }
    )
    cache = speech_cache(app)
    assert not renderer_of(app).wait_started(0)  # a test's app starts nothing by itself
    keys = first_clips()
    assert "war" in keys and "compare-9-3" in keys and "compare-1-1" in keys  # both decks
    assert not any(key.startswith("rules-") for key in keys)
    assert warm_first_clips(cache, threading.Event()) == len(keys)
    assert all(cache.is_cached("en", key) for key in keys)
