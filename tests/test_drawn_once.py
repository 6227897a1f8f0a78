"""What is drawn or translated once and kept (issue 24: a battle at a third of its cost) is
still each language's own: a table shown in German, then in English, then in German again
shows each time what a fresh server would show."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, start_easy

from kidswar.web.drawing import cards_svg
from kidswar.words import rules_text


def table_in(client: FlaskClient, table: str, lang: str) -> str:
    """The table page in `lang` (the address names the language)."""
    page = client.get(re.sub(r"^/[a-z]{2}/", f"/{lang}/", table))
    assert page.status_code == 200
    # the CSRF token is signed with the second it was made in: not part of what is compared
    return re.sub(r'name="csrf_token" value="[^"]+"', "", page.get_data(as_text=True))


def test_kept_drawings_and_steps_stay_in_their_own_language(
    app: Flask, client: FlaskClient
) -> None:
    table = start_easy(client)
    for battle in range(1, 6):
        move(client, table, "all", battle)
    cards_svg._card_svg.cache_clear()
    rules_text._STEPS.clear()
    fresh = {lang: table_in(client, table, lang) for lang in ("de", "en")}
    cards_svg._card_svg.cache_clear()
    rules_text._STEPS.clear()
    assert table_in(client, table, "en") == fresh["en"]  # English first into the kept ones
    assert table_in(client, table, "de") == fresh["de"]  # German drawn beside them, not mixed
    assert table_in(client, table, "en") == fresh["en"]
    assert "Karte" in fresh["de"] and "Karte" not in fresh["en"]
