"""A visitor's wait while one client holds N slow connections (issue 23, "a slow-connection
flood beyond the limit").

`kidswar serve` runs on a free loopback port with its own instance folder. One client, from
127.0.0.2, opens N connections and sends a request's headers on each a byte every 5 s, so that
no request ever ends and none is idle long enough for `--channel-timeout` (30 s) to close it; a
connection that the server closes is opened again, as a real attack would. Meanwhile a visitor
at 127.0.0.1 asks for the home page again and again for `--hold` seconds, each request given
up after the time left. The figures: how many of the visitor's requests were answered, the
first wait and the worst.

    .venv/bin/python benchmarks/slow_flood.py --slow 300 --slow 1000 --slow 1100 --slow 1500
    .venv/bin/python benchmarks/slow_flood.py --nginx --slow 1500   # behind docs/nginx-kidswar.conf

`--nginx` puts Debian's nginx (`apt-get install nginx-light`) in front with the limits of
docs/nginx-kidswar.conf, on plain HTTP (its `listen 443 ssl` and certificate lines are left
out here), and sends both the flood and the visitor to nginx. `--server gunicorn-gthread` or
`--server granian` runs that server (one process, `benchmarks/school.py`'s command) in place
of `kidswar serve` (issue 37: the server loop chosen by measurement). Linux only; only loopback
addresses are contacted, and every connection and process it starts is closed at the end.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from contextlib import ExitStack
from pathlib import Path

from resilience import get, start
from school import start_server
from web import free_port

SLOW_HEADERS = b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100_000  # never ends
TRICKLE_SECONDS = 5.0  # one byte this often: well under the server's 30 s channel timeout
ATTACKER = "127.0.0.2"  # one client: all of loopback's 127.0.0.0/8 is this machine
VISITOR_PAUSE = 1.0  # between the visitor's requests
SNIPPET = Path(__file__).resolve().parent.parent / "docs" / "nginx-kidswar.conf"


class Flood:
    """N connections from one address, each trickling headers that never end."""

    def __init__(self, port: int, count: int) -> None:
        """Nothing is opened until `run`."""
        self.port, self.count = port, count
        self.sockets: list[tuple[socket.socket, int]] = []  # each with the bytes it sent
        self.reopened = 0
        self.stop = threading.Event()

    def open_one(self) -> tuple[socket.socket, int] | None:
        """A new connection with its first byte sent, or None if it could not be made now."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((ATTACKER, 0))
            sock.settimeout(2.0)  # past the listen backlog a connect waits: try again later
            sock.connect(("127.0.0.1", self.port))
            sock.sendall(SLOW_HEADERS[:1])
        except OSError:
            sock.close()
            return None
        sock.setblocking(False)
        return sock, 1

    def run(self) -> None:
        """Open the connections, then send each one more byte every TRICKLE_SECONDS, reopening
        those the server closed, until told to stop."""
        while len(self.sockets) < self.count and not self.stop.is_set():
            made = self.open_one()
            if made is not None:
                self.sockets.append(made)
        while not self.stop.wait(TRICKLE_SECONDS):
            for index, (sock, sent) in enumerate(self.sockets):
                try:
                    sock.send(SLOW_HEADERS[sent : sent + 1])
                    self.sockets[index] = (sock, sent + 1)
                except BlockingIOError:
                    pass
                except OSError:  # closed by the server (a timeout, a 408): open it again
                    sock.close()
                    made = self.open_one()
                    self.reopened += 1
                    if made is not None:
                        self.sockets[index] = made

    def close(self) -> None:
        """Stop and close every connection."""
        self.stop.set()
        for sock, _sent in self.sockets:
            sock.close()


def visit(url: str, hold: float) -> list[tuple[int, float]]:
    """The visitor's requests for `hold` seconds: each one's status (0: none) and seconds."""
    results = []
    ends = time.monotonic() + hold
    while (left := ends - time.monotonic()) > 1:
        status, seconds = get(url, left)
        results.append((status, seconds))
        if status:
            time.sleep(VISITOR_PAUSE)  # a person reading the page, then the next click
    return results


