"""A versioned schema (PRAGMA user_version): old databases are upgraded in place, games kept."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from old_databases import FIRST_RELEASE, old_database

from kidswar.game.cards import parse_cards
from kidswar.game.class_round import RoundSettings
from kidswar.game.clock import Clock
from kidswar.game.engine import Game
from kidswar.game.rules import Rules, Variant
from kidswar.game.table import Seat, TableSetup
from kidswar.storage import database
from kidswar.storage.connection import Database, SqliteDatabase
from kidswar.storage.database import LATEST_VERSION, connect, create, migrate, schema_version
from kidswar.web import create_app

# A later start-up of the old code, which added columns one by one and kept no version either:
# the class rounds' tables and three of the four added columns, each holding something.
PARTLY_ADDED = """
CREATE TABLE games (id TEXT PRIMARY KEY, setup TEXT NOT NULL, state TEXT NOT NULL,
    last_battle TEXT, turned TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL,
    updated REAL NOT NULL, finished REAL, deadline REAL, round_code TEXT, round_table INTEGER);
CREATE INDEX games_finished ON games (finished);
CREATE TABLE rounds (code TEXT PRIMARY KEY, teacher TEXT NOT NULL UNIQUE, settings TEXT NOT NULL,
    clock TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL, updated REAL NOT NULL,
    finished REAL);
CREATE TABLE round_tables (code TEXT NOT NULL, number INTEGER NOT NULL, name TEXT NOT NULL,
    game_id TEXT NOT NULL, PRIMARY KEY (code, number));
INSERT INTO games VALUES ('timed', '{}', '{}', NULL, '[]', 7, 1.0, 2.0, NULL, 600.0, NULL, NULL);
INSERT INTO games VALUES ('class', '{}', '{}', NULL, '[]', 2, 1.0, 2.0, NULL, NULL, 'ACDEF', 1);
INSERT INTO rounds VALUES ('ACDEF', 'secret', '{}', '{}', 4, 1.0, 2.0, NULL);
INSERT INTO round_tables VALUES ('ACDEF', 1, 'Owls', 'class');
"""


def shape(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Each table's columns (name, type, not null, key) in order, and the indexes' names."""
    db = connect(path)
    try:
        master = db.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall()
        found: dict[str, list[tuple[object, ...]]] = {
            name: [
                (column["name"], column["type"], column["notnull"], column["pk"])
                for column in columns(db, name)
            ]
            for kind, name in master
            if kind == "table"
        }
        found["indexes"] = [(name,) for kind, name in master if kind == "index"]
        return found
    finally:
        db.close()


def columns(db: Database, table: str) -> list[sqlite3.Row]:
    """PRAGMA table_info of a table."""
    return list(db.execute(f"PRAGMA table_info({table})"))


def version_of(path: Path) -> int:
    """The schema version written in the file."""
    db = connect(path)
    try:
        return schema_version(db)
    finally:
        db.close()


def test_a_new_database_is_made_at_the_latest_version(tmp_path: Path) -> None:
    create(tmp_path / "new.sqlite")
    assert version_of(tmp_path / "new.sqlite") == LATEST_VERSION
    found = shape(tmp_path / "new.sqlite")
    assert {"games", "rounds", "round_tables"} <= found.keys()
    assert {("games_finished",), ("games_updated",)} <= set(found["indexes"])


def test_a_first_release_database_is_upgraded_keeping_its_game(tmp_path: Path) -> None:
    path = old_database(tmp_path / "old.sqlite", FIRST_RELEASE)
    create(path)
    assert version_of(path) == LATEST_VERSION
    assert shape(path) == shape(fresh(tmp_path))  # the same schema as a new database's
    db = connect(path)
    row = db.execute("SELECT version, deadline, round_code, practice FROM games").fetchone()
    assert tuple(row) == (3, None, None, None)


