"""A card button's name holds the words seen on it (WCAG 2.5.3, label in name): in practice a
face card or an ace wears its number ("Q = 12"), and someone who says what they see to a voice
control ("click Q = 12"), or hears the name beside the screen, finds that button by it."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, move, post

from kidswar.game.cards import parse_cards
from kidswar.game.drill_deal import LEVELS
from kidswar.web.drill.view import side_view


class CardButtons(HTMLParser):
    """Each practice card button's name (aria-label) and the badges drawn inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.buttons: list[tuple[str, list[str]]] = []
        self.depth = 0  # inside a card button: its open elements
        self.in_badge = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "button" and "card-button" in classes:
            self.buttons.append((found.get("aria-label") or "", []))
            self.depth = 1
        elif self.depth:
            self.depth += 1
            self.in_badge = "badge" in classes

    def handle_endtag(self, tag: str) -> None:
        if self.depth:
            self.depth -= 1
            self.in_badge = False

    def handle_data(self, data: str) -> None:
        if self.depth and self.in_badge and data.strip():
            self.buttons[-1][1].append(data.strip())


def asking_page(
    client: FlaskClient, app: Flask, lang: str, hands: list[list[str]], **form: str
) -> str:
    """A practice table asking about its first battle, dealt `hands`."""
    data = {**FULL_FORM, "practice": "on", **form}
    response = post(client, f"/{lang}/full", data, page=f"/{lang}/full")
    assert response.status_code == 303, response.get_data(as_text=True)
    table = str(response.headers["Location"])
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], hands)
    assert move(client, table, "all", 1).status_code == 303
    return client.get(table).get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "de", "tr"])
@pytest.mark.parametrize(
    ("hands", "form"),
    [
        ([["QS", "3S"], ["7H", "4D"]], {}),  # a queen against a seven
        ([["AD", "3S"], ["KC", "4D"]], {}),  # an ace against a king
        ([["JC", "4D", "2C"], ["6C", "5D", "2D"]], {"variant": "addition"}),  # sums
    ],
)
def test_a_card_buttons_name_holds_the_badges_it_shows(
    client: FlaskClient, app: Flask, lang: str, hands: list[list[str]], form: dict[str, str]
) -> None:
    parser = CardButtons()
    parser.feed(asking_page(client, app, lang, hands, **form))
    assert len(parser.buttons) == 2  # the table asks: each seat's cards are a button
    assert any(badges for _name, badges in parser.buttons)  # a face card or an ace is there
    for name, badges in parser.buttons:
        for badge in badges:
            assert badge in name, (name, badge)


def test_the_name_says_the_card_then_its_badge(client: FlaskClient, app: Flask) -> None:
    parser = CardButtons()
    parser.feed(asking_page(client, app, "en", [["QS", "3S"], ["7H", "4D"]]))
    names = [name for name, _badges in parser.buttons]
    assert "queen of spades (Q = 12) (key 1)" in names[0]
    assert names[1].endswith("7 of hearts (key 2)")  # a number card wears no badge


def test_a_drill_pairs_name_holds_the_aces_badge(app: Flask) -> None:
    # The drill's sums use the little deck, whose ace wears "A = 1" on the pair's button.
    with app.test_request_context("/en/drill"):
        side = side_view(parse_cards(["AC", "4D"]), LEVELS["addition"], 1)
    assert [card.badge for card in side.cards] == ["A = 1", None]
    assert side.name == "Choose this pair: ace of clubs (A = 1) and 4 of diamonds, 1 + 4 (key 1)"
