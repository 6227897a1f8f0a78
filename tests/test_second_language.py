"""The device's second language (issue 36): chosen by `?also=`, kept in a cookie, offered in
the language menu, and none on a page in that same language."""

import re

import pytest
from drill_support import answer, page, set_drill
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, start_easy

from kidswar.web.second_language import COOKIE, second_language, second_translations


def kept(client: FlaskClient) -> str | None:
    """The second language the device keeps (its cookie), None without one."""
    cookie = client.get_cookie(COOKIE)
    return None if cookie is None else cookie.value


def menu(page: str) -> str:
    """The language menu's second-language list."""
    found = re.search(r'<ul aria-labelledby="also-title">(.*?)</ul>', page, re.S)
    assert found, "no second-language list in the menu"
    return found.group(1)


def test_also_chooses_the_second_language_and_the_device_keeps_it(client: FlaskClient) -> None:
    response = client.get("/tr/?also=de")
    assert response.status_code == 200
    cookie = response.headers.get_all("Set-Cookie")
    also = [each for each in cookie if each.startswith(f"{COOKIE}=de")]
    assert also, cookie
    assert "HttpOnly" in also[0] and "SameSite=Lax" in also[0] and "Max-Age=31536000" in also[0]
    assert "Secure" not in also[0]  # plain HTTP here; over HTTPS it is Secure, as `lang` is
    assert kept(client) == "de"
    # The next visit, with no `?also=`, still has it: the menu marks German as chosen.
    page = client.get("/tr/").get_data(as_text=True)
    assert 'hreflang="de" lang="de" aria-current="true">Deutsch</a>' in menu(page)
    assert '<abbr lang="de" title="Deutsch">DE</abbr>' in page


def test_an_empty_also_clears_it(client: FlaskClient) -> None:
    client.get("/tr/?also=es")
    assert kept(client) == "es"
    page = client.get("/tr/?also=").get_data(as_text=True)
    assert kept(client) is None
    assert re.search(r'<a href="/tr/\?also=" aria-current="true">', menu(page))
    assert "also-mark" not in page


def test_an_unknown_code_is_ignored(client: FlaskClient) -> None:
    client.get("/en/?also=fr")
    for code in ("xx", "DE", "de-DE", "<b>", "../../"):
        response = client.get(f"/en/?also={code}")
        assert response.status_code == 200, code
        assert kept(client) == "fr", code  # the earlier choice stands


def test_the_pages_own_language_is_no_second_language(app: Flask, client: FlaskClient) -> None:
    client.get("/de/?also=de")
    assert kept(client) == "de"  # the device keeps it for pages in other languages
    german = client.get("/de/").get_data(as_text=True)
    assert "also-mark" not in german
    assert 'lang="de"' not in menu(german)  # German is not offered beside German
    assert "also-mark" in client.get("/tr/").get_data(as_text=True)
    with app.test_request_context("/de/?also=de"):
        app.preprocess_request()
        assert second_language() is None and second_translations() is None
    with app.test_request_context("/tr/?also=de"):
        app.preprocess_request()
        assert second_language() == "de"
        translations = second_translations()
        assert translations is not None
        assert translations.gettext("Second language") == "Zweite Sprache"


def test_the_menu_offers_every_other_language_and_none(client: FlaskClient) -> None:
    page = client.get("/es/full?variant=peace").get_data(as_text=True)
    links = re.findall(r'<a href="([^"]+)"(?: hreflang="(\w+)")?', menu(page))
    assert links == [
        ("/es/full?variant=peace&amp;also=en", "en"),
        ("/es/full?variant=peace&amp;also=tr", "tr"),
        ("/es/full?variant=peace&amp;also=de", "de"),
        ("/es/full?variant=peace&amp;also=fr", "fr"),
        ("/es/full?variant=peace&amp;also=", ""),
    ]
    assert "Segundo idioma" in page and "Sin segundo idioma" in page


def test_the_switcher_keeps_the_choice(client: FlaskClient) -> None:
    table = start_easy(client)
    game_id = table.rsplit("/", 1)[1]
    client.get(f"{table}?also=fr")
    page = client.get(f"/tr/game/{game_id}").get_data(as_text=True)
    assert '<abbr lang="fr" title="Français">FR</abbr>' in page
    # An address that chose it passes the choice on to the page in another language.
    chosen = client.get(f"/en/game/{game_id}?also=tr").get_data(as_text=True)
    assert f'href="/de/game/{game_id}?also=tr" hreflang="de"' in chosen


@pytest.mark.parametrize("path", ["/en/no-such-page?also=de", "/xx/?also=de"])
def test_a_page_not_found_still_answers(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_a_battle_is_shown_and_said_in_both_languages(client: FlaskClient) -> None:
    """Issue 36: each sentence in Turkish, its German twin beneath it, and the clips of both."""
    table = start_easy(client).replace("/en/", "/tr/")
    client.get(f"{table}?also=de")
    move(client, table, "all", 1)
    page = client.get(table).get_data(as_text=True)
    turkish = re.findall(r'<p class="sentence" lang="tr">(.*?)</p>', page)
    german = re.findall(r'<p class="sentence also" lang="de">(.*?)</p>', page)
    assert turkish and len(german) == len(turkish), page
    assert any("Spieler" in each or "Computer" in each or "Karte" in each for each in german)
    speech = re.search(r'data-speech="([^"]*)"', page)
    assert speech
    urls = speech.group(1).split()
    assert any("/tr/" in url for url in urls) and any("/de/" in url for url in urls)
    assert "/tr/" in urls[0]  # the page's language first
    client.get(f"{table}?also=")
    plain = client.get(table).get_data(as_text=True)
    assert 'class="sentence also"' not in plain


def test_a_drill_question_and_reply_in_both_languages(client: FlaskClient) -> None:
    """Issue 36: the drill's question, hint and reply shown in English and Turkish, each in its
    own `lang`, and said in both (the page's first); the child answers once."""
    set_drill(client, ["3C 7D", "2C 9D"])
    client.get("/en/drill?also=tr")
    asking = page(client)
    assert re.search(r'<h2 class="sentence question-text"[^>]* lang="en">', asking)
    assert '<p class="sentence question-text also" lang="tr">' in asking
    assert '<p class="hint also" lang="tr">' in asking
    answer(client, 1, "card-0")  # wrong: 3 is not bigger than 7
    reply = page(client)
    assert '<p class="sentence practice-sentence also" lang="tr">' in reply or (
        '<p class="sentence counted-on also" lang="tr">' in reply
    ), reply
    assert '<p class="sentence call also" lang="tr">' in reply
    speech = re.search(r'data-speech="([^"]*)"', reply)
    assert speech
    urls = speech.group(1).split()
    assert "/en/" in urls[0] and any("/tr/" in url for url in urls)
