"""How long a game usually lasts, from the engine's simulation, in battles and in minutes.

The setup page tells a family how long a game of the chosen variant, number of players and
battle limit runs before they pick a time limit. The figures come from `simulate` with the usual
rule options otherwise (shuffled pickup, last card face up, everyone fights), a fixed seed and a
fixed number of games, so they are the same on every server and every visit. Each configuration
is simulated once and kept while it is in use: the most recently asked `CACHE_SIZE` of them, a
few kilobytes each (the nine variants and numbers of players at both limits the form offers
fit, with room for typed ones), so odd limits typed in the form cannot grow it without end.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass

from kidswar.game.records import Reason
from kidswar.game.rules import Rules, Variant
from kidswar.game.simulate import simulate
from kidswar.words.catalogs import Translations
from kidswar.words.numbers import format_count

GAMES = 500  # enough for steady percentiles; the slowest configuration takes about 0.5 s
SEED = 1
SECONDS_PER_BATTLE = 3  # a typical pace at a table: turn, look, say who takes, pick up
BINS = 20
DEFAULT_LIMIT = Rules().battle_limit
CACHE_SIZE = 32

_cache: OrderedDict[tuple[str, int, int], Estimate] = OrderedDict()  # least recently used first
_lock = threading.Lock()


@dataclass(frozen=True)
class Estimate:
    """The figures for one variant, number of players and battle limit."""

    variant: str
    players: int
    games: int
    median: float  # battles
    p10: float
    p90: float
    limit: int  # the battle limit the games were played with (the histogram's right edge)
    at_limit: int  # how many games reached the battle limit and were a draw (the last bar)
    bins: tuple[int, ...]  # the other games, by length: equal slices of 0..limit battles

    def minutes(self, battles: float) -> int:
        """A number of battles in whole minutes at the typical pace (at least 1)."""
        return max(1, round(battles * SECONDS_PER_BATTLE / 60))


def estimate(variant: str, players: int, limit: int = DEFAULT_LIMIT) -> Estimate:
    """The figures for this configuration, simulated on first use and kept while in use."""
    # raises ValueError on a bad configuration (a limit out of the rules' bounds included)
    rules = Rules.from_options(variant, players, battle_limit=limit)
    key = (rules.variant.value, rules.players, rules.battle_limit)
    with _lock:  # one simulation at a time, and one per configuration
        found = _cache.get(key)
        if found is None:
            found = _cache[key] = _simulate(rules)
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
        _cache.move_to_end(key)
        return found


def _simulate(rules: Rules) -> Estimate:
    """Play the games and count their lengths into the histogram's bins and its last bar."""
    summary = simulate(rules, GAMES, SEED)
    limit = rules.battle_limit
    at_limit = summary.draws[Reason.BATTLE_LIMIT.value]
    count = min(BINS, limit)  # a limit under 20 battles: one slice per battle
    bins = [0] * count
    # A game won in the very battle the limit was reached ends in the last slice, not as a draw.
    won_at_limit = sum(1 for length in summary.lengths if length >= limit) - at_limit
    for length in summary.lengths:
        if length < limit:
            bins[(length - 1) * count // limit] += 1
    bins[-1] += won_at_limit
    return Estimate(
        rules.variant.value,
        rules.players,
        summary.games,
        summary.median,
        summary.p10,
        summary.p90,
        limit,
        at_limit,
        tuple(bins),
    )


def length_sentence(variant: str, players: int, t: Translations) -> str:
    """The usual length of a game, as a whole sentence for each variant (nothing glued)."""
    if variant == Variant.THREE_DOWN.value:
        return t.ngettext(
            "A game of Three down with %(players)d player usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            "A game of Three down with %(players)d players usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            players,
        )
    if variant == Variant.PEACE.value:
        return t.ngettext(
            "A game of Peace with %(players)d player usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            "A game of Peace with %(players)d players usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            players,
        )
    return t.ngettext(
        "A game of War with %(players)d player usually lasts about %(median)s "
        "battles; most games last between %(low)s and %(high)s battles.",
        "A game of War with %(players)d players usually lasts about %(median)s "
        "battles; most games last between %(low)s and %(high)s battles.",
        players,
    )


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
