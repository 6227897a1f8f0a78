"""Battles per second of the engine's fast path, beside a minimal loop of the same rules.

Run from the repository root: `.venv/bin/python benchmarks/engine.py [--quick]`.

For each preset x 2, 3, 4 players x pickup (shuffled, as-laid), with the other options at their
defaults, this plays the same seeded deals with `Game.deal(...).play_to_end()` and with
`play_minimal` below, a plain deque loop written here as a yardstick (it is not part of the
package). Each side is timed 5 times, alternating, and the median battles/second is printed.
The two must agree game by game (battles and winner), so the ratio compares the same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable

from kidswar.game.cards import CARDS
from kidswar.game.engine import Game
from kidswar.game.rules import Pickup, Rules

VARIANTS = ("standard", "three-down", "peace")
PLAYERS = (2, 3, 4)
PICKUPS = ("shuffled", "as-laid")
REPEATS = 5
Result = tuple[int, int | None]  # (battles played, winning seat or None for a draw)


def play_minimal(
    hands: list[list[int]],
    face_down: int,
    lowest_wins: bool,
    shuffle: Callable[[list[int]], None] | None,
    limit: int,
) -> Result:
    """Play one game of War (last-card shortage, everyone fights) on deques of rank values."""
    stacks = [deque(hand) for hand in hands]
    total = sum(len(hand) for hand in hands)
    pick = min if lowest_wins else max  # Peace: the lowest rank takes the table
    seats = range(len(stacks))
    for battle in range(1, limit + 1):
        live = [seat for seat in seats if stacks[seat]]
        up = {seat: stacks[seat].popleft() for seat in live}
        table = list(up.values())
        while True:
            best = pick(up.values())
            tied = [seat for seat in live if up[seat] == best]
            if len(tied) == 1:
                break
            if not any(stacks[seat] for seat in live):
                return battle, None  # stalemate: nobody fighting can lay a card
            for seat in live:  # who_fights = everyone: all of this battle's players lay
                stack = stacks[seat]
                if stack:  # an empty stack keeps its last face-up card in `up`
                    for _ in range(min(face_down, len(stack) - 1)):
                        table.append(stack.popleft())
                    up[seat] = stack.popleft()
                    table.append(up[seat])
        if shuffle is not None:
            shuffle(table)
        stacks[tied[0]].extend(table)
        if len(stacks[tied[0]]) == total:
            return battle, tied[0]
    return limit, None  # the battle limit: a draw


def run_minimal(rules: Rules, seeds: range) -> list[Result]:
    """Deal each seed as `Game.deal` does and play it with `play_minimal`."""
    shuffled = rules.pickup is Pickup.SHUFFLED
    results: list[Result] = []
    for seed in seeds:
        rng = random.Random(seed)
        deck = list(CARDS)
        rng.shuffle(deck)
        hands = [
            [card.rank.value for card in deck[seat :: rules.players]]
            for seat in range(rules.players)
        ]
        # Like the engine, the same seeded stream goes on to shuffle the pickups.
        results.append(
            play_minimal(
                hands,
                rules.face_down,
                rules.variant.lowest_wins,
                rng.shuffle if shuffled else None,
                rules.battle_limit,
            )
        )
    return results


def run_engine(rules: Rules, seeds: range) -> list[Result]:
    """Deal and play each seed on the engine's fast path."""
    results: list[Result] = []
    for seed in seeds:
        game = Game.deal(rules, seed)
        outcome = game.play_to_end()
        results.append((game.battles, outcome.winner))
    return results


def timed(
    run: Callable[[Rules, range], list[Result]], rules: Rules, seeds: range
) -> tuple[float, list[Result]]:
    """Battles per second of one pass of `run` over `seeds`, and its results."""
    started = time.perf_counter()
    results = run(rules, seeds)
    seconds = time.perf_counter() - started
    return sum(battles for battles, _ in results) / seconds, results


def bench(rules: Rules, seeds: range) -> tuple[float, float]:
    """Median battles/second of the engine and of the minimal loop, checked to agree."""
    engine_rates: list[float] = []
    minimal_rates: list[float] = []
    for _ in range(REPEATS):
        # Alternate the two so drift in machine speed (other load, CPU clocks) hits both alike.
        rate, engine_results = timed(run_engine, rules, seeds)
        engine_rates.append(rate)
        rate, minimal_results = timed(run_minimal, rules, seeds)
        minimal_rates.append(rate)
    if rules.pickup is Pickup.AS_LAID:
        # Nothing random in play: the two must be the same game, or the ratio means nothing.
        for seed, ours, theirs in zip(seeds, engine_results, minimal_results, strict=True):
            assert ours == theirs, f"{rules} seed {seed}: engine {ours} != minimal {theirs}"
    elif engine_results != minimal_results:
        # Shuffled games match too today (both shuffle equal-length tables from one stream),
        # but only as-laid is promised; say so rather than fail if the engine's RNG use changes.
        print(
            f"note: {rules.variant.value} {rules.players}p shuffled plays different games "
            "in the engine and the minimal loop",
            file=sys.stderr,
        )
    return statistics.median(engine_rates), statistics.median(minimal_rates)


def main(argv: list[str] | None = None) -> int:
    """Benchmark every configuration and print the table."""
    parser = argparse.ArgumentParser(description="Engine battles/s beside a minimal loop.")
    parser.add_argument("--quick", action="store_true", help="fewer games, for a smoke test")
    args = parser.parse_args(argv)
    # Fixed seeds, so every run (and both implementations) plays the very same deals.
    seeds = range(1, 1 + (40 if args.quick else 500))
    print(
        f"Python {sys.version.split()[0]}, {len(seeds)} games per configuration, "
        f"median of {REPEATS} runs"
    )
    header = f"{'config':<26} {'engine battles/s':>17} {'minimal battles/s':>18} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    for variant in VARIANTS:
        for players in PLAYERS:
            for pickup in PICKUPS:
                rules = Rules.from_options(variant, players, pickup=pickup)
                engine, minimal = bench(rules, seeds)
                config = f"{variant} {players}p {pickup}"
                print(
                    f"{config:<26} {engine:>17,.0f} {minimal:>18,.0f} {engine / minimal:>6.2f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
