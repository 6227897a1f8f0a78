"""A practice table's answers in the progress of the device's child (issue 31).

A table on a level of the ladder counts its answers as the drill counts its own: the page's
script sends the current child's progress with each answer (the `progress` field, in the body,
as the drill does: `web/child_progress`), the game layer records the answer in it
(`ladder_table.counted`), and the table's fragment hands it back (`data-progress`) for the
script to keep on the device. The server keeps none of it. A progress the server cannot read
changes nothing at the table: the game goes on, and the device keeps what it had.
"""

from __future__ import annotations

import random

from flask import request

from kidswar.game.ladder import RUNGS
from kidswar.game.ladder_table import battle_values, counted
from kidswar.game.progress import Progress, ProgressRefused
from kidswar.web.child_progress import FIELD, brought_progress, progress_text, today
from kidswar.web.deals import new_seed
from kidswar.web.services.games import Result, StoredGame


def brought(stored: StoredGame) -> Progress | None:
    """The child's progress this answer brought, or None: a table with no level, a page that
    sent none (no script), or one the server cannot read."""
    if not stored.setup.level or FIELD not in request.form:
        return None
    try:
        return brought_progress()
    except ProgressRefused:
        return None


def counted_answer(progress: Progress | None, result: Result) -> str | None:
    """The child's progress after the answer `result` saved, as the page keeps it; None when
    there is nothing to hand back (no progress brought, no answer saved, not counted)."""
    stored, answered = result.stored, result.answered
    if progress is None or answered is None or stored.last_battle is None:
        return None
    after = counted(
        progress,
        RUNGS[stored.setup.level],
        battle_values(stored.last_battle, stored.setup.rules),
        answered.right,
        answered.practice.score.asked,
        today(),
        random.Random(new_seed()),
    )
    return None if after is progress else progress_text(after)
