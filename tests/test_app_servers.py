"""Two `kidswar serve` processes on one PostgreSQL database serve one game (issue 15).

Each server is a real process with its own instance folder, as on two machines; they share only
KIDSWAR_DATABASE_URL and KIDSWAR_SECRET_KEY. A browser's cookie (its session, its CSRF token)
set by one is taken by the other, moves sent to either play on the same game, and of identical
moves racing on both, exactly one is played. The same holds for the processes of one
`kidswar serve --workers 2` on SQLite or PostgreSQL (issue 24), which share one port.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from servers import TOKEN, Browser, start_server, stop

BATTLE = re.compile(r'name="battle" value="(\d+)"')
RACERS = 20


@pytest.fixture
def servers(database: str, tmp_path: Path) -> Iterator[list[str]]:
    """Two `kidswar serve` processes on the test's (emptied) PostgreSQL database, each with an
    instance folder of its own, as on two machines; their addresses."""
    started = [start_server(database, tmp_path / name) for name in ("first", "second")]
    yield [address for _process, address in started]
    stop(started)


@pytest.fixture
def gunicorn(database: str, tmp_path: Path) -> Iterator[list[str]]:
    """gunicorn with two worker processes on the test's PostgreSQL database; its address, twice
    (the workers share one port)."""
    pytest.importorskip("gunicorn")
    started = [start_server(database, tmp_path / "gunicorn", gunicorn_workers=2)]
    yield [started[0][1]] * 2
    stop(started)


@pytest.fixture
def two_workers(database: str, tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`kidswar serve --workers 2` on the test's database (SQLite: its instance folder's file;
    PostgreSQL: a folder of the test's own, never a path made of the database's URL)."""
    sqlite = not database.startswith("postgresql")
    instance = Path(database).parent if sqlite else tmp_path / "instance"
    started = [start_server(database, instance, workers=2)]
    yield started[0]
    stop(started)


def children_of(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux's /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:  # ended while we looked
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def wait_for(condition: Callable[[], bool], what: str, timeout: float = 30) -> None:
    """Return once `condition()` holds; fail after `timeout` seconds (no event to wait on)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)  # the interval between two looks, not a wait for something


def next_battle(page: str) -> int:
    """The battle a table page's buttons play next."""
    found = BATTLE.search(page)
    assert found, "no move form on the table"
    return int(found.group(1))


def race(browser: Browser, moves: list[tuple[str, dict[str, str]]]) -> list[int]:
    """Send every move at once, each from its own thread; their statuses, in order."""
    barrier, statuses = threading.Barrier(len(moves)), [0] * len(moves)

    def send(index: int, url: str, data: dict[str, str]) -> None:
        """One request, sent once every thread is ready."""
        barrier.wait(20)
        statuses[index] = browser.post(url, data)[0]

    threads = [threading.Thread(target=send, args=(i, *move)) for i, move in enumerate(moves)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return statuses


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_two_servers_serve_one_game_and_one_of_twenty_racing_moves_is_played(
    servers: list[str],
) -> None:
    play_alternately_then_race(servers)


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_gunicorn_workers_serve_one_game_and_one_of_twenty_racing_moves_is_played(
    gunicorn: list[str],
) -> None:
    play_alternately_then_race(gunicorn)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="--workers forks processes (not on Windows)")
def test_two_worker_processes_serve_one_game_and_a_dead_one_is_started_again(
    two_workers: tuple[subprocess.Popen[str], str],
) -> None:
    process, address = two_workers
    wait_for(lambda: len(children_of(process.pid)) == 2, "two server processes never ran")
    play_alternately_then_race([address, address])  # new connections: either process answers
    victim = min(children_of(process.pid))
    os.kill(victim, signal.SIGKILL)
    wait_for(
        lambda: victim not in children_of(process.pid) and len(children_of(process.pid)) == 2,
        "the dead process was not replaced",
    )
    assert Browser().get(f"{address}/en/rules/easy")
    workers = children_of(process.pid)
    process.terminate()
    assert process.wait(20) == 0
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)


def play_alternately_then_race(servers: list[str]) -> None:
    """One game started on the first server, moves alternating between the two, then 20
    identical moves racing on both: all the first are played, one of the others."""
    browser = Browser()
    first, second = servers
    token = TOKEN.search(browser.get(f"{first}/en/easy"))
    assert token
    csrf = token.group(1)  # the session's token, made by the first server, checked by both
    status, table, _page = browser.post(f"{first}/en/easy", {"csrf_token": csrf, "who": "computer"})
    assert status == 200 and "/en/game/" in table
    path = urllib.parse.urlsplit(table).path  # /en/game/<id>, the same on either server
    for battle in range(1, 11):  # moves alternate between the servers: every one is played
        server = servers[battle % 2]
        move = {"csrf_token": csrf, "action": "turn", "seat": "0", "battle": str(battle)}
        status, _address, page = browser.post(f"{server}{path}/move", move)
        assert status == 200, page
        assert next_battle(page) == battle + 1
    same = {"csrf_token": csrf, "action": "turn", "seat": "0", "battle": "11"}
    statuses = race(browser, [(f"{servers[n % 2]}{path}/move", same) for n in range(RACERS)])
    assert sorted(statuses) == [200] + [409] * (RACERS - 1)  # played once, refused 19 times
    shown = [next_battle(browser.get(f"{server}{path}")) for server in (first, second)]
    assert shown == [12, 12]  # both servers show the same game: 11 battles played
