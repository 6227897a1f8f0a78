"""Sentences about a battle, in the language of the `translations` passed in.

Every sentence is whole for the translator; numbers and names are the only placeholders.
`translations` is a `babel.support.Translations` (Flask-Babel hands one over per request),
so this layer needs no Flask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from kidswar.game.cards import Card, Rank
from kidswar.game.records import Battle, Outcome, Reason
from kidswar.game.table import Seat


class Translations(Protocol):
    """The part of `gettext.NullTranslations` the sentences use."""

    def gettext(self, message: str) -> str: ...  # noqa: D102
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...  # noqa: D102
    def pgettext(self, context: str, message: str) -> str: ...  # noqa: D102


@dataclass(frozen=True)
class Description:
    """What to show and say about a battle: sentences, a comparison like `7 > 4`, a rule step."""

    sentences: tuple[str, ...]
    symbol: str | None
    step: int  # the easy rule step this battle shows (see rules_text.EASY_STEPS)


def seat_names(seats: Sequence[Seat], t: Translations) -> list[str]:
    """Each seat's name: the one typed, else "Computer" (one) or "Player 2" / "Computer 3"."""
    computers = sum(seat.computer for seat in seats)
    names = []
    for number, seat in enumerate(seats, start=1):
        if seat.name:
            names.append(seat.name)
        elif seat.computer and computers == 1:
            names.append(t.gettext("Computer"))
        else:
            text = t.gettext("Computer %(number)d") if seat.computer else \
                t.gettext("Player %(number)d")
            names.append(text % {"number": number})
    return names


def rank_name(rank: Rank, t: Translations) -> str:
    """A rank as the sentences say it: the number for 2-10, the word for a face card."""
    words = {Rank.JACK: t.pgettext("rank", "Jack"), Rank.QUEEN: t.pgettext("rank", "Queen"),
             Rank.KING: t.pgettext("rank", "King"), Rank.ACE: t.pgettext("rank", "Ace")}
    return words.get(rank, str(rank.value))


def describe(battle: Battle, names: Sequence[str], lowest_wins: bool,
             t: Translations) -> Description:
    """Describe a battle: the tie (if any), who took the cards and why, or how the game ended."""
    sentences: list[str] = []
    ups = [card for card in battle.cards]
    tied = battle.tied
    if len(tied) > 1:
        in_battle = sum(card is not None for card in battle.cards)
        sentences.append(_tie_sentence(len(tied), in_battle, battle.best, lowest_wins, t))
    for war_round in battle.rounds:
        for lay in war_round.lays:
            if lay.up is not None:
                ups[lay.seat] = lay.up
        if len(war_round.tied) > 1 and war_round is not battle.rounds[-1]:
            sentences.append(t.gettext("The same again: peace again!") if lowest_wins
                             else t.gettext("The same again: war again!"))
        tied = war_round.tied
    fighters = battle.rounds[-1].fighters if battle.rounds else tuple(
        seat for seat, card in enumerate(battle.cards) if card is not None)
    symbol = None
    if battle.winner is not None and not battle.forfeited:
        best_card = ups[battle.winner]
        assert best_card is not None
        others = [ups[seat] for seat in fighters if seat != battle.winner]
        sentence, symbol = _take_sentence(best_card, others, names[battle.winner],
                                          len(battle.taken), lowest_wins, t)
        sentences.append(sentence)
    elif battle.forfeited:
        sentences.append(_forfeit_sentence(battle, names, t))
    elif battle.outcome is not None and battle.outcome.reason is Reason.STALEMATE:
        sentences.append(t.gettext("Nobody has a card left to lay: the game is a draw."))
    step = 6 if battle.rounds or len(tied) > 1 else 4
    if battle.outcome is not None and battle.outcome.winner is not None:
        step = 7
    return Description(tuple(sentences), symbol, step)


