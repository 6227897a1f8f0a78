"""The join page's table name (issue 33): it says to use first names or a table's name, and
offers the names after the device's child's animal ("Owl table") for its script to fill in."""

from __future__ import annotations

import html

from classroom_support import create_round
from flask import Flask
from flask.testing import FlaskClient


def test_the_name_field_says_to_use_first_names_and_offers_the_animals(
    client: FlaskClient, app: Flask
) -> None:
    _teacher, code = create_round(client)
    page = html.unescape(app.test_client().get(f"/en/join/{code}").get_data(as_text=True))
    assert 'aria-describedby="table-name-hint"' in page
    assert "Use first names only, or a name for the table like “Owl table”" in page
    assert 'data-owl="Owl table"' in page and 'data-fox="Fox table"' in page
    assert "join-name.js" in page
    german = html.unescape(app.test_client().get(f"/de/join/{code}").get_data(as_text=True))
    assert 'data-owl="Eulentisch"' in german
