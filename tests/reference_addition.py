"""A second, independent implementation of docs/rules.md, to check the engine against.

Written from the contract alone (it imports nothing from `kidswar`): the `full` and `numbers`
decks, the four presets (`standard`, `three-down`, `peace`, `addition`), 2 to 4 players and
every rule option. It plays a deal given in the replay contract's form and gives the replay
result and a plain log of every battle. It is kept simple rather than fast: card texts in
lists, one function per step of "A battle".

Where the contract leaves the mechanism open, this does the plain thing, which is also what
the engine does, so the two can be compared game by game:
- `shuffled` pickup: the winner's table, in the order laid, is shuffled with one
  `random.Random(seed)` per game, one `shuffle` call per battle won (not for a forfeit, where
  the contract gives the order).
- `deal_cards`: the deck is shuffled with `random.Random(seed)` and dealt round robin; its order
  before the shuffle is this module's own (by suit, then rank), so seeded deals differ from the
  engine's and only statistics can be compared.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

SUITS = ("C", "D", "H", "S")
FULL_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NUMBER_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
FACE_DOWN = {"standard": 1, "three-down": 3, "peace": 5, "addition": 0}


def card_value(card: str, deck: str) -> int:
    """The number a card counts for (docs/rules.md, "Cards")."""
    rank = card[:-1]
    if deck == "numbers":
        if rank in ("J", "Q", "K"):
            raise ValueError(f"{card} is not in the numbers deck")
        return 1 if rank == "A" else int(rank)
    return {"J": 11, "Q": 12, "K": 13, "A": 14}.get(rank) or int(rank)


def deck_cards(deck: str) -> list[str]:
    """Every card of the deck, in this module's own order."""
    ranks = NUMBER_RANKS if deck == "numbers" else FULL_RANKS
    return [rank + suit for suit in SUITS for rank in ranks]


def deal_cards(deck: str, players: int, seed: int) -> list[list[str]]:
    """A seeded shuffle of the whole deck, dealt one card at a time from seat 1."""
    cards = deck_cards(deck)
    random.Random(seed).shuffle(cards)
    return [cards[seat::players] for seat in range(players)]


