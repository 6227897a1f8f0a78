"""Known deals for tests: replace a stored game's cards before its first battle."""

from __future__ import annotations

import random
from pathlib import Path

from kidswar.game.cards import CARDS, Card, parse_cards
from kidswar.game.engine import Game
from kidswar.storage.database import connect
from kidswar.storage.games import load_game, save_move


def redeal(database: str | Path, game_id: str, hands: list[list[Card]] | list[list[str]]) -> None:
    """Replace the game `game_id` with one dealt `hands` (top card first), before battle 1."""
    db = connect(database)
    try:
        stored = load_game(db, game_id)
        assert stored is not None, f"no game {game_id}"
        cards = [parse_cards(hand) if hand and isinstance(hand[0], str) else hand for hand in hands]
        game = Game(stored.setup.rules, cards)  # type: ignore[arg-type]
        assert save_move(db, stored, game, None, ())
    finally:
        db.close()


def whole_deck(players: int, seed: int, war_at: int | None = None) -> list[list[Card]]:
    """The 52 cards dealt round robin from a seeded shuffle; with `war_at`, the first two seats
    turn cards of one rank in that battle (a war, whatever the seed)."""
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    hands = [deck[seat::players] for seat in range(players)]
    if war_at is not None:
        place = war_at - 1
        first = hands[0][place]
        twin_seat, twin_place = next(
            (seat, index)
            for seat, hand in enumerate(hands)
            for index, card in enumerate(hand)
            if card.rank == first.rank and card != first and (seat, index) != (1, place)
        )
        # Swap the twin into seat 2's battle card (keeping every card once).
        hands[1][place], hands[twin_seat][twin_place] = (
            hands[twin_seat][twin_place],
            hands[1][place],
        )
        assert hands[0][place].rank == hands[1][place].rank
    return hands
