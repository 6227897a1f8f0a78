"""The school benchmark's tablets: one kept-alive HTTP/1.1 connection a table, all of them
driven from one thread by one `selectors` loop (`benchmarks/school.py`).

The load generator shares the machine's two cores with the server it measures, so whatever it
spends is taken from the server. A thread per table with `http.client` cost about 0.3 ms of
CPU a request (a third of a core at 1,000 requests a second) and, with a thousand threads
taking turns at the GIL, sent late under load. Here a request is a few bytes built once, a
response is read until its Content-Length, and one thread sends each request at its planned
time, as the tablets of a school would.

Each request carries the headers Chromium 156 sends to the app (`BROWSER`, read off a real
table's requests), its Accept-Encoding among them: a static file comes back compressed, as a
browser gets it, and a battle's form is URL-encoded, as the table's script sends it
(`static/live.js`). The static file is asked for by the address the table's page names (its
version included), as a browser's first visit does.

Only what the benchmark needs of HTTP/1.1: `Content-Length` bodies (the app sends no chunked
response), `Set-Cookie` kept by name, `Connection: close` honoured. Only 127.0.0.1 is ever
contacted, and every loop is bounded in time.
"""

from __future__ import annotations

import collections
import contextlib
import re
import selectors
import socket
import time
import urllib.parse
from dataclasses import dataclass, field

TOKEN = re.compile(rb'name="csrf_token" value="([^"]+)"')
NEXT = re.compile(rb'data-next-battle="(\d+)"')
SCRIPT = re.compile(rb'src="(/static/table\.js\?v=[0-9a-f]+)"')  # the table's script, versioned
OVER = b'data-over="yes"'
GRACE = 30.0  # seconds after the last planned send that answers are still waited for
# What Chromium sends besides Host, Cookie and a form's own headers (both a script's GET and a
# fetch POST carry these; Sec-Fetch-Dest differs, which the app never reads).
BROWSER = (
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)"
    " HeadlessChrome/156.0.0.0 Safari/537.36",
    'sec-ch-ua: "Not:A-Brand";v="8", "Chromium";v="156"',
    "sec-ch-ua-mobile: ?0",
    'sec-ch-ua-platform: "Linux"',
    "Accept: */*",
    "Accept-Encoding: gzip, deflate, br, zstd",
    "Accept-Language: en-US,en;q=0.9",
    "Sec-Fetch-Site: same-origin",
    "Sec-Fetch-Mode: cors",
    "Sec-Fetch-Dest: empty",
)


class Broken(Exception):
    """The server closed the connection, or answered what is not HTTP/1.1 as expected."""


@dataclass
class Reply:
    """One response: its status, headers (names in lower case, the last of each) and body."""

    status: int
    headers: dict[str, str]
    cookies: list[str]
    body: bytes