@dataclass
class Reference:
    """One game, set up from a deal in the replay contract's form."""

    deal: dict[str, Any]
    hands: list[list[str]] = field(init=False)
    battles: int = 0
    result: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        """Read the deal and its options, with the contract's defaults."""
        deal = self.deal
        self.variant = deal["variant"]
        self.deck = deal.get("deck", "full")
        self.hands = [list(hand) for hand in deal["hands"]]
        self.limit = deal.get("battle_limit", 1000)
        self.shortage = deal.get("shortage", "last-card")
        self.pickup = deal.get("pickup", "shuffled")
        self.who_fights = deal.get("who_fights", "everyone")
        self.rng = random.Random(deal.get("seed", 0))
        self.down = FACE_DOWN[self.variant]
        self.up = 2 if self.variant == "addition" else 1
        self.total = sum(len(hand) for hand in self.hands)
        for hand in self.hands:
            for card in hand:
                card_value(card, self.deck)  # a J, Q or K in a numbers game is an error

    def number(self, cards: list[str]) -> int:
        """A player's number: the sum of the values of their face-up cards."""
        return sum(card_value(card, self.deck) for card in cards)

    def best(self, numbers: dict[int, int], seats: list[int]) -> list[int]:
        """The seats among `seats` with the best number (Peace: the lowest)."""
        pick = min if self.variant == "peace" else max
        top = pick(numbers[seat] for seat in seats)
        return [seat for seat in seats if numbers[seat] == top]

    def take(self, seat: int, count: int) -> list[str]:
        """The top `count` cards of a seat's stack, taken off it."""
        cards, self.hands[seat] = self.hands[seat][:count], self.hands[seat][count:]
        return cards

    def play_battle(self) -> dict[str, Any]:
        """One battle, steps 1 to 7; returns what happened, as plain values."""
        players = len(self.hands)
        in_game = [seat for seat in range(players) if self.hands[seat]]
        table: list[str] = []
        numbers: dict[int, int] = {}
        turned: list[list[str]] = [[] for _ in range(players)]
        # 1. Everyone in the game turns their top card (in addition: two; one if one is all).
        for seat in in_game:
            turned[seat] = self.take(seat, min(self.up, len(self.hands[seat])))
            table += turned[seat]
            numbers[seat] = self.number(turned[seat])
        sums = [numbers.get(seat) for seat in range(players)]
        tied = self.best(numbers, in_game)
        log: dict[str, Any] = {
            "turned": turned,
            "sums": sums,
            "best": numbers[tied[0]],
            "tied": tied,
            "rounds": [],
        }
        fighters = tied if self.who_fights == "tied" else in_game
        end: tuple[str, int | None] | None = None
        taken: list[str] = []
        # 3. A shared best is a war, repeated while the best is shared again.
        while len(tied) > 1:
            if self.shortage == "forfeit":
                short = [seat for seat in fighters if len(self.hands[seat]) < self.down + self.up]
                if short:
                    end, taken = self.forfeit(short, table)
                    log["forfeited"] = short
                    break
            if not any(self.hands[seat] for seat in fighters):
                end = ("stalemate", None)  # 5. Nobody fighting can lay a card.
                break
            lays = []
            for seat in fighters:
                held = len(self.hands[seat])
                if held >= self.down + self.up:
                    down_count = self.down
                else:  # 4. Running short: max(0, min(d, k - u)) down and the rest up.
                    down_count = max(0, min(self.down, held - self.up))
                down = self.take(seat, down_count)
                up = self.take(seat, held - down_count if held < self.down + self.up else self.up)
                table += down + up
                if up:  # with nothing to lay, the number from before still counts
                    numbers[seat] = self.number(up)
                lays.append({"seat": seat, "down": down, "turned": up})
            tied = self.best(numbers, fighters)
            log["rounds"].append(
                {
                    "fighters": list(fighters),
                    "lays": lays,
                    "sums": [numbers[seat] for seat in fighters],
                    "best": numbers[tied[0]],
                    "tied": list(tied),
                }
            )
            if self.who_fights == "tied":
                fighters = tied
        winner: int | None
        if end is None and len(tied) == 1:
            winner = tied[0]
            if self.pickup == "shuffled":
                self.rng.shuffle(table)
            self.hands[tied[0]] += table
            taken = table
            if len(self.hands[tied[0]]) == self.total:  # 6. Holding every card wins.
                end = ("all-cards", winner)
        else:  # a stalemate or a forfeit: the forfeit's winner, if any, took `taken`
            winner = None if end is None else end[1]
        log["winner"], log["taken"] = winner, taken
        self.battles += 1
        if end is None and self.battles >= self.limit:  # 7. The battle limit: a draw.
            end = ("battle-limit", None)
        if end is not None:
            self.result = {
                "result": "draw" if end[1] is None else "win",
                "winner": end[1],
                "reason": end[0],
                "battles": self.battles,
                "hands": [list(hand) for hand in self.hands],
            }
        log["counts"] = [len(hand) for hand in self.hands]
        return log

    def forfeit(
        self, short: list[int], table: list[str]
    ) -> tuple[tuple[str, int | None], list[str]]:
        """A player short of a whole war loses: the other takes the table as laid, then the
        short player's stack. Both short at once: a draw, each keeps what they hold."""
        if len(short) == 2:
            return ("forfeit", None), []
        loser = short[0]
        winner = 1 - loser
        taken = table + self.take(loser, len(self.hands[loser]))
        self.hands[winner] += taken
        return ("forfeit", winner), taken

    def play(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """Play to the end: the replay result and the log of every battle."""
        logs = []
        while self.result is None:
            logs.append(self.play_battle())
        return self.result, logs
