"""docs/nginx-kidswar.conf run for real by a test: Debian's nginx with the file as written, but
the test's own ports, throwaway certificate (openssl), folders, upstream and access log."""

from __future__ import annotations

import os
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "docs" / "nginx-kidswar.conf"
NGINX = shutil.which("nginx") or next(
    (path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None
)
HOST = "war.example.org"
NO_NGINX = "nginx is not installed (apt-get install nginx-light)"


@dataclass
class Proxy:
    """nginx's two ports (plain HTTP and TLS) and its folder (its logs are there)."""

    http: int
    https: int
    folder: Path

    @property
    def access_log(self) -> Path:
        """The site's access log, in the documented format."""
        return self.folder / "access.log"


def nginx_conf(folder: Path, http: int, https: int, upstream: str) -> Path:
    """The documented file with this test's ports, certificate, log and upstream put in, inside
    the few lines of a main nginx.conf that Debian's would give it (folders of the test's own)."""
    certificate = ["-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")]
    request = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
    subprocess.run(
        ["openssl", *request, "-subj", f"/CN={HOST}", *certificate],
        check=True,
        capture_output=True,
    )
    site = SITE.read_text()
    changes = {
        "listen 80;": f"listen 127.0.0.1:{http};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https} ssl;",
        "/etc/ssl/certs/war.example.org.pem": str(folder / "cert.pem"),
        "/etc/ssl/private/war.example.org.key": str(folder / "key.pem"),
        "/var/log/nginx/kidswar.access.log": str(folder / "access.log"),
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


@contextmanager
def nginx_in_front(folder: Path, upstream: str) -> Iterator[Proxy]:
    """nginx with the documented site in front of `upstream`, on free ports, until the end."""
    from servers import free_port

    assert NGINX is not None, NO_NGINX
    folder.mkdir(parents=True, exist_ok=True)
    ports = Proxy(free_port(), free_port(), folder)
    conf = nginx_conf(folder, ports.http, ports.https, upstream)
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
