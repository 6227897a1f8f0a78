"""Many seeded games in a row, summarised: how long War usually lasts and who wins.

`kidswar simulate` prints this, and the app uses it to tell a family how long a game runs.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass
from typing import Any

from kidswar.game.engine import Game
from kidswar.game.records import Reason
from kidswar.game.rules import Rules

DRAW_REASONS = (Reason.BATTLE_LIMIT, Reason.STALEMATE, Reason.FORFEIT)
# A million games take minutes; more is a typing slip, and every game's seed is drawn first,
# so `--games 99999999999999999999` would fill the memory before it failed.
MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Summary:
    """The figures of a simulation: game lengths in battles, wins per seat, draws by reason."""

    games: int
    mean: float
    median: float
    p10: float
    p90: float
    total: int
    lengths: tuple[int, ...]  # every game's number of battles, in the order played
    wins: tuple[int, ...]
    draws: dict[str, int]
    seconds: float

    @property
    def games_per_second(self) -> float:
        """How many games were played per second of wall-clock time."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        """The object `kidswar simulate --json` prints."""
        return {
            "games": self.games,
            "battles": {
                "mean": self.mean,
                "median": self.median,
                "p10": self.p10,
                "p90": self.p90,
                "total": self.total,
            },
            "wins": list(self.wins),
            "draws": dict(self.draws),
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 3),
        }


def game_seeds(seed: int, games: int) -> list[int]:
    """The deal seed of each game: drawn from `seed`, so runs with nearby seeds do not overlap."""
    rng = random.Random(seed)
    return [rng.getrandbits(64) for _ in range(games)]


def simulate(rules: Rules, games: int, seed: int) -> Summary:
    """Deal and play `games` seeded games to their end and summarise them."""
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(
            f"the number of games must be a whole number of at least 1 and at most "
            f"{MAX_GAMES:,}, not {games!r}"
        )
    wins = [0] * rules.players
    draws = {reason.value: 0 for reason in DRAW_REASONS}
    lengths = []
    started = time.perf_counter()
    for deal_seed in game_seeds(seed, games):
        game = Game.deal(rules, deal_seed)
        outcome = game.play_to_end()
        lengths.append(game.battles)
        if outcome.winner is None:
            draws[outcome.reason.value] += 1
        else:
            wins[outcome.winner] += 1
    seconds = time.perf_counter() - started
    return Summary(
        games,
        statistics.fmean(lengths),
        statistics.median(lengths),
        *percentiles(lengths),
        total=sum(lengths),
        lengths=tuple(lengths),
        wins=tuple(wins),
        draws=draws,
        seconds=seconds,
    )


def percentiles(values: list[int]) -> tuple[float, float]:
    """The 10th and 90th percentiles (inclusive method; a single value is its own)."""
    if len(values) == 1:
        return float(values[0]), float(values[0])
    deciles = statistics.quantiles(values, n=10, method="inclusive")
    return deciles[0], deciles[-1]
