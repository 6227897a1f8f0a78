"""Limits per client address on a class round's public doors (issue 13).

Two limits, each over the last minute, counted in the database (`storage.limits`) so every
thread and process shares them:

- wrong join codes (`CLASS_WRONG_CODES_PER_MINUTE`): every look-up of a code the device does not
  know yet (the join pages, the projector) is checked against the limit, and counted when no
  round has the code, so guessing is slow whatever the page used, and a right code costs nothing;
- new tables (`CLASS_JOINS_PER_MINUTE`), counted where the table is made (`services.rounds`).

Over a limit, the page answers 429 Too Many Requests with Retry-After (`errors.handlers`).
"""

from __future__ import annotations

import math

from kidswar.game.class_round import Round
from kidswar.storage.database import immediate
from kidswar.storage.limits import record, wait_needed
from kidswar.web.services.clock import round_now
from kidswar.web.services.context import Context

WINDOW = 60.0  # seconds: both limits count the last minute
JOINS, CODES = "join", "code"  # what a limit counts, as stored


class Limited(Exception):
    """A request over its limit: which one, and the whole seconds to wait (at least 1)."""

    def __init__(self, kind: str, wait: float) -> None:
        super().__init__(kind)
        self.kind = kind
        self.seconds = max(1, math.ceil(wait))


def look_up_code(ctx: Context, code: str, *, known: bool, client: str) -> Round | None:
    """Find the round of a typed join code as it stands now, counted against the client's
    wrong codes.

    A code this device knows (`known`) is not a guess and is not counted; `client` is the
    address the limit counts (`devices.client_key`). Over the limit, `Limited` is
    raised before the code is even looked up, so a guesser learns nothing from a right code.
    The check, the look-up and the count of a wrong code are one write transaction: requests
    racing through the server's threads cannot all slip under the limit.
    """
    if known:
        return round_now(ctx, code)
    db, at = ctx.db, ctx.now()
    limit = ctx.settings.class_wrong_codes_per_minute
    found = None
    with immediate(db):
        wait = wait_needed(db, CODES, client, limit, WINDOW, at)
        if wait is None:
            found = round_now(ctx, code)
            if found is None:
                record(db, CODES, client, at)
    if wait is not None:
        raise Limited(CODES, wait)
    return found
