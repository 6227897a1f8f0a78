"""`kidswar db backup FILE` (issue 34): a backup taken while moves are being played holds every
move acknowledged before it began, and restores by the recipe in docs/running.md (the file
into a new instance folder, with the secret key) to a server that plays on. On PostgreSQL the
command copies nothing and says the pg_dump command instead."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from webhelpers import move, start_easy

from kidswar.cli import main
from kidswar.web import create_app

TABLES = 3
MOVES_BEFORE = 9  # acknowledged moves before the backup begins


def battles(database: Path, table: str) -> int:
    """How many moves the game behind `table` has recorded in `database` (its version)."""
    with sqlite3.connect(database) as db:
        row = db.execute("SELECT version FROM games WHERE id = ?", (table.rsplit("/", 1)[-1],))
        found = row.fetchone()
        return int(found[0]) if found else 0  # a game the file does not hold: none of its moves


def test_a_backup_taken_during_play_restores_every_acknowledged_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    instance = tmp_path / "instance"
    app = create_app({"TESTING": True, "INSTANCE_PATH": str(instance)})
    client = app.test_client()
    tables = [start_easy(client) for _ in range(TABLES)]
    first_moves = {table: battles(instance / "kidswar.sqlite", table) for table in tables}
    acknowledged = dict.fromkeys(tables, 0)  # moves the server answered 303 to, per table
    lock = threading.Lock()
    enough, stop = threading.Event(), threading.Event()

    def play() -> None:
        """Turn cards on every table, one battle after another, until told to stop."""
        while not stop.is_set():
            for table in tables:
                battle = acknowledged[table] + 1
                if move(client, table, "all", battle).status_code == 303:
                    with lock:
                        acknowledged[table] = battle
            if sum(acknowledged.values()) >= MOVES_BEFORE:
                enough.set()

    player = threading.Thread(target=play)
    player.start()
    try:
        assert enough.wait(120), "the tables did not play"
        with lock:
            before = dict(acknowledged)
        monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", str(instance))
        saved = tmp_path / "backups" / "kidswar-monday.sqlite"
        saved.parent.mkdir()
        result = runner.invoke(main, ["db", "backup", str(saved)])
    finally:
        stop.set()
        player.join(60)
    assert result.exit_code == 0, result.output
    assert f"backed up to {saved}" in result.output and "secret_key" in result.output

    # The recipe: a new instance folder with the backup as its database and the same key.
    restored_instance = tmp_path / "restored"
    restored_instance.mkdir()
    shutil.copy(saved, restored_instance / "kidswar.sqlite")
    shutil.copy(instance / "secret_key", restored_instance / "secret_key")
    restored = create_app({"TESTING": True, "INSTANCE_PATH": str(restored_instance)})
    kept = {table: battles(restored_instance / "kidswar.sqlite", table) for table in tables}
    for table in tables:
        assert first_moves[table] + before[table] <= kept[table], (table, before, kept)
        assert kept[table] <= first_moves[table] + acknowledged[table]  # nothing made up
    # The same browser goes on where the backup left its table: its session (signed with the
    # restored key) and its form token are still good.
    table = tables[0]
    client.application = restored
    done = kept[table] - first_moves[table]
    assert client.get(table).status_code == 200
    assert move(client, table, "all", done + 1).status_code == 303


def test_on_postgresql_the_backup_names_pg_dump_and_no_password(
    monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.setenv("KIDSWAR_DATABASE_URL", "postgresql://kidswar:s3cret@db.example.org/war")
    monkeypatch.setenv("KIDSWAR_SECRET_KEY", "k" * 64)
    result = runner.invoke(main, ["db", "backup", "war.dump"])
    assert result.exit_code == 1
    said = result.output
    command = "pg_dump --format=custom --file=war.dump 'postgresql://kidswar@db.example.org/war'"
    assert command in said
    assert "s3cret" not in said
