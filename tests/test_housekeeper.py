"""The clean-up of old games, off every request (kidswar/web/services/housekeeper.py): run
when due by any process's last run, on a thread that stops when told."""

from __future__ import annotations

import time
from pathlib import Path

from housekeeping_support import DAY, add_games, games

from kidswar.settings import Settings
from kidswar.storage.database import connect, create
from kidswar.storage.games import DELETE_BATCH
from kidswar.web.services.housekeeper import Housekeeper, clean_up_now

SETTINGS = Settings()
NOW = 1_000_000.0  # the app's clock (the rows are stamped with the wall clock)


def database(tmp_path: Path, old: int, new: int) -> str:
    """A database holding `old` games untouched for longer than an idle game is kept, and
    `new` ones touched just now."""
    path = str(tmp_path / "kidswar.sqlite")
    create(path)
    db = connect(path)
    try:
        add_games(db, old, time.time() - (SETTINGS.idle_games_kept_days + 1) * DAY, "old")
        add_games(db, new, time.time(), "new")
    finally:
        db.close()
    return path


def held(path: str) -> int:
    """How many games the database at `path` holds."""
    db = connect(path)
    try:
        return games(db)
    finally:
        db.close()


def test_a_due_clean_up_deletes_the_old_games_and_keeps_the_new(tmp_path: Path) -> None:
    path = database(tmp_path, old=3, new=2)
    done = clean_up_now(path, SETTINGS, NOW)
    assert done is not None
    assert done[0] == 3
    assert held(path) == 2


def test_the_clean_up_runs_again_only_once_its_interval_has_passed(tmp_path: Path) -> None:
    path = database(tmp_path, old=0, new=1)
    every = SETTINGS.clean_up_minutes * 60
    assert clean_up_now(path, SETTINGS, NOW) is not None
    assert clean_up_now(path, SETTINGS, NOW) is None
    assert clean_up_now(path, SETTINGS, NOW + every - 1) is None
    assert clean_up_now(path, SETTINGS, NOW + every) is not None


def test_a_stopped_clean_up_stops_after_its_step_and_the_next_one_goes_on(
    tmp_path: Path,
) -> None:
    path = database(tmp_path, old=DELETE_BATCH + 1, new=0)
    every = SETTINGS.clean_up_minutes * 60
    done = clean_up_now(path, SETTINGS, NOW, between=lambda: False)
    assert done is not None and done[0] == DELETE_BATCH
    assert held(path) == 1
    assert clean_up_now(path, SETTINGS, NOW) is None  # it ran, if cut short
    assert clean_up_now(path, SETTINGS, NOW + every) is not None
    assert held(path) == 0


def test_the_thread_cleans_up_at_once_and_stops_when_told(tmp_path: Path) -> None:
    path = database(tmp_path, old=2, new=1)
    keeper = Housekeeper(path, SETTINGS, lambda: NOW, poll=3600)
    keeper.start()
    try:
        with keeper.ran:
            assert keeper.ran.wait_for(lambda: keeper.runs == 1, timeout=60)
    finally:
        keeper.stop()
    assert keeper.thread is not None and not keeper.thread.is_alive()
    assert held(path) == 1


def test_between_steps_false_once_stopping(tmp_path: Path) -> None:
    keeper = Housekeeper(str(tmp_path / "kidswar.sqlite"), SETTINGS, lambda: NOW)
    keeper.stopping.set()
    assert keeper.between() is False
