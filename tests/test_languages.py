"""Languages in the address: choosing, remembering, switching, and the page saying which it is."""

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import start_easy

from kidswar.words.catalogs import LANGUAGES
from kidswar.words.content import PAGES

ROOT = Path(__file__).resolve().parents[1]
# The languages with a catalog: English is the source, its words are the messages themselves.
TRANSLATED = tuple(lang for lang in LANGUAGES if lang != "en")


@pytest.mark.parametrize(
    "header, lang",
    [
        ("tr-TR,tr;q=0.9,en;q=0.5", "tr"),
        ("de-DE", "de"),
        ("es-MX,es;q=0.8", "es"),
        ("fr-CA,fr;q=0.9", "fr"),
        ("ja-JP", "en"),
        ("", "en"),
    ],
)
def test_root_picks_the_browsers_language(client: FlaskClient, header: str, lang: str) -> None:
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 302
    assert response.headers["Location"] == f"/{lang}/"


def test_a_chosen_language_is_remembered(client: FlaskClient) -> None:
    client.get("/tr/")
    response = client.get("/", headers={"Accept-Language": "de"})
    assert response.headers["Location"] == "/tr/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_says_its_language(client: FlaskClient, lang: str) -> None:
    for path in (
        "/",
        "/easy",
        "/full",
        "/rules/",
        "/rules/easy",
        "/rules/three-down",
        "/rules/peace",
        "/rules/addition",
    ):
        page = client.get(f"/{lang}{path}").get_data(as_text=True)
        assert f'<html lang="{lang}">' in page, path
        for other in LANGUAGES:  # every language is offered, each named in itself
            # The head's alternates are absolute (Lighthouse's SEO audit: relative ones are
            # ignored by search engines).
            alternate = f'hreflang="{other}" href="http://localhost/{other}{path}"'
            assert alternate in page, (path, other)
        # A description for search results (Lighthouse's SEO audit), in the page's language.
        described = re.search(r'<meta name="description" content="([^"]+)">', page)
        assert described, path
        english = "Turn over a card each. The bigger card takes them both!"
        assert (described.group(1) == english) == (lang == "en"), (path, described.group(1))


def test_the_switcher_keeps_you_on_the_same_game(client: FlaskClient) -> None:
    table = start_easy(client)
    game_id = table.rsplit("/", 1)[1]
    page = client.get(table).get_data(as_text=True)
    assert f'href="/tr/game/{game_id}" hreflang="tr" lang="tr"' in page
    turkish = client.get(f"/tr/game/{game_id}").get_data(as_text=True)
    assert '<html lang="tr">' in turkish


def test_the_switcher_keeps_the_query_but_not_url_fors_own_names(client: FlaskClient) -> None:
    """Issue 13's fuzz: `?_method=POST` or `?endpoint=x` made every page a 500."""
    page = client.get("/en/full?variant=peace").get_data(as_text=True)
    assert 'href="/tr/full?variant=peace" hreflang="tr"' in page  # a rules page's start link
    table = start_easy(client)
    game_id = table.rsplit("/", 1)[1]
    for query in ("_method=POST", "endpoint=x", "_scheme=https", "_anchor=x", "lang=xx"):
        response = client.get(f"/en/full?{query}")
        assert response.status_code == 200, query
        assert 'href="/tr/full" hreflang="tr"' in response.get_data(as_text=True), query
    page = client.get(f"{table}?game_id=other&_method=PUT").get_data(as_text=True)
    assert f'href="/tr/game/{game_id}" hreflang="tr"' in page


def test_the_share_link_opens_in_the_viewers_language(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    game_id = table.rsplit("/", 1)[1]
    other_device = app.test_client()
    response = other_device.get(f"/game/{game_id}", headers={"Accept-Language": "fr"})
    assert response.headers["Location"].endswith(f"/fr/game/{game_id}")


def test_pages_are_translated(client: FlaskClient) -> None:
    english = client.get("/en/").get_data(as_text=True)
    for lang in TRANSLATED:
        page = client.get(f"/{lang}/").get_data(as_text=True)
        title = re.search(r"<h1[^>]*>(.*?)</h1>", page)  # the home page's is visually hidden
        assert title and title.group(1) not in english, lang


def test_numbers_are_written_the_languages_way(client: FlaskClient) -> None:
    assert "1,000" in client.get("/en/full").get_data(as_text=True)
    assert "1.000" in client.get("/de/full").get_data(as_text=True)


def test_unknown_language_is_a_404_in_the_visitors_language(client: FlaskClient) -> None:
    response = client.get("/xx/", headers={"Accept-Language": "de"})
    assert response.status_code == 404
    assert '<html lang="de">' in response.get_data(as_text=True)


def test_an_unknown_page_is_a_404_in_the_language_of_its_address(client: FlaskClient) -> None:
    response = client.get("/es/setup/full", headers={"Accept-Language": "de"})
    assert response.status_code == 404
    assert '<html lang="es">' in response.get_data(as_text=True)


def test_the_wheel_carries_every_language_and_the_rules_texts(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = tmp_path.glob("kidswar-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in TRANSLATED:
        assert f"kidswar/translations/{lang}/LC_MESSAGES/messages.mo" in names
    for page in PAGES:
        assert f"kidswar/content/{page}.toml" in names
    assert not any(name.endswith(".po") for name in names)
    assert "kidswar/web/static/table.js" in names
    assert "kidswar/web/templates/base.html" in names
    assert "kidswar/words/estimates.json" in names  # the offered limits' game lengths, ahead


def test_each_language_is_parsed_once_and_pages_still_say_it(client: FlaskClient) -> None:
    from kidswar.web.i18n import locale_of

    locale_of.cache_clear()
    for lang in ("tr", "de", "tr"):
        assert f'<html lang="{lang}"' in client.get(f"/{lang}/").get_data(as_text=True)
    assert locale_of.cache_info().misses == 2  # Turkish once, German once
