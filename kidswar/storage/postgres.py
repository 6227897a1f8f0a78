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
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

from kidswar.storage.interfaces import Cursor

# Every table a write may touch; `immediate` locks them all, always in this order (no deadlock).
TABLES = ("games", "rounds", "round_tables", "housekeeping", "limited_requests")
SCHEMA_LOCK = 0x6B696473  # the advisory lock migrations hold ("kids")
POOL_SIZE = 16  # connections a process keeps: `kidswar serve`'s 8 threads, or gunicorn's
_pools: dict[str, ConnectionPool] = {}
_pools_lock = threading.Lock()


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
    """psycopg's row factory for `Row` (the first column of a name wins, as in SQLite)."""
    columns = [column.name for column in cursor.description or ()]
    names = {name: index for index, name in reversed(list(enumerate(columns)))}
    return lambda values: Row(names, values)


@lru_cache(maxsize=1024)
def translate(sql: str) -> str:
    """SQLite's SQL as psycopg takes it: `?` placeholders become `%s` (a literal % doubled)."""
    return sql.replace("%", "%%").replace("?", "%s")


class PostgresDatabase:
    """One PostgreSQL connection (its own, or borrowed from the process's pool)."""

    dialect = "postgresql"

    def __init__(self, connection: psycopg.Connection[Any], pool: ConnectionPool | None) -> None:
        """Wrap `connection`, given back to `pool` on close if it came from one."""
        self.connection, self.pool = connection, pool

    @classmethod
    def open(cls, url: str) -> PostgresDatabase:
        """A connection of its own (the command line, tests, migrations)."""
        return cls(psycopg.connect(url, autocommit=True, row_factory=_rows), None)

    @classmethod
    def borrow(cls, url: str) -> PostgresDatabase:
        """A connection from this process's pool for `url` (one per request of the app)."""
        with _pools_lock:
            pool = _pools.get(url)
            if pool is None:
                settings = {"autocommit": True, "row_factory": _rows}
                # Each connection is checked as it is lent (one round trip): after the database
                # restarts, a request gets a fresh connection instead of a dead one.
                pool = ConnectionPool(
                    url,
                    min_size=1,
                    max_size=POOL_SIZE,
                    kwargs=settings,
                    check=ConnectionPool.check_connection,
                    open=True,
                )
                _pools[url] = pool
        return cls(pool.getconn(), pool)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Cursor:
        """Run one statement with `?` placeholders."""
        return self.connection.execute(translate(sql), params)

    def begin_immediate(self) -> None:
        """BEGIN, then hold off every other write until the transaction ends (see above)."""
        self.connection.execute("BEGIN")
        self.connection.execute(f"LOCK TABLE {', '.join(TABLES)} IN SHARE ROW EXCLUSIVE MODE")

    def commit(self) -> None:
        """Save the transaction."""
        self.connection.execute("COMMIT")

    def rollback(self) -> None:
        """Undo the transaction (a broken connection has nothing left to undo)."""
        if not self.connection.closed:
            self.connection.execute("ROLLBACK")

    def close(self) -> None:
        """Give the connection back to its pool, or close it."""
        if self.pool is not None:
            self.pool.putconn(self.connection)
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
    with _pools_lock:
        for pool in _pools.values():
            pool.close()
        _pools.clear()
