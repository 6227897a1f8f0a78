"""Dealing: a seeded shuffle dealt round robin, and the checks an explicit deal must pass."""

from __future__ import annotations

import random
from collections.abc import Sequence

from kidswar.game.cards import CARDS, Card
from kidswar.game.rules import Rules


def deal_hands(players: int, rng: random.Random) -> list[list[Card]]:
    """Shuffle one deck with `rng` and deal it one card at a time from seat 1 (index 0)."""
    deck = list(CARDS)
    rng.shuffle(deck)
    return [deck[seat::players] for seat in range(players)]


def verify_hands(rules: Rules, hands: Sequence[Sequence[Card]]) -> None:
    """Raise ValueError unless `hands` is a deal these rules can start from."""
    if len(hands) != rules.players:
        raise ValueError(
            f"the deal has {len(hands)} seats but the rules are for {rules.players} players"
        )
    seen: set[Card] = set()
    for seat, hand in enumerate(hands, start=1):
        if not hand:
            raise ValueError(f"seat {seat} has no cards: every seat needs at least one")
        for card in hand:
            if card in seen:
                raise ValueError(f"{card} is dealt twice: each card may be dealt only once")
            seen.add(card)
