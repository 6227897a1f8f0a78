"""The clean-up (issue 13): at most once every few minutes, whatever the threads, processes or
restarts; it deletes old games in batches, and the file gives the freed space back."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

from backends import database_config
from click.testing import CliRunner
from clockhelpers import FakeClock
from flask import Flask
from housekeeping_support import DAY, SETUP, add_games, games
from old_databases import FIRST_RELEASE, old_database

from kidswar.cli import main
from kidswar.storage.database import INCREMENTAL, connect, create
from kidswar.storage.games import DELETE_BATCH
from kidswar.storage.housekeeping import CLEAN_UP, claim, clean_up, free_pages
from kidswar.web import create_app
from kidswar.web.app_settings import app_settings
from kidswar.web.context import context
from kidswar.web.services.games import start_game
from kidswar.web.services.housekeeper import clean_up_now

EVERY = 5 * 60


def housekeeping(app: Flask) -> tuple[int, int] | None:
    """What an app process's clean-up thread does when it looks (services.housekeeper)."""
    return clean_up_now(app.config["DATABASE"], app_settings(app), app.config["CLOCK"]())


def start_a_game(app: Flask) -> None:
    """What the "Deal" button does."""
    with app.test_request_context("/en/"):
        start_game(context(), SETUP)


def test_the_clean_up_runs_at_most_once_an_interval_even_across_a_restart(
    app: Flask, tmp_path: Path
) -> None:
    app.config["CLOCK"] = clock = FakeClock()
    db = connect(app.config["DATABASE"])
    every = app_settings(app).clean_up_minutes * 60
    add_games(db, 3, time.time() - 90 * DAY, "old-")
    start_a_game(app)  # a new game never cleans up: that is off the request's path
    assert games(db) == 4
    assert housekeeping(app) == (3, 0)  # the first look: the clean-up has never run
    assert games(db) == 1
    add_games(db, 3, time.time() - 90 * DAY, "older-")
    clock.advance(every - 1)
    assert housekeeping(app) is None  # too soon
    assert games(db) == 4
    restarted = create_app(  # a restart, or another process, on the same database
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "CLOCK": clock,
            **database_config(app.config["DATABASE"]),
        }
    )
    assert housekeeping(restarted) is None
    clock.advance(1)  # now the interval has passed
    assert housekeeping(restarted) == (3, 0)
    assert games(db) == 1  # the three old games went, the new one stays
    assert housekeeping(app) is None


def claims_at_once(path: str, now: float, threads: int = 8) -> list[bool]:
    """Many requests' threads, each with its own connection, asking at the same moment
    whether to run the clean-up; what each was told, sorted."""
    barrier, claimed = threading.Barrier(threads), []

    def try_to_claim() -> None:
        """One request's thread: is it the one to clean up?"""
        db = connect(path)
        barrier.wait(10)
        claimed.append(claim(db, CLEAN_UP, now, EVERY))
        db.close()

    running = [threading.Thread(target=try_to_claim) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join(20)
    return sorted(claimed)


def test_of_many_threads_finding_it_due_one_runs_the_clean_up(database: str) -> None:
    assert claims_at_once(database, 1000.0) == [False] * 7 + [True]
    assert claims_at_once(database, 1000.0 + EVERY - 1) == [False] * 8
    assert claims_at_once(database, 1000.0 + EVERY) == [False] * 7 + [True]


def test_a_clock_set_back_does_not_stop_the_clean_up(database: str) -> None:
    db = connect(database)
    assert claim(db, CLEAN_UP, 2_000_000_000.0, EVERY)  # a clock that ran years ahead
    assert claim(db, CLEAN_UP, 1_800_000_000.0, EVERY)  # put right: not years of waiting
    assert not claim(db, CLEAN_UP, 1_800_000_060.0, EVERY)


def test_a_big_clean_up_deletes_in_batches_and_the_file_shrinks(tmp_path: Path) -> None:
    path = tmp_path / "kidswar.sqlite"
    create(path)
    db = connect(path)
    now = time.time()
    add_games(db, 5 * DELETE_BATCH + 10, now - 90 * DAY, "old-")  # idle for three months
    add_games(db, 200, now - DAY, "recent-")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size, (_free, pages) = os.path.getsize(path), free_pages(db)
    deleted, given_back = clean_up(db, (now - 7 * DAY, now - 60 * DAY), (now, now))
    assert deleted == 5 * DELETE_BATCH + 10 and games(db) == 200
    assert given_back > 0 and free_pages(db)[0] == 0 and free_pages(db)[1] < pages // 4
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert os.path.getsize(path) < size // 4  # the file itself is smaller
    assert clean_up(db, (now - 7 * DAY, now - 60 * DAY), (now, now)) == (0, 0)


def test_a_small_clean_up_leaves_the_free_pages_for_the_next_games(tmp_path: Path) -> None:
    path = tmp_path / "kidswar.sqlite"
    create(path)
    db = connect(path)
    now = time.time()
    add_games(db, 200, now - 90 * DAY, "old-")
    add_games(db, 2000, now, "recent-")
    assert clean_up(db, (now - 7 * DAY, now - 60 * DAY), (now, now)) == (200, 0)
    free, pages = free_pages(db)
    assert free > 0
    add_games(db, 100, now, "new-")  # they fill pages the old ones left: the file does not grow
    assert free_pages(db)[0] < free and free_pages(db)[1] == pages


def test_a_file_made_before_can_shrink_once_it_is_opened_again(tmp_path: Path) -> None:
    path = old_database(tmp_path / "old.sqlite", FIRST_RELEASE)
    with sqlite3.connect(path) as old:
        assert old.execute("PRAGMA auto_vacuum").fetchone()[0] == 0
    old.close()
    create(path)
    db = connect(path)
    assert db.execute("PRAGMA auto_vacuum").fetchone()[0] == INCREMENTAL
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert tuple(db.execute("SELECT id, version FROM games").fetchone()) == ("old", 3)


def test_kidswar_db_clean_up_deletes_old_games_now_and_the_servers_then_wait(
    runner: CliRunner, tmp_path: Path
) -> None:
    environment = {"KIDSWAR_INSTANCE_PATH": str(tmp_path), "KIDSWAR_DATABASE_URL": ""}
    path = str(tmp_path / "kidswar.sqlite")
    create(path)
    db = connect(path)
    add_games(db, 3, time.time() - 90 * DAY, "old-")
    add_games(db, 2, time.time(), "new-")
    done = runner.invoke(main, ["db", "clean-up"], env=environment)
    assert done.exit_code == 0, done.stderr
    assert done.stdout == f"{path}: 3 old games deleted, 0 free pages given back.\n"
    assert games(db) == 2
    settings = app_settings(create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path)}))
    assert clean_up_now(path, settings, time.time()) is None  # a server's thread: not due yet
