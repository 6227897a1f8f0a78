"""One database connection per request, opened on first use and given back when it ends.

`DATABASE` is the instance folder's SQLite file, or the PostgreSQL URL of KIDSWAR_DATABASE_URL;
a PostgreSQL connection is borrowed from the process's pool rather than opened per request.
A SQLite connection is kept by the server thread that opened it, for its next requests:
opening the file, reading its schema and closing it again (the last connection to close
checkpoints the log) cost a battle about 2 ms of CPU, a third of it (issue 24), where using an
open one costs microseconds. A kept connection is checked against the file at each request
(a file replaced or removed meanwhile gets a fresh connection) and never kept in a transaction.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from flask import Flask, current_app, g

from kidswar.storage.connection import Database, SqliteDatabase, connect, is_postgres
from kidswar.storage.database import create
from kidswar.web.app_settings import app_settings

KEPT = "kidswar_sqlite_kept"  # app.extensions: a threading.local holding each thread's connection


def file_identity(path: str) -> tuple[int, int] | None:
    """Which file the path names now (device and inode), or None if there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def kept_sqlite(app: Flask) -> SqliteDatabase:
    """This thread's open connection to the app's SQLite file, opened if it has none or if the
    file it has open is no longer the one at the path."""
    config = app.config
    path = str(config["DATABASE"])
    kept: Any = app.extensions[KEPT]
    identity = file_identity(path)
    connection: SqliteDatabase | None = getattr(kept, "connection", None)
    if connection is not None and (identity is None or kept.identity != identity):
        connection.close()
        connection = None
    if connection is None:
        opened = connect(path, timeout=app_settings(app).database_timeout)
        assert isinstance(opened, SqliteDatabase)
        connection = opened
        kept.connection, kept.identity = connection, identity or file_identity(path)
    return connection


def get_db() -> Database:
    """The request's database connection."""
    if "db" not in g:
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        config = app.config
        if KEPT in app.extensions:
            g.db = kept_sqlite(app)
        else:
            # At most DATABASE_TIMEOUT seconds for a connection or a lock, then
            # DatabaseUnavailable, which the error pages answer with 503 (a stalled database
            # must not hold a thread).
            g.db = connect(
                config["DATABASE"], pooled=True, timeout=app_settings(app).database_timeout
            )
    return g.db


def close_db(error: BaseException | None = None) -> None:
    """Give the request's connection back: to the pool, or to the thread (SQLite), after
    undoing any transaction left open."""
    connection = g.pop("db", None)
    if connection is None:
        return
    if isinstance(connection, SqliteDatabase):
        connection.rollback()
        return
    connection.close()


def forget_kept(app: Flask) -> None:
    """Close this thread's kept SQLite connection, if any (the next request opens a new one)."""
    kept: Any = app.extensions.get(KEPT)
    connection = getattr(kept, "connection", None)
    if connection is not None:
        connection.close()
        kept.connection = None


def init_app(app: Flask) -> None:
    """Create or upgrade the tables at start-up, and close connections after each request."""
    create(app.config["DATABASE"])
    if not is_postgres(app.config["DATABASE"]):
        app.extensions[KEPT] = threading.local()
    app.teardown_appcontext(close_db)
