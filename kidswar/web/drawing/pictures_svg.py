"""The pictures of the home page's tiles and of the easy setup's choices, as inline SVG.

A child who cannot read yet chooses by these pictures: cards for a game, "3 < 5" for practice,
faces for who plays, a small or a big fan of cards for the deck. Each picture is decoration
beside its own words (`aria-hidden`), so a screen reader hears the words once; the words stay
under the picture for the grown-up. The cards are the table's own (`cards_svg.card_svg`), placed
as nested <svg> elements. As in `cards_svg`, no `style`, no `<style>` and no `id` (the CSP, and
many pictures on one page); every number is fixed, so the output is deterministic.
"""

from __future__ import annotations

import re

from markupsafe import Markup

from kidswar.game.cards import Card, Rank, Suit
from kidswar.web.drawing.cards_svg import FONT, HEIGHT, WIDTH, card_svg

VIEW_WIDTH, VIEW_HEIGHT = 200, 140  # every picture has this box, so the tiles line up
_INNER = re.compile(r"^<svg[^>]*>(.*)</svg>$", re.DOTALL)
_SKIN = ("#ffe0bd", "#c68c53")  # two children, two skins
_HAIR = ("#6d4c41", "#212121")
_SHIRT = ("#1565c0", "#c62828")


def _picture(kind: str, body: str) -> Markup:
    """Wrap a picture's drawing in an <svg> hidden from screen readers (its words say it)."""
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_WIDTH} {VIEW_HEIGHT}" '
        f'class="picture picture-{kind}" data-picture="{kind}" aria-hidden="true" '
        f'focusable="false">{body}</svg>'
    )


def _card(card: Card, x: float, y: float, width: float, turn: float = 0) -> str:
    """A face-up card `width` wide with its top-left corner at (x, y), turned `turn` degrees
    about its centre, lettered as the table letters it (a German king shows K, a jack B). Its
    own name is dropped: the picture is one decoration, not many cards."""
    height = width * HEIGHT / WIDTH
    drawn = card_svg(card, "")
    inner = _INNER.match(drawn)
    assert inner, "card_svg draws one <svg> element"
    nested = (
        f'<svg x="{x:g}" y="{y:g}" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">{inner.group(1)}</svg>'
    )
    if not turn:
        return nested
    return f'<g transform="rotate({turn:g} {x + width / 2:g} {y + height / 2:g})">{nested}</g>'


def _fan(cards: list[Card], width: float, spread: float) -> str:
    """Cards fanned from the middle of the picture, the first on the left."""
    count = len(cards)
    step = spread / max(count - 1, 1)
    left = (VIEW_WIDTH - width - step * (count - 1)) / 2
    turn_step = 40 / max(count - 1, 1)
    return "".join(
        _card(
            card,
            left + index * step,
            14 + abs(index - (count - 1) / 2) * 4,
            width,
            -20 + index * turn_step if count > 1 else 0,
        )
        for index, card in enumerate(cards)
    )


def _face(x: float, y: float, size: float, which: int = 0) -> str:
    """A smiling child's head `size` across, centred on (x, y)."""
    r = size / 2
    skin, hair = _SKIN[which % 2], _HAIR[which % 2]
    return (
        f'<circle cx="{x:g}" cy="{y + r * 1.9:g}" r="{r * 1.05:g}" fill="{_SHIRT[which % 2]}"/>'
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{skin}" stroke="#5d4037" stroke-width="2"/>'
        f'<path d="M{x - r:g} {y - r * 0.1:g}A{r:g} {r:g} 0 0 1 {x + r:g} {y - r * 0.1:g}'
        f'Q{x:g} {y - r * 0.75:g} {x - r:g} {y - r * 0.1:g}z" fill="{hair}"/>'
        f'<circle cx="{x - r * 0.35:g}" cy="{y + r * 0.05:g}" r="{r * 0.1:g}" fill="#3e2723"/>'
        f'<circle cx="{x + r * 0.35:g}" cy="{y + r * 0.05:g}" r="{r * 0.1:g}" fill="#3e2723"/>'
        f'<path d="M{x - r * 0.4:g} {y + r * 0.35:g}Q{x:g} {y + r * 0.75:g} {x + r * 0.4:g} '
        f'{y + r * 0.35:g}" fill="none" stroke="#5d4037" stroke-width="3" stroke-linecap="round"/>'
    )


def _computer(x: float, y: float, size: float) -> str:
    """A friendly computer: a screen with a face on a stand, `size` wide, centred on (x, y)."""
    w, h = size, size * 0.72
    left, top = x - w / 2, y - h / 2
    return (
        f'<rect x="{x - w * 0.08:g}" y="{top + h:g}" width="{w * 0.16:g}" height="{h * 0.3:g}" '
        'fill="#546e7a"/>'
        f'<rect x="{x - w * 0.3:g}" y="{top + h * 1.25:g}" width="{w * 0.6:g}" '
        f'height="{h * 0.12:g}" rx="3" fill="#546e7a"/>'
        f'<rect x="{left:g}" y="{top:g}" width="{w:g}" height="{h:g}" rx="8" fill="#37474f"/>'
        f'<rect x="{left + w * 0.08:g}" y="{top + h * 0.1:g}" width="{w * 0.84:g}" '
        f'height="{h * 0.8:g}" rx="4" fill="#b3e5fc"/>'
        f'<rect x="{x - w * 0.22:g}" y="{y - h * 0.15:g}" width="{w * 0.1:g}" '
        f'height="{h * 0.18:g}" rx="2" fill="#263238"/>'
        f'<rect x="{x + w * 0.12:g}" y="{y - h * 0.15:g}" width="{w * 0.1:g}" '
        f'height="{h * 0.18:g}" rx="2" fill="#263238"/>'
        f'<path d="M{x - w * 0.2:g} {y + h * 0.15:g}Q{x:g} {y + h * 0.35:g} {x + w * 0.2:g} '
        f'{y + h * 0.15:g}" fill="none" stroke="#263238" stroke-width="3" stroke-linecap="round"/>'
    )


