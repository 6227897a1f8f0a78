"""Playing cards drawn as inline SVG strings, so the app needs no images, fonts or requests.

The pages run under a strict Content-Security-Policy, so nothing here uses `style`
attributes or `<style>` elements: colours are presentation attributes (which the CSS in
`static/cards.css` may override) and hooks for the app are CSS classes. No `id`s are used
either, because many cards share one page. Every number is fixed, so output is deterministic.
"""

from __future__ import annotations

from functools import cache
from html import escape

from kidswar.game.cards import Card, Rank, Suit
from kidswar.web.drawing.letters import corner_letter

WIDTH, HEIGHT = 250, 350  # poker-card proportions (2.5 x 3.5 inches)
RED, BLACK = "#b71c1c", "#1a1a1a"  # both well above 4.5:1 contrast on white
FONT = 'font-family="sans-serif" font-weight="bold"'  # system fonts only, never web fonts
TURN = f"rotate(180 {WIDTH // 2} {HEIGHT // 2})"  # the bottom half of a card is upside down

# Each suit is one path in a 100 x 100 box centred on 0,0, placed by a transform; so every
# pip is a single element (easy to count and highlight) and the shape is written only once.
# Clubs use circles drawn as two arcs each (three leaves + a centre filler + a stem).
_CIRCLE = "M{x} {y}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0 -{d} 0z"
_SUIT_PATHS: dict[Suit, str] = {
    Suit.HEARTS: "M0 46C-14 30-50 8-50-18C-50-38-36-48-24-48C-12-48-4-40 0-30"
    "C4-40 12-48 24-48C36-48 50-38 50-18C50 8 14 30 0 46z",
    Suit.DIAMONDS: "M0-50Q18-24 38 0Q18 24 0 50Q-18 24-38 0Q-18-24 0-50z",
    Suit.CLUBS: "".join(
        _CIRCLE.format(x=x - 23, y=y, r=23, d=46) for x, y in ((0, -25), (-25, 12), (25, 12))
    )
    + _CIRCLE.format(x=-12, y=4, r=12, d=24)
    + "M-5 10Q-4 36-18 50L18 50Q4 36 5 10z",
    Suit.SPADES: "M0-50C14-30 50-10 50 14C50 32 38 40 26 40C16 40 8 34 4 26"
    "Q6 42 18 50L-18 50Q-6 42-4 26C-8 34-16 40-26 40C-38 40-50 32-50 14C-50-10-14-30 0-50z",
}

# Pip positions as (column, row): column -1/0/1 = left/centre/right, row in sixths of the pip
# area from top (0) to bottom (6). These are the layouts printed on real cards.
_CORNERS = ((-1, 0), (1, 0), (-1, 6), (1, 6))
_SIX = (*_CORNERS, (-1, 3), (1, 3))
_EIGHT = (*_CORNERS, (-1, 2), (1, 2), (-1, 4), (1, 4))
_PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((0, 0), (0, 6)),
    3: ((0, 0), (0, 3), (0, 6)),
    4: _CORNERS,
    5: (*_CORNERS, (0, 3)),
    6: _SIX,
    7: (*_SIX, (0, 1.5)),
    8: (*_SIX, (0, 1.5), (0, 4.5)),
    9: (*_EIGHT, (0, 3)),
    10: (*_EIGHT, (0, 1), (0, 5)),
}
# The groups a child sees at a glance, as numbers by the pips of each layout above: up to four
# are seen at once, and bigger numbers as familiar parts, 7 as 4 + 3 and 8 as 4 + 4 (Clements
# 1999; docs/learning.md). A column and the centre pip beside it make one group.
_PIP_GROUPS: dict[int, tuple[int, ...]] = {
    2: (1, 1),
    3: (1, 1, 1),
    4: (1, 1, 1, 1),
    5: (1, 1, 1, 1, 2),  # 4 + 1
    6: (1, 2, 1, 2, 1, 2),  # 3 + 3
    7: (1, 2, 1, 2, 1, 2, 1),  # 4 + 3
    8: (1, 2, 1, 2, 1, 2, 1, 2),  # 4 + 4
    9: (1, 2, 1, 2, 1, 2, 1, 2, 3),  # 4 + 4 + 1
    10: (1, 2, 1, 2, 1, 2, 1, 2, 3, 3),  # 4 + 4 + 2
}
_PIP_X = {-1: 87, 0: 125, 1: 163}  # columns clear the corner indexes (x < 58, x > 192)
_PIP_TOP, _PIP_BOTTOM = 70, 280


def _num(value: float) -> str:
    """A coordinate written short and always the same way (keeps output byte-stable)."""
    return f"{round(value, 2):g}"


def _suit_colour(suit: Suit) -> str:
    """Red for hearts and diamonds, near-black for clubs and spades."""
    return RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else BLACK


