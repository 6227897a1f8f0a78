"""`kidswar serve`: the addresses it prints and what it hands to waitress (no real server)."""

from __future__ import annotations

import re
import socket
from types import SimpleNamespace
from typing import Any

import pytest
import waitress
from click.testing import CliRunner
from servers import free_port

import kidswar.web
from kidswar.cli import addresses, main, network_addresses
from kidswar.cli.serve import SPARE_FILES, fit_open_files, server_settings
from kidswar.cli.workers import worker_settings

APP = SimpleNamespace(config={})  # stands for the app create_app makes


def addrinfo(*addresses: str) -> list[tuple[Any, ...]]:
    """What socket.getaddrinfo gives for these IPv4 addresses."""
    return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, 0)) for address in addresses]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every call to waitress.serve, recorded instead of serving; the app is a stand-in."""
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    bound: dict[int, int] = {}  # the free port each asked-for port was bound as

    def listening_socket(host: str, port: int) -> socket.socket:
        """Bind a free port of this machine's instead (port 8000 may be anyone's here)."""
        sock = socket.create_server(("127.0.0.1", 0))
        bound[sock.getsockname()[1]] = port
        return sock

    def serve(*args: Any, sockets: list[socket.socket], **kwargs: Any) -> None:
        """Record the call, with the port asked for of the socket it was handed."""
        [sock] = sockets
        calls.append((args, {**kwargs, "port": bound[sock.getsockname()[1]]}))

    from kidswar.cli import workers

    monkeypatch.setattr(workers, "listening_socket", listening_socket)
    monkeypatch.setattr(waitress, "serve", serve)
    monkeypatch.setattr(kidswar.web, "create_app", lambda: APP)
    monkeypatch.setattr(kidswar.web, "start_housekeeper", lambda app: None)
    return calls


@pytest.fixture
def lookups(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """This machine's addresses as getaddrinfo gives them: twice one, and a loopback one."""
    asked: list[tuple[Any, ...]] = []

    def getaddrinfo(*args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        """Record the question; answer with known addresses."""
        asked.append(args)
        return addrinfo("192.168.1.20", "127.0.1.1", "10.0.0.5", "192.168.1.20")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(addresses, "routed_addresses", lambda: [])
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [])
    return asked


def handed(host: str, port: int, threads: int = 8, limit: int = 1000) -> dict[str, Any]:
    """What waitress is handed for one process: the settings but host, and the bound port."""
    return {**worker_settings(server_settings(host, port, threads, limit, 30), 1), "port": port}


def test_serve_on_every_interface_prints_each_network_address(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    lookups: list[tuple[Any, ...]],
) -> None:
    port = 8123
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--port", str(port)])
    assert result.exit_code == 0, result.stderr
    urls = re.findall(r"http://([^/\s]+)/", result.stdout)
    assert urls == [f"localhost:{port}", f"192.168.1.20:{port}", f"10.0.0.5:{port}"]  # no 127.x
    assert "in a browser" in result.stdout.splitlines()[0]
    assert lookups and lookups[0][2] == socket.AF_INET
    assert served == [((APP,), handed("0.0.0.0", port))]
    assert served[0][1]["asyncore_use_poll"] is True  # select() cannot watch 1000 sockets
    assert served[0][1]["cleanup_interval"] == 5


def test_serve_on_this_computer_only_prints_one_address(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    lookups: list[tuple[Any, ...]],
) -> None:
    port = 8000
    result = runner.invoke(main, ["serve", "--threads", "4"])
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stdout.splitlines() if "http://" in line] == [
        f"kidswar is running: open http://localhost:{port}/ in a browser"
    ]
    assert served == [((APP,), handed("127.0.0.1", port, threads=4))]
    assert APP.config["TABLET_URLS"] == ()  # the pages say how to let the tablets in


def test_behind_a_proxy_it_names_the_public_address_not_its_own_network_ones(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    lookups: list[tuple[Any, ...]],
) -> None:
    # The school's IT person reads where everyone goes: the proxy's HTTPS address, which the
    # join addresses and QR codes name, never this server's plain-HTTP network addresses.
    environment = {"KIDSWAR_PUBLIC_URL": "https://war.example.org"}
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0"], env=environment)
    assert result.exit_code == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if "://" in line]
    assert lines == [
        "kidswar is running: open http://localhost:8000/ in a browser",
        "  everyone else opens https://war.example.org/ (KIDSWAR_PUBLIC_URL)",
    ]


