"""The settings that point an app at a test's database, on either backend."""

from __future__ import annotations

from typing import Any

SHARED_KEY = "the-servers-shared-test-key"  # app servers sharing a database share their key


def database_config(database: str) -> dict[str, Any]:
    """An app's settings for `database`: a SQLite file's path, or a PostgreSQL URL (which needs
    the secret key given, as KIDSWAR_DATABASE_URL needs KIDSWAR_SECRET_KEY)."""
    if database.startswith("postgresql"):
        return {"DATABASE_URL": database, "SECRET_KEY": SHARED_KEY}
    return {"DATABASE": database}
