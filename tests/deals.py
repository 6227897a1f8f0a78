"""Known deals for tests: replace a stored game's cards before its first battle."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kidswar.game.cards import CARDS, Card, parse_cards
from kidswar.game.engine import Game
from kidswar.game.rules import Deck
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


def whole_deck(
    players: int, seed: int, war_at: int | None = None, cards: Sequence[Card] = CARDS
) -> list[list[Card]]:
    """The 52 cards (or the deck `cards`) dealt round robin from a seeded shuffle; with
    `war_at`, the first two seats turn cards of one rank in that battle."""
    deck = list(cards)
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


def with_wars(
    database: str | Path,
    game_id: str,
    turns: int,
    wars: int = 2,
    seats_at_war: int = 2,
    cards: Sequence[Card] = CARDS,
) -> list[list[Card]]:
    """Redeal the game `game_id` with the first whole-deck deal (seeds 0, 1, 2 ...; of `cards`,
    e.g. the little deck's 40) whose first `turns` battles hold at least `wars` wars, one of
    them fought by `seats_at_war` seats or more; returns the hands. Played out here with the
    game's own rules, so the deal is known."""
    db = connect(database)
    try:
        stored = load_game(db, game_id)
        assert stored is not None, f"no game {game_id}"
        rules, players = stored.setup.rules, len(stored.game.hands)
    finally:
        db.close()
    for seed in range(5000):
        hands = whole_deck(players, seed, cards=cards)
        game = Game(rules, hands)
        battles = [game.play_battle() for _turn in range(turns) if not game.is_over]
        fought = [battle for battle in battles if battle.rounds]
        if len(fought) >= wars and any(len(b.tied) >= seats_at_war for b in fought):
            redeal(database, game_id, hands)
            return hands
    raise AssertionError(f"no deal of {players} with {wars} wars in {turns} battles")


def one_sided(cards: Sequence[Card], deck: Deck) -> list[list[Card]]:
    """Two hands of `cards`: seat 1 the higher half, high to low, seat 2 the lower half; each
    battle seat 1's card is the higher, so the game ends after len(cards) // 2 battles."""
    ordered = sorted(cards, key=deck.value_of, reverse=True)
    half = len(ordered) // 2
    first, second = ordered[:half], ordered[half:]
    assert deck.value_of(first[-1]) > deck.value_of(second[0]), "no strictly higher half"
    return [first, second]


def write_deal(tmp_path: Path, deal: Any) -> str:
    """Write a deal file and return its path."""
    path = tmp_path / "deal.json"
    path.write_text(deal if isinstance(deal, str) else json.dumps(deal))
    return str(path)
