"""Class rounds in SQLite: old rounds are cleaned up with their tables, the others are kept."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kidswar.game.class_round import RoundSettings, RoundTable
from kidswar.game.clock import Clock
from kidswar.game.rules import Variant
from kidswar.storage.connection import Database
from kidswar.storage.database import connect, immediate
from kidswar.storage.limits import record, wait_needed
from kidswar.storage.round_tables import (
    add_table,
    device_tables,
    listed_count,
    load_table,
    next_table_number,
    remove_table,
    round_tables,
)
from kidswar.storage.rounds import create_round, delete_old_rounds, load_round

SETTINGS = RoundSettings(minutes=10, variant=Variant.STANDARD, players=2, against_computer=False)
FINISHED_BEFORE, IDLE_BEFORE = 500.0, 200.0  # the clean-up's two cutoffs


@pytest.fixture
def db(database: str) -> Iterator[Database]:
    """A new database, made as the app makes it at start-up, on each backend."""
    connection = connect(database)
    yield connection
    connection.close()


def a_round(db: Database, updated: float, finished: float | None, tables: int) -> str:
    """A round last changed at `updated` (and over at `finished`), joined by `tables` tables."""
    code = create_round(db, SETTINGS, Clock.ready(600)).code
    db.execute(
        "UPDATE rounds SET updated = ?, finished = ? WHERE code = ?", (updated, finished, code)
    )
    for number in range(1, tables + 1):
        add_table(db, code, number, f"Table {number}", f"game-{code}-{number}")
    return code


def test_old_rounds_are_deleted_with_their_tables_and_the_others_kept(
    db: Database,
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


def test_a_removed_table_keeps_its_number_and_leaves_the_lists(db: Database) -> None:
    code = create_round(db, SETTINGS, Clock.ready(600)).code
    for number, device in ((1, "tablet"), (2, "tablet"), (3, "laptop")):
        add_table(db, code, number, f"Table {number}", f"game-{number}", device)
    assert [table.number for table in device_tables(db, code, "tablet")] == [1, 2]
    assert remove_table(db, code, 2, 1000.0) == RoundTable(2, "Table 2", "game-2")
    gone = RoundTable(2, "Table 2", "game-2", removed=True, removed_at=1000.0)
    assert remove_table(db, code, 2, 2000.0) == gone  # twice: the first time stands
    assert remove_table(db, code, 9) is None
    assert [table.number for table in round_tables(db, code)] == [1, 3]
    assert [table.number for table in device_tables(db, code, "tablet")] == [1]
    assert listed_count(db, code) == 2
    assert next_table_number(db, code) == 4  # never the removed table's number again
    found = load_table(db, code, 2)
    assert found is not None and found.removed


def take(db: Database, kind: str, client: str, at: float) -> float | None:
    """Count a request if the client is under 3 a minute (None), else the seconds to wait."""
    with immediate(db):
        wait = wait_needed(db, kind, client, 3, 60.0, at)
        if wait is None:
            record(db, kind, client, at)
    return wait


def test_requests_are_counted_over_a_sliding_minute(db: Database) -> None:
    for at in (100.0, 110.0, 120.0):
        assert take(db, "code", "a", at) is None
    assert take(db, "code", "a", 130.0) == 30.0  # until the one at 100 leaves
    assert take(db, "code", "b", 130.0) is None  # another client
    assert take(db, "join", "a", 130.0) is None  # another limit
    assert take(db, "code", "a", 159.0) == 1.0
    assert take(db, "code", "a", 160.0) is None  # the one at 100 has left
    assert take(db, "code", "a", 169.0) == 1.0  # 110, 120 and 160 are in the last minute
    kept = db.execute("SELECT COUNT(*) FROM limited_requests").fetchone()[0]
    assert kept == 5  # older rows are deleted on the way: 110, 120, 160 (a), 130 (b, join)
