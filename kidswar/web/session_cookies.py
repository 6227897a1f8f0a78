"""Flask's signed session cookie, each cookie's signature checked once a process.

Every request that carries the session cookie (a static file's too) had Flask check its HMAC
and decode its tagged JSON again: some 100 us, though a tablet sends the same cookie until the
session changes. Here a cookie whose signature verified is kept, by its exact text and the
keys it was checked with, with its data and the time it was signed (bounded: `KEPT_COOKIES`,
least recently used first out). What is kept is only what Flask's own check would find again
for the same text and keys; the age is still checked at every request, against the kept time,
as itsdangerous does (Flask's `max_age`, `PERMANENT_SESSION_LIFETIME`). A cookie that fails is
never kept (the exception is not cached): a tampered or foreign one is checked in full every
time and opens an empty session, as with Flask. Each request gets its own copy of the data, so
a route changing its session never changes what the next request finds.
"""

from __future__ import annotations

import copy
import functools
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature

# A session cookie is a few hundred bytes: 4,096 of them (a school's tablets, each with the
# one or two cookies it sends) cost a megabyte or two.
KEPT_COOKIES = 4096


class KeptSessionCookies(SecureCookieSessionInterface):
    """`SecureCookieSessionInterface`, with each verified cookie kept (see the module)."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        """`now`: the time, in seconds, a kept cookie's age is counted to (a test moves it)."""
        self.now = now
        self.verified = functools.lru_cache(maxsize=KEPT_COOKIES)(self._verify)

    def _verify(self, app: Flask, keys: tuple[Any, ...], cookie: str) -> tuple[Any, int]:
        """The cookie's data and the second it was signed, its signature verified with the app's
        serializer (raises `BadSignature`); `keys` makes the cache key only."""
        serializer = self.get_signing_serializer(app)
        assert serializer is not None, "called only with a secret key"
        data, signed_at = serializer.loads(cookie, max_age=None, return_timestamp=True)
        assert isinstance(signed_at, datetime)
        return data, int(signed_at.timestamp())

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        """Flask's session for this request's cookie: a kept one if it is not too old."""
        cookie = request.cookies.get(self.get_cookie_name(app))
        if not cookie or not app.secret_key:
            return super().open_session(app, request)  # no cookie, or no key: Flask's answer
        keys = (*(app.config["SECRET_KEY_FALLBACKS"] or ()), app.secret_key)
        try:
            data, signed_at = self.verified(app, keys, cookie)
        except BadSignature:
            return self.session_class()
        # itsdangerous's own check of the age (`TimestampSigner.unsign`), on the kept time.
        age = int(self.now()) - signed_at
        if age < 0 or age > int(app.permanent_session_lifetime.total_seconds()):
            return self.session_class()
        return self.session_class(copy.deepcopy(data))
