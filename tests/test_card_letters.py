"""The letters a child sees in each language (issue 14): the cards' corners and badges, the
cards' names, and the word the face-down cards of Peace spell.

docs/rules-texts.md says why each language's corners and word are what they are.
"""

from __future__ import annotations

import html
import re

import pytest
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post, start_easy, start_full

from kidswar.game.cards import CARDS, Card, Rank
from kidswar.game.rules import Deck
from kidswar.web.drawing.cards import card_label, draw_card
from kidswar.web.drawing.cards_svg import card_svg
from kidswar.web.drawing.letters import corner_letters
from kidswar.web.services.practice_view import badge, line_letters
from kidswar.words import catalogs
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.content import page, peace_word

# Jack, queen, king and ace as the decks children use in each country print them.
CORNERS = {
    "en": "JQKA",
    "tr": "JQKA",  # Turkey plays the international pack
    "de": "BDKA",  # Bube, Dame, König, Ass
    "es": "JQKA",  # the French-suited "baraja de póker"; the jack is even called "jota"
    "fr": "VDRA",  # valet, dame, roi; the ace "A", not "1", which would read "1 = 14"
}
PEACE_WORDS = {"en": "PEACE", "tr": "BARIŞ", "de": "TAUBE", "es": "PACES", "fr": "POUCE"}
FACES = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
RANK_TEXT = re.compile(r'class="rank"[^>]*>([^<]+)</text>')


def corners(svg: str) -> list[str]:
    """What a card's corners (and a face card's foot) show."""
    return RANK_TEXT.findall(svg)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_corner_letters_are_the_languages_own(lang: str) -> None:
    letters = corner_letters(catalogs.load(lang))
    assert "".join(letters[rank] for rank in FACES) == CORNERS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_the_badge_and_the_number_line_show_the_same_letter(app: Flask, lang: str) -> None:
    with app.test_request_context(f"/{lang}/"):
        for rank, letter in zip(FACES, CORNERS[lang], strict=True):
            card = Card(rank, Card.parse("2H").suit)
            assert set(corners(str(draw_card(card)))) == {letter}
            assert badge(card, Deck.FULL) == f"{letter} = {rank.value}"
        assert line_letters(Deck.FULL, sums=False) == {
            rank.value: letter for rank, letter in zip(FACES, CORNERS[lang], strict=True)
        }
        assert badge(Card.parse("AS"), Deck.NUMBERS) == f"{CORNERS[lang][3]} = 1"
        assert corners(str(draw_card(Card.parse("10C")))) == ["10", "10"]  # numbers stay


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_drill_names_the_face_cards_by_their_corner_letters(
    client: FlaskClient, lang: str
) -> None:
    """ "With the picture cards and the ace (B, D, K, A)": the letters the child then sees."""
    page = html.unescape(client.get(f"/{lang}/drill").get_data(as_text=True))
    assert f"({', '.join(CORNERS[lang])})" in page


def test_outside_a_request_and_on_request_the_corners_are_as_asked() -> None:
    assert corners(card_svg(Card.parse("QH"), "queen")) == ["Q", "Q", "Q"]  # English
    assert corners(card_svg(Card.parse("QH"), "Dame", letter="D")) == ["D", "D", "D"]
    assert len({card_svg(card, "x", letter="B") for card in CARDS}) == len(CARDS)


def deal(app: Flask, table: str, hands: list[list[str]]) -> None:
    """Replace the game at `table` with one dealt `hands` (top card first), before battle 1."""
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], hands)


def test_the_table_in_german_letters_the_jack_b_on_its_card_and_its_badge(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client, practice="on")
    deal(app, table, [["7H", "2C"], ["JS", "3C"]])
    move(client, table, "all", 1)
    post(client, f"{table}/answer", {"battle": 1, "answer": "card-0"}, page=table)  # wrong
    german = html.unescape(client.get(table.replace("/en/", "/de/")).get_data(as_text=True))
    assert "B = 11" in german and "J = 11" not in german
    assert "B" in corners(german) and "J" not in corners(german)
    assert 'aria-label="Pikbube"' in german
    english = html.unescape(client.get(table).get_data(as_text=True))
    assert "J = 11" in english and "J" in corners(english)
    assert 'aria-label="jack of spades"' in english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_card_names_are_whole_names(app: Flask, lang: str) -> None:
    names = {
        "en": ("jack of hearts", "ace of spades", "7 of hearts"),
        "tr": ("kupa valesi", "maça ası", "kupa 7"),
        "de": ("Herzbube", "Pikass", "Herz 7"),
        "es": ("jota de corazones", "as de picas", "7 de corazones"),
        "fr": ("valet de cœur", "as de pique", "7 de cœur"),
    }
    with app.test_request_context(f"/{lang}/"):
        said = tuple(card_label(Card.parse(card)) for card in ("JH", "AS", "7H"))
    assert said == names[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_peace_spells_a_five_letter_word_of_the_childs_language(lang: str) -> None:
    t = catalogs.load(lang)
    word = peace_word(t)
    assert word == PEACE_WORDS[lang] and len(word) == 5  # a peace lays five cards
    what = page("peace", t).sections[0]["items"][1]
    assert word in what and f"({'-'.join(word)})" in what
    if lang != "en":
        assert "P-E-A-C-E" not in what  # nobody hears English spelled out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_peace_at_the_table_letters_its_backs_with_that_word(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    table = start_full(client, variant="peace")
    hands = [["5H", "2C", "3C", "4C", "6C", "7C", "9C"], ["5S", "2D", "3D", "4D", "6D", "7D", "KD"]]
    deal(app, table, hands)
    move(client, table, "all", 1)
    shown = html.unescape(client.get(table.replace("/en/", f"/{lang}/")).get_data(as_text=True))
    backs = re.findall(r'class="back-letter">([^<]+)<', shown)
    assert backs == list(PEACE_WORDS[lang]) * 2  # five backs for each player
