"""Helpers for the web tests: forms with their CSRF token, games started through the pages."""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from kidswar.storage.database import connect

TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
ISOLATION = re.compile("</?bdi>|\u2068|\u2069")  # how a typed name is isolated (issue 23)


def as_read(page: str) -> str:
    """A page's HTML without the isolation of its typed names (each `<bdi>`, FSI and PDI), for
    a test that reads its sentences as words (tests/test_names_isolated.py tests isolation)."""
    return ISOLATION.sub("", page)


def token(client: FlaskClient, page: str = "/en/easy") -> str:
    """The CSRF token a page gives this client's session.

    A page without a form (a class table while its round waits or is paused offers no move)
    stands for an older page of the session: the session's token is then the easy page's.
    """
    match = TOKEN.search(client.get(page).get_data(as_text=True))
    if match is None and "/game/" in page:
        match = TOKEN.search(client.get("/en/easy").get_data(as_text=True))
    assert match, f"no CSRF token on {page}"
    return match.group(1)


def post(
    client: FlaskClient, url: str, data: dict[str, Any], page: str = "/en/easy", **kwargs: Any
) -> Any:
    """POST a form as the page would: with the session's CSRF token."""
    return client.post(url, data={"csrf_token": token(client, page), **data}, **kwargs)


def start_easy(client: FlaskClient, **data: str) -> str:
    """Start an easy game through the form; return the table's address."""
    response = post(client, "/en/easy", {"who": "computer", **data})
    assert response.status_code == 303
    return str(response.headers["Location"])


FULL_FORM = {
    "players": "2",
    "variant": "standard",
    "limit": "1000",
    "shortage": "last-card",
    "who_fights": "everyone",
    "pickup": "shuffled",
    "kind-1": "human",
    "kind-2": "computer",
    "kind-3": "computer",
    "kind-4": "computer",
}


def start_full(client: FlaskClient, **data: str) -> str:
    """Start a full-mode game through the form; return the table's address."""
    response = post(client, "/en/full", {**FULL_FORM, **data}, page="/en/full")
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def move(
    client: FlaskClient,
    table: str,
    action: str,
    battle: int | str,  # a str: what a broken or hostile page might send
    headers: dict[str, str] | None = None,
    **data: Any,
) -> Any:
    """Send a move from the table page."""
    return post(
        client,
        f"{table}/move",
        {"action": action, "battle": battle, **data},
        page=table,
        headers=headers or {},
    )


def count_rows(app: Flask, table: str) -> int:
    """How many rows a table of the app's database holds (to check a refused form wrote none)."""
    db = connect(app.config["DATABASE"])
    try:
        return int(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])  # our own names
    finally:
        db.close()


def invalid_fields(html: str) -> list[str]:
    """The inputs a page marks as wrong, in its order: each told by its message's id."""
    return re.findall(r'aria-describedby="([^"]+)-error" aria-invalid="true"', html)
