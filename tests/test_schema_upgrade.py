"""A database made before time limits and class rounds is upgraded in place, games kept."""

import sqlite3
from pathlib import Path

from kidswar.storage.database import connect, create

OLD_SCHEMA = """
CREATE TABLE games (id TEXT PRIMARY KEY, setup TEXT NOT NULL, state TEXT NOT NULL,
    last_battle TEXT, turned TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL,
    updated REAL NOT NULL, finished REAL);
INSERT INTO games VALUES ('old', '{}', '{}', NULL, '[]', 3, 1.0, 2.0, NULL);
"""


def test_an_old_database_gets_the_new_columns_and_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:
        old.executescript(OLD_SCHEMA)
    create(path)
    create(path)  # a second start (or a second worker) changes nothing
    db = connect(path)
    columns = {row["name"] for row in db.execute("PRAGMA table_info(games)")}
    assert {"deadline", "round_code", "round_table"} <= columns
    row = db.execute("SELECT version, deadline, round_code FROM games WHERE id = 'old'").fetchone()
    assert tuple(row) == (3, None, None)
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"rounds", "round_tables"} <= tables
