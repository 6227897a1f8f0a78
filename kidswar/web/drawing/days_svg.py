"""The small bar chart of a child's practice days on the progress page, as inline SVG.

One bar a day for the last days (oldest on the left): its whole height the questions asked
that day, its dark part the right answers. No style attribute (the pages' policy): colours
come from classes in children.css, which prints them too. The chart is an image with a text
alternative; the figures are also listed beside it in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH, HEIGHT = 320, 120
AXIS = 18  # room under the bars for the first and last day's dates
GAP = 3


@dataclass(frozen=True)
class DayBar:
    """One day of the chart: questions asked and answered right (0 and 0: not played)."""

    asked: int
    right: int


def days_svg(days: Sequence[DayBar], label: str, first: str, last: str) -> Markup:
    """Bars for `days` (oldest first), `first` and `last` the dates written under the ends,
    `label` the text alternative."""
    tallest = max((day.asked for day in days), default=0) or 1
    width = WIDTH / max(len(days), 1)
    room = HEIGHT - AXIS - 4
    parts = [
        f'<svg class="days-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" focusable="false">'
    ]
    for index, day in enumerate(days):
        x = round(index * width + GAP / 2, 1)
        bar_width = round(width - GAP, 1)
        for count, kind in ((day.asked, "asked"), (day.right, "right")):
            if count:
                height = round(room * count / tallest, 1)
                y = round(HEIGHT - AXIS - height, 1)
                parts.append(
                    f'<rect class="{kind}" x="{x}" y="{y}" width="{bar_width}" height="{height}"/>'
                )
    parts.append(
        f'<line class="axis" x1="0" x2="{WIDTH}" y1="{HEIGHT - AXIS}" y2="{HEIGHT - AXIS}"/>'
    )
    baseline = HEIGHT - 4
    parts.append(f'<text x="0" y="{baseline}" class="tick">{escape(first)}</text>')
    parts.append(f'<text x="{WIDTH}" y="{baseline}" class="tick end">{escape(last)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
