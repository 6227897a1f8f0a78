"""PostgreSQL behind the same interface as SQLite (`pip install 'kidswar[postgres]'`).

Several app processes, on one machine or many, share one database (KIDSWAR_DATABASE_URL).
Statements keep SQLite's `?` placeholders and are translated once each; rows are read by column
name or index, as `sqlite3.Row` allows. Connections are in autocommit mode, so every statement
outside `immediate` is a transaction of its own, as with SQLite.

How the guarantees the SQLite tests prove hold here:

- A versioned write (`UPDATE games ... WHERE id = ? AND version = ?`) is one statement. Two
  racing on one row queue on its row lock, and the second re-checks the WHERE against the row
  the first committed (READ COMMITTED's re-check): exactly one is saved, as in SQLite.
- `immediate` is SQLite's BEGIN IMMEDIATE: one writer at a time. It locks every table of ours
  IN SHARE ROW EXCLUSIVE MODE, which conflicts with every write (and with itself) but not with
  reads. Once it holds the lock, no other write is in progress or can start until it commits,
  so what it reads stays true until it writes: a move after a race, a table joining a round,
  a clean-up claimed once, a request counted against its limit.
- Migrations take a transaction-level advisory lock, since their tables may not exist yet.

A database that goes away (issue 23) is `DatabaseUnavailable`, which the app answers with 503:
a request waits for a connection at most `timeout` seconds (KIDSWAR_DATABASE_TIMEOUT), never the
pool's 30. Once the database is found down, the process's `Gate` says so at once to every
request instead of letting each wait (threads stay free for the pages that need no database),
and one request at a time, every `PROBE_EVERY` seconds, tries a connection of its own. The first
that succeeds gets a fresh pool: psycopg_pool's own reconnection backs off 1, 2, 4, 8... seconds
(`AttemptWithBackoff`), which after an outage of 40 s kept the app down 17 s more.
"""

from __future__ import annotations

import math
import re
import select
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from kidswar.storage.interfaces import Cursor, DatabaseUnavailable

# Every table a write may touch; `immediate` locks them all, always in this order (no deadlock).
TABLES = ("games", "rounds", "round_tables", "housekeeping", "limited_requests")
SCHEMA_LOCK = 0x6B696473  # the advisory lock migrations hold ("kids")
POOL_SIZE = 16  # connections a process keeps: `kidswar serve`'s 8 threads, or gunicorn's
PROBE_EVERY = 0.5  # seconds between two tries of a database found down: back within a second
_gates: dict[str, Gate] = {}
_gates_lock = threading.Lock()


class Row:
    """A row read by column name (`row["version"]`) or position (`row[0]`), like sqlite3.Row."""

    __slots__ = ("_names", "_values")

    def __init__(self, names: dict[str, int], values: Sequence[Any]) -> None:
        """A row of `values`, whose columns are at the positions `names` gives."""
        self._names, self._values = names, values

    def __getitem__(self, key: int | str) -> Any:
        """The column named `key`, or at position `key`."""
        return self._values[self._names[key] if isinstance(key, str) else key]

    def __len__(self) -> int:
        """How many columns the row has."""
        return len(self._values)


def _rows(cursor: psycopg.Cursor[Any]) -> Callable[[Sequence[Any]], Row]:
    """psycopg's row factory for `Row` (the first column of a name wins, as in SQLite). The
    names come from the result itself (`pgresult`), as psycopg's own row factories take them:
    `cursor.description` describes each column's type too, some 13 us a query."""
    result = cursor.pgresult
    columns = tuple(result.fname(index) for index in range(result.nfields)) if result else ()
    names = _column_positions(columns)
    return lambda values: Row(names, values)


@lru_cache(maxsize=256)
def _column_positions(columns: tuple[bytes | None, ...]) -> dict[str, int]:
    """Each column's position by its name (the first of a name wins), once per set of columns:
    the app's statements select a few dozen."""
    names = [b"" if column is None else column for column in columns]
    return {name.decode(): index for index, name in reversed(list(enumerate(names)))}


