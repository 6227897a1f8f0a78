"""How long a game usually lasts, from the engine's simulation, in battles and in minutes.

The setup page tells a family how long a game of the chosen variant, deck, number of players
and battle limit runs before they pick a time limit. The figures come from `simulate` with the
usual rule options otherwise (shuffled pickup, last card face up, everyone fights), a fixed seed
and a fixed number of games, so they are the same on every server and every visit.

The figures at the limits the setup form offers (`BATTLE_LIMIT_CHOICES`), every variant, deck
and number of players, are simulated ahead and shipped in `estimates.json`: the first family to
open a setup page waits for none of them (the slowest took half a second), and every server
process shares the file instead of simulating them again. `python -m kidswar.words.estimates`
writes it again after a change to the engine; tests/test_estimates.py fails while it is stale.
A limit typed in the form is simulated once and kept while it is in use: the most recently
asked `CACHE_SIZE` of them, a few kilobytes each, so odd limits cannot grow it without end.
The sentences that say the figures are in `game_length`.
"""

from __future__ import annotations

import functools
import json
import logging
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass
from pathlib import Path

from kidswar.game.records import Reason
from kidswar.game.rules import (
    BATTLE_LIMIT_CHOICES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Deck,
    Rules,
    Variant,
)
from kidswar.game.simulate import simulate

GAMES = 500  # enough for steady percentiles; the slowest configuration takes about 0.5 s
SEED = 1
SECONDS_PER_BATTLE = 3  # a typical pace at a table: turn, look, say who takes, pick up
BINS = 20
DEFAULT_LIMIT = Rules().battle_limit
CACHE_SIZE = 64
STORED = Path(__file__).with_name("estimates.json")  # the offered limits', simulated ahead
log = logging.getLogger(__name__)

Key = tuple[str, int, int, str]  # variant, players, limit, deck (their values)

# By variant, players, limit and deck; the least recently used first.
_cache: OrderedDict[Key, Estimate] = OrderedDict()
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
    key = key_of(rules)
    found = stored().get(key)
    if found is not None:
        return found
    with _lock:  # one simulation at a time, and one per configuration
        found = _cache.get(key)
        if found is None:
            found = _cache[key] = simulated_figures(rules)
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
        _cache.move_to_end(key)
        return found


def key_of(rules: Rules) -> Key:
    """What the figures for `rules` are kept and stored under."""
    return (rules.variant.value, rules.players, rules.battle_limit, rules.deck.value)


def simulated_figures(rules: Rules) -> Estimate:
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


def offered_rules() -> list[Rules]:
    """Every variant, number of players and deck at each battle limit the form offers: what
    is stored."""
    return [
        Rules.from_options(variant.value, players, battle_limit=limit, deck=deck.value)
        for limit in BATTLE_LIMIT_CHOICES
        for variant in Variant
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        for deck in Deck
    ]


def _header() -> dict[str, int]:
    """What the stored figures were simulated with: a file made otherwise is not used."""
    return {"games": GAMES, "seed": SEED, "bins": BINS}


@functools.cache
def stored(path: Path = STORED) -> dict[Key, Estimate]:
    """The figures simulated ahead, by key; none if the file is missing, damaged or was made
    with other settings (then each configuration is simulated on first use, as any other): a
    broken install costs a setup page some time, never its answer."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise TypeError(f"a JSON {type(data).__name__}, not an object")
        if data.get("made with") != _header():
            return {}
        figures = [Estimate(**{**item, "bins": tuple(item["bins"])}) for item in data["estimates"]]
        return {key_of(rules_of(item)): item for item in figures}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError) as error:  # unreadable, or not our figures
        log.warning("%s is damaged (%s): game lengths are simulated instead", path, error)
        return {}


def rules_of(figures: Estimate) -> Rules:
    """The rules the figures were simulated for."""
    return Rules.from_options(
        figures.variant, figures.players, battle_limit=figures.limit, deck=figures.deck
    )


def write_stored(path: Path = STORED) -> int:
    """Simulate the offered configurations and write them to `path`; returns how many."""
    figures = [asdict(simulated_figures(rules)) for rules in offered_rules()]
    # One configuration a line, so that a diff of the file shows which ones changed.
    lines = ",\n".join(f"  {json.dumps(item)}" for item in figures)
    path.write_text(
        f'{{"made with": {json.dumps(_header())},\n "estimates": [\n{lines}\n]}}\n',
        encoding="utf-8",
    )
    return len(figures)


if __name__ == "__main__":  # python -m kidswar.words.estimates: after a change to the engine
    print(f"{write_stored()} configurations written to {STORED}")
