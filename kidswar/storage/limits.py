"""Requests counted per client over a sliding window, in the database (issue 13).

The counts live in the database, not in a process's memory, so every waitress thread, and every
process or app server sharing the database, sees the same ones. A client is a keyed hash of its
address (made by the web layer with the secret key the servers share), never the address
itself, and a row is deleted once its window has passed.
"""

from __future__ import annotations

from kidswar.storage.interfaces import Database


def wait_needed(
    db: Database, kind: str, client: str, limit: int, window: float, at: float
) -> float | None:
    """Seconds until `client` may make another `kind` request, or None if it may now.

    Call it inside `immediate`, with `record` after it, so no other request counts in between.
    Rows older than every window are deleted on the way: the table stays a minute's worth.
    """
    db.execute("DELETE FROM limited_requests WHERE at <= ?", (at - window,))
    row = db.execute(
        "SELECT COUNT(*), MIN(at) FROM limited_requests WHERE kind = ? AND client = ? AND at > ?",
        (kind, client, at - window),
    ).fetchone()
    count, oldest = int(row[0]), row[1]
    if count < limit:
        return None
    return max(0.0, float(oldest) + window - at)  # when the oldest request leaves the window


def record(db: Database, kind: str, client: str, at: float) -> None:
    """Count one `kind` request of `client` at `at`."""
    db.execute(
        "INSERT INTO limited_requests (kind, client, at) VALUES (?, ?, ?)", (kind, client, at)
    )


def recent(db: Database, kind: str, client: str, window: float, at: float) -> tuple[float, ...]:
    """When `client` made its `kind` requests in the `window` seconds before `at`, oldest
    first (the game decides what they allow: `game.class_join`). Call it inside `immediate`,
    with `record` after it; rows older than every window are deleted on the way."""
    db.execute("DELETE FROM limited_requests WHERE at <= ?", (at - window,))
    rows = db.execute(
        "SELECT at FROM limited_requests WHERE kind = ? AND client = ? AND at > ? ORDER BY at",
        (kind, client, at - window),
    ).fetchall()
    return tuple(float(row[0]) for row in rows)
