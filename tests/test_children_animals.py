"""The children's animals: drawn distinct and safe for the page's policy, named in every
language, and carried by a practice game's first seat (issue 21)."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import count_rows, move, post

from kidswar.game.table import ANIMALS, Seat
from kidswar.sound.phrases import phrase_text
from kidswar.web.drawing.animals_svg import animal_svg
from kidswar.words.animal_names import animal_name, child_label
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.sentences import seat_names

SVG = "{http://www.w3.org/2000/svg}"


def test_each_animal_is_a_picture_of_its_own() -> None:
    drawings = [str(animal_svg(animal)) for animal in ANIMALS]
    assert len(set(drawings)) == len(ANIMALS)
    discs = set()
    for animal, drawing in zip(ANIMALS, drawings, strict=True):
        root = ET.fromstring(drawing.replace("<svg ", f'<svg xmlns="{SVG[1:-1]}" ', 1))
        assert root.get("aria-hidden") == "true"
        assert f"animal-{animal}" in (root.get("class") or "")
        discs.add(root.find(f"{SVG}circle").get("fill"))  # type: ignore[union-attr]
        assert "style" not in drawing and " id=" not in drawing  # the page's policy, many per page
    assert len(discs) == len(ANIMALS), "each animal has a colour of its own"


def test_a_named_animal_is_an_image_with_its_name_escaped() -> None:
    drawing = str(animal_svg("owl", label='Ada "<3"'))
    assert 'role="img" aria-label="Ada &quot;&lt;3&quot;"' in drawing


def test_an_animal_that_is_not_ours_is_not_drawn() -> None:
    with pytest.raises(KeyError):
        animal_svg("dragon")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_animal_has_a_name_of_its_own_in_every_language(lang: str) -> None:
    t = load(lang)
    names = [animal_name(animal, t) for animal in ANIMALS]
    assert len(set(names)) == len(ANIMALS) and all(names)
    if lang != "en":
        assert names != [animal_name(animal, load("en")) for animal in ANIMALS]


def test_the_names_said_for_a_child() -> None:
    assert animal_name("fox", load("de")) == "Fuchs"
    assert child_label("cat", "", load("en")) == "Cat"
    assert child_label("cat", "Ada", load("fr")) == "Ada (Chat)"


def test_a_seat_of_the_devices_child_is_called_by_its_animal_unless_a_name_was_typed() -> None:
    t = load("tr")
    seats = [Seat("", False, "rabbit"), Seat("", True)]
    assert seat_names(seats, t) == ["Tavşan", "Bilgisayar"]
    assert seat_names([Seat("Ada", False, "rabbit"), Seat("", True)], t)[0] == "Ada"
    assert seat_names([Seat("", False), Seat("", False)], load("en")) == ["Player 1", "Player 2"]


@pytest.mark.parametrize("seat", [Seat("", False, "dragon"), Seat("", True, "cat")])
def test_a_seat_refuses_an_animal_no_child_can_be(seat: Seat) -> None:
    with pytest.raises(ValueError, match="animals"):
        seat.verify()


def seat_heads(client: FlaskClient, table: str) -> list[str]:
    """The seats' headings on the table page."""
    html = client.get(table).get_data(as_text=True)
    names = re.findall(r'<h2 class="seat-name">(.*?)</h2>', html, re.S)
    return [re.sub(r"</?bdi>", "", name) for name in names]  # a typed name is isolated


EASY = {"who": "computer", "deck": "full", "time": "10"}


def test_a_practice_game_shows_the_childs_animal_beside_the_first_seat(client: FlaskClient) -> None:
    response = post(client, "/en/easy", {**EASY, "practice": "on", "child-animal": "fox"})
    assert response.status_code == 303
    first, second = seat_heads(client, response.headers["Location"])
    assert first.startswith('<svg class="seat-animal animal-fox"') and first.endswith("Fox")
    assert second == "Computer"
    named = post(
        client, "/en/easy", {**EASY, "practice": "on", "child-animal": "fox", "name-1": "Ada"}
    )
    assert seat_heads(client, named.headers["Location"])[0].endswith("</svg>Ada")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("who", ["computer", "two"])
def test_every_game_seats_the_child_with_its_animal_and_says_it(
    app: Flask, client: FlaskClient, lang: str, who: str
) -> None:
    # Issue 32: "Play War" and "Play with a friend" (no practice) seated "Player 1" with no
    # animal; now the child's animal sits at the first seat, and the voice calls it by it.
    form = {**EASY, "who": who, "child-animal": "fox"}
    response = post(client, f"/{lang}/easy", form, page=f"/{lang}/easy")
    table = response.headers["Location"]
    t = load(lang)
    first, second = seat_heads(client, table)
    assert first.startswith('<svg class="seat-animal animal-fox"')
    assert first.endswith(animal_name("fox", t))
    assert "seat-animal" not in second
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH"], ["2C"]])
    move(client, table, "all", 1)
    page_html = client.get(table).get_data(as_text=True)
    spoken = re.search(r'data-speech="([^"]*)"', page_html)
    assert spoken is not None
    keys = re.findall(r"/speech/\w+/([a-z0-9-]+)\.mp3", html.unescape(spoken.group(1)))
    takes = t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 2)
    assert takes % {"name": animal_name("fox", t), "count": 2} in [
        phrase_text(lang, key) for key in keys
    ]


def test_the_full_form_seats_the_child_only_in_a_persons_first_seat(client: FlaskClient) -> None:
    form = {
        "players": "2",
        "variant": "standard",
        "deck": "full",
        "limit": "1000",
        "shortage": "last-card",
        "who_fights": "everyone",
        "pickup": "shuffled",
        "time": "off",
        "practice": "on",
        "child-animal": "bear",
        "kind-1": "human",
        "kind-2": "computer",
    }
    person = post(client, "/en/full", form, page="/en/full")
    assert seat_heads(client, person.headers["Location"])[0].endswith("Bear")
    computer = post(client, "/en/full", {**form, "kind-1": "computer", "kind-2": "human"})
    assert seat_heads(client, computer.headers["Location"]) == ["Computer", "Player 2"]


def test_an_animal_no_child_can_be_is_refused_and_nothing_is_dealt(
    app: Flask, client: FlaskClient
) -> None:
    response = post(client, "/en/easy", {**EASY, "practice": "on", "child-animal": "dragon"})
    assert response.status_code == 400
    assert "Choose one of the animals, or none." in response.get_data(as_text=True)
    assert count_rows(app, "games") == 0
