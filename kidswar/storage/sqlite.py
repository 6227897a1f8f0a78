"""SQLite, the embedded default: a file in the instance folder, nothing to install or start."""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from kidswar.storage.interfaces import Cursor, DatabaseUnavailable

# What SQLite says when the file cannot take a write now (another writer held its lock past the
# wait, the disk or `max_page_count` is full, the disk failed): the app answers 503 and nothing
# of the request is saved. Other errors (a mistake in our SQL) stay errors.
UNAVAILABLE = ("database is locked", "database is busy", "database or disk is full", "disk i/o")


@contextmanager
def answering() -> Iterator[None]:
    """Raise DatabaseUnavailable for a locked or full file instead of sqlite3's error."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if any(words in str(error).lower() for words in UNAVAILABLE):
            raise DatabaseUnavailable(str(error)) from error
        raise


def backup(source: str | Path, target: str | Path) -> None:
    """Copy the SQLite file at `source` to `target` while servers use it.

    SQLite's online backup reads one consistent snapshot, the commits still in the write-ahead
    log included (a plain copy of the file misses those), and in WAL mode writers go on
    meanwhile. The copy is written beside `target` under a temporary name and then renamed, so
    `target` is never half a database.
    """
    target = Path(target)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    reader = sqlite3.connect(source, timeout=10)
    try:
        copy = sqlite3.connect(temporary)
        try:
            reader.backup(copy)  # all pages in one step: one snapshot
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, whole without a -wal beside
        finally:
            copy.close()
        os.replace(temporary, target)
    finally:
        reader.close()
        if temporary.exists():  # the copy failed: leave no half file behind
            temporary.unlink()


class SqliteDatabase:
    """A SQLite file, exactly as before there were two backends."""

    dialect = "sqlite"

    def __init__(self, path: str | Path, timeout: float = 10) -> None:
        """Open the file (autocommit: each statement is its own transaction); a write waits
        up to `timeout` seconds for another's lock."""
        self.connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        self.connection.row_factory = sqlite3.Row
        # In WAL mode (database.create) at NORMAL, a commit survives the app crashing or being
        # killed, and the file is never left inconsistent; but a power cut or an operating
        # system crash may roll back every commit since the last checkpoint (SQLite's own
        # documentation: the log is synced at checkpoints, not at each commit). FULL would
        # sync at each commit, at a cost to every move. A backup (`kidswar db backup`) is
        # the answer to a lost disk either way.
        with answering():
            self.connection.execute("PRAGMA synchronous=NORMAL")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement."""
        with answering():
            return self.connection.execute(sql, params)

    def executescript(self, sql: str) -> None:
        """Run a script stepped to its end (`PRAGMA incremental_vacuum` needs that)."""
        with answering():
            self.connection.executescript(sql)

    def begin_immediate(self) -> None:
        """BEGIN IMMEDIATE: the file's write lock, taken now rather than at the first write."""
        with answering():
            self.connection.execute("BEGIN IMMEDIATE")

    def commit(self) -> None:
        """Save the transaction."""
        with answering():
            self.connection.execute("COMMIT")

    def rollback(self) -> None:
        """Undo the transaction (SQLite may have undone it already: a full disk does)."""
        if self.connection.in_transaction:
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
