"""CSRF tokens signed and checked once a process per token, with Flask-WTF's meaning.

Flask-WTF keeps a random raw token in the session and puts it, signed with the secret key and
a timestamp (itsdangerous's `URLSafeTimedSerializer`), in every form; a POST's signed token
must verify and carry the session's raw token. It signs again at every page (a new timestamp)
and verifies at every POST (an HMAC, base64, JSON): some 150 us of a battle's 1.9 ms.

With `WTF_CSRF_TIME_LIMIT=None` (the app's: a game left open all afternoon still takes its
moves) the timestamp is never read, so a token's check depends only on the token's text and
the key: a token signed once for a raw value stays as good as a fresh one, and a token that
verified once verifies again. Both are kept here, per process, in bounded caches keyed by the
secret key and the text: `signed` by the raw value (a session's), `verified` by the signed
text a form sent. A token that fails is never kept (an exception is not cached), so a forged
or tampered one is checked in full every time; a kept token is still compared with this
session's raw value (`hmac.compare_digest`), so another session's token is refused as before.
With a time limit configured, Flask-WTF's own functions do all of it (nothing is kept).
"""

from __future__ import annotations

import functools
import hmac
import logging
from typing import Any

from flask import Flask, current_app, g, request, session
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf, same_origin, validate_csrf
from itsdangerous import BadData, URLSafeTimedSerializer
from wtforms import ValidationError

from kidswar.web.compression import CSRF_FIELD  # Flask-WTF's name for it on `g`
from kidswar.web.i18n import request_globals

SALT = "wtf-csrf-token"  # Flask-WTF's salt for its tokens
# Entries of each cache: a token is some 90 bytes, a raw value 40; a few thousand sessions
# (a school's tablets, each with one token a process) cost well under a megabyte.
KEPT_TOKENS = 4096
logger = logging.getLogger("flask_wtf.csrf")  # where Flask-WTF logs a refused token


def _no_time_limit(app: Flask) -> bool:
    """True when tokens never expire: only then may a signed or verified token be kept."""
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


@functools.lru_cache(maxsize=KEPT_TOKENS)
def verified(secret_key: str | bytes, token: str) -> Any:
    """The raw value a signed token carries, once its signature verified (any age: no time
    limit); raises `BadData` if it does not verify, which is never kept."""
    return URLSafeTimedSerializer(secret_key, salt=SALT).loads(token, max_age=None)


def csrf_token() -> str:
    """This request's signed token (Flask-WTF's `generate_csrf`, which keeps it on `g`): the
    session's raw token signed once a process; a session without one gets it from Flask-WTF."""
    kept = request_globals()  # a fragment asks three or four times: `g` once, not its proxy
    made = kept.get(CSRF_FIELD)
    if isinstance(made, str):
        return made
    app = current_app
    field = app.config["WTF_CSRF_FIELD_NAME"]
    raw = session.get(field)
    if not (_no_time_limit(app) and isinstance(raw, str)):
        return str(generate_csrf())  # makes the raw token, or signs as configured
    token = signed(_secret_key(app), raw)
    setattr(kept, field, token)
    return token


def check_token(token: str | None) -> None:
    """Flask-WTF's `validate_csrf(token)`, with a verified token kept: raises
    `ValidationError` with Flask-WTF's reasons."""
    app = current_app
    if not _no_time_limit(app):
        validate_csrf(token)
        return
    field = app.config["WTF_CSRF_FIELD_NAME"]
    if not token:
        raise ValidationError("The CSRF token is missing.")
    if field not in session:
        raise ValidationError("The CSRF session token is missing.")
    try:
        raw = verified(_secret_key(app), token)
    except BadData as error:
        raise ValidationError("The CSRF token is invalid.") from error
    if not hmac.compare_digest(session[field], raw):
        raise ValidationError("The CSRF tokens do not match.")


def sent_token() -> str | None:
    """The token a request sent, where Flask-WTF looks: the form's field (or a prefixed
    form's `...csrf_token`), then the `WTF_CSRF_HEADERS` headers."""
    config = current_app.config
    field = config["WTF_CSRF_FIELD_NAME"]
    form = request.form
    found = form.get(field)
    if found:
        return found
    for key in form:
        if key.endswith(field) and form[key]:
            return form[key]
    for header in config["WTF_CSRF_HEADERS"]:
        found = request.headers.get(header)
        if found:
            return found
    return None


class KeptTokensProtect(CSRFProtect):  # type: ignore[misc]  # Flask-WTF is untyped
    """Flask-WTF's `CSRFProtect`, checking with `check_token` (every POST still checked).

    It exempts nothing: `exempt` refuses, as this check does not read Flask-WTF's list."""

    def protect(self, apply_exemptions: bool = False) -> None:
        """Flask-WTF's `protect`, step by step: the method, the token, HTTPS's Referer."""
        if apply_exemptions and not request.endpoint:
            return  # no route: a 404 or 405 follows, as with Flask-WTF
        config = current_app.config
        if request.method not in config["WTF_CSRF_METHODS"]:
            return
        try:
            check_token(sent_token())
        except ValidationError as error:
            logger.info(error.args[0])
            raise CSRFError(error.args[0]) from error
        if request.is_secure and config["WTF_CSRF_SSL_STRICT"]:
            if not request.referrer:
                raise CSRFError("The referrer header is missing.")
            if not same_origin(request.referrer, f"https://{request.host}/"):
                raise CSRFError("The referrer does not match the host.")
        g.csrf_valid = True  # as Flask-WTF marks a checked request

    def exempt(self, view: Any) -> Any:
        """Refused: every POST of kidswar is checked."""
        raise TypeError("kidswar exempts no view from the CSRF check")
