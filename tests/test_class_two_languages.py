"""A class round in two languages (issue 36): each table may add its own second language when
it joins, and shows and says its sentences in both; the teacher's pages and the projector stay
in the teacher's language, whatever the device they are open on chose."""

from __future__ import annotations

import re

import pytest
from classroom_support import control, create_round
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post

from kidswar.web.context import context
from kidswar.web.second_language import COOKIE

NAMES = {"table-name": "Owls", "name-1": "Ada", "name-2": "Ben"}


def kept(client: FlaskClient) -> str | None:
    """The second language the device keeps (its cookie), None without one."""
    cookie = client.get_cookie(COOKIE)
    return None if cookie is None else cookie.value


def join_in(app: Flask, code: str, lang: str, **form: str) -> tuple[FlaskClient, str]:
    """A new device joins the round from the join page in `lang`, sending `form` beside the
    names; return it and its table's address."""
    device = app.test_client()
    address = f"/{lang}/join/{code}"
    response = post(device, address, {**NAMES, **form}, page=address)
    assert response.status_code == 303, response.get_data(as_text=True)
    return device, str(response.headers["Location"])


def second_language_choice(page: str) -> str:
    """The join form's second-language list."""
    found = re.search(r'<select id="also" name="also"[^>]*>(.*?)</select>', page, re.S)
    assert found, "no second-language choice on the join page"
    return found.group(1)


def beyond_the_language_list(page: str) -> str:
    """The page without the menu's list of page languages (which names each language in its
    own `lang`, on every page): what is left may not show the second language."""
    return re.sub(r'<div class="lang-panel">\s*<ul>.*?</ul>', "", page, count=1, flags=re.S)


def clips(page: str) -> list[str]:
    """The addresses of every clip a page may play (its speech, a speaker button's, its sounds)."""
    found = re.findall(r'data-(?:speech|speak|end-sounds)="([^"]*)"', page)
    return [url for each in found for url in each.split()]


def test_a_table_chooses_its_second_language_as_it_joins(app: Flask, client: FlaskClient) -> None:
    """A Turkish table adds German on the join form: its battle is shown in Turkish with the
    German beneath, and said in both, Turkish first."""
    teacher, code = create_round(client)
    device, table = join_in(app, code, "tr", also="de")
    assert kept(device) == "de"
    assert control(client, teacher, "start") == 303
    assert move(device, table, "all", 1).status_code == 303
    page = device.get(table).get_data(as_text=True)
    turkish = re.findall(r'<p class="sentence" lang="tr">(.*?)</p>', page)
    german = re.findall(r'<p class="sentence also" lang="de">(.*?)</p>', page)
    assert turkish and len(german) == len(turkish), page
    speech = re.search(r'data-speech="([^"]*)"', page)
    assert speech
    urls = speech.group(1).split()
    assert "/tr/" in urls[0] and any("/de/" in url for url in urls)
    # The menu changes it at the table, as on any table.
    french = device.get(f"{table}?also=fr").get_data(as_text=True)
    assert re.search(r'<p class="sentence also" lang="fr">', french)
    assert kept(device) == "fr"


def test_the_join_form_offers_the_menus_languages_and_the_devices_choice(
    app: Flask, client: FlaskClient
) -> None:
    _teacher, code = create_round(client)
    device = app.test_client()
    fresh = second_language_choice(device.get(f"/tr/join/{code}").get_data(as_text=True))
    options = re.findall(r'<option value="(\w*)"(?: lang="(\w+)")?( selected)?>', fresh)
    assert options == [
        ("", "", " selected"),  # none unless the device has one
        ("en", "en", ""),
        ("de", "de", ""),
        ("es", "es", ""),
        ("fr", "fr", ""),
    ]
    device.get("/en/?also=es")
    chosen = second_language_choice(device.get(f"/tr/join/{code}").get_data(as_text=True))
    assert '<option value="es" lang="es" selected>' in chosen


def test_a_table_that_chooses_none_forgets_the_devices_second_language(
    app: Flask, client: FlaskClient
) -> None:
    _teacher, code = create_round(client)
    device = app.test_client()
    device.get("/en/?also=fr")
    address = f"/en/join/{code}"
    assert post(device, address, {**NAMES, "also": ""}, page=address).status_code == 303
    assert kept(device) is None


@pytest.mark.parametrize(
    ("lang", "sent", "kept_after"),
    [
        ("en", {}, "fr"),  # a form drawn before the choice sends none: the device's stands
        ("fr", {"also": ""}, "fr"),  # none beside French is what a French page has already
        ("en", {"also": "fr"}, "fr"),
    ],
)
def test_the_devices_choice_stands_unless_the_table_changes_it(
    app: Flask, client: FlaskClient, lang: str, sent: dict[str, str], kept_after: str
) -> None:
    _teacher, code = create_round(client)
    device = app.test_client()
    device.get("/en/?also=fr")
    address = f"/{lang}/join/{code}"
    response = post(device, address, {**NAMES, **sent}, page=address)
    assert response.status_code == 303
    assert kept(device) == kept_after
    assert f"{COOKIE}=" not in " ".join(response.headers.get_all("Set-Cookie"))


def test_a_second_language_that_is_none_of_the_five_is_refused(
    app: Flask, client: FlaskClient
) -> None:
    _teacher, code = create_round(client)
    device = app.test_client()
    address = f"/de/join/{code}"
    response = post(device, address, {**NAMES, "also": "xx"}, page=address)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "Wähle eine der Möglichkeiten." in page, page
    assert 'aria-describedby="also-error" aria-invalid="true"' in page
    assert kept(device) is None


def test_the_teacher_and_the_projector_stay_in_the_teachers_language(
    app: Flask, client: FlaskClient
) -> None:
    """Even on a device that keeps German as its second language, the teacher's pages, the
    projector and their boards show and say English only, while a table plays in two."""
    teacher, code = create_round(client)
    client.get("/en/?also=de")
    assert kept(client) == "de"
    device, table = join_in(app, code, "en", also="de")
    assert control(client, teacher, "start") == 303
    move(device, table, "all", 1)
    assert 'class="sentence also" lang="de"' in device.get(table).get_data(as_text=True)
    pages = {
        "teacher": client.get(teacher),
        "projector": client.get(f"/en/class/{code}/screen"),
        "new round": client.get("/en/class/"),
        "end": client.get(f"{teacher}/end"),
    }
    for name, response in pages.items():
        assert response.status_code == 200, name
        page = response.get_data(as_text=True)
        rest = beyond_the_language_list(page)
        assert rest != page, name  # the menu is there, its page languages left out here
        assert not re.search(r'\slang="de"', rest), name
        assert "also-mark" not in rest and 'id="also-title"' not in rest, name
        assert not [url for url in clips(page) if "/de/" in url], name
    for status in (f"/en/class/{code}/status", f"{teacher}/status"):
        board = client.get(status).get_json()["board"]
        assert not re.search(r'\slang="de"', board), status
    with app.test_request_context(f"/en/class/{code}/screen", headers={"Cookie": "also=de"}):
        app.preprocess_request()
        ctx = context()
        assert ctx.also is None and ctx.also_t is None
    with app.test_request_context(table, headers={"Cookie": "also=de"}):
        app.preprocess_request()
        assert context().also == "de"  # the table's page still has it
