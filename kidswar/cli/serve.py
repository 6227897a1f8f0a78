"""`kidswar serve`: the app on waitress, with connection limits sized for a school.

Waitress reads a whole request before a thread answers it, and every open connection, even an
idle or half-sent one, counts against `connection_limit` until `channel_timeout` seconds pass
without a byte. Its defaults (100 connections, 120 s) let one class's tablets, or one broken
client, lock everyone out. The arithmetic behind ours is in docs/running.md ("Serving a
class").
"""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable
from typing import Any

import click

from kidswar.cli.addresses import network_addresses
from kidswar.settings import CHANNEL_TIMEOUT as CHANNEL_TIMEOUTS
from kidswar.settings import CONNECTION_LIMIT as CONNECTION_LIMITS
from kidswar.settings import THREADS as THREAD_COUNTS
from kidswar.settings import WORKERS as WORKER_COUNTS
from kidswar.settings import Settings

# The defaults and their reasons are kidswar.settings's (5 classes of 30 tablets, each at a
# browser's 6 connections; 30 s; 8 threads for a battle of 7 ms on 2 cores).
CONNECTION_LIMIT = Settings.connection_limit
CHANNEL_TIMEOUT = Settings.channel_timeout
THREADS = Settings.threads
WORKERS = Settings.workers
SPARE_FILES = 64  # files besides connections: the database, the speech worker's pipes, logs
log = logging.getLogger("kidswar.serve")


def server_settings(
    host: str, port: int, threads: int, connection_limit: int, channel_timeout: int
) -> dict[str, Any]:
    """The keyword arguments `kidswar serve` hands to waitress."""
    return {
        "host": host,
        "port": port,
        "threads": threads,
        "ident": "kidswar",
        "connection_limit": connection_limit,
        "channel_timeout": channel_timeout,
        # Idle connections are looked for this often: closed at most 1/6 late (5 s of 30).
        "cleanup_interval": max(1, channel_timeout // 6),
        # poll(), not select(): select() fails on a file number above 1023.
        "asyncore_use_poll": True,
        # Behind a proxy the app's ProxyFix (KIDSWAR_PROXIES) decides which X-Forwarded-* headers
        # to believe; waitress 3 would delete them all first (its own proxy trust is unset), and
        # kidswar would see the proxy's address and plain HTTP (issue 23: found behind nginx).
        # Without KIDSWAR_PROXIES nothing reads them.
        "clear_untrusted_proxy_headers": False,
    }


def fit_open_files(connection_limit: int) -> int:
    """Raise this process's open-file limit to fit the connections; return the limit that fits.

    Every connection is an open file. Where the system allows fewer (`ulimit -n`), the
    connection limit is lowered to fit, with a warning, rather than failing at the worst time.
    """
    try:
        import resource
    except ImportError:  # Windows: no such limit to raise
        return connection_limit
    wanted = connection_limit + SPARE_FILES
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
            soft = ceiling
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return connection_limit
    fitted = max(1, soft - SPARE_FILES)
    log.warning(
        "this system lets kidswar open %d files, so it takes %d connections at once, not %d "
        "(raise `ulimit -n` to allow more)",
        soft,
        fitted,
        connection_limit,
    )
    return fitted


class LimitNotes(logging.Filter):
    """Turns waitress's log lines about its limits into lines that say what to do."""

    def __init__(self, threads: int, connection_limit: int, channel_timeout: int) -> None:
        super().__init__()
        self.threads = threads
        self.connection_limit = connection_limit
        self.channel_timeout = channel_timeout

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the limits' records; let other warnings through, drop other chatter."""
        message = record.getMessage()
        if "reached the connection limit" in message:
            record.name, record.args = "kidswar.serve", None
            record.msg = (
                f"the connection limit is reached ({self.connection_limit}, --connection-limit "
                "or KIDSWAR_CONNECTION_LIMIT): new visitors wait until some connections close; "
                f"an idle or half-sent one is closed {self.channel_timeout} s after its last "
                "byte (--channel-timeout)"
            )
        elif "dropped below the connection limit" in message:
            record.name, record.args = "kidswar.serve", None
            record.msg = "connections are below the limit again: new visitors get in"
            return True
        elif message.startswith("Task queue depth is"):
            record.name, record.args = "kidswar.serve", None
            record.msg = (
                f"all {self.threads} threads are busy, {message.rsplit(' ', 1)[-1]} more "
                "requests wait their turn (--threads, KIDSWAR_THREADS)"
            )
        return record.levelno >= logging.WARNING  # e.g. "Client disconnected" stays quiet


def note_limits(threads: int, connection_limit: int, channel_timeout: int) -> None:
    """Log waitress's limit lines (connection limit reached and left, threads busy) clearly."""
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    notes = LimitNotes(threads, connection_limit, channel_timeout)
    for name in ("waitress", "waitress.queue"):
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)  # the "below the limit again" line is logged as info
        for old in [f for f in logger.filters if isinstance(f, LimitNotes)]:
            logger.removeFilter(old)
        logger.addFilter(notes)


def display_host(host: str) -> str:
    """The host as a browser on this machine should open it."""
    return "localhost" if host in ("0.0.0.0", "::", "127.0.0.1") else host


def tablet_urls(host: str, port: int) -> tuple[str, ...]:
    """The addresses other devices open: each network address when listening on all of them,
    the host itself when it is one of them, none when only this machine is listened on."""
    if host in ("0.0.0.0", "::"):
        return tuple(f"http://{address}:{port}" for address in network_addresses())
    if host in ("127.0.0.1", "localhost", "::1") or host.startswith("127."):
        return ()
    return (f"http://{host}:{port}",)


