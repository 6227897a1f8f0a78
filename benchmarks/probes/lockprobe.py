"""`school.py --probe`: how often and how long a SQLite write waits for another's lock.

Benchmark-only: installed in every process of the server by the probes' `sitecustomize`
(`school.py --probe` sets LOCKPROBE_DIR). It wraps `SqliteDatabase`:

- each write is tried first with SQLite's busy timeout at 0, so one that finds the write lock
  taken fails at once with "database is locked" instead of sleeping in SQLite's busy handler;
  the probe counts that ("found the lock taken"), sets the connection's own timeout back and
  tries the same statement again (nothing of a statement that found the lock taken was done),
  so the request waits as it would have without the probe (but for two PRAGMAs a write);
- every write (an UPDATE, INSERT, DELETE outside a transaction, or a BEGIN IMMEDIATE) is timed
  from its call to its return, including any lock the storage layer takes before it, into
  buckets by milliseconds.

Each process writes its counts to LOCKPROBE_DIR/probe-<pid>.json twice a second
(`probe_report.Report`); `school.py` adds them up around each phase.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from probe_report import Report

EDGES_MS = (0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)  # a bucket per edge, and one above
WRITES = ("UPDATE", "INSERT", "DELETE", "REPLACE")


def fresh() -> dict[str, Any]:
    """Counts of no write yet."""
    return {"writes": 0, "busy": 0, "busy_ms": 0.0, "ms": 0.0, "buckets": [0] * (len(EDGES_MS) + 1)}


def install(directory: str) -> None:
    """Wrap SqliteDatabase's writes (see the module's docstring), counting into `directory`."""
    from kidswar.storage import sqlite as backend
    from kidswar.storage.interfaces import DatabaseUnavailable

    report = Report(directory, fresh)

    def record(spent_ms: float, busy_ms: float | None) -> None:
        """Count one write that took `spent_ms`, of which `busy_ms` waiting after a busy answer."""
        bucket = sum(1 for edge in EDGES_MS if spent_ms > edge)
        with report.lock:
            counts = report.counts
            counts["writes"] += 1
            counts["ms"] += spent_ms
            counts["buckets"][bucket] += 1
            if busy_ms is not None:
                counts["busy"] += 1
                counts["busy_ms"] += busy_ms

    cls: Any = backend.SqliteDatabase
    original_init, original_execute = cls.__init__, cls.execute
    original_begin = cls.begin_immediate

    def init(self: Any, path: Any, timeout: float = 10) -> None:
        original_init(self, path, timeout)
        self.probe_timeout = f"PRAGMA busy_timeout = {int(timeout * 1000)}"

    def timed(self: Any, call: Any) -> Any:
        started = time.perf_counter()
        busy_ms = None
        self.connection.execute("PRAGMA busy_timeout = 0")
        try:
            result = call()
        except (sqlite3.OperationalError, DatabaseUnavailable) as error:
            if "locked" not in str(error) and "busy" not in str(error):
                raise
            waited = time.perf_counter()
            self.connection.execute(self.probe_timeout)
            result = call()
            busy_ms = (time.perf_counter() - waited) * 1000
        finally:
            self.connection.execute(self.probe_timeout)
        record((time.perf_counter() - started) * 1000, busy_ms)
        return result

    def execute(self: Any, sql: str, params: Any = ()) -> Any:
        words = sql.lstrip()[:7].upper()
        if self.connection.in_transaction or not words.startswith(WRITES):
            return original_execute(self, sql, params)
        return timed(self, lambda: original_execute(self, sql, params))

    def begin_immediate(self: Any) -> None:
        timed(self, lambda: original_begin(self))

    cls.__init__, cls.execute, cls.begin_immediate = init, execute, begin_immediate