def war_picture() -> Markup:
    """The "Play War" tile: two cards of the little deck, turned over side by side."""
    return _picture(
        "war",
        _card(Card(Rank.FOUR, Suit.HEARTS), 30, 26, 74, -10)
        + _card(Card(Rank.NINE, Suit.SPADES), 94, 28, 74, 8),
    )


def practice_picture() -> Markup:
    """Practice: "3 < 5", a three, the sign and a five."""
    return _picture(
        "practice",
        _card(Card(Rank.THREE, Suit.DIAMONDS), 8, 36, 62)
        + f'<text x="100" y="106" font-size="76" text-anchor="middle" {FONT} '
        'fill="#ffffff" stroke="#1a1a1a" stroke-width="2">&lt;</text>'
        + _card(Card(Rank.FIVE, Suit.CLUBS), 130, 36, 62),
    )


def friend_picture() -> Markup:
    """Two children on one device: two faces and a card between them."""
    return _picture(
        "friend",
        _face(52, 72, 60, 0)
        + _face(144, 72, 60, 1)
        + _card(Card(Rank.SEVEN, Suit.HEARTS), 82, 82, 36),
    )


def computer_picture() -> Markup:
    """One child against the computer: a child's face and a smiling computer."""
    return _picture("computer", _face(52, 72, 60, 0) + _computer(142, 78, 82))


_LITTLE_FAN = (
    Card(Rank.ACE, Suit.HEARTS),
    Card(Rank.FIVE, Suit.CLUBS),
    Card(Rank.TEN, Suit.DIAMONDS),
)
_FULL_FAN = (
    Card(Rank.TWO, Suit.SPADES),
    Card(Rank.TEN, Suit.HEARTS),
    Card(Rank.JACK, Suit.CLUBS),
    Card(Rank.QUEEN, Suit.DIAMONDS),
    Card(Rank.KING, Suit.SPADES),
    Card(Rank.ACE, Suit.HEARTS),
)


def deck_picture(little: bool) -> Markup:
    """The deck: the little one as a small fan (ace, 5, 10), the whole one as a wide fan that
    shows its face cards (2, 10, jack, queen, king, ace)."""
    if little:
        return _picture("little-deck", _fan(list(_LITTLE_FAN), 62, 56))
    return _picture("full-deck", _fan(list(_FULL_FAN), 58, 112))


# The drill's choices (issue 32): a small picture on each, so a child who cannot read yet
# chooses by it (its words under it, and its speaker corner says them). The arrows take the
# button's own colour (currentColor): white on the blue button, blue on the white one.
_CHOICE_DRAWINGS = {
    # Up to the next level: a star above an arrow going up.
    "climb": (
        '<path d="M50 6l8 17 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" fill="#f2b705" '
        'stroke="#8a6400" stroke-width="2"/>'
        '<path d="M50 50l22 22H60v22H40V72H28z" fill="currentColor"/>'
    ),
    # Down to the level below: an arrow going down onto a step.
    "step-down": (
        '<path d="M40 8h20v38h14L50 72 26 46h14z" fill="currentColor"/>'
        '<rect x="14" y="80" width="72" height="12" rx="3" fill="#6b5a2e"/>'
    ),
    # Stay on this level: an arrow going on along the same step.
    "stay": (
        '<path d="M10 42h52V28l28 22-28 22V58H10z" fill="currentColor"/>'
        '<rect x="8" y="80" width="84" height="12" rx="3" fill="#6b5a2e"/>'
    ),
    # Practise again: an arrow going round.
    "again": (
        '<path d="M50 16a34 34 0 1 0 34 34h-14a20 20 0 1 1-20-20v12l22-19-22-19z" fill="#0b4f8a"/>'
    ),
    # Other numbers: three cards with other numbers on them.
    "other": (
        '<g font-family="sans-serif" font-weight="700" font-size="24" text-anchor="middle">'
        '<rect x="4" y="22" width="30" height="44" rx="5" fill="#fff" stroke="#1a1a1a" '
        'stroke-width="3"/><text x="19" y="52" fill="#c62828">2</text>'
        '<rect x="35" y="30" width="30" height="44" rx="5" fill="#fff" stroke="#1a1a1a" '
        'stroke-width="3"/><text x="50" y="60" fill="#1a1a1a">5</text>'
        '<rect x="66" y="38" width="30" height="44" rx="5" fill="#fff" stroke="#1a1a1a" '
        'stroke-width="3"/><text x="81" y="68" fill="#c62828">8</text></g>'
    ),
}


def choice_picture(kind: str) -> Markup:
    """A drill choice's picture ("climb", "step-down", "stay", "again", "other"), hidden from
    screen readers: the words beside it name the choice."""
    return Markup(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        f'class="choice-picture choice-picture-{kind}" aria-hidden="true" focusable="false">'
        f"{_CHOICE_DRAWINGS[kind]}</svg>"
    )
