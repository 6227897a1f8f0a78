"""A circuit breaker for the speech worker: after failures in a row, rest, then try again.

Closed, every job is tried. After `max_failures` failures in a row it opens: jobs are refused
at once, without touching the worker, for `cool_down` seconds. Then it is half-open: the next
job is a trial (the renderer runs one job at a time, so only one request tries). A success
closes it; a failure opens it again for another cool-down. Speech thus comes back by itself
when the worker does, instead of staying off until the server restarts.

Time comes from `clock` (seconds, as `time.time` gives them), so tests move it instead of waiting.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Breaker:
    """Counts failures in a row and says whether a job may be tried now."""

    def __init__(
        self,
        max_failures: int = 3,
        cool_down: float = 30.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """Open after `max_failures` failures in a row; allow a trial `cool_down` s later."""
        self.max_failures = max_failures
        self.cool_down = cool_down
        self.clock = clock
        self._failures = 0
        self._opened_at: float | None = None
        self._reason: str | None = None
        self._lock = threading.Lock()  # held for a few assignments only, never across a job

    @property
    def failures(self) -> int:
        """Failures in a row since the last success."""
        return self._failures

    @property
    def reason(self) -> str | None:
        """Why the breaker is open (the last failure), or None while jobs are tried."""
        return self._reason if self.retry_in() > 0 else None

    def retry_in(self) -> float:
        """Seconds until a job may be tried: 0 when closed or half-open."""
        with self._lock:
            if self._opened_at is None:
                return 0.0
            now = self.clock()
            if now < self._opened_at:  # the clock was set back: do not wait for it to catch up
                return 0.0
            return max(0.0, self._opened_at + self.cool_down - now)

    def allows(self) -> bool:
        """True if a job may be tried now (closed, or half-open after the cool-down)."""
        return self.retry_in() == 0.0

    def succeeded(self) -> bool:
        """Close the breaker; return True if it was open or half-open (speech came back)."""
        with self._lock:
            was_open = self._opened_at is not None
            self._failures, self._opened_at, self._reason = 0, None, None
        return was_open

    def failed(self, message: str) -> bool:
        """Count a failure; return True if it opens the breaker (again)."""
        with self._lock:
            self._failures += 1
            if self._failures < self.max_failures:
                return False
            self._opened_at = self.clock()
            self._reason = f"speech failed {self._failures} times in a row, last: {message}"
            return True
