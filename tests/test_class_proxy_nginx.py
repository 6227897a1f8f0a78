"""docs/nginx-kidswar.conf in front of `kidswar serve` for real (issue 23): Debian's nginx runs
the file as written, TLS included (a throwaway certificate, ports and paths of the test's own),
and kidswar behind it with KIDSWAR_PROXIES=1 sees HTTPS (Secure cookies), the client's own
address (a forged X-Forwarded-For replaced), and no slow client: one that trickles its headers
is cut off by nginx after its 10 s while a visitor is answered.

Slow (about 20 s). Skipped where nginx is not installed: `apt-get install nginx-light`.
"""

from __future__ import annotations

import socket
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from nginx_site import HOST, NGINX, NO_NGINX, Proxy, nginx_in_front, unverified
from servers import start_server, stop

HEADER_TIMEOUT = 10  # the file's client_header_timeout

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(NGINX is None, reason=NO_NGINX),
]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Answers as they come: a redirect is what the test looks at."""

    def redirect_request(self, *args: object, **kwargs: object) -> None:
        """Follow no redirect."""
        return None


def fetch(url: str, **headers: str) -> tuple[int, list[str], str, dict[str, str]]:
    """GET `url` through nginx as war.example.org: its status, cookies, body and headers."""
    opener = urllib.request.build_opener(
        NoRedirect, urllib.request.HTTPSHandler(context=unverified())
    )
    request = urllib.request.Request(url, headers={"Host": HOST, **headers})
    try:
        with opener.open(request, timeout=10) as response:
            body = response.read().decode()
            return (
                response.status,
                response.headers.get_all("Set-Cookie") or [],
                body,
                {key: value for key, value in response.headers.items()},
            )
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get_all("Set-Cookie") or [], "", dict(error.headers)


@pytest.fixture
def proxy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Proxy]:
    """`kidswar serve` behind nginx with the documented file; both stopped at the end."""
    monkeypatch.setenv("KIDSWAR_PROXIES", "1")
    monkeypatch.setenv("KIDSWAR_PUBLIC_URL", f"https://{HOST}")
    monkeypatch.setenv("KIDSWAR_CLASS_WRONG_CODES_PER_MINUTE", "3")  # soon reached
    server = start_server("sqlite", tmp_path / "instance")
    try:
        with nginx_in_front(tmp_path / "nginx", server[1]) as ports:
            yield ports
    finally:
        stop([server])


def test_behind_the_documented_nginx_kidswar_sees_https_and_the_clients_address(
    proxy: Proxy,
) -> None:
    status, _cookies, _body, headers = fetch(f"http://127.0.0.1:{proxy.http}/en/easy")
    assert status == 301 and headers["Location"] == f"https://{HOST}/en/easy"
    status, cookies, body, _headers = fetch(f"https://127.0.0.1:{proxy.https}/en/easy")
    assert status == 200 and 'name="csrf_token"' in body
    named = {cookie.split("=", 1)[0]: cookie for cookie in cookies}
    assert {"session", "lang"} <= set(named), cookies
    assert all("; Secure" in cookie for cookie in named.values()), cookies
    # A client that names another address in X-Forwarded-For is counted at its own: the file
    # sets the header nginx saw. Without that line nginx would pass the client's header on,
    # kidswar would believe it, and a guesser naming a new address each time would never be
    # held up by the limit on wrong join codes (3 a minute here).
    wrong = [
        fetch(
            f"https://127.0.0.1:{proxy.https}/en/join/?code=ACDEFGHJ",
            **{"X-Forwarded-For": f"203.0.113.{number}"},
        )[0]
        for number in range(1, 5)
    ]
    assert wrong == [404, 404, 404, 429], wrong
    log = (proxy.folder / "error.log").read_text()
    assert "[emerg]" not in log and "[alert]" not in log, log


def test_a_client_trickling_its_headers_is_cut_off_while_a_visitor_is_answered(
    proxy: Proxy,
) -> None:
    raw = socket.create_connection(("127.0.0.1", proxy.https), 5)
    slow = unverified().wrap_socket(raw, server_hostname=HOST)
    slow.settimeout(1.0)
    started = time.monotonic()
    headers = f"GET /en/ HTTP/1.1\r\nHost: {HOST}\r\nX-Slow: ".encode() + b"a" * 1000
    closed_after = None
    visitor = None
    for byte in range(len(headers)):
        try:
            slow.sendall(headers[byte : byte + 1])
            if slow.recv(4096) == b"":
                closed_after = time.monotonic() - started
                break
        except TimeoutError:
            pass  # nothing from nginx yet: the header goes on, a byte a second
        except OSError:
            closed_after = time.monotonic() - started
            break
        if visitor is None and time.monotonic() - started > 2:
            visitor = fetch(f"https://127.0.0.1:{proxy.https}/en/")[0]
        assert time.monotonic() - started < HEADER_TIMEOUT + 10, "nginx never cut it off"
    slow.close()
    assert visitor == 200
    assert closed_after is not None and HEADER_TIMEOUT - 1 <= closed_after < HEADER_TIMEOUT + 5
