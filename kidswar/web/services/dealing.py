"""Seeds for new deals, and when old games and rounds may be cleaned up.

In production a deal's seed comes from `secrets`: nobody can predict the cards. A test (or a
demonstration) sets `DEAL_SEED` in the config: every seed is then drawn from one stream started
at that number, so a failing test is replayed exactly by setting the same number again.
"""

from __future__ import annotations

import random
import secrets
import threading
import time
from collections.abc import Mapping
from typing import Any

from flask import current_app

DAY = 24 * 60 * 60
_streams_lock = threading.Lock()


def new_seed() -> int:
    """A fresh seed for a new deal, kept with the game so it replays."""
    seeded = current_app.config.get("DEAL_SEED")
    if seeded is None:
        return secrets.randbits(63)
    with _streams_lock:  # one stream per app, shared by its threads
        stream = current_app.extensions.setdefault("kidswar_deals", random.Random(int(seeded)))
        return stream.getrandbits(63)


def old_cutoffs(config: Mapping[str, Any], kind: str) -> tuple[float, float]:
    """The times before which finished, and untouched, games (`kind` "GAMES") or class rounds
    ("ROUNDS") are deleted.

    Wall-clock time, as storage stamps the rows with; the app's `CLOCK` (which tests move)
    judges only game and round deadlines.
    """
    now = time.time()
    return (
        now - config[f"FINISHED_{kind}_KEPT_DAYS"] * DAY,
        now - config[f"IDLE_{kind}_KEPT_DAYS"] * DAY,
    )
