"""The small bar chart of game lengths on the setup page, drawn by the app as inline SVG.

No style attribute (the pages' policy forbids them): colours come from classes in style.css.
The chart is an image with a text alternative; the sentences beside it carry the figures.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from kidswar.words.estimates import Estimate

WIDTH, HEIGHT = 320, 120
AXIS = 18  # room under the bars for the axis labels
GAP = 2


def histogram_svg(figures: Estimate, label: str) -> Markup:
    """Bars for the bins of `figures`, the median marked, 0 and the battle limit underneath."""
    tallest = max(figures.bins) or 1
    width = WIDTH / len(figures.bins)
    room = HEIGHT - AXIS - 4
    parts = [
        f'<svg class="histogram" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" focusable="false">'
    ]
    for index, count in enumerate(figures.bins):
        height = round(room * count / tallest, 1)
        x = round(index * width + GAP / 2, 1)
        y = round(HEIGHT - AXIS - height, 1)
        parts.append(
            f'<rect class="bar" x="{x}" y="{y}" width="{round(width - GAP, 1)}" height="{height}"/>'
        )
    median_x = round(WIDTH * min(figures.median, figures.limit) / figures.limit, 1)
    parts.append(
        f'<line class="median" x1="{median_x}" x2="{median_x}" y1="0" y2="{HEIGHT - AXIS}"/>'
    )
    parts.append(
        f'<line class="axis" x1="0" x2="{WIDTH}" y1="{HEIGHT - AXIS}" y2="{HEIGHT - AXIS}"/>'
    )
    baseline = HEIGHT - 4
    parts.append(f'<text x="0" y="{baseline}" class="tick">0</text>')
    parts.append(f'<text x="{WIDTH}" y="{baseline}" class="tick end">{figures.limit}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
