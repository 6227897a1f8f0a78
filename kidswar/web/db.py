"""One SQLite connection per request, opened on first use and closed when the request ends."""

from __future__ import annotations

import sqlite3

from flask import Flask, current_app, g

from kidswar.storage.database import connect, create


def get_db() -> sqlite3.Connection:
    """The request's database connection."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
    return g.db


def close_db(error: BaseException | None = None) -> None:
    """Close the request's connection, if it opened one."""
    connection = g.pop("db", None)
    if connection is not None:
        connection.close()


def init_app(app: Flask) -> None:
    """Create the tables at start-up and close connections after each request."""
    create(app.config["DATABASE"])
    app.teardown_appcontext(close_db)
