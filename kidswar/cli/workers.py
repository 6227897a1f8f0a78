"""`kidswar serve --workers N`: N waitress processes answering on one listening socket.

Waitress serves from threads in one process, so one process uses about one core (the GIL).
It cannot fork itself, but it serves on sockets it is handed (`sockets=`, documented). So
the supervisor here binds the port once, forks N processes that each build their own app
(their own database connections, their own speech worker) and serve on that socket, and the
kernel hands each new connection to whichever process accepts first: a busy one accepts
less. Everything the processes share already lives in the database and the instance folder
(games, rounds, the secret key, the clip cache), so any process can answer any request.

A process that dies is started again, never the whole server stopping (issue 33: an
out-of-memory killer took the newest process three times and the supervisor gave up, leaving
nobody answered). One that dies soon after its start is started again after a pause that
doubles with each such death in a row (0.25 s up to 4 s), so a process that cannot start
costs little while the others serve. Only a process refusing the settings stops the server:
starting it again cannot help. Ctrl+C or SIGTERM stops them all. Where there is no fork
(Windows), one process serves, and says so. Why this supervisor and not gunicorn's:
docs/classroom.md ("Several processes").
"""

from __future__ import annotations

import atexit
import contextlib
import os
import select
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

import click

QUICK_DEATH_SECONDS = 5.0  # a process that dies this soon after its start did not start
FIRST_PAUSE = 0.25  # seconds before starting again after the first quick death in a row
LONGEST_PAUSE = 4.0  # the pause doubles with each quick death in a row, up to this
SETTINGS_REFUSED = 3  # a process's exit status when the app refused its settings

Serve = Callable[..., Any]  # waitress.serve


def can_fork() -> bool:
    """True where processes can be forked (not on Windows)."""
    return hasattr(os, "fork")


def listening_socket(host: str, port: int) -> socket.socket:
    """The port, bound once for every process (IPv6 for an IPv6 address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=1024, reuse_port=False)
    sock.setblocking(False)
    return sock


def worker_settings(settings: dict[str, Any], workers: int) -> dict[str, Any]:
    """What one process hands waitress: the shared socket in place of host and port, and its
    share of the connection limit, so all of them together keep to the limit asked for."""
    mine = {key: value for key, value in settings.items() if key not in ("host", "port")}
    mine["connection_limit"] = max(1, settings["connection_limit"] // workers)
    return mine


def run_worker(make_app: Callable[[], Any], serve: Serve, sock: socket.socket, **kw: Any) -> None:
    """In a forked process: build the app, serve until told to stop, never return."""
    status = 0
    try:
        # Ctrl+C reaches every process of the terminal's group: the supervisor alone answers
        # it, with a SIGTERM to each process, which ends waitress's loop as SystemExit.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, _leave)
        try:
            app = make_app()
        except click.ClickException as error:
            error.show()
            status = SETTINGS_REFUSED
        else:
            serve(app, sockets=[sock], **kw)
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 1
    except BaseException:  # a worker must end here, never run on in the supervisor's code
        import traceback

        traceback.print_exc()
        status = 1
    finally:
        # The app's own clean-up (its speech worker stopped, its queues released) runs here,
        # as at a normal exit; then the process ends without unwinding into the supervisor.
        atexit._run_exitfuncs()
        sys.stderr.flush()
        os._exit(status)


def _leave(*_args: object) -> None:
    """SIGTERM in a worker: leave waitress's loop as Ctrl+C would (it catches SystemExit)."""
    raise SystemExit(0)


def pause_after(quick_deaths: int) -> float:
    """Seconds before a dead process is started again, after this many quick deaths in a row."""
    if quick_deaths == 0:
        return 0.0
    return float(min(LONGEST_PAUSE, FIRST_PAUSE * 2 ** (quick_deaths - 1)))


