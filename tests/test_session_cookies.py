"""Session cookies checked once a process (kidswar/web/session_cookies.py): a kept cookie
opens only what Flask's own check would, and never once it is too old."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask
from webhelpers import move, start_easy

from kidswar.web.session_cookies import KEPT_COOKIES, KeptSessionCookies


def cookie_of(app: Flask, data: dict[str, Any]) -> str:
    """A session cookie holding `data`, signed as the app signs its own."""
    serializer = app.session_interface.get_signing_serializer(app)  # type: ignore[attr-defined]
    return str(serializer.dumps(data))


def opened(app: Flask, cookie: str) -> dict[str, Any]:
    """The session a request carrying `cookie` opens."""
    with app.test_request_context(headers={"Cookie": f"session={cookie}"}) as ctx:
        return dict(ctx.session)


def interface(app: Flask) -> KeptSessionCookies:
    """The app's session interface."""
    found = app.session_interface
    assert isinstance(found, KeptSessionCookies)
    return found


def test_a_kept_cookie_opens_its_data_and_a_tampered_one_nothing(app: Flask) -> None:
    good = cookie_of(app, {"csrf_token": "raw", "teacher_code": "K7HQX4MP"})
    assert opened(app, good) == {"csrf_token": "raw", "teacher_code": "K7HQX4MP"}
    assert opened(app, good) == {"csrf_token": "raw", "teacher_code": "K7HQX4MP"}
    assert interface(app).verified.cache_info().hits >= 1  # the second was the kept one
    data, signature = good.rsplit(".", 1)
    # The signature's first letter changed (its last may carry only base64's unused bits).
    forged = f"{data}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"
    for bad in (forged, good + "x", good[:-2], "not.a.cookie"):
        assert opened(app, bad) == {}


def test_a_kept_cookie_too_old_opens_nothing(app: Flask) -> None:
    good = cookie_of(app, {"csrf_token": "raw"})
    assert opened(app, good) == {"csrf_token": "raw"}  # now kept
    lifetime = app.permanent_session_lifetime.total_seconds()
    kept = interface(app)
    kept.now = lambda: time.time() + lifetime + 60
    assert opened(app, good) == {}
    kept.now = lambda: time.time() - 60  # signed "in the future": itsdangerous refuses too
    assert opened(app, good) == {}
    kept.now = time.time
    assert opened(app, good) == {"csrf_token": "raw"}


def test_a_cookie_of_another_key_opens_nothing(app: Flask) -> None:
    good = cookie_of(app, {"csrf_token": "raw"})
    assert opened(app, good) == {"csrf_token": "raw"}  # kept under today's key
    app.secret_key = "another key"
    assert opened(app, good) == {}


def test_a_request_changing_its_session_leaves_the_next_one_alone(app: Flask) -> None:
    good = cookie_of(app, {"children": ["ada"]})
    with app.test_request_context(headers={"Cookie": f"session={good}"}) as ctx:
        ctx.session["children"].append("bob")
        ctx.session["new"] = 1
    assert opened(app, good) == {"children": ["ada"]}


def test_the_kept_cookies_stay_bounded(app: Flask) -> None:
    kept = interface(app)
    assert kept.verified.cache_info().maxsize == KEPT_COOKIES
    for number in range(KEPT_COOKIES + 5):
        opened(app, cookie_of(app, {"n": number}))
    assert kept.verified.cache_info().currsize == KEPT_COOKIES


def test_a_game_is_played_on_with_its_kept_session(app: Flask) -> None:
    client = app.test_client()
    table = start_easy(client)
    for battle in (1, 2):
        assert move(client, table, "all", battle).status_code == 303
