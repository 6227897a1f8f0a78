"""Sentences about a battle, in the language of the `translations` passed in.

Every sentence is whole for the translator: names and counts are the only placeholders besides
the per-rank forms of `ranks`. `translations` is a `babel.support.Translations` (Flask-Babel
hands one over per request), so this layer needs no Flask.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from babel.lists import format_list

from kidswar.game.cards import Card, Rank
from kidswar.game.records import Battle, Outcome, Reason
from kidswar.game.table import Seat
from kidswar.words import ranks, rules_text
from kidswar.words.catalogs import Translations
from kidswar.words.numbers import format_count
from kidswar.words.phrase_keys import best_key, compare_key, tie_key


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

    @property
    def step(self) -> int:
        """The number of that step among the easy rules (1 first), to highlight beside the table."""
        return rules_text.step_number(self.step_id)


def seat_names(seats: Sequence[Seat], t: Translations) -> list[str]:
    """Each seat's name: the one typed, else "Computer" (one) or "Player 2" / "Computer 3"."""
    computers = sum(seat.computer for seat in seats)
    names = []
    for number, seat in enumerate(seats, start=1):
        if seat.name:
            names.append(seat.name)
        elif seat.computer and computers == 1:
            names.append(t.gettext("Computer"))
        elif seat.computer:
            names.append(t.gettext("Computer %(number)d") % {"number": number})
        else:
            names.append(t.gettext("Player %(number)d") % {"number": number})
    return names


def comparison(first: Rank, second: Rank, t: Translations) -> tuple[str, str]:
    """Compare two ranks: a whole sentence and signs, ("Seven is bigger than four.", "7 > 4")."""
    values = {"first": ranks.subject(first, t), "second": ranks.compared(second, t)}
    if first > second:
        text, sign = t.gettext("%(first)s is bigger than %(second)s."), ">"
    elif first < second:
        text, sign = t.gettext("%(first)s is smaller than %(second)s."), "<"
    else:
        values["second"] = ranks.equal_to(second, t)
        text, sign = t.gettext("%(first)s is equal to %(second)s."), "="
    return text % values, f"{first.value} {sign} {second.value}"


def describe(
    battle: Battle, names: Sequence[str], lowest_wins: bool, t: Translations
) -> Description:
    """Describe a battle: the tie (if any), which card was best, who took how many cards."""
    sentences: list[str] = []
    phrases: list[str] = []
    showing = list(battle.cards)
    if len(battle.tied) > 1:
        in_battle = sum(card is not None for card in battle.cards)
        sentences.append(
            tie_sentence(len(battle.tied), in_battle, Rank(battle.best), lowest_wins, t)
        )
        phrases.append(tie_key(lowest_wins))
    for war_round in battle.rounds:
        for lay in war_round.lays:
            if lay.up is not None:
                showing[lay.seat] = lay.up
        if len(war_round.tied) > 1 and war_round is not battle.rounds[-1]:
            sentences.append(
                t.gettext("The same again: peace again!")
                if lowest_wins
                else t.gettext("The same again: war again!")
            )
    fighters = (
        battle.rounds[-1].fighters
        if battle.rounds
        else tuple(seat for seat, card in enumerate(battle.cards) if card is not None)
    )
    symbol, compared = None, None
    if battle.forfeited:
        sentences.append(forfeit_sentence(battle, names, t))
    elif battle.winner is not None:
        best = showing[battle.winner]
        others = [
            card
            for seat, card in enumerate(showing)
            if seat in fighters and seat != battle.winner and card is not None
        ]
        assert best is not None
        compared, symbol = best_sentence(best, others, lowest_wins, t)
        sentences.append(compared)
        phrases.append(best_phrase(best, others, lowest_wins))
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
    return Description(tuple(sentences), symbol, step, tuple(phrases), compared)


def tie_sentence(count: int, in_battle: int, rank: Rank, lowest_wins: bool, t: Translations) -> str:
    """Say that the best card is shared: war (or, in Peace, peace)."""
    values = {"card": ranks.turned(rank, t), "count": count}
    if count == in_battle == 2:
        text = (
            t.gettext("Both turned %(card)s: peace!")
            if lowest_wins
            else t.gettext("Both turned %(card)s: war!")
        )
    elif lowest_wins:
        text = t.ngettext(
            "%(count)d player turned %(card)s: peace!",
            "%(count)d players turned %(card)s: peace!",
            count,
        )
    else:
        text = t.ngettext(
            "%(count)d player turned %(card)s: war!",
            "%(count)d players turned %(card)s: war!",
            count,
        )
    return text % values


def best_sentence(
    best: Card, others: list[Card], lowest_wins: bool, t: Translations
) -> tuple[str, str | None]:
    """Say why the best card won: against one card a comparison, against more "the biggest"."""
    if len(others) == 1:
        return comparison(best.rank, others[0].rank, t)
    return best_of_many(best.rank, lowest_wins, t), None


def best_of_many(rank: Rank, lowest_wins: bool, t: Translations) -> str:
    """Say that a card beat two or more others: "The queen is the biggest card."."""
    values = {"card": ranks.subject(rank, t)}
    if lowest_wins:
        return t.gettext("%(card)s is the smallest card.") % values
    return t.gettext("%(card)s is the biggest card.") % values


def best_phrase(best: Card, others: list[Card], lowest_wins: bool) -> str:
    """The phrase key speech says for the winning card (see kidswar.sound.phrases)."""
    if len(others) == 1:
        return compare_key(best.rank, others[0].rank)
    return best_key(best.rank, lowest_wins)


def forfeit_sentence(battle: Battle, names: Sequence[str], t: Translations) -> str:
    """Say who could not lay a whole war, and what follows."""
    if battle.winner is None:
        return t.gettext("Neither player has enough cards for the war.")
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