def nginx(port: int, upstream: int, folder: str) -> subprocess.Popen[bytes]:
    """Debian's nginx on `port`, in front of `upstream`, with the snippet's limits and headers
    (its TLS lines left out: this runs on plain HTTP on loopback)."""
    binary = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(binary).exists():
        raise SystemExit("nginx is not installed: apt-get install nginx-light")
    snippet = SNIPPET.read_text()
    snippet = re.sub(r"server \{\s*listen 80;.*?\}\n", "", snippet, count=1, flags=re.S)
    snippet = re.sub(r"^\s*ssl_.*\n", "", snippet, flags=re.M)
    snippet = snippet.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    snippet = snippet.replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
    conf = Path(folder, "nginx.conf")
    conf.write_text(
        f"worker_processes 1;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "worker_rlimit_nofile 10000;\nevents { worker_connections 4096; }\n"
        f"http {{\n  access_log off;\n  client_body_temp_path {folder}/body;\n"
        f"  proxy_temp_path {folder}/proxy;\n  fastcgi_temp_path {folder}/fastcgi;\n"
        f"  uwsgi_temp_path {folder}/uwsgi;\n  scgi_temp_path {folder}/scgi;\n"
        f"{snippet}\n}}\n"
    )
    server = subprocess.Popen(
        [binary, "-p", folder, "-c", str(conf), "-g", "daemon off; user root;"],
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while get(f"http://127.0.0.1:{port}/en/", 1.0)[0] != 200:
        if time.monotonic() > deadline or server.poll() is not None:
            stopped(server)  # SIGTERM: the master stops its workers too (SIGKILL would not)
            raise SystemExit(f"nginx did not start: {Path(folder, 'error.log').read_text()}")
        time.sleep(0.05)  # waiting for a subprocess to bind: nothing to synchronise on
    return server


def stopped(process: subprocess.Popen[bytes]) -> None:
    """Ask `process` to stop (the server then stops its speech worker), and wait for it."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def summary(results: list[tuple[int, float]]) -> str:
    """The visitor's requests in one line."""
    answered = [seconds for status, seconds in results if status == 200]
    line = f"{len(answered)} of {len(results)} answered"
    if answered:
        line += f", first in {results[0][1]:.2f} s" if results[0][0] == 200 else ""
        line += f", worst answered {max(answered):.2f} s"
    unanswered = [seconds for status, seconds in results if status != 200]
    if unanswered:
        line += f"; not answered: {', '.join(f'{seconds:.0f} s' for seconds in unanswered)}"
    return line


def measure(
    count: int, hold: float, behind_nginx: bool, options: list[str], kind: str = "serve"
) -> None:
    """One run: the server (behind nginx if asked), the flood, the visitor."""
    port = free_port()
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as instance, ExitStack() as stack:
        if kind == "serve":
            server = start(port, instance, options)
        else:
            server = start_server(kind, port, instance, 1, None)
        stack.callback(stopped, server)
        target = port
        if behind_nginx:
            target = free_port()
            proxy = nginx(target, port, tempfile.mkdtemp(dir=instance))
            stack.callback(stopped, proxy)
        flood = Flood(target, count)
        stack.callback(flood.close)
        thread = threading.Thread(target=flood.run, daemon=True)
        thread.start()
        started = time.monotonic()
        while len(flood.sockets) < count and time.monotonic() - started < 60:
            time.sleep(0.1)  # the flood opens its connections in its own thread
        opened = time.monotonic() - started
        results = visit(f"http://127.0.0.1:{target}/en/", hold)
        name = "kidswar serve" if kind == "serve" else kind
        where = f"{name} behind nginx" if behind_nginx else f"{name} alone"
        print(
            f"{count} slow connections ({len(flood.sockets)} open in {opened:.1f} s, "
            f"{flood.reopened} reopened), {where}: the visitor's requests over {hold:g} s: "
            f"{summary(results)}",
            flush=True,
        )


def main() -> None:
    """Run the flood at each size given."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, action="append", help="connections (repeatable)")
    parser.add_argument("--hold", type=float, default=45.0, help="seconds the visitor tries")
    parser.add_argument("--nginx", action="store_true", help="nginx in front (the snippet)")
    parser.add_argument(
        "--server", choices=("serve", "gunicorn-gthread", "granian"), default="serve"
    )
    parser.add_argument("options", nargs="*", help="options for `kidswar serve`")
    arguments = parser.parse_args()
    for count in arguments.slow or [300, 1000, 1100, 1500]:
        measure(count, arguments.hold, arguments.nginx, arguments.options, arguments.server)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")


if __name__ == "__main__":
    main()
