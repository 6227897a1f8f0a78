"""The repository's simulated children on the learning ladder: a table per model.

Run from the repository root: `.venv/bin/python benchmarks/children.py [--runs N] [--days D]`
(defaults: 200 runs, 5 days of two drills of 10 questions).

The children are tests/children_models.py's (docs/learning.md, "Simulated children"). Two
tables, each over seeded runs on the game layer's rules (`pair_choice.next_question`,
`Progress.record`), so a run is one run:

1. **Promoted**: from each of the first five levels, the share of runs in which the next level
   was offered within the days (no offer taken), and the day of the first offer: the median
   over the runs offered it, and the share of those offered it on the second day.
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

from kidswar.game.ladder import DRILL_QUESTIONS, LADDER

PER_DAY = 2 * DRILL_QUESTIONS  # play_days' day: two drills


def first_offer(runs: list[int]) -> str:
    """The day of the first offer (from 1), given the question of each run's first offer: the
    median, and the share of those runs offered it on day 2."""
    if not runs:
        return f"{'-':>14}"
    days = [(question - 1) // PER_DAY + 1 for question in runs]
    second = 100 * sum(day == 2 for day in days) / len(days)
    return f"{statistics.median(days):>5.0f} ({second:>3.0f}%) "


def promoted_table(runs: int, days: int) -> None:
    """Table 1: the share of runs offered the next level, from each of the first five, and
    the day of the first offer."""
    print(f"Offered the next level within {days} days ({runs} runs from each level)")
    print(f"{'model':<16}" + "".join(f"{name:>26}" for name in FIRST_FIVE))
    print(f"{'':<16}" + f"{'share':>12}{'day (day 2)':>14}" * len(FIRST_FIVE))
    for name in models():
        cells = []
        for rung in FIRST_FIVE:
            played = [play_days(models()[name], rung, seed, days=days) for seed in range(runs)]
            offered = [run.offers[0] for run in played if run.offers]
            cells.append(f"{100 * len(offered) / runs:>11.1f}%" + first_offer(offered))
        print(f"{name:<16}" + "".join(cells))


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
