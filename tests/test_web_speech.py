"""Spoken clips over HTTP, and the pages pointing at the right ones."""

import contextlib
import os
import re
import signal
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import waitress.server
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from speech_fakes import SWITCH
from warm_clips import warm_clip
from webhelpers import move, start_easy, start_full

from kidswar.sound import mp3
from kidswar.sound.worker import SpeechRenderer
from kidswar.web import create_app
from kidswar.web.clips import speech_cache


def test_a_clip_is_a_whole_mp3_with_cache_headers(client: FlaskClient, app: Flask) -> None:
    warm_clip(app, "tr", "compare-7-4")  # rendered first: what is sent is tested, not how fast
    response = client.get("/speech/tr/compare-7-4.mp3?v=1")
    assert response.status_code == 200
    assert response.mimetype == "audio/mpeg"
    seconds = mp3.seconds(response.data)
    assert seconds is not None and 0.3 < seconds < 15
    assert response.headers["ETag"]
    assert "max-age=31536000" in response.headers["Cache-Control"]
    again = client.get(
        "/speech/tr/compare-7-4.mp3?v=1", headers={"If-None-Match": response.headers["ETag"]}
    )
    assert again.status_code == 304


@pytest.mark.parametrize(
    "url",
    [
        "/speech/tr/nothing.mp3",
        "/speech/xx/compare-7-4.mp3",
        "/speech/en/compare-7-15.mp3",
        "/speech/en/..%2Fsecret_key.mp3",
        "/speech/en/compare-7-4.wav",  # the format before MP3: no such address now
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
        assert f"/speech/en/compare-{first}-{second}.mp3?v=" in speech.group(1)
    else:  # a war: announced first
        assert speech.group(1).startswith("/speech/en/war.mp3")
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
        assert f'data-speak="/speech/de/rules-war-easy-{number}.mp3?v=' in page
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
    for key in ("war", "peace"):
        refused = client.get(f"/speech/en/{key}.mp3")
        assert refused.status_code == 503 and "Retry-After" not in refused.headers  # never
    page = client.get("/en/rules/").get_data(as_text=True)
    assert "data-speak" not in page and "speech-toggle" not in page
    assert client.get("/en/").status_code == 200  # nothing else breaks


# A hung or failing speech worker, behind a real waitress server with `kidswar serve`'s threads.

WAIT = 0.5  # SPEECH_WAIT_SECONDS in these tests


def speech_app(tmp_path: Path, **config: Any) -> Flask:
    """An app on the fake speech engine that waits `WAIT` s at most for a new clip."""
    settings = {
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SPEECH_ENGINE": "speech_fakes:fake_engine",
        "SPEECH_WAIT_SECONDS": WAIT,
    }
    return create_app({**settings, **config})


@contextlib.contextmanager
def live_server(app: Flask, threads: int = 8) -> Iterator[str]:
    """Serve `app` with waitress on a free loopback port, as `kidswar serve` does; yield its URL."""
    server = waitress.server.create_server(app, host="127.0.0.1", port=0, threads=threads)
    stopping = threading.Event()

    def run() -> None:
        """Serve until closed. Waitress has no stop: closing its sockets under its loop's
        select() raises EBADF there, which is the loop ending, not a fault (the same as
        webtest's StopableWSGIServer)."""
        try:
            server.run()
        except OSError:
            if not stopping.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"  # type: ignore[union-attr]
    finally:
        stopping.set()
        server.close()
        server.task_dispatcher.shutdown(timeout=5)
        thread.join(5)


def fetch(url: str, timeout: float = 10.0) -> tuple[int, str | None, float]:
    """GET `url`: its status, its Retry-After header and the seconds it took."""
    started = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            response.read()
            status, retry = response.status, response.headers.get("Retry-After")
    except urllib.error.HTTPError as error:
        status, retry = error.code, error.headers.get("Retry-After")
    return status, retry, time.monotonic() - started


def poll(check: Callable[[], bool], timeout: float) -> None:
    """Ask `check` again and again until it says yes; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "not within the time allowed"
        time.sleep(0.02)  # the interval between two looks


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops the worker with SIGSTOP")
def test_a_stopped_speech_worker_never_holds_a_page(tmp_path: Path) -> None:
    app = speech_app(tmp_path, SPEECH_TIMEOUT_SECONDS=60.0)  # the job is not killed meanwhile
    new_clips = [f"/speech/en/compare-{first}-2.mp3" for first in range(3, 15)]  # twelve
    renderer = speech_cache(app).renderer
    assert isinstance(renderer, SpeechRenderer) and renderer.start()  # spawned before timing
    with live_server(app) as base:
        assert fetch(base + "/speech/en/war.mp3")[0] == 200  # on disk from now on
        worker = renderer.worker_pid
        assert worker is not None
        os.kill(worker, signal.SIGSTOP)  # as the attack: the worker hangs mid-job
        try:
            # All twelve at once, more than the server's 8 threads; pages still answer. A
            # request held by the stopped worker would never be answered: fetch() gives up
            # after 10 s, far beyond the WAIT a clip may take.
            with ThreadPoolExecutor(len(new_clips)) as pool:
                asked = [pool.submit(fetch, base + path) for path in new_clips]
                for path in ("/static/style.css", "/speech/en/war.mp3", "/en/rules/easy"):
                    assert fetch(base + path)[0] == 200, path
                clips = [answer.result() for answer in asked]
            for status, retry, _seconds in clips:
                assert status == 503 and retry == "1"  # not ready within WAIT: ask again
            assert renderer.available  # a stopped worker is not a failure yet
        finally:
            os.kill(worker, signal.SIGCONT)  # the worker comes back
        poll(lambda: fetch(base + new_clips[0])[0] == 200, 10)  # and so does speech
        poll(lambda: fetch(base + new_clips[-1])[0] == 200, 10)


def test_after_failures_speech_rests_and_the_read_aloud_buttons_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    switch = tmp_path / "switch"
    monkeypatch.setenv(SWITCH, str(switch))  # the spawned worker inherits it
    # Waiting up to 10 s: this test is about failures, not slowness (a loaded machine spawns
    # the worker again slowly after the rest).
    app = speech_app(
        tmp_path, SPEECH_ENGINE="speech_fakes:switched_engine", SPEECH_WAIT_SECONDS=10.0
    )
    clock = FakeClock()
    app.config["CLOCK"] = clock
    client = app.test_client()
    assert client.get("/speech/en/war.mp3").status_code == 200
    switch.write_text("fail")
    for key in ("peace", "time-up", "compare-7-4"):  # three failures in a row
        failed = client.get(f"/speech/en/{key}.mp3")
        assert failed.status_code == 503 and failed.headers["Retry-After"] == "10"
    resting = client.get("/speech/en/compare-8-4.mp3")
    assert resting.status_code == 503 and resting.headers["Retry-After"] == "30"
    assert "data-speak" not in client.get("/en/rules/easy").get_data(as_text=True)
    assert client.get("/speech/en/war.mp3").status_code == 200  # on disk: served all the same
    switch.write_text("")  # the engine works again
    clock.advance(29)
    assert "data-speak" not in client.get("/en/rules/easy").get_data(as_text=True)
    clock.advance(1)
    assert "data-speak" in client.get("/en/rules/easy").get_data(as_text=True)  # by itself
    assert client.get("/speech/en/compare-8-4.mp3").status_code == 200  # the trial works
    assert "data-speak" in client.get("/en/rules/easy").get_data(as_text=True)
