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
    assert served == [((APP,), {"host": "0.0.0.0", "port": 8123, "threads": 8, "ident": "kidswar"})]


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
