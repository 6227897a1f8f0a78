"""Seeds for new deals: unpredictable in production, one replayable stream in a test.

In production a deal's seed comes from `secrets`: nobody can predict the cards. A test (or a
demonstration) sets `DEAL_SEED` in the config: every seed is then drawn from one stream started
at that number, so a failing test is replayed exactly by setting the same number again.
"""

from __future__ import annotations

import random
import secrets
import threading

from flask import current_app

from kidswar.web.app_settings import app_settings

_streams_lock = threading.Lock()


def new_seed() -> int:
    """A fresh seed for a new deal, kept with the game so it replays."""
    seeded = app_settings().deal_seed
    if seeded is None:
        return secrets.randbits(63)
    with _streams_lock:  # one stream per app, shared by its threads
        stream = current_app.extensions.setdefault("kidswar_deals", random.Random(seeded))
        return stream.getrandbits(63)