def test_columns_the_old_code_had_added_are_kept_with_what_they_hold(tmp_path: Path) -> None:
    path = old_database(tmp_path / "partly.sqlite", PARTLY_ADDED)
    create(path)
    assert version_of(path) == LATEST_VERSION
    assert shape(path) == shape(fresh(tmp_path))
    db = connect(path)
    games = db.execute("SELECT id, version, deadline, round_code, round_table, practice FROM games")
    assert sorted(tuple(row) for row in games) == [
        ("class", 2, None, "ACDEF", 1, None),
        ("timed", 7, 600.0, None, None, None),
    ]
    assert tuple(db.execute("SELECT code, version FROM rounds").fetchone()) == ("ACDEF", 4)
    assert tuple(db.execute("SELECT name, game_id FROM round_tables").fetchone()) == (
        "Owls",
        "class",
    )


def test_a_database_at_the_latest_version_is_left_alone(tmp_path: Path) -> None:
    path = fresh(tmp_path)
    before = shape(path)
    writer = connect(path)
    writer.execute("BEGIN IMMEDIATE")  # another process is saving a move right now
    impatient = SqliteDatabase(path, timeout=0)
    try:
        # Even with the write lock taken and no patience to wait for it, nothing is to be done.
        assert migrate(impatient) == 0
    finally:
        impatient.close()
        writer.execute("ROLLBACK")
        writer.close()
    create(path)  # a second start changes nothing either
    assert shape(path) == before and version_of(path) == LATEST_VERSION


def test_a_step_that_fails_leaves_the_database_at_the_step_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = old_database(tmp_path / "old.sqlite", FIRST_RELEASE)

    def broken(db: Database) -> None:
        """Add the column, then fail as a full disk would."""
        db.execute("ALTER TABLE games ADD COLUMN practice TEXT")
        raise sqlite3.OperationalError("database or disk is full")

    steps = list(database.MIGRATIONS)
    steps[3] = broken  # step 4, the practice column
    monkeypatch.setattr(database, "MIGRATIONS", tuple(steps))
    with pytest.raises(sqlite3.OperationalError, match="disk is full"):
        create(path)
    assert version_of(path) == 3
    db = connect(path)
    assert "practice" not in {row["name"] for row in columns(db, "games")}  # rolled back whole
    db.close()
    monkeypatch.undo()
    create(path)  # the next start goes on from there
    assert version_of(path) == LATEST_VERSION and shape(path) == shape(fresh(tmp_path))


def test_two_upgrades_racing_apply_each_step_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second upgrader reads the version while the first is half-way; it must not redo steps."""
    path = old_database(tmp_path / "old.sqlite", FIRST_RELEASE)
    calls: Counter[int] = Counter()
    holding, release, stale_read = threading.Event(), threading.Event(), threading.Event()
    steps = database.MIGRATIONS
    read_version = database.schema_version

    def counted(number: int) -> Callable[[Database], None]:
        """Step `number`, counted; the first upgrader waits inside step 3, holding the lock."""

        def run(db: Database) -> None:
            """Count the step and run it."""
            calls[number] += 1
            if number == 3 and threading.current_thread().name == "first":
                holding.set()
                assert release.wait(10)
            steps[number - 1](db)

        return run

    def watched(db: Database) -> int:
        """Read the version; tell the test once the second upgrader has read a stale one."""
        version = read_version(db)
        if threading.current_thread().name == "second":
            stale_read.set()
        return version

    every = range(1, LATEST_VERSION + 1)
    monkeypatch.setattr(database, "MIGRATIONS", tuple(counted(n) for n in every))
    monkeypatch.setattr(database, "schema_version", watched)
    applied: dict[str, int] = {}
    errors: list[BaseException] = []

    def upgrade() -> None:
        """One process's start-up: open the database and migrate it."""
        db = connect(path)
        try:
            applied[threading.current_thread().name] = migrate(db)
        except BaseException as error:
            errors.append(error)
        finally:
            db.close()

    first = threading.Thread(target=upgrade, name="first")
    second = threading.Thread(target=upgrade, name="second")
    first.start()
    assert holding.wait(10)  # the first is inside step 3, at version 2
    second.start()
    assert stale_read.wait(10)  # the second has seen version 2 and goes on to upgrade
    release.set()
    first.join(20)
    second.join(20)
    assert not errors and not first.is_alive() and not second.is_alive()
    assert calls == Counter(dict.fromkeys(every, 1))
    assert sum(applied.values()) == LATEST_VERSION and applied["first"] >= 3
    monkeypatch.undo()
    assert version_of(path) == LATEST_VERSION
    assert tuple(connect(path).execute("SELECT id, version FROM games").fetchone()) == ("old", 3)


