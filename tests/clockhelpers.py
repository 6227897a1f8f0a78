"""A clock the tests move by hand: the app reads "now" from app.config["CLOCK"]."""

from __future__ import annotations


class FakeClock:
    """Seconds since the epoch, standing still until a test moves them."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        """Start at a fixed moment, so every run sees the same times."""
        self.now = start

    def __call__(self) -> float:
        """The time now, as `time.time()` would give it."""
        return self.now

    def advance(self, seconds: float) -> None:
        """Let `seconds` pass."""
        self.now += seconds
