"""Every page has its own title, which says what the page is, in the page's language (issue 11)."""

import gettext
import html
import re

import pytest
from flask import Flask
from webhelpers import post, start_easy, start_full

from kidswar.game.rules import Variant
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.variant_names import short_name

EN = gettext.NullTranslations()
TITLE = re.compile(r"<title>(.*?) · [^<]*</title>", re.S)


def title(response) -> str:  # type: ignore[no-untyped-def]
    """The page's own part of its title (before " · kidswar")."""
    found = TITLE.search(response.get_data(as_text=True))
    assert found, response.get_data(as_text=True)[:300]
    return html.unescape(found.group(1).strip())


def page_titles(app: Flask, lang: str) -> dict[str, str]:
    """Each kind of page's title in one language, from pages opened as a family would."""
    client = app.test_client()
    got = {}

    def look(name: str, url: str, status: int = 200) -> None:
        response = client.get(url)
        assert response.status_code == status, (name, url, response.status_code)
        got[name] = title(response)

    look("home", f"/{lang}/")
    look("easy setup", f"/{lang}/easy")
    look("full setup", f"/{lang}/full")
    easy = start_easy(client).replace("/en/", f"/{lang}/")
    look("table of War", easy)
    for variant in Variant:  # every variant's table and rules page, by its English name
        name, rules = short_name(variant, EN), f"/{lang}/rules/"
        if variant is not Variant.STANDARD:  # War's table is the easy game's, its page /rules/
            table = start_full(client, variant=variant.value).replace("/en/", f"/{lang}/")
            look(f"table of {name}", table)
            rules += variant.page
        look(f"rules of {name}", rules)
    look("easy rules", f"/{lang}/rules/easy")
    look("drill start", f"/{lang}/drill")
    drill = {"range": "numbers", "question": "bigger"}
    started = post(client, "/en/drill", drill, page="/en/drill")
    assert started.status_code == 303
    look("drill play", f"/{lang}/drill/play")
    look("class round setup", f"/{lang}/class/")
    made = post(
        client,
        "/en/class/",
        {"time": "10", "variant": "standard", "players": "2", "who": "children"},
        page="/en/class/",
    )
    assert made.status_code == 303
    teacher = str(made.headers["Location"]).replace("/en/", f"/{lang}/")
    look("teacher", teacher)
    teacher_page = client.get(teacher).get_data(as_text=True)
    code = re.search(r'class="join-code">([A-Z0-9]{4}-[A-Z0-9]{4})<', teacher_page)
    assert code
    look("projector", f"/{lang}/class/{code.group(1)}/screen")
    look("join: the code", f"/{lang}/join/")
    look("join: the table", f"/{lang}/join/{code.group(1)}")
    look("not found", f"/{lang}/no-such-page", 404)
    look("wrong method", f"{easy}/move", 405)  # a GET where only a POST is taken
    bad = post(client, f"{easy}/move", {"action": "fly", "battle": 1}, page=easy)
    assert bad.status_code == 400
    got["bad request"] = title(bad)
    stale = client.post(f"{easy}/move", data={"action": "all", "battle": 1})  # no CSRF token
    assert stale.status_code == 400
    got["stale page"] = title(stale)
    return got


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_a_title_of_its_own(app: Flask, lang: str) -> None:
    titles = page_titles(app, lang)
    seen: dict[str, str] = {}
    for name, text in titles.items():
        assert text, name
        assert text not in seen, f"{lang}: {name!r} has the title of {seen.get(text)!r}: {text}"
        seen[text] = name


def test_the_titles_say_what_the_page_is(app: Flask) -> None:
    titles = page_titles(app, "en")
    assert titles["easy rules"] == "Easy rules to print"
    assert titles["rules of War"] == "How to play War"
    assert titles["rules of Addition War"] == "How to play Addition War"
    assert titles["table of Peace"] == "A game of Peace"
    assert titles["join: the code"] == "Type the join code"
    assert titles["join: the table"] == "Join a class round"
    assert titles["not found"] == "Page not found"
    assert titles["stale page"] == "This page is out of date"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_titles_are_translated(app: Flask, lang: str) -> None:
    english, translated = page_titles(app, "en"), page_titles(app, lang)
    same = [name for name in english if english[name] == translated[name]]
    assert not same, f"{lang}: titles left in English: {same}"
