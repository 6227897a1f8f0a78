"""A practice game at a table on a level of the ladder: the level chooses the deck, the
question and the numbers dealt; the deal chooses the cards.

A table plays War, so a rung becomes rules: its deck (the little deck, whose ace is 1, or the
whole deck with its face cards), and the variant that asks its question: "bigger?" in War,
"smaller?" in Peace, "which sum is bigger?" in Addition War. "The biggest" of three cards is
War's question at a table of three or four. The rest of the rules (seats, time, limits) stay
as the table chose them. A class round that picks a level deals its tables these rules too.

A practice table deals the numbers of its level (docs/rules.md, "Dealing"): only the deck's
cards from the rung's lowest value to its highest ("First numbers" the twenty cards 1 to 5),
and on the rung of close numbers a deal arranged so that every battle of dealt cards is a close
pair or a tie (`close_hands`). Its answers count in the child's progress as the drill's do
(`counted`; docs/learning.md, "Where the ladder is played").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from kidswar.game.cards import Card
from kidswar.game.deal import shuffle_and_deal
from kidswar.game.engine import Game
from kidswar.game.ladder import CLOSE_GAP, DRILL_QUESTIONS, Ask, Rung
from kidswar.game.pair_choice import TIE_EVERY
from kidswar.game.progress import Progress
from kidswar.game.records import Battle
from kidswar.game.rules import Deck, Rules, Variant

VARIANTS = {
    Ask.BIGGER: Variant.STANDARD,
    Ask.BIGGEST: Variant.STANDARD,
    Ask.SMALLER: Variant.PEACE,
    Ask.BIGGER_SUM: Variant.ADDITION,
}
# Tries at a random deal of close battles before the one that always fits (`_close_groups`):
# a random try fits nearly always, and each is drawn from the same seeded generator.
CLOSE_TRIES = 50


def table_rules(rung: Rung, rules: Rules) -> Rules:
    """`rules` with the deck and the question of `rung` (ValueError if they cannot be played,
    as `Rules` says)."""
    variant = VARIANTS[rung.ask]
    return replace(rules, variant=variant, deck=rung.deck, face_down=variant.face_down)


def level_cards(rung: Rung, deck: Deck) -> tuple[Card, ...]:
    """The cards of `deck` a table on `rung` deals: those from its lowest value to its highest,
    in the order of `Deck.cards`."""
    return tuple(card for card in deck.cards if rung.low <= deck.value_of(card) <= rung.high)


def level_game(rung: Rung, rules: Rules, seed: int) -> Game:
    """A new game at a practice table on `rung` (its rules made by `table_rules`), dealt with
    `seed`. A rung that deals its whole deck is dealt as any game is (`Game.deal`), so such a
    table deals as it did before levels dealt their numbers; the others from their own cards."""
    cards = level_cards(rung, rules.deck)
    if cards == rules.deck.cards and not rung.close_only:
        return Game.deal(rules, seed)
    return Game(rules, level_hands(rung, rules, seed), seed)


def level_hands(rung: Rung, rules: Rules, seed: int) -> list[list[Card]]:
    """The hands of a practice table on `rung`, one a seat, top card first: the rung's cards
    shuffled with `seed` and dealt round robin, or on the rung of close numbers in battles of
    close cards (`close_hands`). The same seed gives the same deal."""
    rng = random.Random(f"level {rung.name} {seed}")  # not the game's own stream of draws
    cards = list(level_cards(rung, rules.deck))
    if rung.close_only:
        return close_hands(cards, rules.deck, rules.players, rng)
    return shuffle_and_deal(cards, rules.players, rng)


def close_hands(
    cards: Sequence[Card], deck: Deck, players: int, rng: random.Random
) -> list[list[Card]]:
    """Hands whose cards, battle by battle, are close: the k-th card of every hand lie within
    CLOSE_GAP of one another (with two players a gap of 1 or 2, a tie about one battle in
    TIE_EVERY, as the drill's close rung asks).

    The seats turn their dealt cards in step (a battle takes one card of each, a war round the
    same number of each), so every battle of dealt cards is close; a war fought by the tied
    seats only, or the cards won coming back into play, may be any pair. Cards left over (the
    deck does not share out evenly) go to the bottom, round robin from seat 1.
    """
    groups = None
    for _try in range(CLOSE_TRIES):
        groups = _random_close_groups(cards, deck, players, rng)
        if groups is not None:
            break
    if groups is None:
        groups = _close_groups(cards, deck, players, rng)
    dealt = {card for group in groups for card in group}
    left = [card for card in cards if card not in dealt]
    rng.shuffle(groups)
    for group in groups:
        rng.shuffle(group)
    hands = [[group[seat] for group in groups] for seat in range(players)]
    for place, card in enumerate(left):
        hands[place % players].append(card)
    return hands


def _random_close_groups(
    cards: Sequence[Card], deck: Deck, players: int, rng: random.Random
) -> list[list[Card]] | None:
    """Groups of `players` cards within CLOSE_GAP of one another, drawn at random, the lowest
    card left first; None when a card finds no close company (then the caller tries again)."""
    pool = sorted(cards, key=lambda card: (deck.value_of(card), rng.random()))
    groups: list[list[Card]] = []
    while len(pool) >= players:
        low = pool.pop(0)
        value = deck.value_of(low)
        near = [card for card in pool if value <= deck.value_of(card) <= value + CLOSE_GAP]
        if players == 2:
            above = [card for card in near if deck.value_of(card) > value]
            tie = [card for card in near if deck.value_of(card) == value]
            near = tie if tie and (not above or rng.randrange(TIE_EVERY) == 0) else above
        if len(near) < players - 1:
            return None
        company = rng.sample(near, players - 1)
        for card in company:
            pool.remove(card)
        groups.append([low, *company])
    return groups


def _close_groups(
    cards: Sequence[Card], deck: Deck, players: int, rng: random.Random
) -> list[list[Card]]:
    """Groups that always fit: the cards in order of value, `players` at a time (each group's
    values at most one apart: the deck holds each value at least twice)."""
    ordered = sorted(cards, key=lambda card: (deck.value_of(card), rng.random()))
    whole = len(ordered) - len(ordered) % players
    return [ordered[i : i + players] for i in range(0, whole, players)]


def battle_values(battle: Battle, rules: Rules) -> tuple[int, ...]:
    """A battle's question as the ladder records one: each seat's face-up cards' values, side
    by side, seat by seat (a seat that turned none has no side)."""
    return tuple(value for cards in battle.turned for value in rules.values_of(cards))


def asks(rung: Rung, values: Sequence[int]) -> bool:
    """True if `values` are one of `rung`'s questions: its count of cards, its numbers, and
    on the rung of close numbers a close pair or a tie (as the drill deals there)."""
    return rung.holds(values) and (not rung.close_only or rung.gap(values) <= CLOSE_GAP)


def counted(
    progress: Progress,
    rung: Rung,
    values: tuple[int, ...],
    right: bool,
    answered: int,
    today: int,
    rng: random.Random,
) -> Progress:
    """The child's progress after an answer at a practice table on `rung`: the `answered`-th
    answer at this table, right or not, to the question of `values` (`battle_values`).

    A table on a level is a drill on it: the answer is recorded on the table's rung (which
    becomes the child's, as choosing it in the drill does), and the table's answers are
    numbered as a drill's questions, 1 to DRILL_QUESTIONS and again, so each ten of them is
    judged as a whole drill by the same mastery rule. A question the rung never asks (three
    cards on a rung of two, a far pair on the rung of close numbers) is not counted.
    """
    if not asks(rung, values):
        return progress
    here = progress if progress.rung == rung.name else progress.choose(rung.name, today)
    number = (answered - 1) % DRILL_QUESTIONS + 1
    return here.record(values, right, today, rng, number)
