"""Small helpers for starting games: fresh seeds and when old games may be cleaned up."""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping
from typing import Any

DAY = 24 * 60 * 60


def new_seed() -> int:
    """A fresh seed for a new deal: unpredictable, and kept with the game so it replays."""
    return secrets.randbits(63)


def old_game_cutoffs(config: Mapping[str, Any]) -> tuple[float, float]:
    """The times before which finished games, and untouched games, are deleted."""
    now = time.time()
    return (
        now - config["FINISHED_GAMES_KEPT_DAYS"] * DAY,
        now - config["IDLE_GAMES_KEPT_DAYS"] * DAY,
    )
