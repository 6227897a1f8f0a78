"""What the pages' scripts (static/*.js) share with Python, handed to them in one JSON block.

base.html writes `script_data()` into `<script type="application/json" id="kidswar-data">`:
data, never run, so the CSP's `script-src 'self'` allows it. static/page-data.mjs reads it, and
the scripts copy none of these values: change one here and every page's scripts follow.
"""

from __future__ import annotations

import math
from typing import Any

from flask import Flask
from flask_babel import gettext as _

from kidswar.game.clock import OVER, PAUSED, RUNNING
from kidswar.game.questions import Answer
from kidswar.web.app_settings import app_settings
from kidswar.web.forms.fields import OTHER
from kidswar.web.live import FETCH, HEADER
from kidswar.web.services.clock import CLOCK_PATTERN, LAST_MINUTE_SECONDS, STOPPED


def script_data() -> dict[str, Any]:
    """The shared values, as the scripts read them (names in the scripts' own camelCase)."""
    settings = app_settings()
    return {
        # The header that asks for a page's live fragment instead of a redirect (web/live.py).
        "fetchHeaders": {HEADER: FETCH},
        # The sign keys a child presses, and the practice answer each one gives (game/questions).
        "signs": {"<": Answer.SMALLER.value, "=": Answer.SAME.value, ">": Answer.BIGGER.value},
        "clock": {
            "pattern": CLOCK_PATTERN,  # "{m}:{ss}": how clock_text writes the time left
            "lastMinute": LAST_MINUTE_SECONDS,
            "running": RUNNING,  # the clock states the countdown tells apart
            "paused": PAUSED,
            "over": OVER,
            "stopped": STOPPED,
        },
        # Said beside a live page (live.js) while the server (its database) or the network does
        # not answer; the page keeps trying and the notice goes once an answer comes.
        "connection": {"lost": _("Connection lost, trying again")},
        # The value of a number field's "Another number" radio (setup and class-round forms).
        "other": OTHER,
        "speech": {
            # A clip being rendered is asked for again after the 503's Retry-After
            # (speech/routes.not_now: whole seconds, at least one).
            "retryMs": 1000 * max(1, math.ceil(settings.speech_wait_seconds)),
            # After failures the server's speech rests this long, then tries again.
            "restMs": round(1000 * settings.speech_retry_seconds),
        },
    }


def init_app(app: Flask) -> None:
    """Make `script_data` available to every template (base.html writes it once a page)."""
    app.jinja_env.globals.update(script_data=script_data)