class Reader:
    """Cuts whole responses out of the bytes a kept-alive connection receives."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> Reply | None:
        """Take received bytes; the response once it is whole (the rest stays for the next)."""
        self.buffer += data
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        lines = self.buffer[:end].decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
            raise Broken(f"not an HTTP/1.1 status line: {lines[0]!r}")
        headers: dict[str, str] = {}
        cookies = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            headers[name] = value
            if name == "set-cookie":
                cookies.append(value)
        if "chunked" in headers.get("transfer-encoding", ""):
            raise Broken("a chunked response (this client reads Content-Length only)")
        total = end + 4 + int(headers.get("content-length", "0"))
        if len(self.buffer) < total:
            return None
        body = bytes(self.buffer[end + 4 : total])
        del self.buffer[:total]
        return Reply(int(parts[1]), headers, cookies, body)


class Table:
    """One table's tablet: a kept-alive connection, a session cookie, an easy game."""

    def __init__(self, port: int) -> None:
        """Open the connection and start an easy game (blocking: setting up is not timed)."""
        self.port = port
        self.sock: socket.socket | None = None
        self.reader = Reader()
        self.answered = 0  # responses on this connection: a reused one may have been closed
        self.cookies: dict[str, str] = {}
        self.page = "/en/easy"  # the page the table is on (a request's Referer)
        self.move_path = ""
        self.script = "/static/table.js"  # the table's script, as its page names it
        self.next_battle = 0
        found = TOKEN.search(self.fetch("GET", "/en/easy").body)
        assert found, "no CSRF token on the easy page"
        self.token = found.group(1).decode()
        self.lost = False  # a battle went unanswered: the server may have played it
        self.start_game()

    def connect(self) -> socket.socket:
        """The table's connection, opened if it is not (blocking)."""
        if self.sock is None:
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=30)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.reader, self.answered = Reader(), 0
        return self.sock

    def close(self) -> None:
        """Close the connection (the next request opens another)."""
        if self.sock is not None:
            self.sock.close()
            self.sock = None

    def message(
        self, method: str, path: str, form: dict[str, str] | None = None, fetch: bool = False
    ) -> bytes:
        """The request's bytes, with the table's cookies (and its CSRF token in a form)."""
        origin = f"http://127.0.0.1:{self.port}"
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", *BROWSER]
        lines += [f"Origin: {origin}", f"Referer: {origin}{self.page}"]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if fetch:
            lines.append("X-Kidswar: fetch")
        body = b""
        if form is not None:
            body = urllib.parse.urlencode({"csrf_token": self.token, **form}).encode()
            lines.append("Content-Type: application/x-www-form-urlencoded")
            lines.append(f"Content-Length: {len(body)}")
        return ("\r\n".join(lines) + "\r\n\r\n").encode() + body

    def took(self, reply: Reply) -> bool:
        """Keep the reply's cookies; whether the server said it closes the connection."""
        for value in reply.cookies:
            name, _, rest = value.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        self.answered += 1
        return reply.headers.get("connection", "").lower() == "close"

    def fetch(
        self, method: str, path: str, form: dict[str, str] | None = None, fetch: bool = False
    ) -> Reply:
        """One request, waiting for its response (setting up: blocking)."""
        for attempt in (1, 2):
            reused = self.sock is not None and self.answered > 0
            sock = self.connect()
            try:
                sock.sendall(self.message(method, path, form, fetch))
                reply = None
                while reply is None:
                    data = sock.recv(65536)
                    if not data:
                        raise Broken("the server closed the connection")
                    reply = self.reader.feed(data)
            except (OSError, Broken):
                self.close()
                if attempt == 2 or not reused:
                    raise
                continue  # a kept-alive connection closed meanwhile: again on a new one
            if self.took(reply):
                self.close()
            return reply
        raise AssertionError("unreachable")

    def start_game(self) -> None:
        """Start an easy game against the computer; remember its move address and battle."""
        reply = self.fetch("POST", "/en/easy", {"who": "computer"})
        assert reply.status == 303, f"the game did not start ({reply.status})"
        path = urllib.parse.urlsplit(reply.headers.get("location", "")).path
        self.opened(self.fetch("GET", path), path)

    def resync(self) -> None:
        """After a battle that went unanswered, or answered 409: the table's page again, so
        one phase's lost answer does not make every battle of the next a stale one."""
        page = self.move_path.removesuffix("/move")
        reply = self.fetch("GET", page)
        if reply.status == 200 and NEXT.search(reply.body) and OVER not in reply.body:
            self.opened(reply, page)
        else:  # the game ended meanwhile
            self.start_game()
        self.lost = False

    def opened(self, reply: Reply, path: str) -> None:
        """The new game's page: its move address, first battle and script's address."""
        found, script = NEXT.search(reply.body), SCRIPT.search(reply.body)
        assert reply.status == 200 and found, f"no battle on the new table ({reply.status})"
        assert script, "the table's page names no versioned table.js"
        self.page, self.move_path = path, path + "/move"
        self.script = script.group(1).decode()
        self.next_battle = int(found.group(1))


@dataclass
class Phase:
    """What one phase measured."""

    tables: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    reasons: collections.Counter[str] = field(default_factory=collections.Counter)
    cpu: float = 0.0  # the server's, every process
    client_cpu: float = 0.0  # the load generator's (this process)
    database_cpu: float | None = None  # PostgreSQL's own processes', when it runs on this box
    app_cpu: float | None = None  # the app's own, inside Flask.wsgi_app (school.py --app-cpu)
    seconds: float = 0.0


@dataclass
class Job:
    """A request a table has to make: what (static, battle, or a new game's two steps), and
    when it was planned (None for a new game's requests, which are not timed)."""

    kind: str
    planned: float | None
    path: str = ""
    tries: int = 0


