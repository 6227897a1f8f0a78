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
from kidswar.words.phrase_keys import (
    FORFEIT_NEITHER,
    NOBODY_LEFT,
    PEACE_AGAIN,
    WAR_AGAIN,
    forfeit_key,
    outcome_key,
    seat_voice,
    sum_tie_key,
    takes_key,
    tie_sentence_key,
)
from kidswar.words.said import Said, clips, signs_said, unsaid
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
    # Everything shown, in order, each with the clips the voice says for it: `sentences` and
    # the `symbol` before `compared`; `phrases` are these clips.
    said: tuple[Said, ...] = ()

    @property
    def step(self) -> int:
        """The number of that step among the easy rules (1 first), to highlight beside the table."""
        return rules_text.step_number(self.step_id)


def voice_name(voice: str, t: Translations) -> str:
    """A seat's name as the voice says it (`phrase_keys.seat_voice`): "Player 1", "Computer",
    "Computer 3"; also the name shown for a seat that has no name typed."""
    kind, _, number = voice.partition("-")
    if kind == "animal":  # a child's seat: "Fox", never the name typed beside it
        return animal_name(number, t)
    if kind == "computer" and not number:
        return t.gettext("Computer")
    if kind == "computer":
        return t.gettext("Computer %(number)d") % {"number": int(number)}
    return t.gettext("Player %(number)d") % {"number": int(number)}


def seat_voices(seats: Sequence[Seat]) -> list[str]:
    """How the voice names each seat (`phrase_keys.seat_voice`), whatever name was typed."""
    computers = sum(seat.computer for seat in seats)
    return [
        f"animal-{seat.animal}" if seat.animal else seat_voice(number, seat.computer, computers)
        for number, seat in enumerate(seats, start=1)
    ]


def seat_names(seats: Sequence[Seat], t: Translations) -> list[str]:
    """Each seat's name: the one typed, else the animal of the child practising there ("Cat"),
    else "Computer" (one) or "Player 2" / "Computer 3": what the voice calls the seat."""
    return [
        seat.name or voice_name(voice, t)
        for seat, voice in zip(seats, seat_voices(seats), strict=True)
    ]


def takes_sentence(name: str, count: int, t: Translations) -> str:
    """Who takes the cards: "Ana takes 2 cards."."""
    return t.ngettext(
        "%(name)s takes %(count)d card.",
        "%(name)s takes %(count)d cards.",
        count,
    ) % {"name": name, "count": count}


def describe(
    battle: Battle,
    names: Sequence[str],
    rules: Rules,
    t: Translations,
    voices: Sequence[str] | None = None,
) -> Description:
    """Describe a battle: the tie (if any), which card (or sum) was best, who took how many.

    In Addition War every seat's cards are added first ("Three and four make seven."), in the
    battle and in each war round, and the sums are compared instead of cards. `voices`: how
    the voice names each seat (`seat_voices`; by default "Player 1", "Player 2", ...): a
    sentence naming a seat is said with that name, never with one typed.
    """
    if voices is None:
        voices = [seat_voice(number, False, 0) for number in range(1, len(names) + 1)]
    lowest_wins = rules.variant.lowest_wins
    sums = battle_sums(battle, rules, t) if rules.variant is Variant.ADDITION else ()
    said: list[Said] = []
    for index in range(len(battle.rounds) + 1):
        for seat_sum in sums[index] if sums else ():
            said.append(Said(seat_sum.sentence, (seat_sum.phrase,), "quiet"))
        if index == 0 and len(battle.tied) > 1:
            in_battle = sum(card is not None for card in battle.cards)
            count = len(battle.tied)
            if sums:
                tie = sum_tie_sentence(count, in_battle, battle.best, t)
                key = sum_tie_key(count, in_battle, battle.best)
            else:
                tie = tie_sentence(count, in_battle, battle.best, lowest_wins, t)
                key = tie_sentence_key(count, in_battle, battle.best, lowest_wins)
            said.append(Said(tie, (key,)))
        if 0 < index < len(battle.rounds) and len(battle.rounds[index - 1].tied) > 1:
            said.append(
                Said(t.gettext("The same again: peace again!"), (PEACE_AGAIN,))
                if lowest_wins
                else Said(t.gettext("The same again: war again!"), (WAR_AGAIN,))
            )
    standing = standing_numbers(battle)
    fighters = (
        battle.rounds[-1].fighters
        if battle.rounds
        else tuple(seat for seat, card in enumerate(battle.cards) if card is not None)
    )
    symbol, compared = None, None
    if battle.forfeited:
        said.append(forfeit_said(battle, names, voices, t))
    elif battle.winner is not None:
        best = standing[battle.winner]
        others = [standing[seat] for seat in fighters if seat != battle.winner]
        if sums:
            compared, symbol = best_sum_sentence(best, others, t)
            phrase = best_sum_phrase(best, others)
        else:
            compared, symbol = best_sentence(best, others, lowest_wins, t)
            phrase = best_phrase(best, others, lowest_wins)
        if symbol is not None:
            said.append(unsaid(signs_said(symbol)))  # the sentence below says it
        said.append(Said(compared, (phrase,)))
        taken = len(battle.taken)
        said.append(
            Said(
                takes_sentence(names[battle.winner], taken, t),
                (takes_key(voices[battle.winner], taken),),
            )
        )
    else:
        said.append(Said(t.gettext("Nobody has a card left to lay."), (NOBODY_LEFT,)))
    step = rules_text.STEP_WAR if battle.rounds or len(battle.tied) > 1 else rules_text.STEP_TAKE
    if battle.outcome is not None and battle.outcome.winner is not None:
        step = rules_text.STEP_WIN
    sentences = tuple(each.shown for each in said if each.kind != "signs")
    return Description(sentences, symbol, step, clips(said), compared, sums, tuple(said))


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
    return forfeit_names(names[battle.forfeited[0]], names[battle.winner], t)


