"""Class rounds in SQLite: old rounds are cleaned up with their tables, the others are kept."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from kidswar.game.clock import Clock
from kidswar.storage.database import connect, create
from kidswar.storage.rounds import (
    RoundSettings,
    add_table,
    create_round,
    delete_old_rounds,
    load_round,
    round_tables,
)

SETTINGS = RoundSettings(minutes=10, variant="standard", players=2, against_computer=False)
FINISHED_BEFORE, IDLE_BEFORE = 500.0, 200.0  # the clean-up's two cutoffs


@pytest.fixture
def db(tmp_path: Path) -> Iterator[sqlite3.Connection]:
    """A real database file, made as the app makes it at start-up."""
    path = tmp_path / "kidswar.sqlite"
    create(path)
    connection = connect(path)
    yield connection
    connection.close()


def a_round(db: sqlite3.Connection, updated: float, finished: float | None, tables: int) -> str:
    """A round last changed at `updated` (and over at `finished`), joined by `tables` tables."""
    code = create_round(db, SETTINGS, Clock.ready(600)).code
    db.execute(
        "UPDATE rounds SET updated = ?, finished = ? WHERE code = ?", (updated, finished, code)
    )
    for number in range(1, tables + 1):
        add_table(db, code, number, f"Table {number}", f"game-{code}-{number}")
    return code


def test_old_rounds_are_deleted_with_their_tables_and_the_others_kept(
    db: sqlite3.Connection,
) -> None:
    finished_long_ago = a_round(db, updated=100, finished=100, tables=2)
    abandoned = a_round(db, updated=150, finished=None, tables=3)  # never finished, left idle
    finished_lately = a_round(db, updated=600, finished=600, tables=2)
    finished_at_the_cutoff = a_round(db, updated=500, finished=500, tables=1)
    still_running = a_round(db, updated=300, finished=None, tables=1)
    idle_at_the_cutoff = a_round(db, updated=200, finished=None, tables=1)

    assert delete_old_rounds(db, FINISHED_BEFORE, IDLE_BEFORE) == 2

    for gone in (finished_long_ago, abandoned):
        assert load_round(db, gone) is None
        assert round_tables(db, gone) == []
    for kept, tables in (
        (finished_lately, 2),
        (finished_at_the_cutoff, 1),
        (still_running, 1),
        (idle_at_the_cutoff, 1),
    ):
        assert load_round(db, kept) is not None
        assert [table.number for table in round_tables(db, kept)] == list(range(1, tables + 1))
    total = db.execute("SELECT COUNT(*) FROM round_tables").fetchone()[0]
    assert total == 5  # no table of a deleted round is left behind
