"""A game clock: how long is left, and whether time is up, at any moment it is asked.

The clock never reads the time itself: every method takes `now` (seconds, as `time.time()`
gives them), so the web layer can pass in a clock the tests control. A `Clock` is a frozen value;
starting, pausing, resuming, adding time and ending return a new one.

A running clock keeps its deadline; a clock that is ready or paused keeps the seconds it has
left, so pausing stops it wherever it stands and resuming sets a fresh deadline.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any


class ClockState(enum.StrEnum):
    """Where a clock stands; the value is what is saved and what the page's script reads."""

    READY = "ready"
    RUNNING = "running"
    PAUSED = "paused"
    OVER = "over"


# The states by name, as the rules speak of them.
READY, RUNNING, PAUSED, OVER = (
    ClockState.READY,
    ClockState.RUNNING,
    ClockState.PAUSED,
    ClockState.OVER,
)
MIN_MINUTES, MAX_MINUTES = 1, 120  # the time limits the forms offer


@dataclass(frozen=True)
class Clock:
    """A countdown: its state, its length in all, and its deadline or the seconds it has left."""

    state: ClockState
    total: float  # seconds it runs in all: its minutes plus any minute added
    deadline: float | None = None  # while running: the moment time is up
    stopped_left: float | None = None  # while ready or paused: the seconds left

    def __post_init__(self) -> None:
        """Refuse a clock whose fields do not fit its state."""
        if not isinstance(self.state, ClockState):
            raise ValueError(f"unknown clock state {self.state!r}")
        if self.state == RUNNING and self.deadline is None:
            raise ValueError("a running clock needs a deadline")
        if self.state in (READY, PAUSED) and self.stopped_left is None:
            raise ValueError("a stopped clock needs the seconds it has left")

    @classmethod
    def ready(cls, seconds: float) -> Clock:
        """A clock set to `seconds`, waiting to be started."""
        return cls(READY, seconds, None, seconds)

    @classmethod
    def running(cls, seconds: float, deadline: float) -> Clock:
        """A clock of `seconds` in all that runs out at `deadline`."""
        return cls(RUNNING, seconds, deadline, None)

    def left(self, now: float) -> float:
        """Seconds left at `now` (never below zero)."""
        if self.state == RUNNING:
            assert self.deadline is not None
            return max(0.0, self.deadline - now)
        if self.state == OVER:
            return 0.0
        assert self.stopped_left is not None
        return self.stopped_left

    def is_up(self, now: float) -> bool:
        """True once time has run out or the clock was ended."""
        return self.state == OVER or (self.state == RUNNING and self.left(now) <= 0)

    def settled(self, now: float) -> Clock:
        """This clock as it stands at `now`: a running clock past its deadline is over."""
        if self.state == RUNNING and self.is_up(now):
            return replace(self, state=OVER)
        return self

    def start(self, now: float) -> Clock:
        """Start a ready clock."""
        self._expect(READY, "started")
        assert self.stopped_left is not None
        return Clock(RUNNING, self.total, now + self.stopped_left, None)

    def pause(self, now: float) -> Clock:
        """Stop a running clock where it stands."""
        current = self.settled(now)
        current._expect(RUNNING, "paused")
        return Clock(PAUSED, self.total, None, self.left(now))

    def stopped_at(self, now: float) -> Clock:
        """The clock as it stood at `now`, stopped there for good if it was running: a class
        table the teacher removed keeps the time it had left then (issue 23)."""
        # A clock over since has its deadline or its end: it ran until then. (A clock that was
        # paused at `now` and ended later reads as running until its end: the clock keeps no
        # history; the table shows a time that stands still either way.)
        deadline = self.deadline if self.state in (RUNNING, OVER) else None
        if deadline is None or deadline <= now:
            return self.settled(now)  # waiting, paused, or up by then: as it stands
        return Clock(PAUSED, self.total, None, deadline - now)

    def resume(self, now: float) -> Clock:
        """Run a paused clock again for the seconds it had left."""
        self._expect(PAUSED, "resumed")
        assert self.stopped_left is not None
        return Clock(RUNNING, self.total, now + self.stopped_left, None)

    def add(self, seconds: float, now: float) -> Clock:
        """Give the clock more time (a clock whose time is up cannot be given more)."""
        current = self.settled(now)
        if current.state == OVER:
            raise ValueError("the time is already up")
        if current.deadline is not None:
            return replace(
                current, total=current.total + seconds, deadline=current.deadline + seconds
            )
        assert current.stopped_left is not None
        return replace(
            current, total=current.total + seconds, stopped_left=current.stopped_left + seconds
        )

    def end(self, now: float) -> Clock:
        """Stop the clock for good: time is up now (or already was)."""
        current = self.settled(now)
        if current.state == OVER:
            return current
        return Clock(OVER, self.total, min(now, current.deadline or now), None)

    def _expect(self, state: ClockState, verb: str) -> None:
        """Raise ValueError unless the clock is in `state`."""
        if self.state != state:
            raise ValueError(f"a clock that is {self.state} cannot be {verb}")

    def to_json(self) -> dict[str, Any]:
        """This clock as plain JSON values."""
        return {
            "state": self.state.value,
            "total": self.total,
            "deadline": self.deadline,
            "left": self.stopped_left,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Clock:
        """Read a clock written by `to_json`."""
        return cls(ClockState(data["state"]), float(data["total"]), data["deadline"], data["left"])
