"""The clean-up of old games and rounds before a new deal (every few minutes at most).

The seeds of new deals come from the request's context (`Context.seed`, `kidswar.web.deals`).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from kidswar.storage.housekeeping import CLEAN_UP, claim, clean_up
from kidswar.web.services.context import Context

DAY = 24 * 60 * 60


def clean_up_if_due(ctx: Context) -> None:
    """Delete old games and rounds, unless a clean-up (by any thread or process) started less
    than `CLEAN_UP_MINUTES` ago by the app's clock: a new game need not wait for one."""
    config = ctx.settings
    if claim(ctx.db, CLEAN_UP, ctx.now(), config["CLEAN_UP_MINUTES"] * 60):
        clean_up(ctx.db, old_cutoffs(config, "GAMES"), old_cutoffs(config, "ROUNDS"))


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
