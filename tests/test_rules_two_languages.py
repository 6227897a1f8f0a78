"""The rules pages in two languages (issue 36): with a second language on the device, every
section of every rules page twice, the page's language first, each in its own `lang`, with its
own clips and its own "Read all"; without one (or with the page's own), the page as before."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from kidswar.words import catalogs, content
from kidswar.words.content import page

# Each rules page by its name, and its address: War's, then every variant's.
PAGES = {name: "/rules/" if name == "war" else f"/rules/{name}" for name in content.PAGES}
SECTION = re.compile(r'<section class="rules-section[^"]*"(?: lang="(\w+)")? id="([\w-]+)"')


def sections(html: str) -> list[tuple[str, str]]:
    """Each section of a rules page in order: its `lang` ("" without one) and its id."""
    return SECTION.findall(html)


@pytest.mark.parametrize("name", list(PAGES))
@pytest.mark.parametrize(("lang", "also"), [("tr", "de"), ("es", "fr"), ("de", "en")])
def test_every_section_comes_twice_the_pages_language_first(
    client: FlaskClient, name: str, lang: str, also: str
) -> None:
    html = client.get(f"/{lang}{PAGES[name]}?also={also}").get_data(as_text=True)
    ids = [section["id"] for section in page(name, catalogs.load(lang)).sections]
    expected = [pair for id_ in ids for pair in ((lang, id_), (also, f"{id_}-{also}"))]
    assert sections(html) == expected
    second = page(name, catalogs.load(also))
    # Each section's heading and every text in the second language's own words, in its column.
    for each in second.sections:
        start = html.index(f'lang="{also}" id="{each["id"]}-{also}"')
        column = html[start : html.index("</section>", start)]
        assert f">{escape(each['heading'])}</h2>" in column
        for item in each.get("items", []):
            assert str(escape(item)) in column
        # Its clips are the second language's, and "Read all" reads its own section.
        clips = re.findall(r'data-speak="([^"]+)"', column)
        assert all(clip.startswith(f"/speech/{also}/") for clip in clips)
        if clips:
            assert f'data-read-all="{each["id"]}-{also}"' in column


def test_the_second_column_speaks_its_own_language_to_a_screen_reader(
    client: FlaskClient,
) -> None:
    html = client.get("/tr/rules/easy?also=de").get_data(as_text=True)
    start = html.index('lang="de" id="easy-de"')
    german = html[start : html.index("</section>", start)]
    de = catalogs.load("de")
    assert f'aria-label="{de.gettext("Read this aloud")}"' in german
    assert f'data-read="{de.gettext("Read all")}"' in german
    assert f'data-stop="{de.pgettext("reading aloud", "Stop")}"' in german
    # The title says both, each in its own language.
    title = '<h1>Kolay kurallar <span class="second-title" lang="de">Einfache Regeln</span></h1>'
    assert title in html


@pytest.mark.parametrize("query", ["", "?also=", "?also=tr", "?also=xx"])
def test_without_a_second_language_the_page_is_in_one(client: FlaskClient, query: str) -> None:
    html = client.get(f"/tr/rules/{query}").get_data(as_text=True)
    found = sections(html)
    assert found and all(lang == "" for lang, _ in found)
    assert "rules-pair" not in html and "two-languages" not in html
