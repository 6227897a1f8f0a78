"""The child's progress as a practice request brings it: read, checked, and never stored.

The page's script sends the progress kept on the child's device (static/children.mjs) in the
body of every practice POST (the drill's, and a practice table's answers on a level), as the
`progress` field (JSON text), under the CSRF token: never in an address, where logs would keep
it. The server works out what it needs from it, returns the updated progress in the page, and
keeps none of it. A missing or empty field is a fresh progress (no child chosen, or no
script): practice works all the same.
"""

from __future__ import annotations

import datetime
import json
import time

from flask import current_app, request

from kidswar.game.progress import MAX_CHARS, Progress, ProgressRefusal, ProgressRefused

FIELD = "progress"


def brought_progress() -> Progress:
    """The progress in this request's body; ProgressRefused for one that cannot be used."""
    text = request.form.get(FIELD, "")
    if not text.strip():
        return Progress()
    if len(text) > MAX_CHARS:
        raise ProgressRefused(ProgressRefusal.TOO_LONG)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:  # not JSON, or nested past any progress
        raise ProgressRefused(ProgressRefusal.MALFORMED) from error
    return Progress.from_json(data)


def progress_text(progress: Progress) -> str:
    """The progress as the page hands it back (compact JSON, the script keeps it as it is)."""
    return json.dumps(progress.to_json(), separators=(",", ":"))


def today() -> int:
    """Today's date on the server (an ordinal: days played are counted by it), from the app's
    clock, which tests may set."""
    clock = current_app.config.get("CLOCK", time.time)
    return datetime.date.fromtimestamp(float(clock())).toordinal()
