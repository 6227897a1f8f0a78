"""Dealing: a seeded shuffle dealt round robin, and the checks an explicit deal must pass."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from kidswar.game.cards import Card
from kidswar.game.rules import Rules

_Item = TypeVar("_Item")


def shuffle_and_deal(deck: list[_Item], players: int, rng: random.Random) -> list[list[_Item]]:
    """Shuffle `deck` in place with `rng` and deal it round robin from seat 1 (index 0).

    The shuffle moves every list of one length the same way, so the engine deals its codes for
    the cards (in the order of `Deck.cards`) and gets the deal the cards themselves would give.
    """
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
            if not rules.deck.holds(card):
                raise ValueError(
                    f"{card} is not in the {rules.deck.value} deck: it has only A, 2 ... 10"
                )
            seen.add(card)
