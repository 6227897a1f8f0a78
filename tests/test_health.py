"""`/healthz` and `/readyz` for a load balancer, systemd or a container (issue 34), on both
backends: the process answers without the database; ready means the database answers and its
schema is current, else 503 at once, the reason in one line."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from backends import database_config
from flask import Flask
from tcp_relay import relay_to

from kidswar.storage.database import connect, create
from kidswar.storage.interfaces import Database
from kidswar.web import create_app
from kidswar.web.services.health import database_problem

WAIT = 0.5  # the app's DATABASE_TIMEOUT here: a stopped database is told within it


@pytest.fixture
def stoppable(database: str, tmp_path: Path) -> Iterator[tuple[Flask, Callable[[], None]]]:
    """The app on the test's database, and what stops that database under it: PostgreSQL
    reached through a relay that is then closed (the shared server goes on for the other
    tests); the SQLite file made impossible to open (a folder in its place)."""
    if database.startswith("postgresql"):
        relay = relay_to(database)
        app = make_app(relay.url(database), tmp_path)
        yield app, relay.stop
        relay.stop()
        return

    def unreadable() -> None:
        Path(database).unlink()
        Path(database).mkdir()

    yield make_app(database, tmp_path), unreadable
    if Path(database).is_dir():
        shutil.rmtree(database)


def make_app(database: str, tmp_path: Path) -> Flask:
    """The app on `database`, waiting WAIT seconds for it."""
    return create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "DATABASE_TIMEOUT": WAIT,
            **database_config(database),
        }
    )


def test_healthz_and_readyz_answer_200_then_readyz_503_with_the_database_stopped(
    stoppable: tuple[Flask, Callable[[], None]],
) -> None:
    app, stop_database = stoppable
    client = app.test_client()
    for address, text in (("/healthz", "ok\n"), ("/readyz", "ready\n")):
        response = client.get(address)
        assert (response.status_code, response.get_data(as_text=True)) == (200, text)
        assert response.headers["Cache-Control"] == "no-store"
        assert "Set-Cookie" not in response.headers  # no language, no session: a probe
    stop_database()
    ready = client.get("/readyz")
    assert ready.status_code == 503
    assert ready.get_data(as_text=True).startswith("not ready: the database does not answer")
    assert client.get("/healthz").status_code == 200  # the process still answers


def test_readyz_is_503_until_the_schema_is_current(tmp_path: Path) -> None:
    app = make_app(str(tmp_path / "kidswar.sqlite"), tmp_path)
    assert app.test_client().get("/readyz").status_code == 200
    (tmp_path / "kidswar.sqlite").unlink()
    (tmp_path / "kidswar.sqlite").touch()  # a database no `kidswar db upgrade` has seen
    ready = app.test_client().get("/readyz")
    assert ready.status_code == 503
    assert "schema is at version 0" in ready.get_data(as_text=True)
    assert "kidswar db upgrade" in ready.get_data(as_text=True)


def test_the_service_says_why_a_database_is_not_ready(tmp_path: Path) -> None:
    """`database_problem` on its own: None for a current schema, one line for the log else."""
    path = tmp_path / "kidswar.sqlite"
    create(path)
    assert database_problem(lambda: connect(path)) is None

    def refused() -> Database:
        raise OSError("no such host")

    assert database_problem(refused) == "the database does not answer (OSError)"
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    problem = database_problem(lambda: connect(empty))
    assert problem is not None and problem.endswith("(run `kidswar db upgrade`)")
