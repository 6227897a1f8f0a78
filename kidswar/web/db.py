"""One database connection per request, opened on first use and given back when it ends.

`DATABASE` is the instance folder's SQLite file, or the PostgreSQL URL of KIDSWAR_DATABASE_URL;
a PostgreSQL connection is borrowed from the process's pool rather than opened per request.
"""

from __future__ import annotations

from flask import Flask, current_app, g

from kidswar.storage.connection import Database, connect
from kidswar.storage.database import create


def get_db() -> Database:
    """The request's database connection."""
    if "db" not in g:
        config = current_app.config
        # At most DATABASE_TIMEOUT seconds for a connection or a lock, then DatabaseUnavailable,
        # which the error pages answer with 503 (a stalled database must not hold a thread).
        g.db = connect(config["DATABASE"], pooled=True, timeout=config["DATABASE_TIMEOUT"])
    return g.db


def close_db(error: BaseException | None = None) -> None:
    """Close the request's connection, or give it back to the pool, if it opened one."""
    connection = g.pop("db", None)
    if connection is not None:
        connection.close()


def init_app(app: Flask) -> None:
    """Create or upgrade the tables at start-up, and close connections after each request."""
    create(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
