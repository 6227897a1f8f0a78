"""The clean-up never on a visitor's path (issue 23): with 50,000 expired games stored (a
server back from a holiday), the app process's clean-up thread deletes them in short steps
while every request is answered within a second; it stops promptly with the server."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from flask import Flask
from housekeeping_support import DAY, SETUP, add_games, games
from webhelpers import move, start_easy

from kidswar.game.engine import Game
from kidswar.storage.database import connect
from kidswar.storage.games import create_game
from kidswar.web import create_app, start_housekeeper
from kidswar.web.app_settings import app_settings
from kidswar.web.services.housekeeper import Housekeeper

# Its apps are servers' apps (made without TESTING): they start no speech worker here.
pytestmark = pytest.mark.usefixtures("no_speech_at_start")

EXPIRED = 50_000


def app_with_old_games(tmp_path: Path, count: int, **config: object) -> Flask:
    """An app whose SQLite file holds `count` games untouched for 90 days (seeded with SQL)."""
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), **config})
    db = connect(app.config["DATABASE"])
    for start in range(0, count, 10_000):
        add_games(db, min(10_000, count - start), time.time() - 90 * DAY, f"old-{start}-")
    db.close()
    return app


def warm_up(app: Flask) -> None:
    """Draw each page once (templates compiled, the setup page's estimates simulated), on a
    game stored without the pages, so that no clean-up could have run before the test's."""
    db = connect(app.config["DATABASE"])
    game_id = create_game(db, SETUP, Game.deal(SETUP.rules, 1))
    db.close()
    client = app.test_client()
    for page in ("/en/", "/en/easy", f"/en/game/{game_id}"):
        assert client.get(page).status_code == 200


def running(app: Flask) -> Housekeeper:
    """The app's clean-up thread, started by create_app as in a server."""
    found = app.extensions["kidswar.housekeeper"]
    assert isinstance(found, Housekeeper)
    return found


@pytest.mark.slow
def test_with_50000_expired_games_no_request_waits_a_second_while_they_go(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps: list[float] = []
    between = Housekeeper.between

    def timed(self: Housekeeper) -> bool:
        """Between two steps: note how long the last one took."""
        steps.append(time.perf_counter())
        go_on = between(self)
        steps.append(time.perf_counter())
        return go_on

    monkeypatch.setattr(Housekeeper, "between", timed)
    app = app_with_old_games(tmp_path, EXPIRED)
    client = app.test_client()
    took: list[float] = []

    def timed_request(send: Callable[[], object]) -> object:
        """Send one request (or a form and its page), noting how long it took."""
        started = time.perf_counter()
        answer = send()
        took.append(time.perf_counter() - started)
        return answer

    warm_up(app)
    housekeeper = Housekeeper(app.config["DATABASE"], app_settings(app), time.time)
    tables = 0
    try:
        deadline = time.monotonic() + 120
        while housekeeper.runs == 0:  # visitors play while the clean-up runs
            assert time.monotonic() < deadline, "the clean-up did not finish in 2 minutes"
            table = str(timed_request(partial(start_easy, client)))
            tables += 1
            if housekeeper.thread is None:  # the server's first game: a clean-up is due
                housekeeper.start()
            for battle in range(1, 4):
                answer = timed_request(partial(move, client, table, "all", battle))
                assert getattr(answer, "status_code", 0) == 303
            timed_request(partial(client.get, "/en/"))
    finally:
        housekeeper.stop()
    db = connect(app.config["DATABASE"])
    assert games(db) == tables + 1  # the old games went, the visitors' stay
    assert tables >= 2, tables  # the clean-up did not finish before anyone came
    assert max(took) < 1.0, sorted(took)[-5:]
    # Each step (a batch of games, a chunk of pages given back) is short (well under 100 ms).
    lengths = sorted(steps[i + 1] - steps[i] for i in range(1, len(steps) - 1, 2))
    assert lengths and lengths[len(lengths) // 2] < 0.1, lengths[-5:]


def test_the_server_starts_a_clean_up_thread_and_stops_it_promptly(tmp_path: Path) -> None:
    # The games are stored first, then the thread starts as `kidswar serve` starts it: started
    # with the app, its first look could come before the games are in, and the next is 30 s on.
    app = app_with_old_games(tmp_path, 3000)
    start_housekeeper(app)
    housekeeper = running(app)
    with housekeeper.ran:  # the first look is at start-up: the old games go
        assert housekeeper.ran.wait_for(lambda: housekeeper.runs >= 1, 60)
    db = connect(app.config["DATABASE"])
    assert games(db) == 0
    housekeeper.stop()  # waits 5 s at most for the thread: its next look is 30 s away
    assert housekeeper.thread is not None and not housekeeper.thread.is_alive()


def test_tests_start_no_clean_up_thread_unless_they_ask(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})
    assert "kidswar.housekeeper" not in app.extensions
    monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", str(tmp_path / "environment"))
    assert "kidswar.housekeeper" not in create_app().extensions  # an app, not yet a server
    off = create_app(
        {"INSTANCE_PATH": str(tmp_path / "off"), "HOUSEKEEPER": True, "CLEAN_UP_MINUTES": 0}
    )
    assert "kidswar.housekeeper" not in off.extensions  # 0: `kidswar db clean-up` instead


def test_the_server_that_says_it_is_gunicorn_gets_the_clean_up_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """gunicorn's arbiter sets SERVER_SOFTWARE before it loads the app: that, not gunicorn's
    modules being importable or imported, starts the thread in each worker."""
    import gunicorn.arbiter  # noqa: F401  (imported, as a test run may have: no thread for it)

    instance = str(tmp_path / "instance")
    assert "kidswar.housekeeper" not in create_app({"INSTANCE_PATH": instance}).extensions
    monkeypatch.setenv("SERVER_SOFTWARE", "gunicorn/23.0.0")
    app = create_app({"INSTANCE_PATH": instance})
    try:
        assert running(app).thread is not None
    finally:
        running(app).stop()
