"""The cards face up on the table, as the table template draws them: each with its badge, and
in Addition War each seat's sum under its two cards ("3 + 4 = 7").

A badge writes a card's number on it where its face does not show it: in practice every face
card and ace ("J = 11", "A = 14"), and with the little deck every ace, practice or not ("A = 1"):
a child who knows the ace as 14, or as the best card, must see that here it counts 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from kidswar.game.cards import Card
from kidswar.game.records import Battle
from kidswar.game.rules import Deck, Rules
from kidswar.storage.games import StoredGame
from kidswar.web.drawing.cards import draw_back, draw_card
from kidswar.web.services.practice_view import DrawnCard, badge
from kidswar.words.catalogs import Translations
from kidswar.words.content import peace_word
from kidswar.words.sums import sum_line


def table_badge(card: Card, rules: Rules, practice: bool) -> str | None:
    """The badge a card on the table wears: in practice, or an ace of the little deck."""
    if practice or rules.deck is Deck.NUMBERS:
        return badge(card, rules.deck)
    return None


@dataclass(frozen=True)
class Showing:
    """Face-up cards as the template draws them: each card with its badge, then their sum."""

    cards: tuple[DrawnCard, ...]
    # In Addition War every seat's number, "3 + 4 = 7" (a last card alone: "7"); else None.
    sum: str | None


@dataclass(frozen=True)
class WarLay:
    """What one seat laid in a war round: the backs, then the cards turned up."""

    seat: int
    backs: tuple[Markup, ...]
    cards: tuple[DrawnCard, ...]
    sum: str | None


def drawn(cards: Sequence[Card], rules: Rules, practice: bool) -> Showing:
    """Face-up cards as the template draws them: each card with its badge, then their sum."""
    return Showing(
        tuple(DrawnCard(draw_card(card), table_badge(card, rules, practice)) for card in cards),
        sum_line(cards, rules) if cards and rules.variant.face_up > 1 else None,
    )


def turned_cards(stored: StoredGame) -> list[tuple[Card, ...]]:
    """The cards face up in front of each seat: for a seat that turned and waits for the
    others, the card (in Addition War the two) it will play, from the top of its stack; else
    what it turned in the last battle (none before the first, or for a seat that is out)."""
    hands, last = stored.game.hands, stored.last_battle
    up = stored.setup.rules.variant.face_up
    cards: list[tuple[Card, ...]] = []
    for seat, hand in enumerate(hands):
        if seat in stored.turned and hand:
            cards.append(tuple(hand[:up]))
        else:
            cards.append(() if last is None else last.turned[seat])
    return cards


def war_rounds(
    t: Translations, battle: Battle, rules: Rules, practice: bool
) -> tuple[tuple[WarLay, ...], ...]:
    """Each war round's lays as drawable values: the backs (lettered in Peace, none in Addition
    War) and the cards turned up, with their badges and, in Addition War, their sum."""
    letters = peace_word(t) if rules.variant.lowest_wins else ""
    rounds = []
    for war_round in battle.rounds:
        lays = []
        for lay in war_round.lays:
            backs = [
                draw_back(letters[i] if i < len(letters) else None) for i in range(len(lay.down))
            ]
            up = drawn(lay.turned, rules, practice)
            lays.append(WarLay(lay.seat, tuple(backs), up.cards, up.sum))
        rounds.append(tuple(lays))
    return tuple(rounds)
