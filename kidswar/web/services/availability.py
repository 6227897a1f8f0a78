"""The database not answering (issue 23), as the error pages see it: they answer it with 503.

Storage raises `DatabaseUnavailable` for a PostgreSQL database stopped or out of reach, and for
a SQLite file locked beyond the wait or with its disk full; nothing of the request was saved.
"""

from __future__ import annotations

from kidswar.storage.interfaces import DatabaseUnavailable

__all__ = ["DatabaseUnavailable"]
