"""Whether this server can serve games: the database answers and its schema is current."""

from __future__ import annotations

from collections.abc import Callable

from kidswar.storage.database import LATEST_VERSION, schema_version
from kidswar.storage.interfaces import Database


def database_problem(open_database: Callable[[], Database]) -> str | None:
    """None when the database answers one small read (its schema's version) and its schema is
    at least the one this code needs; else why not, in one line for the operator's log.

    Any failure counts as not ready, not only the backends' DatabaseUnavailable: a probe must
    say "not ready" for a file that cannot be opened too, never answer 500. A newer schema (a
    newer kidswar ran `kidswar db upgrade`) is ready: the migrations only add.
    """
    try:
        version = schema_version(open_database())
    except Exception as error:
        return f"the database does not answer ({type(error).__name__})"
    if version < LATEST_VERSION:
        return (
            f"the database's schema is at version {version}, this kidswar needs "
            f"{LATEST_VERSION} (run `kidswar db upgrade`)"
        )
    return None
