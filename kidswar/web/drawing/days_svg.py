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

from kidswar.web.drawing.histogram_svg import HEIGHT, WIDTH, axis_with_ends, bar

GAP = 3  # between two days' bars (the chart's size and its axis: histogram_svg's)


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
    parts = [
        f'<svg class="days-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(label)}" focusable="false">'
    ]
    for index, day in enumerate(days):
        x = round(index * width + GAP / 2, 1)
        bar_width = round(width - GAP, 1)
        for count, kind in ((day.asked, "asked"), (day.right, "right")):
            if count:
                parts.append(bar(x, bar_width, count, tallest, kind))
    parts.append(axis_with_ends(first, last))
    parts.append("</svg>")
    return Markup("".join(parts))