@pytest.mark.parametrize("port", ["0", "70000", "http"])
def test_a_port_out_of_range_is_refused_in_one_line(
    runner: CliRunner, served: list[tuple[tuple[Any, ...], dict[str, Any]]], port: str
) -> None:
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--port", port])
    assert result.exit_code != 0 and served == []
    assert result.stderr.startswith("kidswar: ") and result.stderr.count("\n") == 1
    assert "--port" in result.stderr and result.stdout == ""


def test_no_network_addresses_when_the_name_cannot_be_looked_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unknown(*args: Any, **kwargs: Any) -> list[tuple[Any, ...]]:
        """Fail as a machine whose own name is not in any resolver does."""
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", unknown)
    monkeypatch.setattr(addresses, "routed_addresses", lambda: [])
    monkeypatch.setattr(addresses, "interface_addresses", lambda: [])
    assert network_addresses() == []


def test_the_limits_come_from_options_or_the_environment(
    runner: CliRunner, served: list[tuple[tuple[Any, ...], dict[str, Any]]]
) -> None:
    options = ["serve", "--connection-limit", "300", "--channel-timeout", "12"]
    assert runner.invoke(main, options).exit_code == 0
    environment = {"KIDSWAR_CONNECTION_LIMIT": "400", "KIDSWAR_THREADS": "6"}
    assert runner.invoke(main, [], env=environment).exit_code == 0  # bare `kidswar` serves too
    first, second = (kwargs for _args, kwargs in served)
    assert (first["connection_limit"], first["channel_timeout"], first["cleanup_interval"]) == (
        300,
        12,
        2,
    )
    assert (second["connection_limit"], second["threads"], second["channel_timeout"]) == (
        400,
        6,
        30,
    )


def test_a_connection_limit_below_ten_is_refused(
    runner: CliRunner, served: list[tuple[tuple[Any, ...], dict[str, Any]]]
) -> None:
    result = runner.invoke(main, ["serve", "--connection-limit", "5"])
    assert result.exit_code != 0 and served == []
    assert "--connection-limit" in result.stderr