def bind_failure(host: str, port: int, error: OSError) -> str:
    """One line saying why the port could not be listened on, naming the option to change."""
    # The system's words for the number ("Address already in use"), without the address
    # that `socket.create_server` appends; a name that is no address keeps the resolver's.
    reason = os.strerror(error.errno) if error.errno and error.errno > 0 else None
    reason = reason or error.strerror or str(error)
    if error.errno == errno.EADDRINUSE:
        advice = "another program listens there: choose another port with --port"
    elif error.errno == errno.EACCES:
        advice = "ports below 1024 need the system's permission: choose one above with --port"
    else:
        advice = "check --host and --port"
    return f"cannot serve on {host} port {port}: {reason}; {advice}"


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets other devices on the network join.",
)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option(
    "--threads",
    type=click.IntRange(THREAD_COUNTS.start, THREAD_COUNTS.stop - 1),
    default=THREADS,
    show_default=True,
    envvar="KIDSWAR_THREADS",
    show_envvar=True,
    help="Requests answered at the same time; the others wait their turn.",
)
@click.option(
    "--connection-limit",
    type=click.IntRange(CONNECTION_LIMITS.start, CONNECTION_LIMITS.stop - 1),
    default=CONNECTION_LIMIT,
    show_default=True,
    envvar="KIDSWAR_CONNECTION_LIMIT",
    show_envvar=True,
    help="Open connections at most, idle ones included; a browser keeps up to 6 per device.",
)
@click.option(
    "--channel-timeout",
    type=click.IntRange(CHANNEL_TIMEOUTS.start, CHANNEL_TIMEOUTS.stop - 1),
    default=CHANNEL_TIMEOUT,
    show_default=True,
    envvar="KIDSWAR_CHANNEL_TIMEOUT",
    show_envvar=True,
    help="Seconds after which an idle or half-sent connection is closed.",
)
@click.option(
    "--workers",
    type=click.IntRange(WORKER_COUNTS.start, WORKER_COUNTS.stop - 1),
    default=WORKERS,
    show_default=True,
    envvar="KIDSWAR_WORKERS",
    show_envvar=True,
    help="Server processes on the one port: one per core serves a whole school (not on Windows).",
)
def serve_command(
    host: str, port: int, threads: int, connection_limit: int, channel_timeout: int, workers: int
) -> None:
    """Serve the app with waitress and print the address to open.

    The limits are sized for a school: up to 1000 open connections (five classes of 30
    tablets, each browser keeping up to 6), and an idle or half-sent connection is closed after
    30 s, so a broken client cannot lock a class out for long. See docs/running.md, "Serving a
    class".
    """
    import waitress  # imported here so replay and simulate start quickly

    from kidswar.cli.workers import listening_socket, serve_with_workers
    from kidswar.web import SettingsError, create_app, start_housekeeper

    cleaning: list[Any] = []  # this process's clean-up thread, stopped with the server
    tablets = tablet_urls(host, port)  # found once, before any process starts

    def make_app() -> Any:
        try:
            app = create_app()
        except SettingsError as error:
            raise click.ClickException(str(error)) from error
        # The pages opened on this machine show the tablets' address (kidswar.web.tablets).
        app.config["TABLET_URLS"] = tablets
        housekeeper = start_housekeeper(app)  # old games are cleaned up beside the server
        if housekeeper is not None:  # in each worker process too: one of them does it at a time
            cleaning.append(housekeeper)
        return app

    if workers == 1:
        make_app = _made(make_app())  # a wrong setting stops the server before it listens
    else:
        check_settings()  # here once; each process then builds its own app
    connection_limit = fit_open_files(connection_limit)
    note_limits(threads, connection_limit, channel_timeout)
    settings = server_settings(host, port, threads, connection_limit, channel_timeout)
    try:  # bound before anything says it runs: a taken port is one line, and nothing else
        sock = listening_socket(host, port)
    except OSError as error:  # the port is taken, or no address has that name
        raise click.ClickException(bind_failure(host, port, error)) from error
    click.echo(f"kidswar is running: open http://{display_host(host)}:{port}/ in a browser")
    public = Settings.from_environment(os.environ).public_url  # checked above, as the app's
    if public:  # behind a proxy: the join addresses and QR codes name this one
        click.echo(f"  everyone else opens {public.rstrip('/')}/ (KIDSWAR_PUBLIC_URL)")
    for url in () if public else tablets:  # past the proxy they would skip its HTTPS
        click.echo(f"  other devices on this network can open {url}/")
    processes = f", {workers} processes" if workers > 1 else ""
    click.echo(
        f"Up to {connection_limit} connections, {threads} threads{processes}; idle connections "
        f"close after {channel_timeout} s. Press Ctrl+C to stop."
    )
    try:
        serve_with_workers(make_app, waitress.serve, workers, settings, sock)
    except KeyboardInterrupt:  # Ctrl+C outside waitress's own loop: the same one line
        pass
    finally:
        sock.close()
        for housekeeper in cleaning:
            housekeeper.stop()
    click.echo("kidswar stopped.")


def _made(app: Any) -> Callable[[], Any]:
    """A maker of the app that hands out the one already made."""
    return lambda: app


def check_settings() -> None:
    """Refuse a wrong setting once, before any process starts (as `create_app` would), and
    create or upgrade the database once: processes creating a new SQLite file at the same
    moment met "database is locked" (switching it to WAL takes the whole file, issue 33)."""
    from kidswar.cli.db import database_target
    from kidswar.settings import SettingsError
    from kidswar.storage.database import create
    from kidswar.storage.interfaces import StorageError

    try:
        settings = Settings.from_environment(os.environ)
        settings.verify_database()
    except SettingsError as error:
        raise click.ClickException(str(error)) from error
    try:
        create(database_target(settings))
    except StorageError as error:
        raise click.ClickException(f"the database cannot be opened: {error}") from error
