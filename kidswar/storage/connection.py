"""The one interface storage writes to: SQLite (the default) or PostgreSQL, chosen by the target.

Every storage module takes a `Database` and writes plain SQL with `?` placeholders, the SQL that
both backends understand (`ON CONFLICT`, `COALESCE`, `IS NOT NULL AS ...`). What differs is kept
here and in `storage.postgres`: how a connection is opened, how a write transaction holds off
other writers (`immediate`), where the schema's version is kept, and the column types.

A target is a file path (SQLite, the embedded default: nothing to install or start) or a
`postgresql://` URL (several app processes or machines sharing one database).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


class Cursor(Protocol):
    """What a statement gives back: its rows (by column name or index) and the rows it changed."""

    @property
    def rowcount(self) -> int:
        """How many rows an UPDATE, INSERT or DELETE changed."""

    def fetchone(self) -> Any:
        """The next row, or None."""

    def fetchall(self) -> list[Any]:
        """Every remaining row."""

    def __iter__(self) -> Iterator[Any]:
        """The rows one by one."""


class Database(Protocol):
    """A connection to either backend, in autocommit mode: each statement is its own transaction
    unless it runs inside `immediate`."""

    dialect: str  # "sqlite" or "postgresql"

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement with `?` placeholders."""

    def begin_immediate(self) -> None:
        """Start a write transaction that no other write can interleave with."""

    def commit(self) -> None:
        """Save the transaction."""

    def rollback(self) -> None:
        """Undo the transaction."""

    def close(self) -> None:
        """Close the connection (or give it back to its pool)."""

    def begin_schema_change(self) -> None:
        """Start a migration step's transaction, one process at a time."""

    def schema_version(self) -> int:
        """The migration step the database is at (0: none)."""

    def set_schema_version(self, version: int) -> None:
        """Record the migration step the database is at (inside `begin_schema_change`)."""

    def columns(self, table: str) -> set[str]:
        """The names of a table's columns."""

    def ddl(self, sql: str) -> None:
        """Run a schema statement written for SQLite, its types mapped to the backend's."""


class SqliteDatabase:
    """A SQLite file, exactly as before there were two backends."""

    dialect = "sqlite"

    def __init__(self, path: str | Path, timeout: float = 10) -> None:
        """Open the file (autocommit: each statement is its own transaction); a write waits
        up to `timeout` seconds for another's lock."""
        self.connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        self.connection.row_factory = sqlite3.Row
        # WAL is durable on commit at NORMAL; a power cut may lose only the very last move.
        self.connection.execute("PRAGMA synchronous=NORMAL")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement."""
        return self.connection.execute(sql, params)

    def executescript(self, sql: str) -> None:
        """Run a script stepped to its end (`PRAGMA incremental_vacuum` needs that)."""
        self.connection.executescript(sql)

    def begin_immediate(self) -> None:
        """BEGIN IMMEDIATE: the file's write lock, taken now rather than at the first write."""
        self.connection.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        """Save the transaction."""
        self.connection.execute("COMMIT")

    def rollback(self) -> None:
        """Undo the transaction."""
        self.connection.execute("ROLLBACK")

    def close(self) -> None:
        """Close the file."""
        self.connection.close()

    def begin_schema_change(self) -> None:
        """The write lock: another process starting at once waits."""
        self.begin_immediate()

    def schema_version(self) -> int:
        """The version kept in the file itself (0 in a new file or one made before versions)."""
        return int(self.connection.execute("PRAGMA user_version").fetchone()[0])

    def set_schema_version(self, version: int) -> None:
        """Record the version in the file."""
        self.connection.execute(f"PRAGMA user_version = {int(version)}")  # takes no parameters

    def columns(self, table: str) -> set[str]:
        """The names of a table's columns."""
        return {row[1] for row in self.connection.execute(f"PRAGMA table_info({table})")}

    def ddl(self, sql: str) -> None:
        """Run a schema statement as written."""
        self.connection.execute(sql)


def is_postgres(target: str | Path) -> bool:
    """True if `target` names a PostgreSQL database rather than a SQLite file."""
    return str(target).startswith(POSTGRES_SCHEMES)


def connect(target: str | Path, pooled: bool = False) -> Database:
    """Open the database `target` names: a SQLite file path or a `postgresql://` URL.

    `pooled`: a PostgreSQL connection is borrowed from the process's pool (the app's requests),
    and `close` gives it back. A SQLite file opens in well under a millisecond: never pooled.
    """
    if is_postgres(target):
        from kidswar.storage.postgres import PostgresDatabase  # psycopg: an optional extra

        url = str(target)
        return PostgresDatabase.borrow(url) if pooled else PostgresDatabase.open(url)
    return SqliteDatabase(target)


@contextmanager
def immediate(db: Database) -> Iterator[None]:
    """One write transaction: everything in it is saved, or (on an exception) nothing is.

    No other write comes in between its reads and its writes, on either backend: the
    conditional writes (a move after a race, a table joining, a claimed clean-up) rely on it.
    """
    db.begin_immediate()
    try:
        yield
    except BaseException:
        db.rollback()
        raise
    db.commit()
