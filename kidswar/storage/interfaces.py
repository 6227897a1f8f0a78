"""The contract of storage: what every storage module and the rest of the app rely on.

A `Database` is one connection to either backend (`storage.sqlite`, `storage.postgres`), in
autocommit mode; `immediate` is the one write transaction that no other write interleaves with.
Every storage module writes plain SQL with `?` placeholders, the SQL both backends understand
(`ON CONFLICT`, `COALESCE`, `IS NOT NULL AS ...`). The backends import this module and nothing
else of storage; `storage.connection` chooses one from a target, so no backend knows the other.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, Protocol


class StorageError(Exception):
    """Something storage cannot do, said in one line."""


class BackendMissing(StorageError):
    """The target names a backend whose driver is not installed (psycopg: an optional extra)."""


class DatabaseUnavailable(StorageError):
    """The database did not answer in time: stopped, unreachable, locked by another writer
    beyond the wait, or its disk full. Nothing of the request was saved; try again soon."""


class NewerSavedFormat(StorageError, ValueError):
    """A saved record written by a later kidswar than this one, which cannot read it safely."""


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


@contextmanager
def immediate(db: Database) -> Iterator[None]:
    """One write transaction: everything in it is saved, or (on an exception) nothing is.

    No other write comes in between its reads and its writes, on either backend: the
    conditional writes (a move after a race, a table joining, a claimed clean-up) rely on it.
    """
    db.begin_immediate()
    try:
        yield
        db.commit()
    except BaseException:
        # A database that went away (or a full disk) may have undone it already, or may not
        # answer the ROLLBACK: the error that stopped the transaction is the one to report.
        with suppress(StorageError):
            db.rollback()
        raise
