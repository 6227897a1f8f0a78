"""Battles per second of the engine's fast path, beside a minimal loop of the same rules.

Run from the repository root: `.venv/bin/python benchmarks/engine.py [--quick]`
(`--variant` and `--deck`, each repeatable, run only some configurations).

For each preset x deck x 2, 3, 4 players x pickup (shuffled, as-laid), with the other options
at their defaults, this plays the same seeded deals with `Game.deal(...).play_to_end()` and
with a plain deque loop written here as a yardstick (it is not part of the package):
`play_minimal` for the one-card presets, `play_minimal_pairs` for Addition War. Each side is
timed 5 times, alternating, and the median battles/second is printed. The two must agree game
by game (battles and winner), so the ratio compares the same work.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import deque
from collections.abc import Callable

from kidswar.game.cards import Rank
from kidswar.game.engine import Game
from kidswar.game.rules import Deck, Pickup, Rules, Variant

VARIANTS = tuple(variant.value for variant in Variant)  # every preset, in the pages' order
DECKS = ("full", "numbers")
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


def play_minimal_pairs(
    hands: list[list[int]],
    shuffle: Callable[[list[int]], None] | None,
    limit: int,
) -> Result:
    """Play one game of Addition War (last-card shortage, everyone fights) on card values."""
    stacks = [deque(hand) for hand in hands]
    total = sum(len(hand) for hand in hands)
    seats = range(len(stacks))
    for battle in range(1, limit + 1):
        live = [seat for seat in seats if stacks[seat]]
        table: list[int] = []
        up: dict[int, int] = {}
        for seat in live:  # two cards each, or the one card a player has left
            stack = stacks[seat]
            first = stack.popleft()
            table.append(first)
            if stack:
                second = stack.popleft()
                table.append(second)
                up[seat] = first + second
            else:
                up[seat] = first
        while True:
            best = max(up.values())
            tied = [seat for seat in live if up[seat] == best]
            if len(tied) == 1:
                break
            if not any(stacks[seat] for seat in live):
                return battle, None  # stalemate: nobody fighting can lay a card
            for seat in live:  # none down; two up, or what is left (an empty stack keeps its sum)
                stack = stacks[seat]
                if stack:
                    first = stack.popleft()
                    table.append(first)
                    if stack:
                        second = stack.popleft()
                        table.append(second)
                        up[seat] = first + second
                    else:
                        up[seat] = first
        if shuffle is not None:
            shuffle(table)
        stacks[tied[0]].extend(table)
        if len(stacks[tied[0]]) == total:
            return battle, tied[0]
    return limit, None  # the battle limit: a draw


def run_minimal(rules: Rules, seeds: range) -> list[Result]:
    """Deal each seed as `Game.deal` does and play it with `play_minimal(_pairs)`."""
    shuffled = rules.pickup is Pickup.SHUFFLED
    numbers = rules.deck is Deck.NUMBERS
    results: list[Result] = []
    for seed in seeds:
        rng = random.Random(seed)
        deck = list(rules.deck.cards)  # the cards in the engine's order before its shuffle
        rng.shuffle(deck)
        if numbers:  # the ace counts 1
            hands = [
                [1 if c.rank is Rank.ACE else c.rank.value for c in deck[seat :: rules.players]]
                for seat in range(rules.players)
            ]
        else:
            hands = [
                [card.rank.value for card in deck[seat :: rules.players]]
                for seat in range(rules.players)
            ]
        # Like the engine, the same seeded stream goes on to shuffle the pickups.
        shuffle = rng.shuffle if shuffled else None
        if rules.variant is Variant.ADDITION:
            results.append(play_minimal_pairs(hands, shuffle, rules.battle_limit))
        else:
            results.append(
                play_minimal(
                    hands,
                    rules.face_down,
                    rules.variant.lowest_wins,
                    shuffle,
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
            f"note: {name(rules)} plays different games in the engine and the minimal loop",
            file=sys.stderr,
        )
    return statistics.median(engine_rates), statistics.median(minimal_rates)


def name(rules: Rules) -> str:
    """A configuration's name in the table: the deck is named when it is not the full deck."""
    deck = "" if rules.deck is Deck.FULL else f" {rules.deck.value}"
    return f"{rules.variant.value}{deck} {rules.players}p {rules.pickup.value}"


def main(argv: list[str] | None = None) -> int:
    """Benchmark every configuration (or those asked for) and print the table."""
    parser = argparse.ArgumentParser(description="Engine battles/s beside a minimal loop.")
    parser.add_argument("--quick", action="store_true", help="fewer games, for a smoke test")
    parser.add_argument("--variant", action="append", choices=VARIANTS, help="only this preset")
    parser.add_argument("--deck", action="append", choices=DECKS, help="only this deck")
    args = parser.parse_args(argv)
    # Fixed seeds, so every run (and both implementations) plays the very same deals.
    seeds = range(1, 1 + (40 if args.quick else 500))
    print(
        f"Python {sys.version.split()[0]}, {len(seeds)} games per configuration, "
        f"median of {REPEATS} runs"
    )
    header = f"{'config':<30} {'engine battles/s':>17} {'minimal battles/s':>18} {'ratio':>6}"
    print(header)
    print("-" * len(header))
    # The full deck first, in the order of the earlier tables; then the little deck.
    for deck in DECKS:
        for variant in VARIANTS:
            if (args.deck and deck not in args.deck) or (
                args.variant and variant not in args.variant
            ):
                continue
            for players in PLAYERS:
                for pickup in PICKUPS:
                    rules = Rules.from_options(variant, players, pickup=pickup, deck=deck)
                    engine, minimal = bench(rules, seeds)
                    print(
                        f"{name(rules):<30} {engine:>17,.0f} {minimal:>18,.0f} "
                        f"{engine / minimal:>6.2f}",
                        flush=True,
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