def _suit_shape(
    suit: Suit,
    x: float,
    y: float,
    size: float,
    fill: str,
    *,
    upside_down: bool = False,
    css: str | None = None,
) -> str:
    """One suit symbol `size` units wide centred on (x, y), optionally turned 180 degrees."""
    turn = " rotate(180)" if upside_down else ""
    cls = f' class="{css}"' if css else ""
    return (
        f'<path{cls} d="{_SUIT_PATHS[suit]}" fill="{fill}" '
        f'transform="translate({_num(x)} {_num(y)}){turn} scale({_num(size / 100)})"/>'
    )


def _svg(label: str, css: str, body: str) -> str:
    """Wrap drawing commands in an accessible, non-focusable <svg> element."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="{css}" role="img" aria-label="{escape(label, quote=True)}" '
        f'focusable="false">{body}</svg>'
    )


def _outline(fill: str, stroke: str) -> str:
    """The rounded card shape every card and back starts from."""
    return (
        f'<rect x="3" y="3" width="{WIDTH - 6}" height="{HEIGHT - 6}" rx="16" '
        f'fill="{fill}" stroke="{stroke}" stroke-width="3"/>'
    )


def _index(card: Card, letter: str, colour: str) -> str:
    """The big rank plus a small suit in the top-left corner (rotated for bottom-right)."""
    # "10" is two glyphs wide: squeeze it so it stays as tall as the other ranks.
    fit = ' textLength="52" lengthAdjust="spacingAndGlyphs"' if len(letter) > 1 else ""
    return (
        f'<text x="32" y="60" font-size="58" text-anchor="middle" {FONT} fill="{colour}"'
        f' class="rank"{fit}>{escape(letter)}</text>' + _suit_shape(card.suit, 32, 88, 30, colour)
    )


def _pips(card: Card, colour: str) -> str:
    """Pips for 2..10 as on real cards; fewer pips are drawn bigger so they are easy to count.

    The lower half's pips are turned upside down, as on real cards, except spades: turned, a
    spade is a heart with a thin stem, and on a phone-sized card the stem is lost, so a black
    seven of spades would show hearts to count. Upright, every spade reads as a spade."""
    turns = card.suit is not Suit.SPADES
    size = 50 if card.rank <= Rank.SIX else 44 if card.rank <= Rank.EIGHT else 40
    step = (_PIP_BOTTOM - _PIP_TOP) / 6
    return "".join(
        _suit_shape(
            card.suit,
            _PIP_X[col],
            _PIP_TOP + row * step,
            size,
            colour,
            upside_down=turns and row > 3,
            css="pip",
        )
        for col, row in _PIP_LAYOUTS[card.rank.value]
    )


# Headwear is what tells the three faces apart at a glance: tall pointed crown, rounded
# crown, soft cap. Drawn in gold or the suit colour over the top of the head.
_HEADWEAR: dict[Rank, str] = {
    Rank.KING: '<path d="M91 120V66L108 90L125 54L142 90L159 66V120z" fill="#f9a825" '
    'stroke="#6d4c00" stroke-width="3" stroke-linejoin="round"/>'
    '<circle cx="125" cy="54" r="5" fill="#f9a825" stroke="#6d4c00" stroke-width="2"/>',
    Rank.QUEEN: '<path d="M93 120V98A11 11 0 0 1 107 84A11 11 0 0 1 125 76A11 11 0 0 1 143 84'
    'A11 11 0 0 1 157 98V120z" fill="#f9a825" stroke="#6d4c00" stroke-width="3"/>'
    '<circle cx="125" cy="96" r="6" fill="#e53935"/>',
    Rank.JACK: '<path d="M88 132A37 42 0 0 1 162 132z" fill="{c}"/>'
    '<rect x="84" y="126" width="82" height="10" rx="5" fill="{c}"/>'
    '<circle cx="125" cy="88" r="8" fill="#f9a825"/>',
}


def _face(card: Card, letter: str, colour: str) -> str:
    """A framed, friendly figure: headwear, round smiling head, body with the suit, the letter."""
    hair = (
        '<path d="M86 152Q84 110 125 108Q166 110 164 152L164 196L86 196z" fill="#6d4c41"/>'
        if card.rank == Rank.QUEEN
        else ""
    )  # long hair behind the queen's head
    beard = (
        '<path d="M96 160Q100 198 125 202Q150 198 154 160Q140 176 125 176Q110 176 96 160z"'
        ' fill="#8d6e63"/>'
        if card.rank == Rank.KING
        else ""
    )
    return (
        f'<rect x="62" y="40" width="126" height="270" rx="10" fill="#fffaf0" '
        f'stroke="{colour}" stroke-width="3"/>'
        f'<path d="M98 196H152L172 248H78z" fill="{colour}"/>'  # body (drawn before the head)
        + _suit_shape(card.suit, 125, 224, 26, "#ffffff")
        + hair
        + '<circle cx="125" cy="156" r="36" fill="#ffe0bd" stroke="#5d4037" stroke-width="3"/>'
        + beard
        + '<circle cx="112" cy="150" r="4" fill="#3e2723"/><circle cx="138" cy="150" r="4"'
        ' fill="#3e2723"/><circle cx="104" cy="164" r="5" fill="#f8bbd0"/>'
        '<circle cx="146" cy="164" r="5" fill="#f8bbd0"/>'
        '<path d="M112 168Q125 180 138 168" fill="none" stroke="#5d4037" stroke-width="3"'
        ' stroke-linecap="round"/>'
        + _HEADWEAR[card.rank].replace("{c}", colour)
        + f'<text x="125" y="298" font-size="50" text-anchor="middle" {FONT} fill="{colour}"'
        f' class="rank">{escape(letter)}</text>'
    )


def card_svg(card: Card, label: str, letter: str | None = None) -> str:
    """A face-up card; `label` (already translated) becomes its accessible name.

    `letter` is what its corners show; by default its number, or for a face card or an ace its
    letter in the request's language (`letters.corner_letter`: "B" for a German jack).
    """
    return _card_svg(card, label, letter if letter is not None else corner_letter(card.rank))


@cache  # drawn once: 52 cards (or 40) under five languages' names and letters, a few hundred
def _card_svg(card: Card, label: str, letter: str) -> str:
    """A face-up card, its name and corner letter given."""
    colour = _suit_colour(card.suit)
    if card.rank == Rank.ACE:
        middle = _suit_shape(card.suit, WIDTH / 2, HEIGHT / 2, 110, colour, css="pip")
    elif card.rank >= Rank.JACK:
        middle = _face(card, letter, colour)
    else:
        middle = _pips(card, colour)
    corner = _index(card, letter, colour)
    tone = "card-red" if colour == RED else "card-black"
    return _svg(
        label,
        f"card {tone}",
        _outline("#ffffff", "#757575") + middle + corner + f'<g transform="{TURN}">{corner}</g>',
    )


def _lattice(left: int, top: int, right: int, bottom: int, gap: int) -> str:
    """Diagonal lines both ways inside a rectangle, clipped by arithmetic (clipPath needs ids)."""
    lines = []
    for c in range(left - bottom, right - top + 1, gap):  # lines x - y = c and x + y = c'
        x1, x2 = max(left, top + c), min(right, bottom + c)
        lines.append(f"M{x1} {x1 - c}L{x2} {x2 - c}")
        s = c + top + bottom  # mirror image across the horizontal centre line
        x1, x2 = max(left, s - bottom), min(right, s - top)
        lines.append(f"M{x1} {s - x1}L{x2} {s - x2}")
    return (
        f'<path d="{"".join(lines)}" fill="none" stroke="#ffffff" stroke-opacity="0.35"'
        ' stroke-width="2"/>'
    )


def pip_groups(rank: Rank) -> tuple[int, ...]:
    """The group of each pip of a 2 to 10, in the order they are drawn (an ace's one pip: 1)."""
    return _PIP_GROUPS.get(rank.value, (1,))


def counted_pips_svg(svg: str, rank: Rank) -> str:
    """A card's picture with its pips marked to count, each with its group (`data-group`), so
    the page rings them in groups (cards.css), not one by one."""
    parts = svg.split('class="pip"')
    groups = pip_groups(rank)
    marked = [parts[0]]
    for number, rest in enumerate(parts[1:]):
        group = groups[number] if number < len(groups) else 1
        marked.append(f'class="pip counted" data-group="{group}"{rest}')
    return "".join(marked)


@cache  # a back per language and Peace letter
def card_back_svg(label: str, letter: str | None = None) -> str:
    """A face-down card: calm blue lattice, optionally a big letter (Peace spells its word)."""
    body = (
        _outline("#ffffff", "#757575")
        + '<rect x="16" y="16" width="218" height="318" rx="8" fill="#2c5f8e"/>'
        + _lattice(16, 16, 234, 334, 22)
        + '<rect x="24" y="24" width="202" height="302" rx="5" fill="none" '
        'stroke="#ffffff" stroke-opacity="0.7" stroke-width="2"/>'
    )
    if letter:
        body += (
            '<circle cx="125" cy="175" r="58" fill="#ffffff" stroke="#1b3a57" '
            f'stroke-width="4"/><text x="125" y="203" font-size="80" text-anchor="middle" '
            f'{FONT} fill="#1b3a57" class="back-letter">{escape(letter)}</text>'
        )
    return _svg(label, "card card-back", body)


def empty_pile_svg(label: str) -> str:
    """A dashed outline where a stack was, for a player who has no cards left."""
    return _svg(
        label,
        "card card-empty",
        f'<rect x="6" y="6" width="{WIDTH - 12}" height="{HEIGHT - 12}" rx="16" '
        'fill="none" stroke="#9e9e9e" stroke-width="4" stroke-dasharray="16 10"/>',
    )
