"""How long a game usually lasts, from the engine's simulation, in battles and in minutes.

The setup page tells a family how long a game of the chosen variant, deck, number of players
and battle limit runs before they pick a time limit. The figures come from `simulate` with the
usual rule options otherwise (shuffled pickup, last card face up, everyone fights), a fixed seed
and a fixed number of games, so they are the same on every server and every visit. Each
configuration is simulated once and kept while it is in use: the most recently asked
`CACHE_SIZE` of them, a few kilobytes each (the 48 variants, decks and numbers of players at
both limits the form offers fit, with room for typed ones), so odd limits typed in the form
cannot grow it without end. The sentences that say the figures are in `game_length`.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from kidswar.game.records import Reason
from kidswar.game.rules import Deck, Rules
from kidswar.game.simulate import simulate

GAMES = 500  # enough for steady percentiles; the slowest configuration takes about 0.5 s
SEED = 1
SECONDS_PER_BATTLE = 3  # a typical pace at a table: turn, look, say who takes, pick up
BINS = 20
DEFAULT_LIMIT = Rules().battle_limit
CACHE_SIZE = 64

# By variant, players, limit and deck; the least recently used first.
_cache: OrderedDict[tuple[str, int, int, str], Estimate] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Estimate:
    """The figures for one variant, number of players, battle limit and deck."""

    variant: str
    players: int
    games: int
    median: float  # battles
    p10: float
    p90: float
    limit: int  # the battle limit the games were played with (the histogram's right edge)
    at_limit: int  # how many games reached the battle limit and were a draw (the last bar)
    bins: tuple[int, ...]  # the other games, by length: equal slices of 0..limit battles
    deck: str = Deck.FULL.value  # the little deck's games are shorter: fewer cards to win

    def minutes(self, battles: float) -> int:
        """A number of battles in whole minutes at the typical pace (at least 1)."""
        return max(1, round(battles * SECONDS_PER_BATTLE / 60))


def estimate(
    variant: str, players: int, limit: int = DEFAULT_LIMIT, deck: str = Deck.FULL.value
) -> Estimate:
    """The figures for this configuration, simulated on first use and kept while in use."""
    # raises ValueError on a bad configuration (a limit out of the rules' bounds included)
    rules = Rules.from_options(variant, players, battle_limit=limit, deck=deck)
    key = (rules.variant.value, rules.players, rules.battle_limit, rules.deck.value)
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
        rules.deck.value,
    )
