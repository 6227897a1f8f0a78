"""CSRF tokens signed once a process per session token, with Flask-WTF's meaning.

Flask-WTF keeps a random raw token in the session and puts it, signed with the secret key and
a timestamp (itsdangerous's `URLSafeTimedSerializer`), in every form; a POST's signed token
must verify and carry the session's raw token. It signs again at every page that draws a form
(a new timestamp): part of the some 150 us a battle's fragment spent on its token.

With `WTF_CSRF_TIME_LIMIT=None` (the app's: a game left open all afternoon still takes its
moves) the timestamp is never read, so a token signed once for a raw value stays as good as a
fresh one: it is kept here, per process, in a bounded cache keyed by the secret key and the
raw value (`signed`). Checking a POST's token stays Flask-WTF's own `CSRFProtect` (its steps,
reasons and HTTPS Referer check), which a copy here could only drift from. With a time limit
configured, Flask-WTF's `generate_csrf` does all of it (nothing is kept).
"""

from __future__ import annotations

import functools

from flask import Flask, current_app, session
from flask_wtf.csrf import generate_csrf
from itsdangerous import URLSafeTimedSerializer

from kidswar.web.i18n import request_globals

SALT = "wtf-csrf-token"  # Flask-WTF's salt for its tokens
# A signed token is some 90 bytes, a raw value 40: a few thousand sessions (a school's
# tablets, each with one raw token) cost well under a megabyte.
KEPT_TOKENS = 4096


def _no_time_limit(app: Flask) -> bool:
    """True when tokens never expire: only then may a signed token be kept."""
    return app.config.get("WTF_CSRF_TIME_LIMIT", 3600) is None


def _secret_key(app: Flask) -> str | bytes:
    """The key Flask-WTF signs with: WTF_CSRF_SECRET_KEY, else the app's secret key."""
    key = app.config.get("WTF_CSRF_SECRET_KEY") or app.secret_key
    if key is None:
        raise RuntimeError("A secret key is required to use CSRF.")
    return key


@functools.lru_cache(maxsize=KEPT_TOKENS)
def signed(secret_key: str | bytes, raw: str) -> str:
    """`raw` signed as Flask-WTF signs it, once per key and raw value (the timestamp of the
    first signing stays in it: without a time limit nothing reads it)."""
    return URLSafeTimedSerializer(secret_key, salt=SALT).dumps(raw)


def csrf_token() -> str:
    """This request's signed token (Flask-WTF's `generate_csrf`, which keeps it on `g`): the
    session's raw token signed once a process; a session without one gets it from Flask-WTF."""
    app = current_app
    field = app.config["WTF_CSRF_FIELD_NAME"]  # Flask-WTF's name for it on `g` and in the session
    kept = request_globals()  # a fragment asks three or four times: `g` once, not its proxy
    made = kept.get(field)
    if isinstance(made, str):
        return made
    raw = session.get(field)
    if not (_no_time_limit(app) and isinstance(raw, str)):
        return str(generate_csrf())  # makes the raw token, or signs as configured
    token = signed(_secret_key(app), raw)
    setattr(kept, field, token)
    return token