def fresh(tmp_path: Path) -> Path:
    """A database made new at the latest version."""
    path = tmp_path / "fresh.sqlite"
    create(path)
    return path


def a_game(hands: list[list[str]] | None, finished: bool) -> tuple[str, str, float | None]:
    """A class game's setup and state as JSON, dealt `hands` (or from a seed), played out."""
    rules = Rules.from_options("standard", 2, time_limit_minutes=10, pickup="as-laid")
    game = Game(rules, [parse_cards(hand) for hand in hands]) if hands else Game.deal(rules, 7)
    while finished and not game.is_over:
        game.play_battle()
    setup = TableSetup("full", (Seat("Ada", False), Seat("Ben", False)), rules)
    return json.dumps(setup.to_json()), json.dumps(game.to_json()), 5.0 if finished else None


def test_a_round_of_version_5_keeps_its_tables_and_every_game_of_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13's step: a round made before it, with a five-character code and a table that
    played again, is still found by its code, lists its tables, and keeps the earlier game."""
    path = tmp_path / "v5.sqlite"
    monkeypatch.setattr(database, "MIGRATIONS", database.MIGRATIONS[:5])
    create(path)
    monkeypatch.undo()
    assert version_of(path) == 5
    db = connect(path)
    settings = RoundSettings(
        minutes=10, variant=Variant.STANDARD, players=2, against_computer=False
    )
    clock = Clock.ready(600).start(1_000.0)
    db.execute(
        "INSERT INTO rounds VALUES ('ACDEF', 'the-teacher-token', ?, ?, 3, 1.0, 2.0, NULL)",
        (json.dumps(settings.to_json()), json.dumps(clock.to_json())),
    )
    games = {  # Owls played one game to the end, then again; Foxes play their first
        "owls-1": (1, a_game([["KH"], ["2C"]], finished=True), 10.0),
        "owls-2": (1, a_game(None, finished=False), 20.0),
        "foxes-1": (2, a_game(None, finished=False), 15.0),
    }
    for game_id, (table, (setup, state, finished), created) in games.items():
        db.execute(
            "INSERT INTO games (id, setup, state, last_battle, turned, version, created, updated,"
            " finished, deadline, round_code, round_table)"
            " VALUES (?, ?, ?, NULL, '[]', 1, ?, ?, ?, NULL, 'ACDEF', ?)",
            (game_id, setup, state, created, created, finished, table),
        )
    db.execute("INSERT INTO round_tables VALUES ('ACDEF', 1, 'Owls', 'owls-2')")
    db.execute("INSERT INTO round_tables VALUES ('ACDEF', 2, 'Foxes', 'foxes-1')")
    db.close()

    app = create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path), "DATABASE": str(path)})
    assert version_of(path) == LATEST_VERSION and shape(path) == shape(fresh(tmp_path))
    rows = connect(path).execute("SELECT number, device, removed FROM round_tables ORDER BY 1")
    assert [tuple(row) for row in rows] == [(1, None, None), (2, None, None)]
    app.config["CLOCK"] = lambda: 1_060.0
    client = app.test_client()
    status = client.get("/en/class/ACDEF/status").get_json()
    assert [(t["name"], t["games"], t["finished"], t["wins"]) for t in status["tables"]] == [
        ("Owls", 2, 1, [1, 0]),
        ("Foxes", 1, 0, [0, 0]),
    ]
    teacher = client.get("/en/class/teacher?token=the-teacher-token", follow_redirects=True)
    assert "Owls" in teacher.get_data(as_text=True)
    joined = client.get("/en/join/acdef")  # the old, shorter code still works
    assert joined.status_code == 200 and "Join class round ACDEF" in joined.get_data(True)