class Loop:
    """Every table's requests from one thread: each sent at its planned time on its table's
    connection (after the table's last answer, as a tablet's page does), each timed from
    its planned time to its whole answer."""

    def __init__(self, tables: list[Table], phase: Phase) -> None:
        self.tables, self.phase = tables, phase
        self.selector = selectors.DefaultSelector()
        self.waiting = {index: collections.deque[Job]() for index in range(len(tables))}
        self.sent: dict[int, Job] = {}  # table index: its request on the wire
        for index, table in enumerate(tables):  # connections opened while setting up
            if table.sock is not None:
                table.sock.setblocking(False)
                self.selector.register(table.sock, selectors.EVENT_READ, index)

    def fail(self, reason: str, index: int | None = None) -> None:
        """Count an error (a timed request, or a new game that did not start); a table whose
        battle was on the wire resyncs before the next phase."""
        self.phase.errors += 1
        self.phase.reasons[reason] += 1
        if index is not None:
            self.tables[index].lost = True

    def send(self, index: int) -> None:
        """Send the table's next waiting request, if it has one and none is on the wire."""
        table, queue = self.tables[index], self.waiting[index]
        while queue and index not in self.sent:
            job = queue.popleft()
            if job.kind == "static":
                data = table.message("GET", table.script)
            elif job.kind == "battle":
                form = {"action": "all", "battle": str(table.next_battle)}
                data = table.message("POST", table.move_path, form, fetch=True)
            elif job.kind == "start":
                data = table.message("POST", "/en/easy", {"who": "computer"})
            else:  # "open": the new game's page
                data = table.message("GET", job.path)
            try:
                fresh = table.sock is None
                sock = table.connect()
                if fresh:
                    sock.setblocking(False)
                    self.selector.register(sock, selectors.EVENT_READ, index)
                job.tries += 1
                sock.send(data)  # a request of a few hundred bytes fits the empty buffer
            except OSError as error:
                self.drop(index)
                self.fail(type(error).__name__, index)
                continue
            self.sent[index] = job

    def drop(self, index: int) -> None:
        """Forget the table's connection (closed, or broken)."""
        sock = self.tables[index].sock
        if sock is not None:
            with contextlib.suppress(KeyError, ValueError):  # not registered yet
                self.selector.unregister(sock)
        self.tables[index].close()

    def receive(self, index: int) -> None:
        """Read what arrived on the table's connection; handle its answer once whole."""
        table = self.tables[index]
        job = self.sent.get(index)
        assert table.sock is not None
        try:
            data = table.sock.recv(262144)
            if not data:
                raise Broken("closed by the server")
            reply = table.reader.feed(data)
        except (OSError, Broken) as error:
            reused = table.answered > 0
            self.drop(index)
            self.sent.pop(index, None)
            if job is None:
                return
            if reused and job.tries == 1:  # a kept-alive connection closed meanwhile: again
                self.waiting[index].appendleft(job)
            else:
                self.fail(type(error).__name__, index)
            self.send(index)
            return
        if reply is None or job is None:
            return
        finished = time.monotonic()
        del self.sent[index]
        if table.took(reply):  # the server said it closes the connection
            self.drop(index)
        self.answered(index, job, reply, finished)
        self.send(index)

    def answered(self, index: int, job: Job, reply: Reply, finished: float) -> None:
        """Count a timed answer; a battle that ended the game starts a new one."""
        table = self.tables[index]
        if job.kind in ("static", "battle"):
            if reply.status != 200:
                self.fail(str(reply.status), index)
                return
            assert job.planned is not None
            self.phase.latencies.append(finished - job.planned)
            if job.kind == "battle":
                found = NEXT.search(reply.body)
                if found and OVER not in reply.body:
                    table.next_battle = int(found.group(1))
                else:  # the game is over: a new one, before the table's next battle
                    self.waiting[index].appendleft(Job("start", None))
        elif job.kind == "start":
            if reply.status != 303:
                self.fail(f"new game {reply.status}")
                return
            path = urllib.parse.urlsplit(reply.headers.get("location", "")).path
            self.waiting[index].appendleft(Job("open", None, path))
        else:
            try:
                table.opened(reply, job.path)
            except AssertionError:
                self.fail(f"new game's page {reply.status}")

    def run(self, action: str, seconds: float) -> None:
        """Every table plans `action` once a second, spread over the second, for `seconds`."""
        count, n = int(seconds), len(self.tables)
        start = time.monotonic() + 0.5
        plan = ((start + tick + index / n, index) for tick in range(count) for index in range(n))
        upcoming = next(plan, None)
        deadline = start + count + GRACE
        while time.monotonic() < deadline and (upcoming is not None or self.sent):
            now = time.monotonic()
            while upcoming is not None and upcoming[0] <= now:
                planned, index = upcoming
                self.waiting[index].append(Job(action, planned))
                self.send(index)
                upcoming = next(plan, None)
            timeout = 0.05 if upcoming is None else max(0.0, upcoming[0] - time.monotonic())
            for key, _mask in self.selector.select(timeout):
                self.receive(key.data)
        for index in self.sent:  # no answer in time
            self.fail("no answer", index)
            self.drop(index)
        for queue in self.waiting.values():
            for _job in queue:
                self.fail("never sent")
        for table in self.tables:  # blocking again for the next setup
            if table.sock is not None:
                self.selector.unregister(table.sock)
                table.sock.setblocking(True)
                table.sock.settimeout(30)
        self.selector.close()


def resync_lost(tables: list[Table]) -> None:
    """Before a phase (not timed): every table whose battle a phase lost reads its page again."""
    for table in tables:
        if table.lost:
            table.resync()


def run_tables(tables: list[Table], action: str, seconds: float) -> Phase:
    """Run one phase of `action` over the tables (the server's CPU is measured around it)."""
    phase = Phase(tables=len(tables), seconds=seconds)
    Loop(tables, phase).run(action, seconds)
    return phase
