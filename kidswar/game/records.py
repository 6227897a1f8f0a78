"""Frozen records of what happened: a battle, its war rounds, and how a game ended.

The layers above draw, say and speak these; they never have to replay the rules to know what a
battle was. Every record can be written as JSON (`kidswar replay --log`, the web app).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from kidswar.game.cards import Card, format_cards, parse_cards


class Reason(enum.Enum):
    """Why a game ended."""

    ALL_CARDS = "all-cards"  # one player holds every card
    BATTLE_LIMIT = "battle-limit"  # the battle limit was reached with no winner: a draw
    STALEMATE = "stalemate"  # a war round nobody fighting could lay a card in: a draw
    FORFEIT = "forfeit"  # a player could not lay a whole war (or both could not: a draw)
    TIME_UP = "time-up"  # the clock ran out: the most cards wins, a tie for most is a draw


@dataclass(frozen=True)
class Outcome:
    """How a game ended: a win for `winner`, or a draw (between `seats`, for time-up)."""

    reason: Reason
    winner: int | None
    # The seats that share the result: the winner alone, or everyone in a draw (for time-up,
    # the seats tied for the most cards).
    seats: tuple[int, ...]

    @property
    def result(self) -> str:
        """`win` or `draw`, as the replay contract writes it."""
        return "draw" if self.winner is None else "win"

    def to_json(self) -> dict[str, Any]:
        """This outcome as plain JSON values."""
        return {
            "result": self.result,
            "winner": self.winner,
            "reason": self.reason.value,
            "seats": list(self.seats),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """Read an outcome written by `to_json`."""
        return cls(Reason(data["reason"]), data["winner"], tuple(data["seats"]))


@dataclass(frozen=True)
class Lay:
    """What one seat laid in one war round."""

    seat: int
    down: tuple[Card, ...]
    # The card turned face up (in Addition War the first of the two); None when the seat had no
    # card left and stood with what it turned before (docs/rules.md, "A battle", step 4).
    up: Card | None
    # Every card turned face up, top card first: one, in Addition War two (or one, for a seat
    # with a single card left); none when the seat had no card left.
    turned: tuple[Card, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """This lay as plain JSON values."""
        return {
            "seat": self.seat,
            "down": format_cards(self.down),
            "up": None if self.up is None else str(self.up),
            "turned": format_cards(self.turned),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Lay:
        """Read a lay written by `to_json`."""
        return cls(
            data["seat"],
            tuple(parse_cards(data["down"])),
            None if data["up"] is None else Card.parse(data["up"]),
            tuple(parse_cards(data["turned"])),
        )


@dataclass(frozen=True)
class WarRound:
    """One round of a war (or, in Peace, of making peace)."""

    fighters: tuple[int, ...]  # the seats fighting this round, in seat order
    lays: tuple[Lay, ...]  # one per fighter, in seat order
    # The best number among the fighters: the value of the best face-up card (2..14, or 1..10
    # with the `numbers` deck), in Addition War the best sum.
    best: int
    tied: tuple[int, ...]  # the fighters whose number is the best; more than one: another round
    # One per fighter, in seat order: the number it stands with this round (its card's value
    # or, in Addition War, the sum of its cards; a fighter with no card left keeps the number
    # it had before).
    sums: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """This round as plain JSON values."""
        return {
            "fighters": list(self.fighters),
            "lays": [lay.to_json() for lay in self.lays],
            "best": self.best,
            "tied": list(self.tied),
            "sums": list(self.sums),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WarRound:
        """Read a war round written by `to_json`."""
        return cls(
            tuple(data["fighters"]),
            tuple(Lay.from_json(lay) for lay in data["lays"]),
            data["best"],
            tuple(data["tied"]),
            tuple(data["sums"]),
        )


@dataclass(frozen=True)
class Battle:
    """Everything one battle did, from the cards turned to the counts after it."""

    number: int  # 1 for the game's first battle
    # Each seat's battle card (in Addition War the first of its two, see `turned`); None for a
    # seat already out.
    cards: tuple[Card | None, ...]
    # The best number: the value of the best battle card (2..14, or 1..10 with the `numbers`
    # deck), in Addition War the best sum.
    best: int
    tied: tuple[int, ...]  # the seats whose number is the best; more than one: war
    rounds: tuple[WarRound, ...]  # the war rounds, none for a battle without a tie
    winner: int | None  # who took the cards; None after a stalemate or a double forfeit
    taken: tuple[Card, ...]  # the cards the winner put under their stack, in that order
    counts: tuple[int, ...]  # each seat's number of cards after the battle
    forfeited: tuple[int, ...]  # seats that could not lay a whole war (shortage = forfeit)
    outcome: Outcome | None  # how the game ended, if this battle ended it
    # Each seat's battle cards turned face up, top card first: one, in Addition War two (one
    # for a seat holding a single card); none for a seat already out.
    turned: tuple[tuple[Card, ...], ...] = ()
    # Each seat's number: the value of its battle card or, in Addition War, the sum of the
    # values of its two; None for a seat already out.
    sums: tuple[int | None, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """This battle as plain JSON values (one line of `kidswar replay --log`)."""
        return {
            "battle": self.number,
            "cards": [None if card is None else str(card) for card in self.cards],
            "best": self.best,
            "tied": list(self.tied),
            "rounds": [war_round.to_json() for war_round in self.rounds],
            "winner": self.winner,
            "taken": format_cards(self.taken),
            "counts": list(self.counts),
            "forfeited": list(self.forfeited),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "turned": [format_cards(cards) for cards in self.turned],
            "sums": list(self.sums),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Battle:
        """Read a battle written by `to_json` (the app keeps the last one to draw it).

        A battle saved before `turned` and `sums` existed is upgraded by storage before this
        (`storage.formats.BATTLE`): the records read today's shape only.
        """
        return cls(
            number=data["battle"],
            cards=tuple(None if text is None else Card.parse(text) for text in data["cards"]),
            best=data["best"],
            tied=tuple(data["tied"]),
            rounds=tuple(WarRound.from_json(war_round) for war_round in data["rounds"]),
            winner=data["winner"],
            taken=tuple(parse_cards(data["taken"])),
            counts=tuple(data["counts"]),
            forfeited=tuple(data["forfeited"]),
            outcome=None if data["outcome"] is None else Outcome.from_json(data["outcome"]),
            turned=tuple(tuple(parse_cards(cards)) for cards in data["turned"]),
            sums=tuple(data["sums"]),
        )
