"""The animals a child picks to be on this device, drawn as small inline SVG faces.

Each is a few round shapes on a pale disc of its own colour, so the six are told apart by
shape and colour at a glance, at a finger's size on a phone and on paper. As with the cards,
no style attribute and no id (the page's policy, and many animals share a page): colours are
presentation attributes, and the app hooks on the `class`. Every number is fixed, so the
drawing is the same on every request.
"""

from __future__ import annotations

from html import escape

from markupsafe import Markup

OUTLINE = 'stroke="#3b2a1a" stroke-width="2"'  # dark enough against every disc and fill
EYE = "#1a1a1a"
PINK = "#e88aa0"
WHISKERS = 'stroke="#3b2a1a" stroke-width="1.5" stroke-linecap="round"'


def _eyes(y: float, dx: float = 10, r: float = 3.5) -> str:
    """Two round dark eyes, `dx` either side of the middle."""
    return "".join(
        f'<circle cx="{50 + s * dx:g}" cy="{y:g}" r="{r:g}" fill="{EYE}"/>' for s in (-1, 1)
    )


_BODIES: dict[str, tuple[str, str]] = {
    # animal: (the disc's colour, the drawing on it in a 100 x 100 box)
    "cat": (
        "#fde3b5",
        f'<path d="M24 44L28 14L48 30z" fill="#e8902a" {OUTLINE}/>'
        f'<path d="M76 44L72 14L52 30z" fill="#e8902a" {OUTLINE}/>'
        f'<path d="M30 36L31 22L41 30z" fill="{PINK}"/>'
        f'<path d="M70 36L69 22L59 30z" fill="{PINK}"/>'
        f'<circle cx="50" cy="56" r="29" fill="#e8902a" {OUTLINE}/>'
        f'<path d="M50 40V48M42 42L44 49M58 42L56 49" stroke="#b8661a" stroke-width="3"/>'
        + _eyes(54, 11, 4)
        + f'<path d="M45 63H55L50 69z" fill="{PINK}"/>'
        f'<path d="M50 69Q46 75 41 72M50 69Q54 75 59 72" fill="none" {WHISKERS}/>'
        f'<path d="M36 64L14 60M36 68L15 72M64 64L86 60M64 68L85 72" {WHISKERS}/>',
    ),
    "dog": (
        "#d7e7fb",
        f'<circle cx="50" cy="52" r="28" fill="#c98e5a" {OUTLINE}/>'
        f'<ellipse cx="23" cy="52" rx="9" ry="21" fill="#6b4226" {OUTLINE} '
        'transform="rotate(14 23 52)"/>'
        f'<ellipse cx="77" cy="52" rx="9" ry="21" fill="#6b4226" {OUTLINE} '
        'transform="rotate(-14 77 52)"/>'
        '<circle cx="62" cy="44" r="8" fill="#6b4226"/>'
        + _eyes(46, 11, 4)
        + f'<ellipse cx="50" cy="66" rx="15" ry="12" fill="#f3dfc6" {OUTLINE}/>'
        f'<ellipse cx="50" cy="60" rx="6.5" ry="4.5" fill="{EYE}"/>'
        f'<path d="M50 65V70M44 70Q50 74 56 70" fill="none" {WHISKERS}/>'
        f'<path d="M47 72H53V78Q50 81 47 78z" fill="{PINK}"/>',
    ),
    "rabbit": (
        "#dcefd8",
        f'<ellipse cx="39" cy="26" rx="8" ry="22" fill="#f7f7f7" {OUTLINE}/>'
        f'<ellipse cx="61" cy="26" rx="8" ry="22" fill="#f7f7f7" {OUTLINE}/>'
        f'<ellipse cx="39" cy="27" rx="3.5" ry="15" fill="{PINK}"/>'
        f'<ellipse cx="61" cy="27" rx="3.5" ry="15" fill="{PINK}"/>'
        f'<circle cx="50" cy="62" r="26" fill="#f7f7f7" {OUTLINE}/>'
        + _eyes(57, 10, 3.8)
        + f'<path d="M46 66H54L50 71z" fill="{PINK}"/>'
        f'<path d="M46 72H54V80H46z" fill="#ffffff" {WHISKERS}/><path d="M50 72V80" {WHISKERS}/>'
        f'<path d="M38 68L20 64M38 72L21 76M62 68L80 64M62 72L79 76" {WHISKERS}/>',
    ),
    "bear": (
        "#f1e4d3",
        f'<circle cx="27" cy="32" r="11" fill="#6d4c32" {OUTLINE}/>'
        f'<circle cx="73" cy="32" r="11" fill="#6d4c32" {OUTLINE}/>'
        '<circle cx="27" cy="32" r="5.5" fill="#c79c6e"/>'
        '<circle cx="73" cy="32" r="5.5" fill="#c79c6e"/>'
        f'<circle cx="50" cy="56" r="30" fill="#6d4c32" {OUTLINE}/>'
        '<circle cx="39" cy="49" r="4.5" fill="#f5eee6"/>'
        '<circle cx="61" cy="49" r="4.5" fill="#f5eee6"/>'
        + _eyes(49, 11, 3)
        + f'<ellipse cx="50" cy="67" rx="15" ry="12" fill="#d8b386" {OUTLINE}/>'
        f'<ellipse cx="50" cy="62" rx="6" ry="4.5" fill="{EYE}"/>'
        f'<path d="M50 66V71M44 71Q50 76 56 71" fill="none" {WHISKERS}/>',
    ),
    "owl": (
        "#e6def4",
        f'<path d="M24 30L26 12L40 24z" fill="#7b5ea7" {OUTLINE}/>'
        f'<path d="M76 30L74 12L60 24z" fill="#7b5ea7" {OUTLINE}/>'
        f'<ellipse cx="50" cy="56" rx="30" ry="34" fill="#7b5ea7" {OUTLINE}/>'
        '<ellipse cx="50" cy="78" rx="17" ry="10" fill="#c7b5e3"/>'
        '<path d="M42 74Q45 77 48 74M52 74Q55 77 58 74M47 81Q50 84 53 81" fill="none" '
        'stroke="#7b5ea7" stroke-width="1.5"/>'
        f'<circle cx="38" cy="46" r="12" fill="#ffffff" {OUTLINE}/>'
        f'<circle cx="62" cy="46" r="12" fill="#ffffff" {OUTLINE}/>'
        '<circle cx="38" cy="46" r="7" fill="#f2a93b"/>'
        '<circle cx="62" cy="46" r="7" fill="#f2a93b"/>'
        + _eyes(46, 12, 4)
        + f'<path d="M45 58H55L50 67z" fill="#f2a93b" {OUTLINE}/>',
    ),
    "fox": (
        "#fde0c8",
        f'<path d="M18 46L22 12L44 32z" fill="#d9581c" {OUTLINE}/>'
        f'<path d="M82 46L78 12L56 32z" fill="#d9581c" {OUTLINE}/>'
        '<path d="M25 38L26 22L37 31z" fill="#3b2a1a"/>'
        '<path d="M75 38L74 22L63 31z" fill="#3b2a1a"/>'
        f'<path d="M14 44Q50 20 86 44L56 84Q50 90 44 84z" fill="#d9581c" {OUTLINE}/>'
        '<path d="M16 46Q30 44 50 80Q42 86 40 80zM84 46Q70 44 50 80Q58 86 60 80z" fill="#ffffff"/>'
        f'<path d="M14 44Q50 20 86 44L56 84Q50 90 44 84z" fill="none" {OUTLINE}/>'
        + _eyes(52, 12, 4)
        + f'<circle cx="50" cy="80" r="5" fill="{EYE}"/>',
    ),
}


def animal_svg(animal: str, label: str | None = None, css: str = "animal") -> Markup:
    """The animal's face on its disc, `css` its class. With a `label` it is an image of that
    name; without one it is hidden from screen readers (the button or text beside it names
    the child). KeyError for an animal that is not one of ours."""
    disc, body = _BODIES[animal]
    named = (
        f'role="img" aria-label="{escape(label, quote=True)}"'
        if label is not None
        else 'aria-hidden="true"'
    )
    return Markup(
        f'<svg class="{escape(css)} animal-{animal}" viewBox="0 0 100 100" {named} '
        f'focusable="false"><circle cx="50" cy="50" r="49" fill="{disc}"/>{body}</svg>'
    )
