"""The request's `Context` for the services: built once per request from Flask's app and request.

The one place where the services' needs meet Flask: the database connection of the request,
the app's clock (`CLOCK`, `time.time` unless a test puts its own there), the configuration,
Flask-Babel's translations (and the second language's), `url_for` and the speech clips' addresses.
"""

from __future__ import annotations

import time

from flask import current_app, url_for
from flask_babel import get_locale

from kidswar.web.app_settings import app_settings
from kidswar.web.clips import clip_urls
from kidswar.web.db import get_db
from kidswar.web.deals import new_seed
from kidswar.web.i18n import request_globals, translations
from kidswar.web.second_language import second_language, second_translations
from kidswar.web.services.context import Context


def now() -> float:
    """The server's time now, in seconds (the tests' own clock when they set one)."""
    return float(current_app.config.get("CLOCK", time.time)())


def context() -> Context:
    """This request's context (made on first use, then kept for the request)."""
    kept = request_globals()  # the object behind `g` (asked for some five times a request)
    found: Context | None = kept.get("kidswar_context")
    if found is None:
        found = Context(
            db=get_db(),
            clock=now,
            settings=app_settings(),
            t=translations(),
            locale=str(get_locale()),
            seed=new_seed,
            url=url_for,
            clips=clip_urls,
            also=second_language(),
            also_t=second_translations(),
        )
        kept.kidswar_context = found
    return found
