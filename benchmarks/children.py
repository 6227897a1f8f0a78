"""The repository's simulated children on the learning ladder: a table per model.

Run from the repository root: `.venv/bin/python benchmarks/children.py [--runs N] [--days D]`
(defaults: 200 runs, 5 days of two drills of 10 questions).

The children are tests/children_models.py's (docs/learning.md, "Simulated children"). Two
tables, each over seeded runs on the game layer's rules (`pair_choice.next_question`,
`Progress.record`), so a run is one run:

1. **Promoted**: from each of the first five levels, the share of runs in which the next level
   was offered within the days (no offer taken).
2. **Climbing**: from the first level, every offer of the next level taken: the median
   question at which each level was first reached (of the runs that reached it, and how many
   did), the share of questions that asked again a pair the child had missed, the climb
   offers and step-down offers per run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from children_models import FIRST_FIVE, models, play_days

from kidswar.game.ladder import LADDER


def promoted_table(runs: int, days: int) -> None:
    """Table 1: the share of runs offered the next level, from each of the first five."""
    print(f"Offered the next level within {days} days ({runs} runs from each level)")
    print(f"{'model':<16}" + "".join(f"{name:>12}" for name in FIRST_FIVE))
    for name in models():
        shares = []
        for rung in FIRST_FIVE:
            promoted = sum(
                play_days(models()[name], rung, seed, days=days).promoted for seed in range(runs)
            )
            shares.append(f"{100 * promoted / runs:>11.1f}%")
        print(f"{name:<16}" + "".join(shares))


def climbing_table(runs: int, days: int) -> None:
    """Table 2: climbing from the first level, every offer taken."""
    print(f"\nClimbing from the first level, {days} days, every offer taken ({runs} runs)")
    levels = [rung.name for rung in LADDER[1:]]
    print(
        f"{'model':<16}"
        + "".join(f"{name:>14}" for name in levels)
        + f"{'retries':>9}{'climbs':>8}{'downs':>7}"
    )
    for name in models():
        played = [
            play_days(models()[name], LADDER[0].name, seed, days, climbs=True)
            for seed in range(runs)
        ]
        cells = []
        for level in levels:
            reached = [run.reached[level] for run in played if level in run.reached]
            cells.append(
                f"{statistics.median(reached):>7.0f} ({len(reached):>3})"
                if reached
                else f"{'-':>14}"
            )
        asked = sum(run.asked for run in played)
        retries = sum(run.retries for run in played) / asked
        climbs = statistics.mean(len(run.offers) for run in played)
        downs = statistics.mean(run.step_downs for run in played)
        print(f"{name:<16}" + "".join(cells) + f"{100 * retries:>8.0f}%{climbs:>8.1f}{downs:>7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--days", type=int, default=5)
    args = parser.parse_args()
    began = time.perf_counter()
    promoted_table(args.runs, args.days)
    climbing_table(args.runs, args.days)
    print(f"\n{time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
