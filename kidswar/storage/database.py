"""The SQLite database in the instance folder: opening it and its schema."""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,          -- TableSetup as JSON: mode, seats, rules ("Play again")
    state TEXT NOT NULL,          -- the engine's Game.to_json()
    last_battle TEXT,             -- the last Battle.to_json(), to draw it; NULL before any
    turned TEXT NOT NULL,         -- JSON list of seats that turned their card for the next battle
    version INTEGER NOT NULL,     -- goes up by one with every saved move
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL                 -- when the game ended; old finished games are cleaned up
);
CREATE INDEX IF NOT EXISTS games_finished ON games (finished);
"""


def connect(path: str | Path) -> sqlite3.Connection:
    """Open the database (autocommit: each statement is its own transaction)."""
    connection = sqlite3.connect(path, timeout=10, isolation_level=None)
    connection.row_factory = sqlite3.Row
    # WAL is durable on commit at NORMAL; a power cut may lose only the very last move.
    connection.execute("PRAGMA synchronous=NORMAL")
    return connection


def create(path: str | Path) -> None:
    """Create the database and its tables if they are not there yet (once, at start-up)."""
    connection = connect(path)
    try:
        # WAL lets pages be read while a move is written; the setting stays with the file.
        connection.execute("PRAGMA journal_mode=WAL")
        connection.executescript(SCHEMA)
    finally:
        connection.close()
