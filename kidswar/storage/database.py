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
CREATE TABLE IF NOT EXISTS rounds (
    code TEXT PRIMARY KEY,        -- the join code the tables type (or scan as a QR code)
    teacher TEXT NOT NULL UNIQUE, -- the secret token of the teacher's page
    settings TEXT NOT NULL,       -- JSON: minutes, variant, players per table, who plays
    clock TEXT NOT NULL,          -- the round's Clock.to_json(): every table's deadline
    version INTEGER NOT NULL,     -- goes up by one with every saved change
    created REAL NOT NULL,
    updated REAL NOT NULL,
    finished REAL                 -- when time was up; old rounds are cleaned up
);
CREATE TABLE IF NOT EXISTS round_tables (
    code TEXT NOT NULL,           -- the round (its rows are deleted with it)
    number INTEGER NOT NULL,      -- 1, 2, 3... in the order the tables joined
    name TEXT NOT NULL,
    game_id TEXT NOT NULL,        -- the table's game now (a new one after "Play again")
    PRIMARY KEY (code, number)
);
"""

# Columns added to `games` after its first release: (name, declaration). Added on start-up to
# a database made before them, so an upgrade keeps every game.
ADDED_COLUMNS = (
    ("deadline", "REAL"),  # a timed game's deadline; NULL for no time limit or a class round
    ("round_code", "TEXT"),  # the class round whose clock the game plays under, if any
    ("round_table", "INTEGER"),  # and the number of the table in that round that plays it
    ("practice", "TEXT"),  # practice mode's answers and score (JSON); NULL: none yet
)


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
        add_missing_columns(connection)
    finally:
        connection.close()


def add_missing_columns(connection: sqlite3.Connection) -> None:
    """Add the columns of ADDED_COLUMNS that an older database does not have yet."""
    present = {row["name"] for row in connection.execute("PRAGMA table_info(games)")}
    for name, declaration in ADDED_COLUMNS:
        if name in present:
            continue
        try:
            connection.execute(f"ALTER TABLE games ADD COLUMN {name} {declaration}")
        except sqlite3.OperationalError as error:
            # Two workers starting at once: the other one added it first, which is fine.
            if "duplicate column" not in str(error):
                raise
