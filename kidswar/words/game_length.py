"""The sentences and labels that say how long a game usually lasts (see `estimates`).

Whole sentences for the translator (the one naming the variant is in `variant_names`); the
counts are written by Babel in the page's locale, so a thousand battles reads "1,000" or
"1.000".
"""

from __future__ import annotations

import math

from kidswar.words.catalogs import Translations
from kidswar.words.estimates import SECONDS_PER_BATTLE, Estimate
from kidswar.words.numbers import format_count
from kidswar.words.variant_names import length_sentence


def estimate_sentences(figures: Estimate, t: Translations, locale: str) -> tuple[str, str]:
    """Two whole sentences: the usual length in battles, then in minutes at the usual pace."""
    median = math.floor(figures.median + 0.5)
    low, high = math.floor(figures.p10 + 0.5), math.floor(figures.p90 + 0.5)
    values = {
        "players": figures.players,
        "median": format_count(median, locale),
        "low": format_count(low, locale),
        "high": format_count(high, locale),
    }
    battles = length_sentence(figures.variant, figures.players, t) % values
    minutes = figures.minutes(figures.median)
    timing_values = {
        "minutes": format_count(minutes, locale),
        "low": format_count(figures.minutes(figures.p10), locale),
        "high": format_count(figures.minutes(figures.p90), locale),
        "seconds": SECONDS_PER_BATTLE,
    }
    # Translators: "%(seconds)d" is always 3 or more, the minutes are whole numbers.
    timing = (
        t.ngettext(
            "At one battle every %(seconds)d seconds that is about %(minutes)s minute "
            "(mostly %(low)s to %(high)s minutes).",
            "At one battle every %(seconds)d seconds that is about %(minutes)s minutes "
            "(mostly %(low)s to %(high)s minutes).",
            minutes,
        )
        % timing_values
    )
    return battles, timing


def histogram_label(figures: Estimate, t: Translations, locale: str) -> str:
    """The text alternative of the histogram: what it shows, in whole sentences."""
    median = math.floor(figures.median + 0.5)
    values = {
        "games": format_count(figures.games, locale),
        "limit": format_count(figures.limit, locale),
        "at_limit": format_count(figures.at_limit, locale),
        "median": format_count(median, locale),
    }
    shown = (
        t.ngettext(
            "A bar chart of the lengths of %(games)s simulated game, from 0 to %(limit)s battles.",
            "A bar chart of the lengths of %(games)s simulated games, from 0 to %(limit)s battles.",
            figures.games,
        )
        % values
    )
    half = (
        t.ngettext(
            "Half of them were over within %(median)s battle.",
            "Half of them were over within %(median)s battles.",
            median,
        )
        % values
    )
    drawn = (
        t.ngettext(
            "The last bar, set apart: %(at_limit)s game reached the limit of %(limit)s "
            "battles and was a draw.",
            "The last bar, set apart: %(at_limit)s games reached the limit of %(limit)s "
            "battles and were a draw.",
            figures.at_limit,
        )
        % values
    )
    return " ".join((shown, half, drawn))


def draw_bar_label(figures: Estimate, t: Translations, locale: str) -> str:
    """The words under the chart's last bar: the games that reached the limit were a draw."""
    # Translators: under the last bar of a small chart of game lengths, which counts the games
    # that reached the battle limit and so were a draw ("%(limit)s" is that limit, like 1,000).
    # Keep it short: it has the width of a phone's screen with "0" at the other end.
    text = t.ngettext("%(limit)s battle: a draw", "%(limit)s battles: a draw", figures.limit)
    return text % {"limit": format_count(figures.limit, locale)}