def _tie_sentence(count: int, fighters: int, value: int, lowest_wins: bool,
                  t: Translations) -> str:
    """Say that the best card is shared: war (or, in Peace, peace)."""
    values = {"rank": rank_name(Rank(value), t), "count": count}
    if count == fighters == 2:
        text = (t.gettext("Both turned a %(rank)s: peace!") if lowest_wins
                else t.gettext("Both turned a %(rank)s: war!"))
    elif lowest_wins:
        text = t.ngettext("%(count)d player turned a %(rank)s: peace!",
                          "%(count)d players turned a %(rank)s: peace!", count)
    else:
        text = t.ngettext("%(count)d player turned a %(rank)s: war!",
                          "%(count)d players turned a %(rank)s: war!", count)
    return text % values


def _take_sentence(best: Card, others: list[Card | None], name: str, taken: int,
                   lowest_wins: bool, t: Translations) -> tuple[str, str | None]:
    """Say which card is bigger (or smaller, in Peace) and who takes how many cards."""
    values = {"best": rank_name(best.rank, t), "name": name, "count": taken}
    cards = [card for card in others if card is not None]
    if len(cards) == 1:
        values["other"] = rank_name(cards[0].rank, t)
        if lowest_wins:
            text = t.ngettext("%(best)s is smaller than %(other)s, so %(name)s takes %(count)d card.",
                              "%(best)s is smaller than %(other)s, so %(name)s takes %(count)d cards.",
                              taken)
        else:
            text = t.ngettext("%(best)s is bigger than %(other)s, so %(name)s takes %(count)d card.",
                              "%(best)s is bigger than %(other)s, so %(name)s takes %(count)d cards.",
                              taken)
        sign = "<" if lowest_wins else ">"
        return text % values, f"{best.rank.value} {sign} {cards[0].rank.value}"
    if lowest_wins:
        text = t.ngettext("%(best)s is the smallest card, so %(name)s takes %(count)d card.",
                          "%(best)s is the smallest card, so %(name)s takes %(count)d cards.", taken)
    else:
        text = t.ngettext("%(best)s is the biggest card, so %(name)s takes %(count)d card.",
                          "%(best)s is the biggest card, so %(name)s takes %(count)d cards.", taken)
    return text % values, None


def _forfeit_sentence(battle: Battle, names: Sequence[str], t: Translations) -> str:
    """Say who could not lay a whole war, and what follows."""
    if battle.winner is None:
        return t.gettext("Neither player has enough cards for the war: the game is a draw.")
    loser = battle.forfeited[0]
    return t.gettext("%(loser)s does not have enough cards for the war, so %(winner)s takes "
                     "every card.") % {"loser": names[loser], "winner": names[battle.winner]}


def outcome_sentence(outcome: Outcome, names: Sequence[str], battles: int,
                     t: Translations) -> str:
    """Say how the game ended: who won and why, or why it is a draw."""
    values = {"name": "" if outcome.winner is None else names[outcome.winner],
              "battles": battles, "names": ", ".join(names[seat] for seat in outcome.seats)}
    if outcome.reason is Reason.ALL_CARDS:
        text = t.gettext("%(name)s collected every card and wins!")
    elif outcome.reason is Reason.BATTLE_LIMIT:
        text = t.ngettext("%(battles)d battle and nobody has every card: the game is a draw.",
                          "%(battles)d battles and nobody has every card: the game is a draw.",
                          battles)
    elif outcome.reason is Reason.STALEMATE:
        text = t.gettext("Stalemate: nobody could lay another card. The game is a draw.")
    elif outcome.reason is Reason.FORFEIT:
        text = (t.gettext("%(name)s wins: the other player could not lay a whole war.")
                if outcome.winner is not None else
                t.gettext("Neither player could lay a whole war: the game is a draw."))
    elif outcome.winner is not None:
        text = t.gettext("Time is up: %(name)s has the most cards and wins!")
    else:
        text = t.gettext("Time is up: %(names)s have the most cards. It is a draw.")
    return text % values
