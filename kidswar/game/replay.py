"""The replay contract of docs/rules.md: a deal as JSON in, the game's result as JSON out."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from kidswar.game.cards import format_cards, parse_cards
from kidswar.game.engine import Game
from kidswar.game.records import Battle
from kidswar.game.rules import MAX_PLAYERS, MIN_PLAYERS, Rules

DEAL_FIELDS = (
    "variant",
    "deck",
    "hands",
    "battle_limit",
    "shortage",
    "who_fights",
    "pickup",
    "seed",
)


def parse_deal(text: str) -> Game:
    """Read one deal written as JSON and set up its game, or raise ValueError saying why not."""
    try:
        deal = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except RecursionError:  # thousands of brackets inside each other: no deal looks like that
        raise ValueError("not a deal: its JSON is nested far too deeply") from None
    except ValueError:  # a number of thousands of digits, which Python will not read
        raise ValueError("not a deal: a number in it has far too many digits") from None
    return deal_to_game(deal)


def deal_to_game(deal: Any) -> Game:
    """Set up the game a decoded deal describes, or raise ValueError saying what is wrong."""
    if not isinstance(deal, dict):
        raise ValueError('a deal must be a JSON object with at least "variant" and "hands"')
    unknown = sorted(set(deal) - set(DEAL_FIELDS))
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}: a deal has only " + ", ".join(DEAL_FIELDS))
    for name in ("variant", "hands"):
        if name not in deal:
            raise ValueError(f"the deal has no {name!r}")
    hands = deal["hands"]
    if not isinstance(hands, list) or not all(isinstance(hand, list) for hand in hands):
        raise ValueError('"hands" must be a list of seats, each a list of cards like "7H"')
    if not MIN_PLAYERS <= len(hands) <= MAX_PLAYERS:
        raise ValueError(
            f"War is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, "
            f"and this deal has {len(hands)}"
        )
    seed = deal.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f'"seed" must be a whole number, not {seed!r}')
    options = {
        name: deal[name]
        for name in ("deck", "battle_limit", "shortage", "who_fights", "pickup")
        if name in deal
    }
    rules = Rules.from_options(deal["variant"], len(hands), **options)
    return Game(rules, [parse_cards(hand) for hand in hands], seed=seed)


def replay(game: Game) -> Iterator[Battle]:
    """Play the game to its end, yielding each battle's record (for `--log`)."""
    while not game.is_over:
        yield game.play_battle()


def result_json(game: Game) -> dict[str, Any]:
    """The replay contract's result object for a finished game."""
    assert game.outcome is not None
    return {
        "result": game.outcome.result,
        "winner": game.outcome.winner,
        "reason": game.outcome.reason.value,
        "battles": game.battles,
        "hands": [format_cards(hand) for hand in game.hands],
    }
