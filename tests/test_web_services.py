"""The table's services: one trip to the database per page, and numbers read strictly."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from classroom_support import control, create_round, join
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post, start_easy

from kidswar.storage.connection import Cursor, Database
from kidswar.storage.database import connect
from kidswar.web.numbers import parse_int


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every SQL statement the app runs from now on, in order."""
    seen: list[str] = []
    opened = connect

    def traced(target: str, pooled: bool = False, timeout: float | None = None) -> Database:
        connection = opened(target, pooled, timeout)
        run = connection.execute

        def execute(sql: str, params: Sequence[Any] = ()) -> Cursor:
            seen.append(sql)
            return run(sql, params)

        connection.execute = execute  # type: ignore[method-assign]
        return connection

    monkeypatch.setattr("kidswar.web.db.connect", traced)
    return seen


def test_a_class_table_is_drawn_from_one_query(
    app: Flask, client: FlaskClient, statements: list[str]
) -> None:
    teacher, code = create_round(client)
    assert control(client, teacher, "start") == 303
    device, table = join(app, code, **{"table-name": "Red", "name-1": "Ada"})
    assert move(device, table, "all", 1).status_code == 303
    statements.clear()
    page = device.get(table).get_data(as_text=True)
    # The game, its practice, its round and its table's name come back together.
    assert "<bdi>Red</bdi> · class round" in page
    assert len(statements) == 1, statements


def test_a_practice_table_is_drawn_from_one_query(
    client: FlaskClient, statements: list[str]
) -> None:
    table = start_easy(client, practice="on")
    assert move(client, table, "all", 1).status_code == 303
    statements.clear()
    assert "Which card is bigger?" in client.get(table).get_data(as_text=True)
    assert len(statements) == 1, statements


@pytest.mark.parametrize("text", ["7", "0", "123456789"])
def test_ascii_digits_are_numbers(text: str) -> None:
    assert parse_int(text) == int(text)


@pytest.mark.parametrize("text", ["", "²", "٣", "-1", "+1", " 1", "1.0", "1" * 5000, None])
def test_anything_else_is_not(text: str | None) -> None:
    assert parse_int(text) is None


@pytest.mark.parametrize("odd", ["²", "⁴", "٣", "1" * 5000])
def test_odd_digits_in_a_move_or_an_answer_are_a_bad_request(client: FlaskClient, odd: str) -> None:
    table = start_easy(client, practice="on")
    assert move(client, table, "all", odd).status_code == 400
    assert move(client, table, "turn", 1, seat=odd).status_code == 400
    assert move(client, table, "all", 1).status_code == 303
    answer = post(client, f"{table}/answer", {"answer": "same", "battle": odd}, page=table)
    assert answer.status_code == 400
    # Nothing was played or answered by the bad requests: the question still waits.
    assert "Which card is bigger?" in client.get(table).get_data(as_text=True)
