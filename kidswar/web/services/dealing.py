"""Seeds for new deals, and the clean-up of old games and rounds (every few minutes at most).

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

from kidswar.storage.housekeeping import CLEAN_UP, claim, clean_up
from kidswar.web.db import get_db
from kidswar.web.services.clock import now

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


def clean_up_if_due() -> None:
    """Delete old games and rounds, unless a clean-up (by any thread or process) started less
    than `CLEAN_UP_MINUTES` ago by the app's clock: a new game need not wait for one."""
    config = current_app.config
    db = get_db()
    if claim(db, CLEAN_UP, now(), config["CLEAN_UP_MINUTES"] * 60):
        clean_up(db, old_cutoffs(config, "GAMES"), old_cutoffs(config, "ROUNDS"))


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
