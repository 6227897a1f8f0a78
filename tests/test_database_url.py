"""Choosing the database (issue 15): SQLite by default, PostgreSQL by URL, and `kidswar db
upgrade`; several servers on one database must be given one secret key."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import start_easy

from kidswar.cli import main
from kidswar.cli.db import shown
from kidswar.storage.database import LATEST_VERSION, connect, schema_version
from kidswar.storage.interfaces import BackendMissing
from kidswar.web import SettingsError, create_app

URL = "postgresql://kidswar@db.example.org/kidswar"  # never reached: refused before connecting


def test_a_database_url_without_a_secret_key_is_refused_at_start_up(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="KIDSWAR_SECRET_KEY"):
        create_app({"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": URL})


def test_a_database_url_of_another_kind_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="postgresql://"):
        create_app({"INSTANCE_PATH": str(tmp_path), "DATABASE_URL": "mysql://db/kidswar"})


def test_serve_says_in_one_line_what_a_database_url_needs(
    runner: CliRunner, tmp_path: Path
) -> None:
    environment = {"KIDSWAR_INSTANCE_PATH": str(tmp_path), "KIDSWAR_DATABASE_URL": URL}
    result = runner.invoke(main, ["serve"], env=environment)
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        "kidswar: KIDSWAR_DATABASE_URL needs KIDSWAR_SECRET_KEY, the same on every server "
        "sharing the database; make one with: python3 -c 'import secrets; "
        "print(secrets.token_hex(32))'"
    ]


def test_db_upgrade_makes_the_instance_folders_database_then_finds_it_up_to_date(
    runner: CliRunner, tmp_path: Path
) -> None:
    environment = {"KIDSWAR_INSTANCE_PATH": str(tmp_path), "KIDSWAR_DATABASE_URL": ""}
    made = runner.invoke(main, ["db", "upgrade"], env=environment)
    path = tmp_path / "kidswar.sqlite"
    assert made.exit_code == 0, made.stderr
    assert made.stdout == f"{path} upgraded from version 0 to {LATEST_VERSION}.\n"
    assert schema_version(connect(path)) == LATEST_VERSION
    again = runner.invoke(main, ["db", "upgrade"], env=environment)
    assert again.stdout == f"{path} is up to date (version {LATEST_VERSION}).\n"


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_db_upgrade_on_postgresql_finds_the_made_database_up_to_date(
    runner: CliRunner, database: str
) -> None:
    result = runner.invoke(main, ["db", "upgrade"], env={"KIDSWAR_DATABASE_URL": database})
    assert result.exit_code == 0, result.stderr
    assert result.stdout.endswith(f"is up to date (version {LATEST_VERSION}).\n")
    assert schema_version(connect(database)) == LATEST_VERSION


def test_a_database_is_named_without_the_password_its_url_holds() -> None:
    assert shown("postgresql://kidswar:s3cret@db.example.org:5432/kidswar") == (
        "postgresql://db.example.org:5432/kidswar"
    )


@pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
def test_the_postgresql_runs_really_keep_their_games_in_postgresql(
    app: Flask, client: FlaskClient, database: str
) -> None:
    import psycopg

    table = start_easy(client)
    with psycopg.connect(database) as direct:  # not through our own storage code
        row = direct.execute("SELECT id, version FROM games").fetchone()
    assert row == (table.rsplit("/", 1)[1], 1)
    assert app.config["DATABASE"] == database


def test_a_database_url_without_psycopg_installed_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As if the optional extra were not installed: importing psycopg fails.
    monkeypatch.setitem(sys.modules, "psycopg", None)
    monkeypatch.delitem(sys.modules, "kidswar.storage.postgres", raising=False)
    with pytest.raises(BackendMissing, match=r"pip install 'kidswar\[postgres\]'"):
        connect(URL)
