"""A short number line as inline SVG: the cards' numbers (or the sums) marked, hops counted
between them.

Drawn after a wrong answer, so the child can count from the smaller number to the bigger one.
Above a number a card's letter can stand: "K" over 13, or with the little deck "A" over 1.
Like the cards (see cards_svg), it uses no `style` attribute, no `<style>` and no ids, so it
lives under the strict Content-Security-Policy and many can share a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from kidswar.game.cards import Rank

STEP, MARGIN = 42, 30
DIGITS = 28  # the numbers' size under the line, one digit or two
FACE_ROW = 34  # room above the line for the letters of face cards (J, Q, K, A)
# The whole deck's letters over their numbers (J 11 ... A 14), as the rules teach them.
FULL_DECK_LETTERS = {rank.value: rank.symbol for rank in Rank if rank > Rank.TEN}
INK, MARK, HOP = "#1a1a1a", "#0b4f8a", "#b35900"  # each at least 4.5:1 on white
FONT = 'font-family="sans-serif" font-weight="bold" text-anchor="middle"'
MIN_TICKS = 6  # a line too short to count along is no help


def span(values: Sequence[int]) -> tuple[int, int]:
    """The numbers the line shows: one either side of the cards, at least MIN_TICKS of them
    (up to 15 for the cards, one past the bigger sum in Addition War)."""
    top = max(15, max(values) + 1)
    low, high = max(1, min(values) - 1), min(top, max(values) + 1)
    while high - low + 1 < MIN_TICKS:
        if high < top:
            high += 1
        if high - low + 1 < MIN_TICKS and low > 1:
            low -= 1
    return low, high


def number_line_svg(
    values: Sequence[int], label: str, letters: Mapping[int, str] = FULL_DECK_LETTERS
) -> str:
    """A number line marking `values` (cards 1..14, or sums up to 28) with hops from the
    smallest to the biggest, each number of `letters` lettered above it ("K" over 13).

    `label` (already translated) is its accessible name.
    """
    low, high = span(values)
    width = 2 * MARGIN + (high - low) * STEP
    faces = sorted({number for number in values if number in letters})
    line_y = 46 + (FACE_ROW if faces else 0)  # the hops need 40 units above the line
    height = line_y + 48

    def x(number: float) -> float:
        """Where a number sits along the line."""
        return MARGIN + (number - low) * STEP

    parts = [
        f'<rect x="1" y="1" width="{width - 2}" height="{height - 2}" rx="12" '
        f'fill="#ffffff" stroke="#757575" stroke-width="2"/>',
        f'<path d="M{MARGIN - 14} {line_y}H{width - 12}" stroke="{INK}" stroke-width="3"/>',
        # The arrowhead: numbers get bigger this way.
        f'<path d="M{width - 8} {line_y}l-12 -7v14z" fill="{INK}"/>',
    ]
    for number in range(low, high + 1):
        parts.append(
            f'<path d="M{x(number)} {line_y - 8}V{line_y + 8}" stroke="{INK}" '
            f'stroke-width="2"/><text x="{x(number)}" y="{line_y + 36}" '
            # Every number as big as the next: 10 is no harder to read than 9. Two bold digits
            # of 28 units are about 32 wide, so 10 11 12 still stand apart at a STEP of 42.
            f'font-size="{DIGITS}" {FONT} fill="{INK}">{number}</text>'
        )
    for number in range(min(values), max(values)):  # one hop per number counted
        parts.append(
            f'<path class="hop" d="M{x(number) + 3} {line_y - 6}Q{x(number + 0.5)} '
            f'{line_y - 40} {x(number + 1) - 3} {line_y - 6}" fill="none" '
            f'stroke="{HOP}" stroke-width="3" stroke-linecap="round"/>'
        )
    for number in sorted(set(values)):
        parts.append(f'<circle class="mark" cx="{x(number)}" cy="{line_y}" r="9" fill="{MARK}"/>')
    for number in faces:  # "K" over 13: the face card's number, as the rules teach it
        parts.append(
            f'<text x="{x(number)}" y="28" font-size="24" {FONT} '
            f'fill="{MARK}">{escape(letters[number])}</text>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'class="number-line" role="img" aria-label="{escape(label, quote=True)}" '
        f'focusable="false">{"".join(parts)}</svg>'
    )
