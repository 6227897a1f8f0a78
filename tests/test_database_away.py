"""A database that cannot answer is a 503 with Retry-After, never a stall or a 500 (issue 23):
a SQLite file locked by another writer beyond the wait, or its disk full. Nothing is
half-written: the refused move is not recorded, and the same move sent again is."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from servers import free_port
from webhelpers import move, start_easy, token

from kidswar.storage import sqlite as sqlite_backend
from kidswar.storage.connection import DatabaseUnavailable
from kidswar.storage.database import connect
from kidswar.web import create_app
from kidswar.web.db import forget_kept, get_db

WAIT = 0.3  # the app's DATABASE_TIMEOUT in these tests: short, so the tests are quick


@pytest.fixture
def quick_app(tmp_path: Path) -> Flask:
    """The app on a SQLite file in its instance folder, waiting WAIT seconds for the database."""
    return create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "DATABASE_TIMEOUT": WAIT}
    )


def battles(app: Flask, table: str) -> int:
    """How many battles the game behind `table` has recorded (its version counts its moves)."""
    db = connect(app.config["DATABASE"])
    try:
        row = db.execute("SELECT version FROM games WHERE id = ?", (table.rsplit("/", 1)[-1],))
        return int(row.fetchone()[0])
    finally:
        db.close()


def hold_the_write_lock(app: Flask) -> sqlite3.Connection:
    """Another process's writer, holding the file's write lock until the test lets it go."""
    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    return holder


def assert_unavailable(response: Any) -> None:
    """A 503 the family understands, telling the browser when to try again."""
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) >= 1
    assert "cannot be reached just now" in response.get_data(as_text=True)


def test_a_move_on_a_locked_file_is_a_503_and_can_be_sent_again(quick_app: Flask) -> None:
    client = quick_app.test_client()
    table = start_easy(client)
    page = client.get(table)
    assert page.status_code == 200
    before = battles(quick_app, table)
    token(client, table)  # the form's token, read before the lock is taken
    holder = hold_the_write_lock(quick_app)
    try:
        refused = move(client, table, "all", 1)
        assert_unavailable(refused)
        with quick_app.test_request_context():  # it waited WAIT, not SQLite's own 5 s
            busy = get_db().execute("PRAGMA busy_timeout").fetchone()[0]
        assert busy == WAIT * 1000
        assert battles(quick_app, table) == before  # nothing half-written
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    again = move(client, table, "all", 1)
    assert again.status_code == 303
    assert battles(quick_app, table) == before + 1


def test_a_script_asking_for_json_gets_json(quick_app: Flask) -> None:
    client = quick_app.test_client()
    table = start_easy(client)
    token(client, table)
    holder = hold_the_write_lock(quick_app)
    try:
        response = move(client, table, "all", 1, headers={"Accept": "application/json"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert response.status_code == 503 and response.is_json
    assert response.get_json()["retry"] >= 1 and response.headers["Retry-After"]


def test_a_full_disk_is_a_503_and_nothing_is_half_written(
    quick_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = quick_app.test_client()
    table = start_easy(client)
    token(client, table)
    before = battles(quick_app, table)
    games = count_games(quick_app)
    opened = sqlite_backend.SqliteDatabase.__init__

    def full_disk(self: sqlite_backend.SqliteDatabase, *args: Any, **kwargs: Any) -> None:
        """A connection to a file that cannot grow by a single page (a disk that is full)."""
        opened(self, *args, **kwargs)
        pages = self.connection.execute("PRAGMA page_count").fetchone()[0]
        self.connection.execute(f"PRAGMA max_page_count = {int(pages)}")

    monkeypatch.setattr(sqlite_backend.SqliteDatabase, "__init__", full_disk)
    forget_kept(quick_app)  # the request thread's kept connection: the next opens a full one
    # A few games fill the free pages; then the disk is full and every new game is a 503.
    answers = [client.post("/en/easy", data=form(client)).status_code for _ in range(60)]
    assert 503 in answers and set(answers) <= {303, 503}, answers
    assert_unavailable(client.post("/en/easy", data=form(client)))
    stored = count_games(quick_app)
    assert stored == games + answers.count(303)  # a refused game left no row behind
    monkeypatch.undo()
    forget_kept(quick_app)  # room again on the disk
    assert move(client, table, "all", 1).status_code == 303
    assert battles(quick_app, table) == before + 1


def form(client: FlaskClient) -> dict[str, str]:
    """The easy game's form, with its token, and a long name so that each game fills a page."""
    return {"csrf_token": token(client), "who": "computer", "name-1": "Ada"}


def count_games(app: Flask) -> int:
    """How many games the file holds."""
    db = connect(app.config["DATABASE"])
    try:
        return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        db.close()


def test_a_postgresql_database_not_answering_is_waited_for_once_then_refused_at_once() -> None:
    pytest.importorskip("psycopg_pool")
    from kidswar.storage import postgres

    url = f"postgresql://postgres@127.0.0.1:{free_port()}/kidswar"  # nothing listens there
    try:
        with pytest.raises(DatabaseUnavailable):
            connect(url, pooled=True, timeout=WAIT)
        # Found down: the next request is told at once (but for a probe now and then), so its
        # thread is free for others.
        assert postgres.gate(url).down
        with pytest.raises(DatabaseUnavailable):
            connect(url, pooled=True, timeout=WAIT)
    finally:
        postgres.gate(url).close()
        postgres._gates.pop(url, None)
