"""Databases as earlier releases left them, for the schema upgrade tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

# The first release's schema (version 0: it kept no version), with one game in it.
FIRST_RELEASE = """
CREATE TABLE games (id TEXT PRIMARY KEY, setup TEXT NOT NULL, state TEXT NOT NULL,
    last_battle TEXT, turned TEXT NOT NULL, version INTEGER NOT NULL, created REAL NOT NULL,
    updated REAL NOT NULL, finished REAL);
CREATE INDEX games_finished ON games (finished);
INSERT INTO games VALUES ('old', '{}', '{}', NULL, '[]', 3, 1.0, 2.0, NULL);
"""


def old_database(path: Path, script: str) -> Path:
    """A database file as an older release left it: in WAL mode, at user_version 0."""
    with sqlite3.connect(path) as old:
        old.execute("PRAGMA journal_mode=WAL")
        old.executescript(script)
    old.close()
    return path
