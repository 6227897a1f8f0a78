"""The clean-up of old games and rounds: at most once every few minutes, and the file shrinks.

The clean-up used to run at every new game, taking the write lock each time. It now runs at
most once an interval: `claim` checks and records when it last started in the `housekeeping`
table, inside one write transaction, so among threads or processes that find it due at once
exactly one runs it, and a restart (or another process) knows when it last ran.

It never runs inside a visitor's request (issue 23: 50,000 expired games made one "Start the
game" take 13 s): each app process runs it on a thread of its own (`web.services.housekeeper`),
or `kidswar db clean-up` does from a timer. Every step is a short transaction of its own (a
batch of games or rounds, a chunk of pages given back), so a move waits for one step at most.

Deleted games leave free pages, which SQLite reuses for new games; but the file never gave
them back, so a database swollen by a flood of games stayed that size. The file is made with
`auto_vacuum=INCREMENTAL` (`database.create`), and after a clean-up that leaves more than a
quarter of it free, `shrink` gives the free pages back (`PRAGMA incremental_vacuum`), a chunk
a transaction. A full `VACUUM` would also defragment, but it rewrites the whole file under an
exclusive lock: seconds for a big file, with every move waiting.
"""

from __future__ import annotations

from collections.abc import Callable

from kidswar.storage.games import delete_old_games
from kidswar.storage.interfaces import Database, immediate
from kidswar.storage.rounds import delete_old_rounds
from kidswar.storage.sqlite import SqliteDatabase

CLEAN_UP = "clean-up"  # the task's name in the housekeeping table
# Fewer free pages than this (1 MB of 4 KB pages) are left for the next games to fill.
MIN_FREE_PAGES = 256
SHRINK_CHUNK = 512  # pages given back per transaction: 2 MB, some 10 milliseconds
DAY = 24 * 60 * 60


def is_due(db: Database, task: str, now: float, every: float) -> bool:
    """True if `task` never ran, last started `every` seconds ago or more, or in the future
    (a clock set back: waiting for it to catch up could block the task for days)."""
    row = db.execute("SELECT last_run FROM housekeeping WHERE task = ?", (task,)).fetchone()
    return row is None or not 0 <= now - row[0] < every


def claim(db: Database, task: str, now: float, every: float) -> bool:
    """Record that `task` starts `now` if it is due, and return True: the caller runs it.

    Usually it is not due, found without taking the write lock. When it is, the check is made
    again under the lock before the start is recorded, so only one of many callers gets True.
    """
    if not is_due(db, task, now, every):
        return False
    with immediate(db):
        if not is_due(db, task, now, every):
            return False  # another thread or process claimed it first
        db.execute(
            "INSERT INTO housekeeping (task, last_run) VALUES (?, ?)"
            " ON CONFLICT (task) DO UPDATE SET last_run = excluded.last_run",
            (task, now),
        )
    return True


def free_pages(db: Database) -> tuple[int, int]:
    """The file's free pages and all its pages."""
    free = int(db.execute("PRAGMA freelist_count").fetchone()[0])
    return free, int(db.execute("PRAGMA page_count").fetchone()[0])


def shrink(db: Database, between: Callable[[], bool] = lambda: True) -> int:
    """Give free pages back to the file system if they are over a quarter of the file.

    Returns how many pages were given back. A file made before issue 13 is converted at
    start-up; until then (or if that failed) the pragma does nothing and 0 is returned.
    """
    if not isinstance(db, SqliteDatabase):
        # PostgreSQL's autovacuum marks deleted rows' space for reuse by the next games; giving
        # it back (VACUUM FULL) would lock the table, so it is left to the database's operator.
        return 0
    free, pages = free_pages(db)
    if free < MIN_FREE_PAGES or free * 4 < pages:
        return 0
    for chunk in range(free // SHRINK_CHUNK + 1):
        if chunk and not between():
            break
        # A script, stepped to its end: `execute` would stop after the first page.
        db.executescript(f"PRAGMA incremental_vacuum({SHRINK_CHUNK})")
    return free - free_pages(db)[0]


def cutoffs(now: float, finished_days: float, idle_days: float) -> tuple[float, float]:
    """The times before which finished, and untouched, games or rounds are deleted."""
    return now - finished_days * DAY, now - idle_days * DAY


def clean_up(
    db: Database,
    games: tuple[float, float],
    rounds: tuple[float, float],
    between: Callable[[], bool] = lambda: True,
) -> tuple[int, int]:
    """Delete old games and rounds (each: finished before, idle since) and shrink the file.

    Returns the games deleted and the pages given back. Call it outside a transaction.
    `between()` is called between two steps: it may pause to let requests in, or return False
    to stop (the server is stopping); the next clean-up finishes the work.
    """
    deleted = delete_old_games(db, *games, between)
    delete_old_rounds(db, *rounds, between)
    return deleted, shrink(db, between)
