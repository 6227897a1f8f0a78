"""What each server-side probe of `school.py` shares: its counts, written where school.py reads.

A probe's process keeps its counts in a dict under a lock, and writes them as JSON to
`<directory>/probe-<pid>.json` twice a second, from a thread started in each process (a forked
one too: its threads did not survive the fork, and it starts from counts of its own).
`school.py` adds the files up around each phase.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


class Report:
    """One probe's counts in this process, and their file."""

    def __init__(self, directory: str, fresh: Callable[[], dict[str, Any]]) -> None:
        """Counts made by `fresh`, written into `directory`; the writing starts now, and
        again (from fresh counts) in every process forked from this one."""
        self.directory, self.fresh = Path(directory), fresh
        self.counts = fresh()
        self.lock = threading.Lock()
        os.register_at_fork(after_in_child=self.start)
        self.start()

    def dump_now(self) -> None:
        """Write this process's counts (replacing the last ones)."""
        target = self.directory / f"probe-{os.getpid()}.json"
        with self.lock:
            text = json.dumps(self.counts)
        partial = target.with_suffix(".part")
        partial.write_text(text)
        partial.replace(target)

    def dumping(self) -> None:
        """Write the counts twice a second for as long as the process lives."""
        while True:
            time.sleep(0.5)  # a periodic report, not a synchronisation
            with contextlib.suppress(OSError):
                self.dump_now()

    def start(self) -> None:
        """Start from fresh counts, with a writing thread of this process's own."""
        with self.lock:
            self.counts = self.fresh()
        threading.Thread(target=self.dumping, daemon=True).start()
