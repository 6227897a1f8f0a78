"""`kidswar serve --workers N`: N waitress processes answering on one port.

Waitress serves from threads in one process, so one process uses about one core (the GIL).
It cannot fork itself, but it serves on sockets it is handed (`sockets=`, documented). So
the supervisor here forks N processes that each build their own app (their own database
connections, their own speech worker) and serve on the port. On Linux each process listens on
a socket of its own with SO_REUSEPORT, and the kernel shares the new connections out among them
by a hash of their addresses, so each gets about its share: on one shared listening socket,
the connection went to whichever process accepted first, and a table keeps its connection, so
one process ended up with 98 of 150 tables and two carried little more than one (issue 24,
benchmarks/README.md). The supervisor binds the port first (SO_REUSEPORT, not listening, so
it is given no connection), so a port in use is said at once and no other program takes it.
Elsewhere (SO_REUSEPORT does not share connections out outside Linux) the supervisor binds one
listening socket that every process accepts on. Everything the processes share already lives in
the database and the instance folder (games, rounds, the secret key, the clip cache), so any
process can answer any request.

A process that dies is started again; one that dies within seconds of starting, again and
again, stops the server with its reason instead of being restarted for ever. Ctrl+C or
SIGTERM stops them all. Where there is no fork (Windows), one process serves, and says so.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

import click

QUICK_DEATH_SECONDS = 5.0  # a process that dies this soon after its start did not start
QUICK_DEATHS = 3  # in a row: then the reason is not passing (a setting, a taken file)
SETTINGS_REFUSED = 3  # a process's exit status when the app refused its settings

Serve = Callable[..., Any]  # waitress.serve


def can_fork() -> bool:
    """True where processes can be forked (not on Windows)."""
    return hasattr(os, "fork")


def shares_out_connections() -> bool:
    """True where each process can listen on the port itself and the kernel shares the new
    connections out among them (Linux's SO_REUSEPORT)."""
    return sys.platform.startswith("linux") and hasattr(socket, "SO_REUSEPORT")


def listening_socket(host: str, port: int, reuse_port: bool = False) -> socket.socket:
    """The port, listening (IPv6 for an IPv6 address): once for every process, or with
    `reuse_port` once in each process."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.create_server((host, port), family=family, backlog=1024, reuse_port=reuse_port)
    sock.setblocking(False)
    return sock


def reserved_port(host: str, port: int) -> socket.socket:
    """The port bound by the supervisor with SO_REUSEPORT but not listening: a port in use is
    refused here, before any process starts, and only processes of this user may bind it too.
    The kernel gives connections only to listening sockets, so this one gets none."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        if family == socket.AF_INET6:  # as the processes' (socket.create_server's default)
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    return sock


def worker_settings(settings: dict[str, Any], workers: int) -> dict[str, Any]:
    """What one process hands waitress: the shared socket in place of host and port, and its
    share of the connection limit, so all of them together keep to the limit asked for."""
    mine = {key: value for key, value in settings.items() if key not in ("host", "port")}
    mine["connection_limit"] = max(1, settings["connection_limit"] // workers)
    return mine


Listen = Callable[[], socket.socket]  # a process's listening socket: shared, or its own


def run_worker(make_app: Callable[[], Any], serve: Serve, listen: Listen, **kw: Any) -> None:
    """In a forked process: build the app, serve until told to stop, never return."""
    status = 0
    try:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        try:
            app = make_app()
        except click.ClickException as error:
            error.show()
            status = SETTINGS_REFUSED
        else:
            serve(app, sockets=[listen()], **kw)  # listening once the app is ready
    except SystemExit as leaving:
        status = leaving.code if isinstance(leaving.code, int) else 1
    except BaseException:  # a worker must end here, never run on in the supervisor's code
        import traceback

        traceback.print_exc()
        status = 1
    finally:
        sys.stderr.flush()
        os._exit(status)


class Supervisor:
    """Starts the processes, starts a dead one again, stops them all on a signal."""

    def __init__(
        self, make_app: Callable[[], Any], serve: Serve, listen: Listen, **kw: Any
    ) -> None:
        self.make_app, self.serve, self.listen, self.kw = make_app, serve, listen, kw
        self.children: dict[int, float] = {}  # pid: when it started
        self.stopping = False
        self.quick_deaths = 0

    def start_one(self) -> None:
        """Fork one process serving on the port."""
        pid = os.fork()
        if pid == 0:
            run_worker(self.make_app, self.serve, self.listen, **self.kw)
        self.children[pid] = time.monotonic()

    def stop(self, *_args: object) -> None:
        """Ask every process to stop (SIGTERM); the loop then waits for them."""
        self.stopping = True
        for pid in list(self.children):
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                self.children.pop(pid, None)

    def run(self, workers: int) -> None:
        """Serve with `workers` processes until a signal, or until they cannot start."""
        signal.signal(signal.SIGTERM, self.stop)
        signal.signal(signal.SIGINT, self.stop)
        for _n in range(workers):
            self.start_one()
        while self.children:
            try:
                pid, status = os.wait()
            except ChildProcessError:
                break
            except InterruptedError:  # a signal: the loop goes on waiting for them
                continue
            started = self.children.pop(pid, None)
            if self.stopping or started is None:
                continue
            self.restart_after(os.waitstatus_to_exitcode(status), time.monotonic() - started)

    def restart_after(self, code: int, lived: float) -> None:
        """A process ended by itself: start another, unless none can start."""
        if code == SETTINGS_REFUSED:
            self.stop()
            raise click.ClickException("a server process refused the settings (above)")
        self.quick_deaths = self.quick_deaths + 1 if lived < QUICK_DEATH_SECONDS else 0
        if self.quick_deaths >= QUICK_DEATHS:
            self.stop()
            raise click.ClickException(
                f"the server processes end as they start ({QUICK_DEATHS} in a row, exit status "
                f"{code}); the reason is above"
            )
        click.echo(f"a server process ended (exit status {code}); starting another", err=True)
        self.start_one()


def serve_with_workers(
    make_app: Callable[[], Any], serve: Serve, workers: int, settings: dict[str, Any]
) -> None:
    """Serve the app from `workers` processes on one port (one where there is no fork)."""
    if workers > 1 and not can_fork():
        click.echo(
            "this system cannot fork processes (Windows): serving with one process", err=True
        )
        workers = 1
    if workers == 1:
        serve(make_app(), **settings)
        return
    host, port = settings["host"], settings["port"]
    if shares_out_connections():
        sock = reserved_port(host, port)
        port = sock.getsockname()[1]  # the one bound (port 0: any free one, in tests)

        def listen() -> socket.socket:
            return listening_socket(host, port, reuse_port=True)

    else:
        sock = listening_socket(host, port)

        def listen() -> socket.socket:
            return sock

    try:
        Supervisor(make_app, serve, listen, **worker_settings(settings, workers)).run(workers)
    finally:
        sock.close()
