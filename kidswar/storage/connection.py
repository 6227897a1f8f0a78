"""The database a target names: SQLite (the default) or PostgreSQL, chosen here and only here.

A target is a file path (SQLite, the embedded default: nothing to install or start) or a
`postgresql://` URL (several app processes or machines sharing one database). The contract both
backends keep is `storage.interfaces`; this module is the only one that imports the backends,
PostgreSQL's when a URL asks for it (psycopg is an optional extra), and neither imports this one.

`Database`, `Cursor`, `immediate` and `SqliteDatabase` are named here too, as the rest of the app
has always imported them from here.
"""

from __future__ import annotations

from pathlib import Path

from kidswar.storage.interfaces import (
    BackendMissing,
    Cursor,
    Database,
    DatabaseUnavailable,
    immediate,
)
from kidswar.storage.sqlite import SqliteDatabase

__all__ = [
    "POSTGRES_SCHEMES",
    "Cursor",
    "Database",
    "DatabaseUnavailable",
    "SqliteDatabase",
    "connect",
    "immediate",
    "is_postgres",
]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    """True if `target` names a PostgreSQL database rather than a SQLite file."""
    return str(target).startswith(POSTGRES_SCHEMES)


def connect(target: str | Path, pooled: bool = False, timeout: float | None = None) -> Database:
    """Open the database `target` names: a SQLite file path or a `postgresql://` URL.

    `pooled`: a PostgreSQL connection is borrowed from the process's pool (the app's requests),
    and `close` gives it back. A SQLite file opens in well under a millisecond: never pooled.
    `timeout`: how long a request waits for a connection (PostgreSQL) or another writer's lock
    (SQLite) before DatabaseUnavailable; None, the backends' own waits (the command line).
    Raises BackendMissing for a URL when psycopg is not installed.
    """
    if not is_postgres(target):
        return SqliteDatabase(target) if timeout is None else SqliteDatabase(target, timeout)
    try:
        # Imported when a URL asks for it: psycopg is an optional extra ('kidswar[postgres]').
        from kidswar.storage.postgres import PostgresDatabase
    except ModuleNotFoundError as missing:
        if missing.name not in ("psycopg", "psycopg_pool"):
            raise
        raise BackendMissing("PostgreSQL needs psycopg: pip install 'kidswar[postgres]'") from None
    url = str(target)
    if pooled:
        return PostgresDatabase.borrow(url, 2.0 if timeout is None else timeout)
    return PostgresDatabase.open(url)
