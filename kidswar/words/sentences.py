"""Sentences about a battle, in the language of the `translations` passed in.

Every sentence is whole for the translator: names and counts are the only placeholders besides
the forms of cards and numbers (`comparisons`, `sums`). `translations` is a
`babel.support.Translations` (Flask-Babel hands one over per request), so this layer needs no
Flask.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list

from kidswar.game.records import Battle, Outcome, Reason
from kidswar.game.rules import Rules, Variant
from kidswar.game.table import Seat
from kidswar.words import rules_text
from kidswar.words.animal_names import animal_name
from kidswar.words.catalogs import Translations
from kidswar.words.comparisons import best_phrase, best_sentence, tie_sentence
from kidswar.words.numbers import format_count
from kidswar.words.phrase_keys import tie_key
from kidswar.words.sums import (
    SeatSum,
    battle_sums,
    best_sum_phrase,
    best_sum_sentence,
    sum_tie_sentence,
)


@dataclass(frozen=True)
class Description:
    """What to show and say about a battle: sentences, a comparison like `7 > 4`, a rule step."""

    sentences: tuple[str, ...]
    symbol: str | None  # the signs of the winning card's comparison, shown just before it
    step_id: str  # the id of the easy rule step this battle shows (content/war.toml)
    phrases: tuple[str, ...]  # what speech says, as phrase keys (kidswar.words.phrase_keys)
    # The sentence about the winning card ("Six is bigger than four."), one of `sentences`:
    # after the tie and the war that led to it, as the battle was played.
    compared: str | None = None
    # Addition War only (empty otherwise): each seat's cards added up, in seat order, first for
    # the battle, then for each war round; their sentences are among `sentences` too.
    sums: tuple[tuple[SeatSum, ...], ...] = ()

    @property
    def step(self) -> int:
        """The number of that step among the easy rules (1 first), to highlight beside the table."""
        return rules_text.step_number(self.step_id)


def seat_names(seats: Sequence[Seat], t: Translations) -> list[str]:
    """Each seat's name: the one typed, else the animal of the child practising there ("Cat"),
    else "Computer" (one) or "Player 2" / "Computer 3"."""
    computers = sum(seat.computer for seat in seats)
    names = []
    for number, seat in enumerate(seats, start=1):
        if seat.name:
            names.append(seat.name)
        elif seat.animal:
            names.append(animal_name(seat.animal, t))
        elif seat.computer and computers == 1:
            names.append(t.gettext("Computer"))
        elif seat.computer:
            names.append(t.gettext("Computer %(number)d") % {"number": number})
        else:
            names.append(t.gettext("Player %(number)d") % {"number": number})
    return names


def describe(battle: Battle, names: Sequence[str], rules: Rules, t: Translations) -> Description:
    """Describe a battle: the tie (if any), which card (or sum) was best, who took how many.

    In Addition War every seat's cards are added first ("Three and four make seven."), in the
    battle and in each war round, and the sums are compared instead of cards.
    """
    lowest_wins = rules.variant.lowest_wins
    sums = battle_sums(battle, rules, t) if rules.variant is Variant.ADDITION else ()
    sentences: list[str] = []
    phrases: list[str] = []
    for index in range(len(battle.rounds) + 1):
        for seat_sum in sums[index] if sums else ():
            sentences.append(seat_sum.sentence)
            phrases.append(seat_sum.phrase)
        if index == 0 and len(battle.tied) > 1:
            in_battle = sum(card is not None for card in battle.cards)
            if sums:
                sentences.append(sum_tie_sentence(len(battle.tied), in_battle, battle.best, t))
            else:
                count = len(battle.tied)
                sentences.append(tie_sentence(count, in_battle, battle.best, lowest_wins, t))
            phrases.append(tie_key(lowest_wins))
        if 0 < index < len(battle.rounds) and len(battle.rounds[index - 1].tied) > 1:
            sentences.append(
                t.gettext("The same again: peace again!")
                if lowest_wins
                else t.gettext("The same again: war again!")
            )
    standing = standing_numbers(battle)
    fighters = (
        battle.rounds[-1].fighters
        if battle.rounds
        else tuple(seat for seat, card in enumerate(battle.cards) if card is not None)
    )
    symbol, compared = None, None
    if battle.forfeited:
        sentences.append(forfeit_sentence(battle, names, t))
    elif battle.winner is not None:
        best = standing[battle.winner]
        others = [standing[seat] for seat in fighters if seat != battle.winner]
        if sums:
            compared, symbol = best_sum_sentence(best, others, t)
            phrases.append(best_sum_phrase(best, others))
        else:
            compared, symbol = best_sentence(best, others, lowest_wins, t)
            phrases.append(best_phrase(best, others, lowest_wins))
        sentences.append(compared)
        sentences.append(
            t.ngettext(
                "%(name)s takes %(count)d card.",
                "%(name)s takes %(count)d cards.",
                len(battle.taken),
            )
            % {"name": names[battle.winner], "count": len(battle.taken)}
        )
    else:
        sentences.append(t.gettext("Nobody has a card left to lay."))
    step = rules_text.STEP_WAR if battle.rounds or len(battle.tied) > 1 else rules_text.STEP_TAKE
    if battle.outcome is not None and battle.outcome.winner is not None:
        step = rules_text.STEP_WIN
    return Description(tuple(sentences), symbol, step, tuple(phrases), compared, sums)


def standing_numbers(battle: Battle) -> dict[int, int]:
    """Each seat's number at the end of a battle: its card's value (or sum), as last turned.

    A fighter that had no card left in a war round keeps the number it had (the records say so).
    """
    standing = {seat: number for seat, number in enumerate(battle.sums) if number is not None}
    for war_round in battle.rounds:
        standing.update(zip(war_round.fighters, war_round.sums, strict=True))
    return standing


def forfeit_sentence(battle: Battle, names: Sequence[str], t: Translations) -> str:
    """Say who could not lay a whole war, and what follows."""
    if battle.winner is None:
        return t.gettext("Neither player has enough cards for the war.")
    # Translators: the names are often the defaults ("Player 1"): take care that no word for
    # "player" comes next to a name (Turkish "Oyuncu 1 oyuncusunun" said "Player 1's player").
    return t.gettext(
        "%(loser)s does not have enough cards for the war, so %(winner)s takes every card."
    ) % {"loser": names[battle.forfeited[0]], "winner": names[battle.winner]}


def outcome_sentence(
    outcome: Outcome,
    names: Sequence[str],
    battles: int,
    t: Translations,
    locale: str = "en",
    counts: Sequence[int] = (),
) -> str:
    """Say how the game ended: who won and why, or why it is a draw.

    A draw at the battle limit also says who held the most cards (given `counts`), so the
    child who had more is not told only that nobody won.
    """
    tied = format_list([names[seat] for seat in outcome.seats], locale=locale)  # "A and B"
    values = {
        "name": "" if outcome.winner is None else names[outcome.winner],
        "battles": format_count(battles, locale),
        "names": tied,
    }
    if outcome.reason is Reason.ALL_CARDS:
        text = t.gettext("%(name)s collected every card and wins!")
    elif outcome.reason is Reason.BATTLE_LIMIT:
        text = t.ngettext(
            "%(battles)s battle and nobody has every card: the game is a draw.",
            "%(battles)s battles and nobody has every card: the game is a draw.",
            battles,
        )
    elif outcome.reason is Reason.STALEMATE:
        text = t.gettext("Stalemate: nobody could lay another card. The game is a draw.")
    elif outcome.reason is Reason.FORFEIT:
        text = (
            t.gettext("%(name)s wins: the other player could not lay a whole war.")
            if outcome.winner is not None
            else t.gettext("Neither player could lay a whole war: the game is a draw.")
        )
    elif outcome.winner is not None:
        text = t.gettext("Time is up: %(name)s has the most cards and wins!")
    else:
        text = t.gettext("Time is up: %(names)s have the most cards. The game is a draw.")
    if outcome.reason is Reason.BATTLE_LIMIT and counts:
        return " ".join((text % values, most_cards_sentence(names, counts, t, locale)))
    return text % values


def most_cards_sentence(
    names: Sequence[str], counts: Sequence[int], t: Translations, locale: str
) -> str:
    """Who holds the most cards: "Ana held the most cards: 32." (or two names sharing it)."""
    most = max(counts)
    holders = [names[seat] for seat, count in enumerate(counts) if count == most]
    values = {"names": format_list(holders, locale=locale), "count": most}
    if len(holders) == 1:
        return t.gettext("%(names)s held the most cards: %(count)d.") % values
    return t.gettext("%(names)s held the most cards: %(count)d each.") % values
