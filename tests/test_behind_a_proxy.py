"""Behind reverse proxies (issue 15): the limits per address count the client, not the proxy."""

from __future__ import annotations

from pathlib import Path

from backends import database_config
from flask import Flask

from kidswar.web import create_app

PROXY = {"REMOTE_ADDR": "10.0.0.2"}  # every request reaches the app server from the proxy
WRONG = {"code": "ACDEFGHJ"}  # a code no round has


def app_behind(proxies: int, tmp_path: Path, database: str) -> Flask:
    """The app told that `proxies` reverse proxies stand in front of it."""
    return create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "PROXIES": proxies,
            **database_config(database),
        }
    )


def wrong_code_from(app: Flask, client_address: str) -> int:
    """A wrong join code typed by the client at `client_address`, through the proxy."""
    headers = {"X-Forwarded-For": client_address}
    response = app.test_client().get(
        "/en/join/", query_string=WRONG, headers=headers, environ_base=PROXY
    )
    return int(response.status_code)


def test_behind_one_proxy_each_client_has_its_own_limit(tmp_path: Path, database: str) -> None:
    app = app_behind(1, tmp_path, database)
    assert [wrong_code_from(app, "203.0.113.7") for _ in range(10)] == [404] * 10
    assert wrong_code_from(app, "203.0.113.7") == 429  # the guesser waits
    assert wrong_code_from(app, "203.0.113.8") == 404  # the next classroom does not


def test_without_proxies_set_the_header_is_not_believed(tmp_path: Path, database: str) -> None:
    app = app_behind(0, tmp_path, database)
    assert [wrong_code_from(app, f"203.0.113.{n}") for n in range(10)] == [404] * 10
    assert wrong_code_from(app, "198.51.100.1") == 429  # a forged header buys no new tries
