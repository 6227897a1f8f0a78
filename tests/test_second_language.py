"""The device's second language (issue 36): chosen by `?also=`, kept in a cookie, offered in
the language menu, and none on a page in that same language."""

import html
import re

import pytest
from drill_support import answer, page, set_drill
from flask import Flask
from flask.testing import FlaskClient
from practice_support import answer as answer_practice
from practice_support import practice_game
from webhelpers import as_read, move, start_easy

from kidswar.sound.phrases import phrase_text
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


def shown_and_said(page: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """A table page's sentences as shown, (lang, text) in page order, and its clips as said,
    (lang, the clip's sentence) in the order the voice says them."""
    shown = [
        (lang, html.unescape(re.sub(r"<[^>]+>", "", as_read(text))))
        for lang, text in re.findall(r'<p class="sentence[^"]*" lang="(\w+)">(.*?)</p>', page)
    ]
    speech = re.search(r'data-speech="([^"]*)"', page)
    assert speech, "the page says nothing"
    clips = re.findall(r"/speech/(\w+)/([a-z0-9-]+)\.mp3", speech.group(1))
    return shown, [(lang, phrase_text(lang, key)) for lang, key in clips]


def test_a_practice_reply_in_both_languages(app: Flask, client: FlaskClient) -> None:
    """Issue 36: a practice table's reply, wrong (counted on) and right, shown in Turkish with
    its German twin beneath each sentence, each in its own `lang`, and said in that order, each
    the shown sentence's own clip; the typed name is shown in both and said in neither."""
    hands = [["7H", "2C", "9D"], ["4S", "3C", "8D"]]
    table = practice_game(client, app, hands, **{"name-1": "Ada"}).replace("/en/", "/tr/")
    client.get(f"{table}?also=de")
    move(client, table, "all", 1)
    assert answer_practice(client, table, 1, "lt").status_code == 303  # wrong: 7 > 4
    shown, said = shown_and_said(client.get(table).get_data(as_text=True))
    assert shown == [
        ("tr", "Hadi sayalım!"),
        ("de", "Zählen wir mal!"),
        ("tr", "Dört, beş, altı, yedi. Yedi dörtten üç fazla. Yedi dörtten büyük."),
        (
            "de",
            "Vier, fünf, sechs, sieben. Sieben ist drei mehr als vier. Sieben ist größer als vier.",
        ),
        ("tr", "2 kartı Ada alıyor."),
        ("de", "Ada bekommt 2 Karten."),
    ]
    # What was chosen ("7 < 4") is said in Turkish alone; every sentence in both, its own words.
    assert said == [
        ("tr", "Hadi sayalım!"),
        ("de", "Zählen wir mal!"),
        ("tr", "Senin seçtiğin"),
        ("tr", "Yedi dörtten küçük."),
        ("tr", "Dört, beş, altı, yedi. Yedi dörtten üç fazla."),
        ("de", "Vier, fünf, sechs, sieben. Sieben ist drei mehr als vier."),
        ("tr", "Yedi dörtten büyük."),
        ("de", "Sieben ist größer als vier."),
        ("tr", "2 kartı Oyuncu 1 alıyor."),  # the seat's own name: "Ada" was typed
        ("de", "Spieler 1 bekommt 2 Karten."),
    ]
    move(client, table, "all", 2)
    assert answer_practice(client, table, 2, "lt").status_code == 303  # right: 2 < 3
    shown, said = shown_and_said(client.get(table).get_data(as_text=True))
    assert shown[:4] == [
        ("tr", "Doğru!"),
        ("de", "Richtig!"),
        ("tr", "İki üçten küçük."),
        ("de", "Zwei ist kleiner als drei."),
    ]
    assert said[:4] == shown[:4]
    assert not any("Ada" in text for _lang, text in said)
