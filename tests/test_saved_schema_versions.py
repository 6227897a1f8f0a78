"""Databases that earlier kidswar versions wrote, at every schema version, load and play on.

Each file of tests/data/schema-versions/ is a dump of a database made by that commit's own code
(its README says which commit and how). Rebuilt as the file it was, today's `create` upgrades
it; then every game loads and plays a battle, a practice game takes its answer, and the class
round goes on: its clock resumed, a table's move saved under the round's version. On
PostgreSQL the upgraded rows are carried into a database of today's schema and played on there.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from kidswar.game.questions import Question
from kidswar.game.rules import Variant
from kidswar.storage.connection import Database, connect
from kidswar.storage.database import LATEST_VERSION, create, schema_version
from kidswar.storage.games import StoredGame, load_game, save_move, save_practice
from kidswar.storage.round_games import round_games
from kidswar.storage.round_tables import round_tables
from kidswar.storage.rounds import load_round, save_clock

DATA = Path(__file__).parent / "data" / "schema-versions"

# Each dump: the schema version it was written at, how many games it holds, the names of its
# round's listed tables, and whether its round asks practice questions.
DUMPS = {
    "v0-first-release": (0, 2, None, False),
    "v0-class-rounds": (0, 6, ["Red table", "Blue table"], False),
    "v5": (5, 6, ["Red table", "Blue table"], True),
    "v6": (6, 6, ["Red table", "Blue table"], True),
    "v7": (7, 6, ["Red table"], True),  # issue 13: the teacher removed the blue table
}
# Carried over to PostgreSQL, in the order of their keys (the games by `rowid`).
TABLES = {"games": "rowid", "rounds": "code", "round_tables": "code, number"}


def rebuilt(dump: str, folder: Path) -> Path:
    """The database file the dump was taken of, as that kidswar left it."""
    path = folder / f"{dump}.sqlite"
    with sqlite3.connect(path) as old:
        old.executescript((DATA / f"{dump}.sql").read_text())
    old.close()
    return path


def carried(path: Path, target: str) -> None:
    """Copy every row of the upgraded file into the (empty) PostgreSQL database `target`."""
    source, db = connect(path), connect(target)
    try:
        for table, order in TABLES.items():
            names = sorted(db.columns(table) - {"rowid"})  # PostgreSQL numbers its own rows
            listed = ", ".join(names)
            marks = ", ".join("?" for _ in names)
            for row in source.execute(f"SELECT {listed} FROM {table} ORDER BY {order}"):
                db.execute(f"INSERT INTO {table} ({listed}) VALUES ({marks})", tuple(row))
    finally:
        source.close()
        db.close()


def played_on(db: Database, stored: StoredGame) -> StoredGame:
    """Play the game's next battle with today's engine and save it as the table would."""
    game = stored.game
    battle = game.play_battle()
    round_version = None if stored.round is None else stored.round.version
    assert save_move(db, stored, game, battle, (), round_version=round_version)
    again = load_game(db, stored.id)
    assert again is not None and again.last_battle == battle
    assert again.game.battles == stored.game.battles == battle.number
    return again


def answered(db: Database, stored: StoredGame) -> StoredGame:
    """Answer the question the table asks about its last battle, rightly."""
    assert stored.last_battle is not None
    question = Question.from_battle(stored.last_battle, stored.setup.rules)
    given = sorted(question.right_answers())[0]
    assert save_practice(db, stored, stored.practice.answer(question, given))
    again = load_game(db, stored.id)
    assert again is not None and again.practice.answered == stored.last_battle.number
    assert again.practice.last is not None and again.practice.last.right
    return again


@pytest.mark.parametrize("dump", sorted(DUMPS))
def test_a_saved_database_of_an_earlier_version_loads_and_plays_on(
    dump: str, backend: str, database: str, tmp_path: Path
) -> None:
    version, count, names, practising = DUMPS[dump]
    path = rebuilt(dump, tmp_path)
    with sqlite3.connect(path) as old:
        assert old.execute("PRAGMA user_version").fetchone()[0] == version
    old.close()
    create(path)
    target = str(path)
    if backend == "postgresql":
        carried(path, database)
        target = database
    db = connect(target)
    try:
        assert schema_version(db) == LATEST_VERSION
        ids = [row["id"] for row in db.execute("SELECT id FROM games ORDER BY created, id")]
        assert len(ids) == count
        loaded = [load_game(db, game_id) for game_id in ids]
        stored_games = [stored for stored in loaded if stored is not None]
        assert len(stored_games) == count
        peace = [g for g in stored_games if g.setup.rules.variant is Variant.PEACE]
        assert len(peace) == 1 and peace[0].last_battle is not None
        assert peace[0].last_battle.rounds  # saved right after a war (making peace)
        practice = [g for g in stored_games if g.setup.practice and g.round is None]
        for stored in practice:  # saved asking about its second battle, the first answered
            assert stored.practice.answered == 1 and stored.practice.score.asked == 1
            assert stored.last_battle is not None
            assert stored.practice.asks_about(stored.last_battle, stored.game.outcome)
        for stored in stored_games:
            if stored.round is None and not stored.game.is_over:
                # A practice table waits for its answer before the next battle.
                played_on(db, answered(db, stored) if stored in practice else stored)
        assert len(practice) == (0 if dump == "v0-first-release" else 1)
        if names is not None:
            a_round_goes_on(db, stored_games, names, practising)
    finally:
        db.close()


def a_round_goes_on(
    db: Database, stored_games: list[StoredGame], names: list[str], practising: bool
) -> None:
    """The round's clock runs again, its listed tables are there, the first table moves."""
    codes = {stored.round_code for stored in stored_games if stored.round_code is not None}
    assert len(codes) == 1
    code = codes.pop()
    found = load_round(db, code)
    assert found is not None and found.clock.state == "paused"
    assert found.settings.practice is practising
    assert save_clock(db, found, found.clock.resume(time.time()))
    running = load_round(db, code)
    assert running is not None and running.clock.state == "running"
    tables = round_tables(db, code)
    assert [table.name for table in tables] == names
    first = load_game(db, tables[0].game_id)
    assert first is not None and first.round == running and first.table == tables[0]
    assert first.game.battles == 2
    after = played_on(db, first)
    if practising:  # the second battle was answered; the table asks about the third
        assert after.practice.answered == 2
        answered(db, after)
    results = round_games(db, code)
    assert sorted(results) == list(range(1, len(names) + 1))
    assert results[1][0].game.battles == 3
