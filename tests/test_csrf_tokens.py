"""CSRF tokens signed once a process (kidswar/web/csrf_tokens.py): the kept token is the one
Flask-WTF's own check takes, every POST is still checked, and a kept token only ever helps the
session it is for."""

from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from flask_wtf.csrf import generate_csrf, validate_csrf
from webhelpers import start_easy, token

from kidswar.web.csrf_tokens import KEPT_TOKENS, signed


def version(app: Flask, table: str) -> int:
    """The game's stored version: a refused move leaves it as it was."""
    from kidswar.storage.database import connect

    row = connect(app.config["DATABASE"]).execute(
        "SELECT version FROM games WHERE id = ?", (table.rsplit("/", 1)[1],)
    )
    return int(row.fetchone()[0])


def turn(client: FlaskClient, table: str, csrf_token: str | None, **extra: Any) -> int:
    """Turn everyone's cards at the table's first battle with this token; the status."""
    form = {"action": "all", "battle": "1"}
    if csrf_token is not None:
        form["csrf_token"] = csrf_token
    return client.post(f"{table}/move", data=form, **extra).status_code


def tampered(good: str) -> str:
    """The token with the first letter of its signature changed (its last letter may carry
    only base64's unused bits, and change nothing)."""
    data, signature = good.rsplit(".", 1)
    return f"{data}.{'A' if signature[0] != 'A' else 'B'}{signature[1:]}"


def test_a_session_keeps_one_token_and_it_is_flask_wtfs(client: FlaskClient, app: Flask) -> None:
    token(client)  # the session's first page makes its raw token (Flask-WTF's generate_csrf)
    signed.cache_clear()
    first, again = token(client), token(client, "/en/full")
    assert first == again  # signed once for the session's raw value, then kept
    assert (signed.cache_info().misses, signed.cache_info().hits) == (1, 1)
    with app.test_request_context():
        from flask import session

        with client.session_transaction() as kept:
            session.update(kept)
        validate_csrf(first)  # Flask-WTF's own check takes it
        made_by_flask_wtf = generate_csrf()
    table = start_easy(client)
    assert turn(client, table, made_by_flask_wtf) == 303  # and ours takes Flask-WTF's


def test_a_tampered_token_is_refused_beside_the_kept_one(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    good = token(client, table)  # signed once, now kept
    assert turn(client, table, good) == 303
    before = version(app, table)
    for bad in (tampered(good), good + "x", good[:-3], "", None):
        assert turn(client, table, bad) == 400
    assert version(app, table) == before
    assert token(client, table) == good  # the kept token still serves its own session


def test_another_sessions_kept_token_is_refused(client: FlaskClient, app: Flask) -> None:
    other = app.test_client()
    other_table = start_easy(other)
    other_token = token(other, other_table)
    assert turn(other, other_table, other_token) == 303  # kept for the other session
    table = start_easy(client)
    before = version(app, table)
    assert turn(client, table, other_token) == 400
    assert version(app, table) == before


def test_a_session_without_its_raw_token_is_refused(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    good = token(client, table)
    assert turn(client, table, good) == 303
    with client.session_transaction() as kept:
        del kept["csrf_token"]
    assert turn(client, table, good) == 400


def test_over_https_a_missing_or_foreign_referrer_is_refused(
    client: FlaskClient, app: Flask
) -> None:
    https = {"base_url": "https://localhost"}
    client.get("/en/easy", **https)
    table = start_easy(client)
    good = token(client, table)
    assert turn(client, table, good, **https) == 400  # no Referer
    assert turn(client, table, good, headers={"Referer": "https://evil.example/"}, **https) == 400
    assert turn(client, table, good, headers={"Referer": "https://localhost/"}, **https) == 303


def test_with_a_time_limit_nothing_is_kept(client: FlaskClient, app: Flask) -> None:
    app.config["WTF_CSRF_TIME_LIMIT"] = 3600  # Flask-WTF's own functions sign and check
    signed.cache_clear()
    table = start_easy(client)
    assert turn(client, table, token(client, table)) == 303
    assert turn(client, table, None) == 400
    assert signed.cache_info().currsize == 0


def test_the_kept_tokens_stay_bounded() -> None:
    signed.cache_clear()
    for number in range(KEPT_TOKENS + 10):
        signed("key", f"{number:040x}")
    assert signed.cache_info().currsize == KEPT_TOKENS
