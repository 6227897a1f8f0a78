"""Behind reverse proxies (issue 15): the limits per address count the client, not the proxy."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from backends import database_config
from classroom_support import NEW_ROUND
from flask import Flask
from flask.testing import FlaskClient

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
            "CLASS_WRONG_CODES_PER_MINUTE": 10,  # a small cap, so the test reaches it soon
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


def cookies_set(response: Any) -> dict[str, str]:
    """Each cookie a response sets (by name), with its attributes as written."""
    found = {}
    for header in response.headers.getlist("Set-Cookie"):
        found[header.split("=", 1)[0]] = header
    return found


def test_behind_an_https_proxy_the_session_and_language_cookies_are_secure(
    tmp_path: Path, database: str
) -> None:
    app = app_behind(1, tmp_path, database)
    https = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
    response = app.test_client().get("/en/easy", headers=https, environ_base=PROXY)
    # Browsers keep to HTTPS from now on (HSTS); the page's address goes to no other site.
    assert response.headers["Strict-Transport-Security"] == "max-age=31536000"
    assert response.headers["Referrer-Policy"] == "same-origin"
    cookies = cookies_set(response)
    assert {"session", "lang"} <= set(cookies), cookies  # the form's token, the language
    for cookie in ("session", "lang"):
        assert "; Secure" in cookies[cookie], cookies[cookie]
        assert "HttpOnly" in cookies[cookie] and "SameSite=Lax" in cookies[cookie]


def test_over_plain_http_or_a_forged_scheme_the_cookies_still_work_without_secure(
    tmp_path: Path, database: str
) -> None:
    home = app_behind(0, tmp_path, database)  # no proxy: the header is not believed
    forged = {"X-Forwarded-Proto": "https"}
    for app, headers in ((home, forged), (app_behind(1, tmp_path, database), {})):
        response = app.test_client().get("/en/easy", headers=headers)
        cookies = cookies_set(response)
        assert {"session", "lang"} <= set(cookies), cookies
        assert "Strict-Transport-Security" not in response.headers  # HSTS over HTTP is ignored
        assert not [c for c in cookies.values() if "Secure" in c], cookies


def projector_address(client: FlaskClient, host: str) -> str:
    """The join address the projector shows to a browser that names `host` in its requests
    (a new round made through the teacher's form)."""
    headers = {"Host": host}
    form = client.get("/en/class/", headers=headers).get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', form)
    assert token, form
    made = client.post(
        "/en/class/", data={**NEW_ROUND, "csrf_token": token.group(1)}, headers=headers
    )
    assert made.status_code == 303, made.get_data(as_text=True)
    teacher = client.get(made.headers["Location"], headers=headers).get_data(as_text=True)
    code = re.search(r'class="join-code">([A-Z0-9]{4})-([A-Z0-9]{4})<', teacher)
    assert code, teacher
    page = client.get(f"/en/class/{code.group(1)}{code.group(2)}/screen", headers=headers)
    assert page.status_code == 200
    found = re.search(r'(https?://[^"<\s]+/join/[A-Z0-9-]+)', page.get_data(as_text=True))
    assert found, "no join address on the projector"
    return found.group(1)


def test_the_join_address_comes_from_the_public_url_whatever_the_host(
    tmp_path: Path, database: str
) -> None:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "PUBLIC_URL": "https://war.example.org/",
            **database_config(database),
        }
    )
    address = projector_address(app.test_client(), "evil.example")  # a forged Host header
    assert address.startswith("https://war.example.org/join/"), address


def test_with_trusted_hosts_a_foreign_host_is_refused_and_a_trusted_one_builds_the_address(
    tmp_path: Path, database: str
) -> None:
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "TRUSTED_HOSTS": "war.example.org, .school.example",
            **database_config(database),
        }
    )
    address = projector_address(app.test_client(), "room7.school.example")
    assert address.startswith("http://room7.school.example/join/"), address
    for path in ("/en/", "/en/class/"):
        refused = app.test_client().get(path, headers={"Host": "evil.example"})
        assert refused.status_code == 400
        assert "evil.example" not in refused.get_data(as_text=True)
