"""docs/nginx-kidswar.conf in front of `kidswar serve` for real (issue 23): Debian's nginx runs
the file as written, TLS included (a throwaway certificate, ports and paths of the test's own),
and kidswar behind it with KIDSWAR_PROXIES=1 sees HTTPS (Secure cookies), the client's own
address (a forged X-Forwarded-For replaced), and no slow client: one that trickles its headers
is cut off by nginx after its 10 s while a visitor is answered.

Slow (about 20 s). Skipped where nginx is not installed: `apt-get install nginx-light`.
"""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from servers import free_port, start_server, stop

ROOT = Path(__file__).resolve().parent.parent
SNIPPET = ROOT / "docs" / "nginx-kidswar.conf"
NGINX = shutil.which("nginx") or next(
    (path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None
)
HOST = "war.example.org"
HEADER_TIMEOUT = 10  # the file's client_header_timeout

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        NGINX is None, reason="nginx is not installed (apt-get install nginx-light)"
    ),
]


@dataclass
class Proxy:
    """nginx's two ports (plain HTTP and TLS) and its folder."""

    http: int
    https: int
    folder: Path


def nginx_conf(folder: Path, http: int, https: int, upstream: str) -> Path:
    """The documented file with this test's ports, certificate and upstream put in, inside the
    few lines of a main nginx.conf that Debian's would give it (folders of the test's own)."""
    certificate = ["-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")]
    request = [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "1",
        "-subj",
        f"/CN={HOST}",
    ]
    subprocess.run(
        ["openssl", *request, *certificate],
        check=True,
        capture_output=True,
    )
    site = SNIPPET.read_text()
    changes = {
        "listen 80;": f"listen 127.0.0.1:{http};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https} ssl;",
        "/etc/ssl/certs/war.example.org.pem": str(folder / "cert.pem"),
        "/etc/ssl/private/war.example.org.key": str(folder / "key.pem"),
        "http://127.0.0.1:8000": upstream,
    }
    for old, new in changes.items():
        assert site.count(old) == 1, old  # the documented file still says it once
        site = site.replace(old, new)
    temp = "\n".join(
        f"{kind}_temp_path {folder}/{kind};" for kind in ("client_body", "proxy", "fastcgi")
    )
    conf = folder / "nginx.conf"
    conf.write_text(
        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        + ("user root;\n" if os.geteuid() == 0 else "")
        + "events { worker_connections 4096; }\n"
        + f"http {{\naccess_log off;\n{temp}\nuwsgi_temp_path {folder}/uwsgi;\n"
        + f"scgi_temp_path {folder}/scgi;\n{site}\n}}\n"
    )
    return conf


def unverified() -> ssl.SSLContext:
    """TLS to the test's own throwaway certificate."""
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


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
    folder = tmp_path / "nginx"
    folder.mkdir()
    ports = Proxy(free_port(), free_port(), folder)
    conf = nginx_conf(folder, ports.http, ports.https, server[1])
    assert NGINX is not None
    checked = subprocess.run([NGINX, "-t", "-p", str(folder), "-c", str(conf)], capture_output=True)
    assert checked.returncode == 0, checked.stderr.decode()
    nginx = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(conf), "-g", "daemon off;"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:  # waiting for a subprocess to bind: nothing to synchronise on
            try:
                socket.create_connection(("127.0.0.1", ports.https), 1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and nginx.poll() is None, (
                    folder / "error.log"
                ).read_text()
                time.sleep(0.05)
        yield ports
    finally:
        nginx.terminate()  # the master stops its workers (SIGKILL would leave them running)
        nginx.wait(10)
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
