"""Addition War in words: each player's cards added up, the sums compared, a tie of sums.

A child is adding numbers, so everything here says numbers, never card names: with the full
deck a jack is "eleven" ("Eleven and four make fifteen."), with the little deck the ace is
"one". Each sentence has a phrase key (`kidswar.words.phrase_keys`) so speech says it too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from kidswar.game.cards import Card
from kidswar.game.records import Battle
from kidswar.game.rules import Rules
from kidswar.words import comparisons, number_words
from kidswar.words.catalogs import Translations
from kidswar.words.phrase_keys import biggest_sum_key, one_card_key, sum_compare_key, sum_key


@dataclass(frozen=True)
class SeatSum:
    """One seat's face-up cards added up: the digits, the sentence, and its phrase key."""

    seat: int
    values: tuple[int, ...]  # the cards' values, top card first (one, for a last card)
    line: str  # "3 + 4 = 7" ("7" for a card alone)
    sentence: str  # "Three and four make seven." ("Only one card: seven.")
    phrase: str  # `sum-3-4` (`one-card-7`)

    @property
    def total(self) -> int:
        """The seat's number: the sum of its cards' values."""
        return sum(self.values)


def addition(values: Sequence[int]) -> str:
    """Values to add, in digits and signs, without the sum: `3 + 4`; a card alone: `7`."""
    return " + ".join(str(value) for value in values)


def digits(values: Sequence[int], solved: bool = True) -> str:
    """Values added, in digits and signs: `3 + 4 = 7`, or not `solved` (practice asks first)
    `3 + 4 = ?`; a card alone is just its number, `7` (nothing to add)."""
    if len(values) == 1:
        return str(values[0])
    return f"{addition(values)} = {sum(values) if solved else '?'}"


def sum_line(cards: Sequence[Card], rules: Rules, solved: bool = True) -> str:
    """A seat's face-up cards added, in digits: `3 + 4 = 7` (J 11 ... A 14, or A 1); not
    `solved`: `3 + 4 = ?`."""
    return digits(rules.values_of(cards), solved)


def sum_sentence(values: Sequence[int], t: Translations) -> str:
    """Say a seat's cards added: "Three and four make seven.", or "Only one card: seven."."""
    if len(values) == 1:
        # Translators: Addition War, a player who had one card left turned it alone; its
        # number is their sum.
        return t.gettext("Only one card: %(number)s.") % {
            "number": number_words.inside(values[0], t)
        }
    first, second = values
    # Translators: Addition War, a player's two cards added up, said to a child of four or
    # more: "Three and four make seven." (Turkish "Üç artı dört, yedi eder.": the comma keeps
    # the sum apart from the numbers added, aloud and on screen).
    return t.gettext("%(first)s and %(second)s make %(sum)s.") % {
        "first": number_words.first_addend(first, t),
        "second": number_words.inside(second, t),
        "sum": number_words.inside(first + second, t),
    }


def sum_phrase(values: Sequence[int]) -> str:
    """The phrase key of `sum_sentence`: `sum-3-4`, or `one-card-7` for a card alone."""
    if len(values) == 1:
        return one_card_key(values[0])
    first, second = values
    return sum_key(first, second)


def seat_sums(
    turned: Iterable[tuple[int, Sequence[Card]]], rules: Rules, t: Translations
) -> tuple[SeatSum, ...]:
    """Each (seat, face-up cards) that turned cards, added up, in seat order."""
    sums = []
    for seat, cards in turned:
        if not cards:  # a seat with no card left turned nothing this round
            continue
        values = rules.values_of(cards)
        sums.append(
            SeatSum(seat, values, digits(values), sum_sentence(values, t), sum_phrase(values))
        )
    return tuple(sums)


def battle_sums(battle: Battle, rules: Rules, t: Translations) -> tuple[tuple[SeatSum, ...], ...]:
    """The sums of a battle in Addition War: the battle's first, then each war round's."""
    rounds = [seat_sums(enumerate(battle.turned), rules, t)]
    for war_round in battle.rounds:
        rounds.append(seat_sums(((lay.seat, lay.turned) for lay in war_round.lays), rules, t))
    return tuple(rounds)


def sum_comparison(first: int, second: int, t: Translations) -> tuple[str, str]:
    """Compare two sums: ("Seven is bigger than six.", "7 > 6")."""
    return comparisons.compare(first, second, comparisons.NUMBERS, t)


def biggest_sum(value: int, t: Translations) -> str:
    """Say that a sum beat two or more others: "Fifteen is the biggest sum."."""
    return t.gettext("%(number)s is the biggest sum.") % {"number": number_words.subject(value, t)}


def best_sum_sentence(best: int, others: Sequence[int], t: Translations) -> tuple[str, str | None]:
    """Say why the best sum won: against one sum a comparison, against more "the biggest"."""
    if len(others) == 1:
        return sum_comparison(best, others[0], t)
    return biggest_sum(best, t), None


def best_sum_phrase(best: int, others: Sequence[int]) -> str:
    """The phrase key of `best_sum_sentence`: `sums-7-6` or `biggest-sum-15`."""
    if len(others) == 1:
        return sum_compare_key(best, others[0])
    return biggest_sum_key(best)


def sum_tie_sentence(count: int, in_battle: int, number: int, t: Translations) -> str:
    """Say that the best sum is shared: "Both sums are seven: war!" (speech says "War!")."""
    values = {"count": count, "number": number_words.inside(number, t)}
    if count == in_battle == 2:
        return t.gettext("Both sums are %(number)s: war!") % values
    return (
        t.ngettext(
            "%(count)d player has the sum %(number)s: war!",
            "%(count)d players have the same sum, %(number)s: war!",
            count,
        )
        % values
    )
