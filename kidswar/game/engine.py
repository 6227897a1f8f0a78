"""The game of War as docs/rules.md states it: dealing, battles, wars, and how a game ends.

There is one implementation of the rules: `Game._play` (one card a seat) and `Game._play_pairs`
(Addition War, two a seat) turn the battle cards, and both settle battles and fight wars
(`_war`) the same way. Each plays battles either building a `Battle` record for each (what the
app and `replay --log` show) or, on the fast path used by `play_to_end` and `simulate`, without
records; the rules themselves are the same code either way.

Stacks are kept as deques of this game's card codes, top card first: a card's value in these
rules times 8 plus its suit's place (0 to 3), so `code >> 3` is the number the card counts for
(the ace 14, or 1 with the `numbers` deck) and comparing codes compares values. The suits'
places add up to at most 6, so the sum of two codes `>> 3` is the sum of their values too:
Addition War adds codes and compares sums exactly as the other presets compare cards.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, cast

from kidswar.game.cards import Card
from kidswar.game.deal import shuffle_and_deal, verify_hands
from kidswar.game.records import Battle, Lay, Outcome, Reason, WarRound
from kidswar.game.rules import Deck, Pickup, Rules, Shortage, WhoFights
from kidswar.game.stream import restart, words_drawn

# The version of `Game.to_json`. 1: the random generator's whole state ("rng"); the `numbers`
# deck only added `"deck"` to the rules (and only when it is not the full deck), so it stayed 1.
# 2 (issue 13): the generator as its seed and the words it has drawn ("seed", "draws"), about
# 7 KB less; a game whose seed is not known (one saved as version 1) is still written as 1.
STATE_VERSION = 2
FULL_STATE_VERSION = 1


@dataclass(frozen=True)
class _Codes:
    """One deck's game codes (see the module's docstring) and the cards they stand for."""

    of_card: tuple[int, ...]  # by `Card.code`; -1 for a card not in the deck
    cards: tuple[Card, ...]  # by game code
    deck: tuple[int, ...]  # the deck's codes in the order of `Deck.cards`, before a shuffle
    # A card's text (`str(card)`, as a game is saved) by game code, and the code of each text
    # of the deck: a saved game is read and written through these, one look-up a card.
    texts: tuple[str, ...]
    of_text: dict[str, int]

    @classmethod
    def make(cls, deck: Deck) -> _Codes:
        """Work out the codes of `deck` (once per deck, when this module is imported)."""
        of_card = [-1] * 52
        cards: list[Card | None] = [None] * (15 * 8)
        for card in deck.cards:
            code = deck.value_of(card) * 8 + (card.code & 3)
            of_card[card.code] = code
            cards[code] = card
        # None only at codes no card of the deck has, which no stack ever holds.
        return cls(
            tuple(of_card),
            cast(tuple[Card, ...], tuple(cards)),
            tuple(of_card[card.code] for card in deck.cards),
            tuple("" if card is None else str(card) for card in cards),
            {str(card): of_card[card.code] for card in deck.cards},
        )

    def stacks(self, hands: Sequence[Sequence[Card]]) -> list[deque[int]]:
        """The hands as stacks of codes, top card first."""
        of_card = self.of_card
        return [deque(of_card[card.code] for card in hand) for hand in hands]

    def read_stacks(self, hands: Sequence[Sequence[str]], deck: Deck) -> list[deque[int]]:
        """Saved hands (cards as texts, top first) as stacks of codes; ValueError for a text
        that is not a card of `deck`, saying what is wrong (`Card.parse`'s words, or that the
        deck has no such card). Each card is one look-up (a game is loaded for every battle)."""
        of_text = self.of_text
        try:
            return [deque(of_text[text] for text in hand) for hand in hands]
        except (KeyError, TypeError):  # not the deck's texts as written: read them as ever
            pass
        cards = [[Card.parse(text) for text in hand] for hand in hands]
        for card in (card for hand in cards for card in hand):
            if not deck.holds(card):
                raise ValueError(f"{card} is not in the {deck.value} deck of this game")
        return self.stacks(cards)


_CODES = {deck: _Codes.make(deck) for deck in Deck}


class Game:
    """One game of War: the stacks, the battle count, the outcome and the log of battles."""

    def __init__(self, rules: Rules, hands: Sequence[Sequence[Card]], seed: int = 0) -> None:
        """Start a game from an explicit deal, one list per seat, top card first.

        `seed` drives the shuffled pickup, so a game with a seed replays exactly.
        """
        verify_hands(rules, hands)
        self._start(rules, _CODES[rules.deck].stacks(hands), random.Random(seed), (seed, 0))

    def _start(
        self,
        rules: Rules,
        stacks: list[deque[int]],
        rng: random.Random,
        origin: tuple[int, int] | None,
    ) -> None:
        """Set up a new game from a verified deal, as stacks of codes.

        `origin`: the seed `rng` was started from and a count of words it had drawn by then
        (see `kidswar.game.stream`), or None when only its whole state is known.
        """
        self.rules = rules
        self._cards = _CODES[rules.deck].cards
        self._pairs = rules.variant.face_up == 2  # Addition War: `_play_pairs`
        # What a war needs from the rules, looked up once rather than in every war.
        self._war_rules = (
            rules.face_down,
            rules.variant.face_up,
            rules.shortage is Shortage.FORFEIT,
            rules.who_fights is WhoFights.TIED,
        )
        self._stacks = stacks
        self._total = sum(len(stack) for stack in stacks)
        self._rng = rng
        self._origin = origin
        self.battles = 0
        self.outcome: Outcome | None = None
        self.log: list[Battle] = []

    @classmethod
    def deal(cls, rules: Rules, seed: int) -> Game:
        """Shuffle one deck with `seed` and deal it round robin from seat 1 (index 0)."""
        rng = random.Random(seed)
        game = cls.__new__(cls)  # a whole shuffled deck is a valid deal: no need to verify it
        # The deck's codes shuffle exactly as its cards would (see `shuffle_and_deal`).
        hands = shuffle_and_deal(list(_CODES[rules.deck].deck), rules.players, rng)
        game._start(rules, [deque(hand) for hand in hands], rng, (seed, 0))
        return game

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's stack, top card first."""
        cards = self._cards
        return [[cards[code] for code in stack] for stack in self._stacks]

    @property
    def counts(self) -> list[int]:
        """How many cards each seat holds."""
        return [len(stack) for stack in self._stacks]

    @property
    def is_over(self) -> bool:
        """True once the game has an outcome."""
        return self.outcome is not None

    def verify_can_play(self) -> None:
        """Raise ValueError if no battle can be played, because the game is over."""
        if self.outcome is not None:
            raise ValueError(f"the game is over ({self.outcome.reason.value})")

    def play_battle(self) -> Battle:
        """Play one battle, append its record to the log and return it."""
        self.verify_can_play()
        battle = self._play(1, record=True)
        assert battle is not None
        self.log.append(battle)
        return battle

    def play_to_end(self) -> Outcome:
        """Play every remaining battle on the fast path (no records) and return the outcome."""
        self.verify_can_play()
        self._play(self.rules.battle_limit - self.battles, record=False)
        assert self.outcome is not None
        return self.outcome

    def end_for_time(self) -> Outcome:
        """End the game because the time is up: the most cards wins, a tie for most is a draw.

        The caller calls this between battles, so a battle is never cut in half.
        """
        self.verify_can_play()
        counts = self.counts
        most = [seat for seat, count in enumerate(counts) if count == max(counts)]
        winner = most[0] if len(most) == 1 else None
        self.outcome = Outcome(Reason.TIME_UP, winner, tuple(most))
        return self.outcome

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON values; `Game.from_json` restores it to the same future.

        The random generator is written as its seed and the words it has drawn (a few bytes);
        only a game restored from a whole saved state, whose seed is unknown, writes that.
        """
        texts = _CODES[self.rules.deck].texts
        state: dict[str, Any] = {
            "version": STATE_VERSION,
            "rules": self.rules.to_json(),
            "hands": [[texts[code] for code in stack] for stack in self._stacks],
            "total": self._total,
            "battles": self.battles,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }
        origin = self._origin
        draws = None if origin is None else words_drawn(self._rng, *origin)
        if origin is None or draws is None:
            version, internal, gauss = self._rng.getstate()
            return {**state, "version": FULL_STATE_VERSION, "rng": [version, list(internal), gauss]}
        self._origin = (origin[0], draws)  # the next save counts on from here
        return {**state, "seed": origin[0], "draws": draws}

    @classmethod
    def from_json(cls, state: dict[str, Any]) -> Game:
        """Restore a game saved by `to_json` (the log of battles is not part of the state)."""
        version = state.get("version")
        if version not in (FULL_STATE_VERSION, STATE_VERSION):
            raise ValueError("this saved game was written by another version of kidswar")
        rules = Rules.from_options(**state["rules"])
        stacks = _CODES[rules.deck].read_stacks(state["hands"], rules.deck)
        origin: tuple[int, int] | None = None
        if version == STATE_VERSION:
            origin = (int(state["seed"]), int(state["draws"]))
            rng = restart(*origin)
        else:
            rng = random.Random()
            rng_version, internal, gauss = state["rng"]
            rng.setstate((rng_version, tuple(internal), gauss))
        game = cls.__new__(cls)  # the stacks may be empty mid-game, so skip the deal checks
        game._start(rules, stacks, rng, origin)
        game._total = int(state["total"])  # what was dealt, even if a draw left cards out
        game.battles = int(state["battles"])
        game.outcome = None if state["outcome"] is None else Outcome.from_json(state["outcome"])
        return game

    def _play(self, count: int, record: bool) -> Battle | None:
        """Play up to `count` battles (stopping when the game ends); return the last record.

        docs/rules.md, "A battle": the numbered comments are its steps. Cards are compared by
        value through their codes (`code >> 3`, see the module's docstring); the variant says
        whether the best is the highest or, in Peace, the lowest. This loop is the hot path of
        `simulate`, so the rare war is handled in `_war`, and the loop ends as soon as the game
        does. Recording plays one battle a call: the cards it turns are read before the loop
        (`_turning`) and the record is made after it, so the loop itself pays nothing for it.
        Addition War turns two cards a seat: `_play_pairs`, which settles battles as here.
        """
        assert count == 1 or not record, "a record is made of one battle a call"
        if self._pairs:
            return self._play_pairs(count, record)
        stacks, total = self._stacks, self._total
        best_of = min if self.rules.variant.lowest_wins else max
        shuffle = self._rng.shuffle if self.rules.pickup is Pickup.SHUFFLED else None
        seats = range(len(stacks))
        outcome = self.outcome
        rounds: list[WarRound] = []
        short: list[int] = []
        turning = self._turning() if record else {}
        # (The loop keeps `battles` for after it: the number of the last battle played.)
        for battles in range(self.battles + 1, self.battles + count + 1):  # noqa: B007
            # 1. Every player still in the game turns their top card face up.
            live = [seat for seat in seats if stacks[seat]]
            table = [stacks[seat].popleft() for seat in live]
            # 2. The best face-up card takes everything on the table ...
            best = best_of(table) >> 3
            # zip without strict=: `table` holds one card per seat of `live` by construction,
            # and the keyword costs about a tenth of this loop (benchmarks/engine.py).
            tied = [seat for seat, code in zip(live, table) if code >> 3 == best]  # noqa: B905
            if len(tied) > 1:  # 3. ... unless the best value is shared: war.
                tied, rounds, short = self._war(live, tied, table, best_of, record)
                if len(tied) > 1:  # a forfeit, or 5. a war round nobody could lay a card in
                    outcome = (
                        self._forfeit(short, table)
                        if short
                        else Outcome(Reason.STALEMATE, None, tuple(live))
                    )
                    break
            if shuffle is not None:
                shuffle(table)
            stack = stacks[tied[0]]
            stack.extend(table)
            if len(stack) == total:  # 6. A player holding every card wins.
                outcome = Outcome(Reason.ALL_CARDS, tied[0], (tied[0],))
                break
        # 7. After the last battle allowed, a game with no winner is a draw. Checked once
        # here rather than every battle: `count` never goes past the limit.
        self.battles, self.outcome = battles, self._after(battles, outcome)
        return self._record(turning, rounds, tied, table, short) if record else None

    def _play_pairs(self, count: int, record: bool) -> Battle | None:
        """`_play` for Addition War: each player turns two cards and the highest sum takes.

        A loop of its own, so that the one-card variants' hot loop does not pay for a choice
        in every battle. It settles battles and records them as `_play` does.
        """
        stacks, total = self._stacks, self._total
        shuffle = self._rng.shuffle if self.rules.pickup is Pickup.SHUFFLED else None
        seats = range(len(stacks))
        outcome = self.outcome
        rounds: list[WarRound] = []
        short: list[int] = []
        turning = self._turning() if record else {}
        # (The loop keeps `battles` for after it: the number of the last battle played.)
        for battles in range(self.battles + 1, self.battles + count + 1):  # noqa: B007
            # 1. Every player still in the game turns their top two cards face up, top card
            # first; a player holding one card turns it, and it is their sum. A seat's key is
            # the sum of its codes: `key >> 3` is the sum of the values (module docstring).
            live = [seat for seat in seats if stacks[seat]]
            table: list[int] = []
            keys: list[int] = []
            for seat in live:
                stack = stacks[seat]
                code = stack.popleft()
                table.append(code)
                if stack:
                    second = stack.popleft()
                    table.append(second)
                    keys.append(code + second)
                else:
                    keys.append(code)
            # 2. The highest sum takes everything on the table: the seats whose key is at least
            # the best key without its suit places have that sum (no key is above the best).
            least = max(keys) & -8
            tied = [seat for seat, key in zip(live, keys) if key >= least]  # noqa: B905
            if len(tied) > 1:  # 3. ... unless the best sum is shared: war.
                up = dict(zip(live, keys))  # noqa: B905 (one key per seat of `live`)
                tied, rounds, short = self._war(live, tied, table, max, record, up)
                if len(tied) > 1:  # a forfeit, or 5. a war round nobody could lay a card in
                    outcome = (
                        self._forfeit(short, table)
                        if short
                        else Outcome(Reason.STALEMATE, None, tuple(live))
                    )
                    break
            if shuffle is not None:
                shuffle(table)
            stack = stacks[tied[0]]
            stack.extend(table)
            if len(stack) == total:  # 6. A player holding every card wins.
                outcome = Outcome(Reason.ALL_CARDS, tied[0], (tied[0],))
                break
        # 7. After the last battle allowed, a game with no winner is a draw (as in `_play`).
        self.battles, self.outcome = battles, self._after(battles, outcome)
        return self._record(turning, rounds, tied, table, short) if record else None

    def _after(self, battles: int, outcome: Outcome | None) -> Outcome | None:
        """The outcome after `battles` battles: a draw once the battle limit is reached."""
        if outcome is None and battles >= self.rules.battle_limit:
            return Outcome(
                Reason.BATTLE_LIMIT,
                None,
                tuple(seat for seat, stack in enumerate(self._stacks) if stack),
            )
        return outcome

    def _war(
        self,
        live: list[int],
        tied: list[int],
        table: list[int],
        best_of: Callable[[Iterable[int]], int],
        record: bool,
        up: dict[int, int] | None = None,
    ) -> tuple[list[int], list[WarRound], list[int]]:
        """Fight war rounds until one seat has the best number, or nobody can go on.

        `up` holds each seat's key: its face-up card's code (by default, one card a seat of
        `live` on `table`), or in Addition War the sum of its face-up cards' codes; `>> 3` is
        its number either way (see the module's docstring). It is updated as the fighters
        lay. Returns the seats tied at the end (one: the winner), the rounds (when recording)
        and the seats too short to lay a war (`forfeit` shortage).
        """
        if up is None:
            up = dict(zip(live, table))  # noqa: B905 (one card per seat of `live`, see _play)
        stacks, cards = self._stacks, self._cards
        down_count, up_count, forfeit, tied_only = self._war_rules
        whole = down_count + up_count  # a whole war: the face-down cards and the face-up ones
        fighters = tied if tied_only else live
        rounds: list[WarRound] = []
        while len(tied) > 1:
            if forfeit:
                short = [seat for seat in fighters if len(stacks[seat]) < whole]
                if short:
                    return tied, rounds, short
            elif not any(stacks[seat] for seat in fighters):
                break  # 5. Nobody fighting has a card left to lay: stalemate.
            lays: list[Lay] = []
            for seat in fighters:  # each fighter lays this round onto the table, in seat order
                stack = stacks[seat]
                held = len(stack)
                if not held:  # 4. Nothing left: the face-up card(s) from before still count.
                    if record:
                        lays.append(Lay(seat, (), None))
                    continue
                if held >= whole:
                    down, turn = down_count, up_count
                else:  # 4. Short of a whole war (k cards): max(0, min(d, k - u)) face down and
                    # the rest (one or two cards) face up; with one card up, all but the last
                    # card down and the last one up.
                    down = max(0, min(down_count, held - up_count))
                    turn = held - down
                if down:  # (none in Addition War)
                    for _ in range(down):
                        table.append(stack.popleft())
                if turn == 1:
                    up[seat] = stack.popleft()
                    table.append(up[seat])
                else:  # Addition War: two cards up, and their key is the sum of their codes
                    code, second = stack.popleft(), stack.popleft()
                    table += (code, second)
                    up[seat] = code + second
                if record:
                    first_up = len(table) - turn
                    turned = tuple(cards[c] for c in table[first_up:])
                    laid_down = tuple(cards[c] for c in table[first_up - down : first_up])
                    lays.append(Lay(seat, laid_down, turned[0], turned))
            best = best_of([up[seat] for seat in fighters]) >> 3
            tied = [seat for seat in fighters if up[seat] >> 3 == best]
            if record:
                sums = tuple(up[seat] >> 3 for seat in fighters)
                rounds.append(WarRound(tuple(fighters), tuple(lays), best, tuple(tied), sums))
            if tied_only:
                fighters = tied
        return tied, rounds, []

    def _forfeit(self, short: list[int], table: list[int]) -> Outcome:
        """End a two-player game whose war one or both players could not lay (docs/rules.md)."""
        if len(short) == 2:  # both short at once: a draw, each keeps what they hold
            table.clear()  # what was on the table is in no hand
            return Outcome(Reason.FORFEIT, None, (0, 1))
        loser, winner = short[0], 1 - short[0]
        table += self._stacks[loser]  # the table as laid, then the short player's stack
        self._stacks[loser].clear()
        self._stacks[winner].extend(table)
        return Outcome(Reason.FORFEIT, winner, (winner,))

    def _turning(self) -> dict[int, list[int]]:
        """The codes each seat still in the game is about to turn for a battle, top card first.

        Recording plays one battle a call, so the battle's face-up cards are read off the
        stacks before it (the war rounds' are recorded in `_war`).
        """
        face_up = self.rules.variant.face_up
        return {
            seat: list(islice(stack, face_up)) for seat, stack in enumerate(self._stacks) if stack
        }

    def _record(
        self,
        turning: dict[int, list[int]],
        rounds: list[WarRound],
        tied: list[int],
        table: list[int],
        short: list[int],
    ) -> Battle:
        """Build the frozen record of the one battle just played (`_play` with `record`).

        `turning` is what `_turning` read before the battle; `tied` is who was tied at its
        end: one seat took the table; more, and nobody did (a stalemate), unless a
        forfeit's winner took it.
        """
        if len(tied) == 1:
            winner: int | None = tied[0]
        else:
            winner = None if self.outcome is None else self.outcome.winner
        seats = range(len(self._stacks))
        cards = self._cards
        sums = {seat: sum(code >> 3 for code in codes) for seat, codes in turning.items()}
        best = (min if self.rules.variant.lowest_wins else max)(sums.values())
        turned = tuple(tuple(cards[code] for code in turning.get(seat, ())) for seat in seats)
        return Battle(
            number=self.battles,
            cards=tuple(seat_cards[0] if seat_cards else None for seat_cards in turned),
            best=best,
            tied=tuple(seat for seat, number in sums.items() if number == best),
            rounds=tuple(rounds),
            winner=winner,
            taken=tuple(cards[code] for code in table) if winner is not None else (),
            counts=tuple(self.counts),
            forfeited=tuple(short),
            outcome=self.outcome,
            turned=turned,
            sums=tuple(sums.get(seat) for seat in seats),
        )
