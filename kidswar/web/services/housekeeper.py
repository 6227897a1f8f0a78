"""The clean-up of old games and rounds, on a thread of each app process, off every request.

Issue 23: the clean-up ran inside the request that started a game, and with 50,000 expired
games that request took 13 s. Now each app process (each `kidswar serve`, each gunicorn worker)
has a `Housekeeper`: a daemon thread that looks every `POLL_SECONDS` whether the clean-up is due
(`storage.housekeeping.claim`: among all processes on one database, one runs it each
CLEAN_UP_MINUTES), and runs it in short steps with a pause between them, so that a move waits
for one step at most. `kidswar serve` starts it and stops it with the server; gunicorn's
workers start it as they load the app (`web.start_housekeeper`), and stop it at exit.
KIDSWAR_CLEAN_UP_MINUTES=0 starts none: then `kidswar db clean-up` runs from a timer
(docs/running.md, "Old games").
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from kidswar.settings import Settings
from kidswar.storage.connection import connect
from kidswar.storage.housekeeping import CLEAN_UP, claim, clean_up, cutoffs

POLL_SECONDS = 30.0  # how often a process looks whether the clean-up is due
PAUSE_SECONDS = 0.02  # between two steps: the moves waiting for the write lock go first
log = logging.getLogger(__name__)


def clean_up_now(
    target: str, settings: Settings, now: float, between: Callable[[], bool] = lambda: True
) -> tuple[int, int] | None:
    """Run the clean-up on `target` if it is due at `now` (the app's clock) by any process's last
    run; the games deleted and pages given back, or None when it was not due."""
    db = connect(target)
    try:
        if not claim(db, CLEAN_UP, now, settings.clean_up_minutes * 60):
            return None
        wall = time.time()  # rows are stamped with the wall clock, whatever the app's clock
        games = cutoffs(wall, settings.finished_games_kept_days, settings.idle_games_kept_days)
        rounds = cutoffs(wall, settings.finished_rounds_kept_days, settings.idle_rounds_kept_days)
        return clean_up(db, games, rounds, between)
    finally:
        db.close()


class Housekeeper:
    """A thread that runs the clean-up when it is due, until it is stopped."""

    def __init__(
        self,
        target: str,
        settings: Settings,
        clock: Callable[[], float],
        poll: float = POLL_SECONDS,
    ) -> None:
        """A housekeeper for the database `target`, with the app's settings and clock."""
        self.target, self.settings, self.clock, self.poll = target, settings, clock, poll
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.runs = 0  # clean-ups run (the tests wait on it)
        self.ran = threading.Condition()

    def start(self) -> None:
        """Start the thread (again, in a process forked from the one that started it)."""
        self.stopping.clear()
        self.thread = threading.Thread(target=self.run, name="kidswar-clean-up", daemon=True)
        self.thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the thread after the step it is in, and wait for it (at most `timeout` s)."""
        self.stopping.set()
        if self.thread is not None and self.thread is not threading.current_thread():
            self.thread.join(timeout)

    def between(self) -> bool:
        """Between two steps of a clean-up: a pause for waiting requests; False if stopping."""
        return not self.stopping.wait(PAUSE_SECONDS)

    def run(self) -> None:
        """Look at once, then every `poll` seconds, until stopped; a failure (the database
        away) is logged and the next look tries again."""
        while not self.stopping.is_set():
            try:
                done = clean_up_now(self.target, self.settings, self.clock(), self.between)
            except Exception:  # the thread must outlive any one failure
                log.warning("the clean-up of old games failed; it runs again later", exc_info=True)
            else:
                if done is not None:
                    log.info("cleaned up %d old games (%d pages given back)", *done)
                    with self.ran:
                        self.runs += 1
                        self.ran.notify_all()
            self.stopping.wait(self.poll)