class Supervisor:
    """Starts the processes, starts a dead one again after its pause, stops them all on a
    signal. The loop sleeps in `select` on a pipe that every signal writes to (SIGCHLD when a
    process ends, SIGTERM and SIGINT), or until a pause is over."""

    def __init__(
        self, make_app: Callable[[], Any], serve: Serve, sock: socket.socket, **kw: Any
    ) -> None:
        self.make_app, self.serve, self.sock, self.kw = make_app, serve, sock, kw
        self.children: dict[int, float] = {}  # pid: when it started
        self.due: list[float] = []  # when each dead process is to be started again
        self.stopping = False
        self.refused = False  # a process refused the settings: stop, start none again
        self.quick_deaths = 0
        self.pipe: tuple[int, ...] = ()  # the loop's wake-up pipe, closed in each process

    def start_one(self) -> None:
        """Fork one process serving on the socket."""
        pid = os.fork()
        if pid == 0:
            signal.set_wakeup_fd(-1)  # the supervisor's loop is not this process's
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            for end in self.pipe:
                os.close(end)
            run_worker(self.make_app, self.serve, self.sock, **self.kw)
        self.children[pid] = time.monotonic()

    def stop(self, *_args: object) -> None:
        """Ask every process to stop (SIGTERM); the loop then waits for them."""
        self.stopping = True
        self.due.clear()
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                self.children.pop(pid, None)

    def run(self, workers: int) -> None:
        """Serve with `workers` processes until a signal (or a process refusing the settings)."""
        woken, waker = self.pipe = os.pipe()
        os.set_blocking(woken, False)
        os.set_blocking(waker, False)
        previous = signal.set_wakeup_fd(waker)
        signal.signal(signal.SIGCHLD, lambda *_args: None)  # a handler, so it wakes the loop
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        try:
            for _n in range(workers):
                self.start_one()
            while self.children or self.due:
                self.reap()
                self.start_due()
                if not self.children and not self.due:
                    break
                timeout = max(0.0, min(self.due) - time.monotonic()) if self.due else None
                select.select([woken], [], [], timeout)
                with contextlib.suppress(BlockingIOError):
                    os.read(woken, 512)  # the signals' bytes: what ended is asked above
        finally:
            signal.set_wakeup_fd(previous)
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            os.close(woken)
            os.close(waker)
        if self.refused:
            raise click.ClickException("a server process refused the settings (above)")

    def reap(self) -> None:
        """Collect every process that ended, and plan the start of another for each."""
        while self.children:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                self.children.clear()
                return
            if pid == 0:
                return
            started = self.children.pop(pid, None)
            if self.stopping or started is None:
                continue
            self.restart_after(os.waitstatus_to_exitcode(status), time.monotonic() - started)

    def start_due(self) -> None:
        """Start the processes whose pause is over."""
        now = time.monotonic()
        for due in [at for at in self.due if at <= now]:
            self.due.remove(due)
            if not self.stopping:
                self.start_one()

    def restart_after(self, code: int, lived: float) -> None:
        """A process ended by itself: plan another's start after a pause that grows while
        processes die soon after starting."""
        if code == SETTINGS_REFUSED:
            self.refused = True
            self.stop()
            return
        self.quick_deaths = self.quick_deaths + 1 if lived < QUICK_DEATH_SECONDS else 0
        pause = pause_after(self.quick_deaths)
        click.echo(
            f"a server process ended (exit status {code}); another starts in {pause:g} s",
            err=True,
        )
        self.due.append(time.monotonic() + pause)


def serve_with_workers(
    make_app: Callable[[], Any],
    serve: Serve,
    workers: int,
    settings: dict[str, Any],
    sock: socket.socket,
) -> None:
    """Serve the app from `workers` processes on the bound `sock` (one where there is no fork)."""
    if workers > 1 and not can_fork():
        click.echo(
            "this system cannot fork processes (Windows): serving with one process", err=True
        )
        workers = 1
    if workers == 1:
        serve(make_app(), sockets=[sock], **worker_settings(settings, 1))
        return
    Supervisor(make_app, serve, sock, **worker_settings(settings, workers)).run(workers)
