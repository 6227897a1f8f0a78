"""A practice table played through the web client, for the practice tests."""

from __future__ import annotations

from typing import Any

from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post, start_easy, start_full


def deal(app: Flask, table: str, hands: list[list[str]]) -> None:
    """Replace the game at `table` with one dealt `hands` (top card first), before battle 1."""
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], hands)


def practice_game(client: FlaskClient, app: Flask, hands: list[list[str]], **form: str) -> str:
    """A practice game with a known deal; easy mode for two seats, else full mode."""
    if len(hands) == 2 and "variant" not in form:
        table = start_easy(client, practice="on", **form)
    else:
        table = start_full(client, players=str(len(hands)), practice="on", **form)
    deal(app, table, hands)
    return table


def answer(
    client: FlaskClient, table: str, battle: int, given: str, headers: dict[str, str] | None = None
) -> Any:
    """Answer the question about battle `battle`."""
    return post(
        client,
        f"{table}/answer",
        {"battle": battle, "answer": given},
        page=table,
        headers=headers or {},
    )