@lru_cache(maxsize=1024)
def translate(sql: str) -> str:
    """SQLite's SQL as psycopg takes it: `?` placeholders become `%s` (a literal % doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


def check_lent(connection: psycopg.Connection[Any]) -> None:
    """The pool's check of a connection as it is lent: raises for a dead one, which the pool
    then replaces with a fresh one, so that after the database restarts no request gets a dead
    connection. psycopg_pool's own check asks the server every time (a round trip, some 6 %
    of the app's CPU a battle); a connection the server closed (a restart, an administrator,
    a crash) has something to read on its socket (the server's last message, or its end), and
    only then is the server asked. A connection in the pool has nothing else to read: the app
    never LISTENs, and a notice only follows a statement."""
    if connection.closed or connection.broken:
        raise psycopg.OperationalError("the connection is closed")
    readable, _, _ = select.select([connection.fileno()], [], [], 0)
    if readable:
        ConnectionPool.check_connection(connection)


def new_pool(url: str) -> ConnectionPool:
    """A pool of connections to `url`, opening its first one in the background."""
    # Each connection is checked as it is lent (`check_lent`). At most POOL_SIZE requests queue
    # for one (psycopg_pool's `max_waiting`); more are told at once that there is none.
    return ConnectionPool(
        url,
        min_size=1,
        max_size=POOL_SIZE,
        max_waiting=POOL_SIZE,
        kwargs={"autocommit": True, "row_factory": _rows},
        check=check_lent,
        open=True,
    )


class Gate:
    """This process's way to one database: its pool, and whether the database is down."""

    def __init__(self, url: str) -> None:
        """A gate to `url`, with a pool opened at once; the database is thought up."""
        self.url, self.pool = url, new_pool(url)
        self.down = False  # found down: every request is told so at once, but for the probe
        self.next_probe = 0.0  # time.monotonic() when one request may try the database again
        self.lent = 0  # the pool's connections out with requests now
        self._lock, self._probing = threading.Lock(), threading.Lock()

    def borrow(self, timeout: float) -> tuple[psycopg.Connection[Any], ConnectionPool | None]:
        """A connection for one request, and the pool to give it back to (None: close it).

        Raises DatabaseUnavailable after at most about `timeout` seconds."""
        if not self.down:
            pool = self.pool
            try:
                connection = pool.getconn(timeout)
            except psycopg.OperationalError:  # PoolTimeout, TooManyRequests, PoolClosed
                if self.lent >= POOL_SIZE:  # all lent: busy, not down
                    raise DatabaseUnavailable("every connection is in use") from None
            else:
                with self._lock:
                    self.lent += 1
                return connection, pool
        return self.probe(timeout), None

    def probe(self, timeout: float) -> psycopg.Connection[Any]:
        """Try the database with a connection of its own, one request at a time and at most
        every PROBE_EVERY seconds (the others are told at once); if it answers, a fresh pool
        takes the place of the old one and its back-off."""
        if not self._probing.acquire(blocking=False):
            raise DatabaseUnavailable("the database is being tried again")
        try:
            if self.down and time.monotonic() < self.next_probe:
                raise DatabaseUnavailable("the database was down a moment ago")
            try:
                connection = psycopg.connect(
                    self.url,
                    autocommit=True,
                    row_factory=_rows,
                    connect_timeout=max(1, math.ceil(timeout)),
                )
            except psycopg.OperationalError as error:
                self.found_down(PROBE_EVERY)
                raise DatabaseUnavailable(str(error)) from error
            with self._lock:
                old, self.pool, self.down, self.lent = self.pool, new_pool(self.url), False, 0
            old.close(timeout=0)  # its lent connections are closed as they come back
            return connection
        finally:
            self._probing.release()

    def found_down(self, wait: float = 0.0) -> None:
        """The database failed a request: the next one tries it after `wait` seconds."""
        self.down, self.next_probe = True, time.monotonic() + wait

    def give_back(self, connection: psycopg.Connection[Any], pool: ConnectionPool) -> None:
        """Return a lent connection to the pool it came from (closed, if that pool is gone)."""
        with self._lock:
            if pool is self.pool:
                self.lent -= 1
        pool.putconn(connection)

    def close(self) -> None:
        """Close the pool."""
        self.pool.close()


def gate(url: str) -> Gate:
    """This process's gate to `url`, made on first use."""
    with _gates_lock:
        found = _gates.get(url)
        if found is None:
            found = _gates[url] = Gate(url)
        return found


class PostgresDatabase:
    """One PostgreSQL connection (its own, or borrowed from the process's pool)."""

    dialect = "postgresql"

    def __init__(
        self,
        connection: psycopg.Connection[Any],
        pool: ConnectionPool | None,
        gate: Gate | None = None,
    ) -> None:
        """Wrap `connection`, given back to `pool` through `gate` on close if it came from one."""
        self.connection, self.pool, self.gate = connection, pool, gate

    @classmethod
    def open(cls, url: str) -> PostgresDatabase:
        """A connection of its own (the command line, tests, migrations)."""
        return cls(psycopg.connect(url, autocommit=True, row_factory=_rows), None)

    @classmethod
    def borrow(cls, url: str, timeout: float = 2.0) -> PostgresDatabase:
        """A connection from this process's pool for `url` (one per request of the app), or
        DatabaseUnavailable within about `timeout` seconds."""
        through = gate(url)
        connection, pool = through.borrow(timeout)
        return cls(connection, pool, through)

    @contextmanager
    def answering(self) -> Iterator[None]:
        """Raise DatabaseUnavailable for a connection that broke or a database that went away
        (psycopg's OperationalError), and tell the gate when the connection broke: the next
        request need not wait for a pool whose connections may all be dead."""
        try:
            yield
        except psycopg.OperationalError as error:
            if self.gate is not None and (self.connection.closed or self.connection.broken):
                self.gate.found_down()
            raise DatabaseUnavailable(str(error)) from error

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement with `?` placeholders."""
        with self.answering():
            return self.connection.execute(translate(sql), params)

    def begin_immediate(self) -> None:
        """BEGIN, then hold off every other write until the transaction ends (see above)."""
        with self.answering():
            self.connection.execute("BEGIN")
            self.connection.execute(f"LOCK TABLE {', '.join(TABLES)} IN SHARE ROW EXCLUSIVE MODE")

    def commit(self) -> None:
        """Save the transaction."""
        with self.answering():
            self.connection.execute("COMMIT")

    def rollback(self) -> None:
        """Undo the transaction (a broken connection has nothing left to undo)."""
        if not self.connection.closed:
            with self.answering():
                self.connection.execute("ROLLBACK")

    def close(self) -> None:
        """Give the connection back to its pool, or close it."""
        if self.pool is not None and self.gate is not None:
            self.gate.give_back(self.connection, self.pool)
        else:
            self.connection.close()

    # The schema: its version in a table of its own, columns looked up, SQLite's types mapped.

    def begin_schema_change(self) -> None:
        """A transaction that holds the migrations' lock (other processes starting wait)."""
        self.connection.execute("BEGIN")
        self.connection.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
        self.connection.execute("CREATE TABLE IF NOT EXISTS kidswar_schema (version INTEGER)")

    def schema_version(self) -> int:
        """The migration step the database is at (0: a new database)."""
        if self.execute("SELECT to_regclass('kidswar_schema')").fetchone()[0] is None:
            return 0
        row = self.execute("SELECT MAX(version) FROM kidswar_schema").fetchone()
        return int(row[0] or 0)

    def set_schema_version(self, version: int) -> None:
        """Record that the database is at `version` (inside `begin_schema_change`)."""
        self.execute("DELETE FROM kidswar_schema")
        self.execute("INSERT INTO kidswar_schema (version) VALUES (?)", (version,))

    def columns(self, table: str) -> set[str]:
        """The names of a table's columns."""
        rows = self.execute(
            "SELECT column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name = ?",
            (table,),
        ).fetchall()
        return {row[0] for row in rows}

    def ddl(self, sql: str) -> None:
        """Run a schema statement written for SQLite: REAL (8 bytes there) is DOUBLE PRECISION
        here, since PostgreSQL's REAL has 4 bytes, too few for a time in seconds."""
        self.execute(re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql))


def close_pools() -> None:
    """Close every pool of this process (tests, before their schema is dropped)."""
    with _gates_lock:
        for found in _gates.values():
            found.close()
        _gates.clear()
