"""A server thread keeps its SQLite connection between requests (issue 24: opening and closing
the file cost a battle a third of its CPU), yet always reads the file at the database's path."""

from __future__ import annotations

import os
from pathlib import Path

from flask import Flask
from webhelpers import start_easy

from kidswar.storage.database import create
from kidswar.web import create_app
from kidswar.web.db import KEPT


def quick_app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance")})


def test_a_thread_keeps_one_connection_across_requests(tmp_path: Path) -> None:
    app = quick_app(tmp_path)
    client = app.test_client()
    table = start_easy(client)
    kept = app.extensions[KEPT].connection
    assert client.get(table).status_code == 200
    assert app.extensions[KEPT].connection is kept
    assert not kept.connection.in_transaction


def test_a_database_file_replaced_meanwhile_is_read_afresh(tmp_path: Path) -> None:
    app = quick_app(tmp_path)
    client = app.test_client()
    table = start_easy(client)
    assert client.get(table).status_code == 200
    fresh = tmp_path / "fresh.sqlite"
    create(str(fresh))
    # A backup restored over it, with no log beside it: there is no such game there.
    database = app.config["DATABASE"]
    os.replace(fresh, database)
    for log in (f"{database}-wal", f"{database}-shm"):
        if os.path.exists(log):
            os.remove(log)
    assert client.get(table).status_code == 404
