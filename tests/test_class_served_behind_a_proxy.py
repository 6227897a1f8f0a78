"""`kidswar serve` behind a proxy (issue 23): waitress hands the proxy's X-Forwarded-* headers
on to the app, whose ProxyFix (KIDSWAR_PROXIES=1) believes them. waitress 3 deletes them by
default, so the cookies were never Secure and every client had the proxy's address; the app's
own tests (tests/test_behind_a_proxy.py) could not see it, as they call the app directly."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest
from servers import start_server, stop


def test_kidswar_serve_believes_the_proxys_headers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KIDSWAR_PROXIES", "1")
    monkeypatch.setenv("KIDSWAR_CLASS_WRONG_CODES_PER_MINUTE", "2")
    server = start_server("sqlite", tmp_path / "instance")
    try:
        https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
        request = urllib.request.Request(f"{server[1]}/en/easy", headers=https)
        with urllib.request.urlopen(request, timeout=10) as response:
            cookies = response.headers.get_all("Set-Cookie") or []
        assert len(cookies) == 2 and all("; Secure" in cookie for cookie in cookies), cookies
        # Each client address has its own limit on wrong codes: the second client's first
        # guess is answered while the first client waits.
        statuses = [wrong_code(server[1], "203.0.113.7") for _ in range(3)]
        assert statuses == [404, 404, 429], statuses
        assert wrong_code(server[1], "203.0.113.8") == 404
    finally:
        stop([server])


def wrong_code(address: str, client: str) -> int:
    """Look up a code no round has, as `client` behind the proxy; the answer's status."""
    request = urllib.request.Request(
        f"{address}/en/join/?code=ACDEFGHJ", headers={"X-Forwarded-For": client}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
