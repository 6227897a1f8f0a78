"""How long a game usually lasts, from the engine's simulation, in battles and in minutes.

The setup page tells a family how long a game of the chosen variant and number of players runs
before they pick a time limit. The figures come from `simulate` with the usual rule options
(battle limit 1000, shuffled pickup, last card face up, everyone fights), a fixed seed and a
fixed number of games, so they are the same on every server and every visit. Each configuration
is simulated once per process and kept (nine configurations, a few kilobytes each).
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass

from kidswar.game.rules import Rules, Variant
from kidswar.game.simulate import simulate
from kidswar.words.catalogs import Translations

GAMES = 500  # enough for steady percentiles; the slowest configuration takes about 0.5 s
SEED = 1
SECONDS_PER_BATTLE = 3  # a typical pace at a table: turn, look, say who takes, pick up
BINS = 20

_cache: dict[tuple[str, int], Estimate] = {}
_lock = threading.Lock()


@dataclass(frozen=True)
class Estimate:
    """The figures for one variant and number of players."""

    variant: str
    players: int
    games: int
    median: float  # battles
    p10: float
    p90: float
    limit: int  # the battle limit the games were played with (the histogram's right edge)
    at_limit: int  # how many games reached the battle limit (a draw, the last bar)
    bins: tuple[int, ...]  # how many games ended in each equal slice of 0..limit battles

    def minutes(self, battles: float) -> int:
        """A number of battles in whole minutes at the typical pace (at least 1)."""
        return max(1, round(battles * SECONDS_PER_BATTLE / 60))


def estimate(variant: str, players: int) -> Estimate:
    """The figures for this configuration, simulated on first use and then kept."""
    rules = Rules.from_options(variant, players)  # raises ValueError on a bad configuration
    key = (rules.variant.value, rules.players)
    with _lock:  # one simulation per configuration, even when requests arrive together
        if key not in _cache:
            _cache[key] = _simulate(rules)
        return _cache[key]


def _simulate(rules: Rules) -> Estimate:
    """Play the games and count their lengths into the histogram's bins."""
    summary = simulate(rules, GAMES, SEED)
    limit = rules.battle_limit
    bins = [0] * BINS
    for length in summary.lengths:
        bins[min(BINS - 1, (length - 1) * BINS // limit)] += 1
    at_limit = sum(1 for length in summary.lengths if length >= limit)
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
            "A game of Three down with %(players)d player usually lasts about %(median)d "
            "battles; most games last between %(low)d and %(high)d battles.",
            "A game of Three down with %(players)d players usually lasts about %(median)d "
            "battles; most games last between %(low)d and %(high)d battles.",
            players,
        )
    if variant == Variant.PEACE.value:
        return t.ngettext(
            "A game of Peace with %(players)d player usually lasts about %(median)d "
            "battles; most games last between %(low)d and %(high)d battles.",
            "A game of Peace with %(players)d players usually lasts about %(median)d "
            "battles; most games last between %(low)d and %(high)d battles.",
            players,
        )
    return t.ngettext(
        "A game of War with %(players)d player usually lasts about %(median)d "
        "battles; most games last between %(low)d and %(high)d battles.",
        "A game of War with %(players)d players usually lasts about %(median)d "
        "battles; most games last between %(low)d and %(high)d battles.",
        players,
    )


def estimate_sentences(figures: Estimate, t: Translations) -> tuple[str, str]:
    """Two whole sentences: the usual length in battles, then in minutes at the usual pace."""
    median = math.floor(figures.median + 0.5)
    low, high = math.floor(figures.p10 + 0.5), math.floor(figures.p90 + 0.5)
    values = {"players": figures.players, "median": median, "low": low, "high": high}
    battles = length_sentence(figures.variant, figures.players, t) % values
    minutes = {
        "minutes": figures.minutes(figures.median),
        "low": figures.minutes(figures.p10),
        "high": figures.minutes(figures.p90),
        "seconds": SECONDS_PER_BATTLE,
    }
    # Translators: "%(seconds)d" is always 3 or more, the minutes are whole numbers.
    timing = (
        t.ngettext(
            "At one battle every %(seconds)d seconds that is about %(minutes)d minute "
            "(mostly %(low)d to %(high)d minutes).",
            "At one battle every %(seconds)d seconds that is about %(minutes)d minutes "
            "(mostly %(low)d to %(high)d minutes).",
            minutes["minutes"],
        )
        % minutes
    )
    return battles, timing


def histogram_label(figures: Estimate, t: Translations) -> str:
    """The text alternative of the histogram: what it shows, in whole sentences."""
    values = {
        "games": figures.games,
        "limit": figures.limit,
        "at_limit": figures.at_limit,
        "median": math.floor(figures.median + 0.5),
    }
    shown = (
        t.ngettext(
            "A bar chart of the lengths of %(games)d simulated game, from 0 to %(limit)d battles.",
            "A bar chart of the lengths of %(games)d simulated games, from 0 to %(limit)d battles.",
            figures.games,
        )
        % values
    )
    half = t.gettext("Half of them were over within %(median)d battles.") % values
    drawn = (
        t.ngettext(
            "%(at_limit)d game reached the limit of %(limit)d battles and was a draw.",
            "%(at_limit)d games reached the limit of %(limit)d battles and were a draw.",
            figures.at_limit,
        )
        % values
    )
    return " ".join((shown, half, drawn))