def test_the_open_file_limit_is_raised_to_fit_the_connections(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    resource = pytest.importorskip("resource")
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(resource, "getrlimit", lambda which: (1024, 4096))
    monkeypatch.setattr(resource, "setrlimit", lambda which, limits: asked.append(limits))
    assert fit_open_files(1000) == 1000
    assert asked == [(1000 + SPARE_FILES, 4096)]


def test_where_fewer_files_may_be_opened_fewer_connections_are_taken(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    resource = pytest.importorskip("resource")

    def refuse(which: int, limits: tuple[int, int]) -> None:
        """Refuse as a system whose hard limit is lower does."""
        raise ValueError("not allowed")

    monkeypatch.setattr(resource, "getrlimit", lambda which: (256, 256))
    monkeypatch.setattr(resource, "setrlimit", refuse)
    assert fit_open_files(1000) == 256 - SPARE_FILES
    assert "takes 192 connections at once, not 1000" in caplog.text


@pytest.fixture
def unserved(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Calls to waitress.serve (there should be none); the port is really bound."""
    calls: list[Any] = []
    monkeypatch.setattr(waitress, "serve", lambda *args, **kwargs: calls.append(args))
    monkeypatch.setattr(kidswar.web, "create_app", lambda: APP)
    monkeypatch.setattr(kidswar.web, "start_housekeeper", lambda app: None)
    return calls


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_port_in_use_is_one_line_naming_the_option_and_nothing_said_to_run(
    runner: CliRunner, unserved: list[Any], workers: str
) -> None:
    """Issue 33: "kidswar is running" was printed, then the port was found taken."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = runner.invoke(main, ["serve", "--workers", workers, "--port", str(port)])
    assert result.exit_code == 1 and unserved == []
    assert result.stdout == ""  # nothing said to run
    assert result.stderr == (
        f"kidswar: cannot serve on 127.0.0.1 port {port}: Address already in use; another "
        "program listens there: choose another port with --port\n"
    )


def test_a_host_that_is_none_is_one_line(runner: CliRunner, unserved: list[Any]) -> None:
    """Issue 13's fuzz: `kidswar serve --host ::::` ended in a traceback."""
    result = runner.invoke(main, ["serve", "--host", "::::", "--port", "8123"])
    assert result.exit_code == 1 and unserved == [] and result.stdout == ""
    assert result.stderr.startswith("kidswar: cannot serve on :::: port 8123: ")
    assert result.stderr.count("\n") == 1 and "--host" in result.stderr


def test_without_fork_several_workers_are_one_process_and_it_says_so(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kidswar.cli import workers

    monkeypatch.setattr(workers, "can_fork", lambda: False)  # as on Windows
    result = runner.invoke(main, ["serve", "--workers", "3", "--port", "8123"])
    assert result.exit_code == 0, result.stderr
    assert served == [((APP,), handed("127.0.0.1", 8123))]
    assert "cannot fork" in result.stderr and "one process" in result.stderr


@pytest.mark.parametrize("count", ["0", "65", "two"])
def test_a_worker_count_that_cannot_work_is_refused_naming_it(
    runner: CliRunner, served: list[tuple[tuple[Any, ...], dict[str, Any]]], count: str
) -> None:
    result = runner.invoke(main, ["serve"], env={"KIDSWAR_WORKERS": count})
    assert result.exit_code != 0 and served == []
    assert "KIDSWAR_WORKERS" in result.stderr or "--workers" in result.stderr


def test_several_workers_refuse_a_wrong_setting_before_listening(
    runner: CliRunner, served: list[tuple[tuple[Any, ...], dict[str, Any]]]
) -> None:
    result = runner.invoke(main, ["serve", "--workers", "2"], env={"KIDSWAR_PROXIES": "99"})
    assert result.exit_code != 0 and served == []
    assert "KIDSWAR_PROXIES" in result.stderr


def test_each_worker_takes_its_share_of_the_connection_limit() -> None:
    from kidswar.cli.workers import worker_settings

    mine = worker_settings(server_settings("0.0.0.0", 8000, 8, 1000, 30), 3)
    assert "host" not in mine and "port" not in mine  # the shared socket stands for them
    assert mine["connection_limit"] == 333 and mine["threads"] == 8


def test_serve_cleans_up_beside_the_server_and_stops_that_with_it(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    running: list[Any] = []

    def serve(app: Any, **settings: Any) -> None:
        """Stands for waitress serving until Ctrl+C: the clean-up thread runs meanwhile."""
        housekeeper = app.extensions["kidswar.housekeeper"]
        running.append((housekeeper, housekeeper.thread.is_alive()))

    monkeypatch.setattr(waitress, "serve", serve)
    environment = {"KIDSWAR_INSTANCE_PATH": str(tmp_path)}
    result = runner.invoke(main, ["serve", "--port", str(free_port())], env=environment)
    assert result.exit_code == 0, result.stderr
    [(housekeeper, alive)] = running
    assert alive and not housekeeper.thread.is_alive()  # stopped when the server stopped


class RoutedSocket:
    """A UDP socket whose route goes out from 192.168.1.20, as a classroom laptop's does."""

    def __init__(self, *args: Any) -> None:
        self.connected: tuple[str, int] | None = None

    def __enter__(self) -> RoutedSocket:
        return self

    def __exit__(self, *args: object) -> None:
        pass

    def connect(self, address: tuple[str, int]) -> None:
        """Choose the route; nothing is sent (a UDP connect)."""
        self.connected = address

    def getsockname(self) -> tuple[str, int]:
        """The address the route leaves from."""
        assert self.connected is not None
        return ("192.168.1.20", 40000)


def test_an_address_is_found_when_the_host_name_is_loopback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 33: Debian's /etc/hosts maps the host name to 127.0.1.1, and none was printed."""
    monkeypatch.setattr(socket, "gethostname", lambda: "classroom-laptop")
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kwargs: addrinfo("127.0.1.1"))
    monkeypatch.setattr(addresses, "interface_addresses", lambda: ["127.0.0.1"])
    monkeypatch.setattr(socket, "socket", RoutedSocket)  # the module addresses uses
    assert network_addresses() == ["192.168.1.20"]


def test_every_address_found_is_this_machines_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real lookups, with the host name resolving to loopback: each address found can be
    listened on here (only a machine's own addresses can), none is loopback."""
    monkeypatch.setattr(socket, "getaddrinfo", lambda *args, **kwargs: addrinfo("127.0.1.1"))
    found = network_addresses()
    if not found:
        pytest.skip("this machine has no network address besides loopback")
    for address in found:
        assert not address.startswith("127.")
        with socket.create_server((address, 0)):
            pass
