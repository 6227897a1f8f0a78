"""Cards drawn with their names: face up, face down, each labelled in the page's language."""

from __future__ import annotations

import functools

from babel import Locale
from markupsafe import Markup

from kidswar.game.cards import Card
from kidswar.web.drawing.cards_svg import card_back_svg, card_svg
from kidswar.web.i18n import request_locale, translations
from kidswar.words import card_names


def card_label(card: Card) -> str:
    """A card's name for screen readers, e.g. "7 of hearts", "Herzbube"."""
    return card_names.card_label(card, translations())


class CardPicture(Markup):
    """A face-up card's inline SVG that keeps its name ("7 of hearts"), so a button holding the
    card can say which card it chooses (`name`)."""

    name: str

    def __new__(cls, svg: str, name: str) -> CardPicture:
        """The picture `svg` of the card called `name`."""
        picture = super().__new__(cls, svg)
        picture.name = name
        return picture


def draw_card(card: Card) -> CardPicture:
    """A face-up card as inline SVG, its corners lettered in the page's language."""
    return _card_in(card, request_locale())


def draw_back(letter: str | None = None) -> Markup:
    """A face-down card as inline SVG, lettered in Peace."""
    return _back_in(letter, request_locale())


# Drawn once per card (or letter) and language, which is all they depend on: a battle draws
# each card up to three times (issue 24). 52 cards and a few letters in each of five languages.
@functools.lru_cache(maxsize=512)
def _card_in(card: Card, language: Locale | None) -> CardPicture:
    """`draw_card` for the request's language (`language`, the cache's key)."""
    name = card_label(card)
    return CardPicture(card_svg(card, name), name)


@functools.lru_cache(maxsize=256)
def _back_in(letter: str | None, language: Locale | None) -> Markup:
    """`draw_back` for the request's language (`language`, the cache's key)."""
    t = translations()
    label = (
        t.gettext("a card face down, letter %(letter)s") % {"letter": letter}
        if letter
        else t.gettext("a card face down")
    )
    return Markup(card_back_svg(label, letter))
