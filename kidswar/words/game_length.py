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
    if low == high == figures.limit:  # a low limit: "between 10 and 10 battles" says nothing
        battles = at_the_limit(figures.limit, t, locale)
    else:
        battles = length_sentence(figures.variant, figures.players, t) % values
    return battles, timing_sentence(figures, t, locale)


def at_the_limit(limit: int, t: Translations, locale: str) -> str:
    """The usual length when most games stop at the battle limit (set low on the full setup)."""
    # Translators: said instead of how long a game usually lasts, when the battle limit is so
    # low that most games reach it. "%(limit)s" is that limit, a whole number like 10.
    text = t.ngettext(
        "Most games reach the limit of %(limit)s battle and end in a draw.",
        "Most games reach the limit of %(limit)s battles and end in a draw.",
        limit,
    )
    return text % {"limit": format_count(limit, locale)}


def timing_sentence(figures: Estimate, t: Translations, locale: str) -> str:
    """The usual length in minutes at the usual pace, with the range when it is one."""
    minutes = figures.minutes(figures.median)
    low, high = figures.minutes(figures.p10), figures.minutes(figures.p90)
    values = {
        "minutes": format_count(minutes, locale),
        "low": format_count(low, locale),
        "high": format_count(high, locale),
        "seconds": SECONDS_PER_BATTLE,
    }
    if low == high:  # short games: "mostly 1 to 1 minutes" says nothing
        # Translators: "%(seconds)d" is always 3 or more, the minutes are a whole number.
        text = t.ngettext(
            "At one battle every %(seconds)d seconds that is about %(minutes)s minute.",
            "At one battle every %(seconds)d seconds that is about %(minutes)s minutes.",
            minutes,
        )
    else:
        # Translators: "%(seconds)d" is always 3 or more, the minutes are whole numbers.
        text = t.ngettext(
            "At one battle every %(seconds)d seconds that is about %(minutes)s minute "
            "(mostly %(low)s to %(high)s minutes).",
            "At one battle every %(seconds)d seconds that is about %(minutes)s minutes "
            "(mostly %(low)s to %(high)s minutes).",
            minutes,
        )
    return text % values


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
