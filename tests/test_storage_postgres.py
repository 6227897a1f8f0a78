"""On PostgreSQL, `immediate` is SQLite's BEGIN IMMEDIATE: no write comes in between (issue 15).

The move played after a lost race reads the game and saves it inside `immediate`, trusting that
nothing is saved in between. On PostgreSQL a plain versioned UPDATE from another server would
not wait for a transaction that has only read the row; the table lock `immediate` takes makes
it wait, and then find the version moved, so it is refused, not saved over the move.
"""

from __future__ import annotations

import threading
import time

import pytest

from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.database import connect, immediate
from kidswar.storage.games import create_game, load_game, save_move
from kidswar.storage.postgres import new_pool

SETUP = TableSetup("easy", (Seat("Ada", False), Seat("", True)), Rules())


def waiting_for_a_lock(database: str) -> int:
    """How many connections to this database wait for a lock now."""
    db = connect(database)
    try:
        row = db.execute(
            "SELECT COUNT(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        ).fetchone()
        return int(row[0])
    finally:
        db.close()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_versioned_write_waits_for_immediate_and_is_then_refused(database: str) -> None:
    holder, other = connect(database), connect(database)
    game_id = create_game(holder, SETUP, Game.deal(SETUP.rules, 7))
    seen_by_other = load_game(other, game_id)  # another server loaded the game at version 1
    assert seen_by_other is not None
    saved_by_other: list[bool] = []

    def other_server_saves() -> None:
        """Another server's move on the game as it loaded it (version 1)."""
        game = seen_by_other.game
        saved_by_other.append(save_move(other, seen_by_other, game, None, (0,)))

    with immediate(holder):
        fresh = load_game(holder, game_id)
        assert fresh is not None
        racing = threading.Thread(target=other_server_saves)
        racing.start()
        deadline = time.monotonic() + 10
        while waiting_for_a_lock(database) == 0:  # the other server's UPDATE is held off
            assert not saved_by_other, "a write came in between the read and the write"
            assert time.monotonic() < deadline, "the other write neither waited nor finished"
        assert save_move(holder, fresh, fresh.game, None, (1,))
    racing.join(10)
    assert saved_by_other == [False]  # it then found version 2, and saved nothing
    final = load_game(holder, game_id)
    assert final is not None and (final.version, final.turned) == (2, (1,))
    holder.close()
    other.close()


def backend_alive(database: str, pid: int) -> bool:
    """Whether the server still has the backend process `pid`."""
    db = connect(database)
    try:
        row = db.execute("SELECT COUNT(*) FROM pg_stat_activity WHERE pid = ?", (pid,)).fetchone()
        return int(row[0]) > 0
    finally:
        db.close()


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_a_connection_the_server_closed_is_never_lent_again(database: str) -> None:
    # After a restart, or an administrator ending a session, the pool must lend a fresh
    # connection: the pool's check finds the closed one without asking the server each time.
    pool = new_pool(database)
    try:
        first = pool.getconn(5)
        pid = first.info.backend_pid
        pool.putconn(first)
        admin = connect(database)
        try:
            admin.execute("SELECT pg_terminate_backend(?)", (pid,))
        finally:
            admin.close()
        deadline = time.monotonic() + 10
        while backend_alive(database, pid):  # the server ends it a moment later
            assert time.monotonic() < deadline, "the backend outlived its termination"
        lent = pool.getconn(5)
        assert lent.info.backend_pid != pid
        answered = lent.execute("SELECT 1").fetchone()
        assert answered is not None and answered[0] == 1
        pool.putconn(lent)
    finally:
        pool.close()
