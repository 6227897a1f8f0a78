"""The small bar chart of game lengths on the setup page, drawn by the app as inline SVG.

No style attribute (the pages' policy forbids them): colours come from classes in style.css.
The chart is an image with a text alternative; the sentences beside it carry the figures.

The bars are the games that ended before the battle limit, in equal slices of 0 to the limit;
set apart at the right end, in another colour and labelled underneath, the last bar is the
games that reached the limit and were a draw.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from kidswar.words.estimates import Estimate

WIDTH, HEIGHT = 320, 120
AXIS = 18  # room under the bars for the axis labels
GAP = 2
DRAW_WIDTH = 14  # the last bar: the games that reached the limit (a draw)
DRAW_GAP = 8  # the space that sets it apart
SLICES = WIDTH - DRAW_WIDTH - DRAW_GAP  # the width of the bars of games that ended sooner


def bar(x: float, width: float, count: int, tallest: int, kind: str = "bar") -> str:
    """One bar standing on the axis, its height in proportion to the tallest."""
    room = HEIGHT - AXIS - 4
    height = round(room * count / tallest, 1)
    y = round(HEIGHT - AXIS - height, 1)
    x, width = round(x, 1), round(width, 1)
    return f'<rect class="{kind}" x="{x}" y="{y}" width="{width}" height="{height}"/>'


def axis_with_ends(left: str, right: str) -> str:
    """The axis under the bars, `left` and `right` written under its two ends (escaped)."""
    baseline = HEIGHT - 4
    return (
        f'<line class="axis" x1="0" x2="{WIDTH}" y1="{HEIGHT - AXIS}" y2="{HEIGHT - AXIS}"/>'
        f'<text x="0" y="{baseline}" class="tick">{escape(left)}</text>'
        f'<text x="{WIDTH}" y="{baseline}" class="tick end">{escape(right)}</text>'
    )


def histogram_svg(figures: Estimate, label: str, draw_label: str) -> Markup:
    """Bars for the bins of `figures`, the median marked, the draws apart; 0 and `draw_label`
    underneath (`label` is the text alternative)."""
    tallest = max(*figures.bins, figures.at_limit) or 1
    width = SLICES / len(figures.bins)
    parts = [
        f'<svg class="histogram" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" focusable="false">'
    ]
    for index, count in enumerate(figures.bins):
        parts.append(bar(index * width + GAP / 2, width - GAP, count, tallest))
    parts.append(bar(WIDTH - DRAW_WIDTH, DRAW_WIDTH, figures.at_limit, tallest, "bar draw"))
    median_x = round(SLICES * min(figures.median, figures.limit) / figures.limit, 1)
    parts.append(
        f'<line class="median" x1="{median_x}" x2="{median_x}" y1="0" y2="{HEIGHT - AXIS}"/>'
    )
    parts.append(axis_with_ends("0", draw_label))
    parts.append("</svg>")
    return Markup("".join(parts))
