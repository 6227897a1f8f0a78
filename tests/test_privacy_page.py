"""The privacy page (issue 34): in every language, linked from every page's footer, and drawn
from the settings in force, so a school's page says what its server keeps."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from flask import Flask

from kidswar.web import create_app
from kidswar.web.i18n import LANGUAGES


def privacy_app(tmp_path: Path, **settings: int) -> Flask:
    """The app with these retention settings."""
    return create_app({"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), **settings})


def text_of(page: str) -> str:
    """The page's words, without tags, on one line."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_page_says_the_days_the_settings_keep(tmp_path: Path) -> None:
    default = text_of(privacy_app(tmp_path).test_client().get("/en/privacy").get_data(as_text=True))
    assert "A finished game is deleted 7 days after it ends." in default
    assert "A game nobody plays any more is deleted 60 days after its last move." in default
    assert "A finished round is deleted with its results 2 days after it ends." in default
    assert "A round that never ends is deleted 14 days after it was set up." in default
    changed = privacy_app(tmp_path, FINISHED_GAMES_KEPT_DAYS=1, IDLE_ROUNDS_KEPT_DAYS=30)
    page = text_of(changed.test_client().get("/en/privacy").get_data(as_text=True))
    assert "A finished game is deleted 1 day after it ends." in page
    assert "A round that never ends is deleted 30 days after it was set up." in page
    assert "7 days" not in page and "14 days" not in page


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_language_has_the_page_and_every_footer_links_it(tmp_path: Path, lang: str) -> None:
    client = privacy_app(tmp_path, FINISHED_GAMES_KEPT_DAYS=3).test_client()
    response = client.get(f"/{lang}/privacy")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}"' in page and " 3 " in text_of(page)
    if lang != "en":  # translated, not the English source
        assert "This server keeps each game" not in page
    for address in (f"/{lang}/", f"/{lang}/easy", f"/{lang}/rules/", f"/{lang}/class/"):
        footer = client.get(address).get_data(as_text=True).split('<footer class="site">')[1]
        assert f'href="/{lang}/privacy"' in footer, address
    missing = client.get(f"/{lang}/no-such-page")
    assert f'href="/{lang}/privacy"' in missing.get_data(as_text=True)
