"""SQLite, the embedded default: a file in the instance folder, nothing to install or start.

One writer at a time: SQLite's own write lock. A writer that finds it taken waits in SQLite's
busy handler, which sleeps 1, 2, 5, 10, 15, 20, 25... ms between tries, however soon the lock
is free again; with `kidswar serve --workers 2` an eighth of the moves found it taken and
slept (issue 24, benchmarks/README.md). So where there is `fcntl` (not on Windows), the
writers of a file queue first on an OS lock of their own (`Writers`: `flock` on a file beside
the database, and a thread lock within the process): a waiting writer is woken by the kernel
as soon as the one before it is done. SQLite's lock still decides what is safe, as before;
the queue only spares the sleeps, and the busy handler stays for writers outside it (the
command line, another program), up to the connection's timeout, then DatabaseUnavailable.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from kidswar.storage.interfaces import Cursor, DatabaseUnavailable

try:
    import fcntl
except ImportError:  # Windows: SQLite's busy handler alone, as before
    fcntl = None  # type: ignore[assignment]

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


WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")  # a statement that takes the write lock
LOCK_SUFFIX = "-writer"  # the queue's lock file, beside the database and its -wal and -shm


class Writers:
    """The queue of one file's writers in this process: a thread lock, then `flock` on the
    lock file (one open file per process, so the thread lock is what orders its threads).

    A process that dies holding it lets it go with its open files, so no queue stays stuck.
    """

    def __init__(self, path: str) -> None:
        """The queue for the database at `path` (its lock file opened at the first write)."""
        self.lock_path = path + LOCK_SUFFIX
        self.thread_lock = threading.Lock()
        self.fd: int | None = None

    def acquire(self, timeout: float) -> bool:
        """Wait for this file's turn to write, at most about `timeout` seconds in this process
        (then DatabaseUnavailable); False if there is no lock file to be had (a read-only
        folder): the writer goes on to SQLite's lock alone."""
        if not self.thread_lock.acquire(timeout=max(timeout, 0.0)):
            raise DatabaseUnavailable("database is locked (other writers held it past the wait)")
        try:
            if self.fd is None:
                self.fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o600)
            # The kernel wakes it when the writer before it lets go; that writer waits for
            # SQLite's lock at most its own timeout, so this wait is bounded by it.
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except OSError:
            self.thread_lock.release()
            return False
        return True

    def release(self) -> None:
        """The next writer's turn."""
        try:
            if self.fd is not None:
                fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            self.thread_lock.release()


_queues: dict[tuple[int, str], Writers] = {}
_queues_lock = threading.Lock()


def writers(path: str | Path) -> Writers | None:
    """This process's queue for the file at `path`; None without fcntl (Windows) or for a
    database in memory. A forked process gets a fresh one (a lock is not shared over fork)."""
    name = str(path)
    if fcntl is None or name == ":memory:" or name.startswith("file:"):
        return None
    key = (os.getpid(), os.path.realpath(name))
    with _queues_lock:
        found = _queues.get(key)
        if found is None:
            found = _queues[key] = Writers(key[1])
        return found


class SqliteDatabase:
    """A SQLite file, exactly as before there were two backends."""

    dialect = "sqlite"

    def __init__(self, path: str | Path, timeout: float = 10) -> None:
        """Open the file (autocommit: each statement is its own transaction); a write waits
        up to `timeout` seconds for another's lock."""
        self.connection = sqlite3.connect(path, timeout=timeout, isolation_level=None)
        self.connection.row_factory = sqlite3.Row
        self.timeout, self.writers = timeout, writers(path)
        self.holding = False  # this connection holds its file's queue (`Writers`)
        # WAL is durable on commit at NORMAL; a power cut may lose only the very last move.
        with answering():
            self.connection.execute("PRAGMA synchronous=NORMAL")

    def take_turn(self) -> None:
        """Wait for this file's turn to write (see the module's docstring)."""
        if self.writers is not None and not self.holding:
            self.holding = self.writers.acquire(self.timeout)

    def end_turn(self) -> None:
        """Let the next writer of the file go, once this connection has no write left open."""
        if self.holding and not self.connection.in_transaction:
            self.holding = False
            assert self.writers is not None
            self.writers.release()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement (a write outside a transaction in its file's turn)."""
        if self.writers is None or self.connection.in_transaction:
            with answering():
                return self.connection.execute(sql, params)
        if not sql.lstrip()[:7].upper().startswith(WRITES):
            with answering():
                return self.connection.execute(sql, params)
        self.take_turn()
        try:
            with answering():
                return self.connection.execute(sql, params)
        finally:
            self.end_turn()

    def executescript(self, sql: str) -> None:
        """Run a script stepped to its end (`PRAGMA incremental_vacuum` needs that)."""
        with answering():
            self.connection.executescript(sql)

    def begin_immediate(self) -> None:
        """BEGIN IMMEDIATE: the file's write lock, taken now rather than at the first write
        (in the file's turn, held until the transaction ends)."""
        self.take_turn()
        try:
            with answering():
                self.connection.execute("BEGIN IMMEDIATE")
        finally:
            self.end_turn()  # only if BEGIN failed: a transaction is open otherwise

    def commit(self) -> None:
        """Save the transaction."""
        try:
            with answering():
                self.connection.execute("COMMIT")
        finally:
            self.end_turn()  # a COMMIT that failed leaves it open, for the ROLLBACK

    def rollback(self) -> None:
        """Undo the transaction (SQLite may have undone it already: a full disk does)."""
        try:
            if self.connection.in_transaction:
                self.connection.execute("ROLLBACK")
        finally:
            self.end_turn()

    def close(self) -> None:
        """Close the file (a transaction left open is undone, and the file's turn let go)."""
        try:
            self.connection.close()
        finally:
            if self.holding:
                self.holding = False
                assert self.writers is not None
                self.writers.release()

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
