"""The child's progress as a drill request brings it (`web/child_progress`, which the
practice table reads too), and the page for one the server refuses.
"""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _

from kidswar.game.progress import ProgressRefusal, ProgressRefused
from kidswar.web.child_progress import brought_progress, progress_text, today

__all__ = ["brought_progress", "progress_text", "refused_page", "today"]


def refused_page(error: ProgressRefused) -> tuple[str, int]:
    """A clear 400 in the child's language: the progress brought could not be used."""
    if error.reason is ProgressRefusal.NEWER:
        message = _(
            "This device's practice progress was saved by a newer version of kidswar, so"
            " nothing was changed. Practice can start afresh from the start page."
        )
    else:
        message = _(
            "This device's practice progress could not be read, so nothing was changed."
            " Practice can start afresh from the start page."
        )
    return render_template("drill/refused.html", message=message), 400