def forfeit_names(loser: str, winner: str, t: Translations) -> str:
    """Say that `loser` could not lay a whole war, so `winner` takes every card."""
    # Translators: the names are often the defaults ("Player 1"): take care that no word for
    # "player" comes next to a name (Turkish "Oyuncu 1 oyuncusunun" said "Player 1's player").
    return t.gettext(
        "%(loser)s does not have enough cards for the war, so %(winner)s takes every card."
    ) % {"loser": loser, "winner": winner}


def forfeit_said(
    battle: Battle, names: Sequence[str], voices: Sequence[str], t: Translations
) -> Said:
    """The forfeit as shown (with the names typed), and its clip (with the seats' voices)."""
    if battle.winner is None:
        return Said(forfeit_sentence(battle, names, t), (FORFEIT_NEITHER,))
    loser = battle.forfeited[0]
    return Said(
        forfeit_sentence(battle, names, t),
        (forfeit_key(voices[loser], voices[battle.winner]),),
    )


WON = (Reason.ALL_CARDS, Reason.FORFEIT, Reason.TIME_UP)  # the reasons a game can be won for


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
    if outcome.winner is not None and outcome.reason in WON:
        return winner_sentence(outcome.reason, names[outcome.winner], t)
    tied = format_list([names[seat] for seat in outcome.seats], locale=locale)  # "A and B"
    values = {"battles": format_count(battles, locale), "names": tied}
    if outcome.reason is Reason.BATTLE_LIMIT:
        text = t.ngettext(
            "%(battles)s battle and nobody has every card: the game is a draw.",
            "%(battles)s battles and nobody has every card: the game is a draw.",
            battles,
        )
    elif outcome.reason is Reason.STALEMATE:
        text = t.gettext("Stalemate: nobody could lay another card. The game is a draw.")
    elif outcome.reason is Reason.FORFEIT:
        text = t.gettext("Neither player could lay a whole war: the game is a draw.")
    else:
        text = t.gettext("Time is up: %(names)s have the most cards. The game is a draw.")
    if outcome.reason is Reason.BATTLE_LIMIT and counts:
        return " ".join((text % values, most_cards_sentence(names, counts, t, locale)))
    return text % values


def winner_sentence(reason: Reason, name: str, t: Translations) -> str:
    """Say who won the game and why (a reason of `WON`)."""
    values = {"name": name}
    if reason is Reason.ALL_CARDS:
        return t.gettext("%(name)s collected every card and wins!") % values
    if reason is Reason.FORFEIT:
        return t.gettext("%(name)s wins: the other player could not lay a whole war.") % values
    return t.gettext("Time is up: %(name)s has the most cards and wins!") % values


def outcome_said(
    outcome: Outcome,
    names: Sequence[str],
    voices: Sequence[str],
    battles: int,
    t: Translations,
    locale: str = "en",
    counts: Sequence[int] = (),
) -> Said:
    """How the game ended, as shown (`outcome_sentence`) and said: a win with the winner's
    voice ("Player 1 collected every card and wins!"), a stalemate or a war neither could lay
    as it is. A draw that names the seats that shared the most cards, or counts battles, is
    shown but not said (its names and numbers have no closed set of clips)."""
    shown = outcome_sentence(outcome, names, battles, t, locale, counts)
    reason = outcome.reason
    if outcome.winner is not None and reason in WON:
        return Said(shown, (outcome_key(reason.value, voices[outcome.winner]),), "outcome")
    if reason in (Reason.STALEMATE, Reason.FORFEIT):
        return Said(shown, (outcome_key(reason.value),), "outcome")
    return Said(shown, (), "outcome")


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
