"""What can go wrong with speech; each error may say when to ask again (`retry_after`)."""

from __future__ import annotations


class SpeechError(Exception):
    """Speech could not be rendered; `retry_after`: seconds after which to ask again, if known."""

    def __init__(self, message: str = "", retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class SpeechUnavailable(SpeechError):
    """Speech is off: resting after failures (`retry_after` set) or impossible here (None)."""


class RenderFailed(SpeechError):
    """One job failed: it timed out, the worker died, or the engine raised."""


class NotReady(SpeechError):
    """The clip is not on disk yet: its render is queued or running; ask again a little later."""


class InvalidClip(SpeechError):
    """The renderer wrote something that is not a whole MP3 clip; it was thrown away."""
