"""The start by pictures (issue 22): the home page's tiles, their speaker corners, "Turn on the
voice", and the easy game with the little deck (Flask test client)."""

from __future__ import annotations

import html
import re
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import TOKEN

from kidswar.game.rules import Deck
from kidswar.sound.phrases import phrase_keys, phrase_text
from kidswar.storage.database import connect
from kidswar.storage.games import StoredGame, load_game
from kidswar.words.catalogs import LANGUAGES

TILE = re.compile(r'<li class="tile" data-tile="([a-z-]+)">(.*?)</li>', re.DOTALL)
NAME = re.compile(r'<span class="tile-name">([^<]+)</span>')
SPEAK = re.compile(r'data-speak="([^"]+)"')
FIELD = re.compile(r'<input type="hidden" name="([a-z_-]+)" value="([^"]*)">')


def stored(app: Flask, table: str) -> StoredGame:
    """The game behind a table address, read straight from the database."""
    game = load_game(connect(app.config["DATABASE"]), table.rstrip("/").rsplit("/", 1)[1])
    assert game is not None, table
    return game


def tiles(page: str) -> dict[str, str]:
    """Each tile's markup on a home page, by its data-tile key."""
    return dict(TILE.findall(page))


def clip_key(url: str, lang: str) -> str:
    """The phrase key a clip address names (/speech/<lang>/<key>.mp3?v=...)."""
    path = urlsplit(html.unescape(url)).path
    assert path.startswith(f"/speech/{lang}/") and path.endswith(".mp3"), url
    return path.rsplit("/", 1)[1].removesuffix(".mp3")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_tile_says_aloud_exactly_the_name_under_its_picture(app: Flask, lang: str) -> None:
    page = app.test_client().get(f"/{lang}/").get_data(as_text=True)
    found = tiles(page)
    assert list(found) == ["tile-play-war", "tile-play-with-a-friend", "tile-practice"]
    for key, tile in found.items():
        assert 'aria-hidden="true"' in tile and "data-picture=" in tile  # a picture, then words
        (name,) = NAME.findall(tile)
        (speaker,) = SPEAK.findall(tile)
        said = clip_key(speaker, lang)
        assert said == key and said in phrase_keys()  # a phrase the speech system knows
        assert phrase_text(lang, said) == html.unescape(name)  # the clip says what is shown


@pytest.mark.parametrize("lang", LANGUAGES)
def test_turning_the_voice_on_says_a_known_phrase(app: Flask, lang: str) -> None:
    page = app.test_client().get(f"/{lang}/").get_data(as_text=True)
    first = re.search(r'<button type="button" id="speech-first"[^>]*data-confirm="([^"]+)"', page)
    assert first, "no Turn on the voice button"
    assert clip_key(first.group(1), lang) == "voice-on"
    assert phrase_text(lang, "voice-on")  # "The voice is on." in every language
    switch = re.search(r'id="speech-toggle"[^>]*data-confirm="([^"]+)"', page)
    assert switch and clip_key(switch.group(1), lang) == "voice-on"


def test_the_play_war_tile_starts_an_easy_game_with_the_little_deck(
    client: FlaskClient, app: Flask
) -> None:
    page = client.get("/en/").get_data(as_text=True)
    war = tiles(page)["tile-play-war"]
    assert 'action="/en/easy"' in war and 'type="submit" class="tile-go"' in war
    fields = dict(FIELD.findall(war))
    started = client.post("/en/easy", data=fields)  # what a tap on the tile sends, token and all
    assert started.status_code == 303
    table = started.headers["Location"]
    game = stored(app, table)
    assert game.setup.mode == "easy" and game.setup.rules.deck is Deck.NUMBERS
    assert [seat.computer for seat in game.setup.seats] == [False, True]
    assert game.setup.rules.time_limit_minutes == 10  # the easy game's usual timer
    assert "20 cards" in client.get(table).get_data(as_text=True)  # 40 cards, 20 each


def test_the_friend_tile_seats_two_children_with_the_little_deck(
    client: FlaskClient, app: Flask
) -> None:
    friend = tiles(client.get("/en/").get_data(as_text=True))["tile-play-with-a-friend"]
    started = client.post("/en/easy", data=dict(FIELD.findall(friend)))
    game = stored(app, started.headers["Location"])
    assert [seat.computer for seat in game.setup.seats] == [False, False]
    assert game.setup.rules.deck is Deck.NUMBERS


def test_the_practice_tile_starts_ten_questions_at_once(client: FlaskClient) -> None:
    """A tap on "Quick practice" goes straight to the first question, as the other tiles start
    a game: the start page's list of levels is words a child cannot read."""
    practice = tiles(client.get("/en/").get_data(as_text=True))["tile-practice"]
    assert '<form method="post" action="/en/drill">' in practice
    fields = dict(FIELD.findall(practice))
    assert fields["progress"] == ""  # the page's script puts the current child's there
    started = client.post("/en/drill", data=fields)
    assert started.status_code == 303
    assert urlsplit(started.headers["Location"]).path == "/en/drill/play"
    question = client.get("/en/drill/play").get_data(as_text=True)
    assert "Question 1 of 10" in question and "Level: First numbers (1 to 5)" in question


def test_the_grown_ups_choices_stay_one_tap_away(client: FlaskClient) -> None:
    page = client.get("/en/").get_data(as_text=True)
    grown_ups = page.split('<section class="grown-ups"', 1)[1].split("</section>", 1)[0]
    assert "For grown-ups" in grown_ups
    for href in ("/en/easy", "/en/full", "/en/drill", "/en/join", "/en/class/", "/en/rules/"):
        assert f'href="{href}' in grown_ups, href


def test_the_easy_setup_starts_with_the_little_deck_shown_as_pictures(client: FlaskClient) -> None:
    page = client.get("/en/easy").get_data(as_text=True)
    assert re.search(r'name="deck" value="numbers"\s*checked', page)
    assert not re.search(r'name="deck" value="full"\s*checked', page)
    for picture in ("computer", "friend", "little-deck", "full-deck"):
        assert f'data-picture="{picture}"' in page, picture
    # The pictures stand inside the radios' labels: a tap on one chooses it.
    assert re.search(r'<label class="picture-radio"><svg[^>]*data-picture="little-deck"', page)
    token = TOKEN.search(page)
    assert token
    started = client.post(
        "/en/easy", data={"csrf_token": token.group(1), "who": "computer", "deck": "numbers"}
    )
    assert started.status_code == 303


def test_without_speech_the_tiles_still_go_and_show_no_speaker(tmp_path: object) -> None:
    from kidswar.web import create_app

    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path),
            "SPEECH_ENGINE": "speech_fakes:broken_engine",
        }
    )
    client = app.test_client()
    client.get("/speech/en/war.mp3")  # speech fails, and rests
    page = client.get("/en/").get_data(as_text=True)
    assert "speaker-corner" not in page and "speech-first" not in page
    assert len(tiles(page)) == 3
