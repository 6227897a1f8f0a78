"""A practice table's answers in the progress of the device's child (issue 31).

A table on a level of the ladder counts its answers as the drill counts its own: the page's
script sends the current child's progress with each answer (the `progress` field, in the body,
as the drill does: `web/child_progress`), the game layer records the answer in it
(`ladder_table.counted`), and the table's fragment hands it back (`data-progress`) for the
script to keep on the device. The server keeps none of it. A progress the server cannot read
(too long, nested too deep, from a newer kidswar) is refused as the drill refuses it, with a
400 that changes nothing: the table is drawn again with a notice saying so in the child's
language, marked (`data-progress-refused`) for the script to put that progress aside for the
adult and answer afresh, as the drill's "Start practising afresh" does.
"""

from __future__ import annotations

import random

from flask import request
from flask_babel import gettext as _

from kidswar.game.ladder import RUNGS
from kidswar.game.ladder_table import battle_values, counted
from kidswar.game.progress import Progress
from kidswar.web.child_progress import FIELD, brought_progress, progress_text, today
from kidswar.web.deals import new_seed
from kidswar.web.services.games import Result, StoredGame


def brought(stored: StoredGame) -> Progress | None:
    """The child's progress this answer brought, or None: a table with no level, or a page
    that sent none (no script). ProgressRefused for one the server cannot read."""
    if not stored.setup.level or FIELD not in request.form:
        return None
    return brought_progress()


def refused_notice() -> str:
    """What the table says when the progress an answer brought could not be read."""
    # Translators: at a practice table; the progress kept on this device could not be read,
    # and the page's script puts it aside for the progress page (for parents).
    return _(
        "This device's practice progress could not be read, so nothing was changed. It is"
        " kept aside on the parents' progress page. Answer again to start the progress afresh."
    )


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
