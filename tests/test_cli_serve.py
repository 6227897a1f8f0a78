"""`kidswar serve`: the addresses it prints and what it hands to waitress (no real server)."""

from __future__ import annotations

import re
import socket
from typing import Any

import pytest
import waitress
from click.testing import CliRunner

import kidswar.web
from kidswar.cli import main, network_addresses
from kidswar.cli.serve import SPARE_FILES, fit_open_files, server_settings

APP = object()  # stands for the app create_app makes


def addrinfo(*addresses: str) -> list[tuple[Any, ...]]:
    """What socket.getaddrinfo gives for these IPv4 addresses."""
    return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, 0)) for address in addresses]


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Every call to waitress.serve, recorded instead of serving; the app is a stand-in."""
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    monkeypatch.setattr(waitress, "serve", lambda *args, **kwargs: calls.append((args, kwargs)))
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
    return asked


def test_serve_on_every_interface_prints_each_network_address(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    lookups: list[tuple[Any, ...]],
) -> None:
    result = runner.invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.stderr
    urls = re.findall(r"http://([^/\s]+)/", result.stdout)
    assert urls == ["localhost:8123", "10.0.0.5:8123", "192.168.1.20:8123"]  # no 127.x
    assert "in a browser" in result.stdout.splitlines()[0]
    assert lookups and lookups[0][2] == socket.AF_INET
    assert served == [((APP,), server_settings("0.0.0.0", 8123, 8, 1000, 30))]
    assert served[0][1]["asyncore_use_poll"] is True  # select() cannot watch 1000 sockets
    assert served[0][1]["cleanup_interval"] == 5


def test_serve_on_this_computer_only_prints_one_address(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    lookups: list[tuple[Any, ...]],
) -> None:
    result = runner.invoke(main, ["serve", "--threads", "4"])
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stdout.splitlines() if "http://" in line] == [
        "kidswar is running: open http://localhost:8000/ in a browser"
    ]
    assert served[0][1]["host"] == "127.0.0.1" and served[0][1]["threads"] == 4


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


@pytest.mark.parametrize(
    "error, reason",
    [
        (OSError(98, "Address already in use"), "Address already in use"),
        (ValueError("Invalid host/port specified."), "Invalid host/port specified."),
    ],
)
def test_a_port_in_use_or_a_host_that_is_none_is_one_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, error: Exception, reason: str
) -> None:
    """Issue 13's fuzz: `kidswar serve --host ::::` (or a port in use) ended in a traceback."""

    def refuse(*args: Any, **kwargs: Any) -> None:
        """Fail as waitress does before it serves anything."""
        raise error

    monkeypatch.setattr(waitress, "serve", refuse)
    monkeypatch.setattr(kidswar.web, "create_app", lambda: APP)
    monkeypatch.setattr(kidswar.web, "start_housekeeper", lambda app: None)
    result = runner.invoke(main, ["serve", "--host", "::::", "--port", "8123"])
    assert result.exit_code == 1
    assert result.stderr == f"kidswar: cannot serve on :::: port 8123: {reason}\n"


def test_without_fork_several_workers_are_one_process_and_it_says_so(
    runner: CliRunner,
    served: list[tuple[tuple[Any, ...], dict[str, Any]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kidswar.cli import workers

    monkeypatch.setattr(workers, "can_fork", lambda: False)  # as on Windows
    result = runner.invoke(main, ["serve", "--workers", "3", "--port", "8123"])
    assert result.exit_code == 0, result.stderr
    assert served == [((APP,), server_settings("127.0.0.1", 8123, 8, 1000, 30))]
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
    result = runner.invoke(main, ["serve"], env={"KIDSWAR_INSTANCE_PATH": str(tmp_path)})
    assert result.exit_code == 0, result.stderr
    [(housekeeper, alive)] = running
    assert alive and not housekeeper.thread.is_alive()  # stopped when the server stopped


def test_several_workers_on_a_port_in_use_is_one_line_before_any_process_starts(
    runner: CliRunner, served: list[tuple[tuple[Any, ...], dict[str, Any]]]
) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        result = runner.invoke(main, ["serve", "--workers", "2", "--port", str(port)])
    assert result.exit_code == 1 and served == []
    assert result.stderr.startswith(f"kidswar: cannot serve on 127.0.0.1 port {port}: ")
