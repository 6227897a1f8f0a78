"""The tables of a class round as the projector and the teacher's page list them.

Each table with its players' card counts while the round runs, and each table's result once
time is up (the most cards wins; a tie for the most is a draw between those players).

A table that played again keeps its earlier games in the round's results (issue 13). The card
counts and the result are the table's game now: that is the game the children are counting, and
cards of different deals do not add up. Beside them, once a table has played more than one game,
how many it finished and how many games each player won, so no finished game drops out.

A round that practised (issue 11) shows more once time is up, and only then, so no table is
ranked mid-game: each table's right answers over all its games, and what the class missed most.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kidswar.game.class_round import Round
from kidswar.game.records import Outcome
from kidswar.game.rules import Variant
from kidswar.game.score import Score, combined, most_missed
from kidswar.storage.round_games import PlayedGame, round_games
from kidswar.storage.round_tables import round_tables
from kidswar.web.services.context import Context
from kidswar.words.catalogs import Translations
from kidswar.words.isolate import isolate
from kidswar.words.numbers import format_count
from kidswar.words.practice import (
    all_right,
    class_answers,
    missed_by_tables,
    missed_line,
    table_answers,
)
from kidswar.words.sentences import outcome_sentence, seat_names

TOP_MISSED = 5  # what the class missed most: a few to practise together, not a list of failures


@dataclass(frozen=True)
class BoardSeat:
    """One player at a table: name, cards held, whether they won or share a draw, games won."""

    name: str
    count: int
    best: bool
    wins: int = 0  # the table's finished games this player won outright


@dataclass(frozen=True)
class BoardTable:
    """One table of the round as listed: its name, its players, its result once over."""

    number: int
    name: str
    seats: tuple[BoardSeat, ...]
    battles: int
    result: str | None  # the outcome sentence once this table's game is over
    # A practice round once time is up (None before, and in a round without practice): the
    # table's score and "7 of 9 answers right.".
    score: Score | None = None
    answers: str | None = None
    games: int = 1  # games the table played in the round, the one now included
    finished: int = 0  # of those, the games that ended
    # The games before the one now, each in a short sentence ("Game 1: Ada won."), so a table
    # that won a game and played again never reads as the new game's draw (issue 23).
    earlier: tuple[str, ...] = ()
    played_battles: int = 0  # the battles of all its games in the round, the one now included


@dataclass(frozen=True)
class MissedPair:
    """Cards the class missed: their signs, the sentence, and how many tables missed them."""

    values: tuple[int, ...]  # best first, as a `Score` keeps them
    chain: str  # "7 > 4"
    sentence: str  # "Seven is bigger than four."
    tables: int
    tables_sentence: str  # "2 tables got this wrong."


@dataclass(frozen=True)
class ClassPractice:
    """A practice round's answers once time is up: all tables together, and the most missed."""

    right: int
    asked: int
    sentence: str  # "The class answered 40 of 52 questions right."
    missed: tuple[MissedPair, ...]  # the TOP_MISSED missed by the most tables, most first
    all_right: str | None  # said when answers were given and none was wrong


def board_tables(ctx: Context, found: Round, over: bool) -> list[BoardTable]:
    """Every table of the round with its game as it stands (games the round ended included).

    `over`: time is up; only then does a practice round list each table's answers.
    """
    db = ctx.db
    games = round_games(db, found.code)  # one query for every game of every table
    return [
        board_table(ctx, table.number, table.name, table.game_id, games.get(table.number, []), over)
        for table in round_tables(db, found.code)
    ]


def board_table(
    ctx: Context, number: int, name: str, game_id: str, played: list[PlayedGame], over: bool
) -> BoardTable:
    """One table as listed: its game now (`game_id`), with what its earlier games add."""
    t, locale = ctx.t, ctx.locale
    current = next((each for each in played if each.id == game_id), None)
    if current is None:  # cleaned up long after the round: list the table without a game
        return BoardTable(number, name, (), 0, None)
    game = current.game
    names = seat_names(current.setup.seats, t)
    outcome = game.outcome
    winners = [each.game.outcome.winner for each in played if each.game.outcome is not None]
    # In the sentences made here, each name isolated (the seats' names are isolated by the
    # templates): a right-to-left name does not reorder the sentence.
    shown = [isolate(each) for each in names]
    earlier = tuple(
        earlier_game(number, each.game.outcome, shown, t)
        for number, each in enumerate(played, start=1)
        if each.id != game_id and each.game.outcome is not None
    )
    # A game the clock ended before its first battle, after a game played to its end: nothing
    # happened in it, so it is no draw and nobody is best in it.
    unplayed = outcome is not None and game.battles == 0 and bool(earlier)
    best = set(outcome.seats) if outcome is not None and not unplayed else set()
    seats = tuple(
        BoardSeat(names[index], count, index in best, winners.count(index))
        for index, count in enumerate(game.counts)
    )
    result = None
    if outcome is not None:
        result = outcome_sentence(outcome, shown, game.battles, t, locale, game.counts)
        if len(played) > 1:
            result = game_now_result(len(played), result, unplayed, t)
    score = None
    if over and current.setup.practice:  # every game's answers, the earlier ones included
        score = combined(each.practice.score for each in played)
    answers = None if score is None else table_answers(score, t)
    return BoardTable(
        number,
        name,
        seats,
        game.battles,
        result,
        score,
        answers,
        len(played),
        len(winners),
        earlier,
        sum(each.game.battles for each in played),
    )


def earlier_game(number: int, outcome: Outcome | None, names: list[str], t: Translations) -> str:
    """A finished game before the table's game now, in a few words: who won, or a draw."""
    if outcome is None or outcome.winner is None:
        # Translators: on the projector and the teacher's page, one of a table's earlier games
        # in a class round ("Game 1: a draw.").
        return t.gettext("Game %(number)d: a draw.") % {"number": number}
    # Translators: on the projector and the teacher's page, one of a table's earlier games in a
    # class round: %(name)s is the player who won it ("Game 1: Ada won.").
    return t.gettext("Game %(number)d: %(name)s won.") % {
        "number": number,
        "name": names[outcome.winner],
    }


def game_now_result(number: int, result: str, unplayed: bool, t: Translations) -> str:
    """The result of a table's game now, when it played more than one: named by its number."""
    if unplayed:
        # Translators: on the projector and the teacher's page: a table pressed "Play again"
        # and the round's time was up before its new game's first battle.
        return t.gettext("Game %(number)d had not begun when time was up.") % {"number": number}
    # Translators: on the projector and the teacher's page: %(result)s is the whole sentence
    # saying how the table's game now ended ("Game 2: Time is up: Ada has the most cards and
    # wins!").
    return t.gettext("Game %(number)d: %(result)s") % {"number": number, "result": result}


def class_practice(ctx: Context, found: Round, tables: list[BoardTable]) -> ClassPractice | None:
    """What the class answered, once a practice round is over (`board_tables` decides that).

    None while the round runs, in a round without practice, and when no table has a game.
    """
    scores = [table.score for table in tables if table.score is not None]
    if not scores:
        return None
    t = ctx.t
    variant = found.settings.variant
    right, asked = sum(score.right for score in scores), sum(score.asked for score in scores)
    missed = []
    for values, count in most_missed(scores, TOP_MISSED):
        chain, sentence = missed_line(
            values, variant.lowest_wins, t, sums=variant is Variant.ADDITION
        )
        missed.append(MissedPair(values, chain, sentence, count, missed_by_tables(count, t)))
    return ClassPractice(
        right,
        asked,
        class_answers(right, asked, t),
        tuple(missed),
        all_right(t) if asked and not missed else None,
    )


@dataclass(frozen=True)
class ClassTogether:
    """What the whole class did, for a round shown together (no table ranked, issue 23)."""

    battles: str  # "The class played 1,204 battles."
    right: str | None  # a practice round once time is up: "The class answered 212 questions right."


def class_together(
    ctx: Context, tables: list[BoardTable], practice: ClassPractice | None
) -> ClassTogether:
    """The whole class's battles, and its right answers once a practice round is over, in the
    locale's numbers."""
    t, locale = ctx.t, ctx.locale
    battles = sum(table.played_battles for table in tables)
    # Translators: on the projector, for a class round shown together: every table's battles
    # added up ("The class played 1,204 battles.").
    played = t.ngettext(
        "The class played %(num)s battle.", "The class played %(num)s battles.", battles
    )
    right = None
    if practice is not None:
        # Translators: on the projector, for a class round shown together: every table's right
        # answers added up ("The class answered 212 questions right.").
        right = t.ngettext(
            "The class answered %(num)s question right.",
            "The class answered %(num)s questions right.",
            practice.right,
        ) % {"num": format_count(practice.right, locale)}
    return ClassTogether(played % {"num": format_count(battles, locale)}, right)


def tables_json(tables: list[BoardTable], together: bool = False) -> list[dict[str, Any]]:
    """The tables as plain JSON values (for scripts and the benchmark).

    `answers` is null but in a practice round whose time is up. `together`: the projector of a
    round shown together, which ranks no table: each table's number, name and players only.
    """
    if together:
        return [
            {
                "number": table.number,
                "name": table.name,
                "players": [seat.name for seat in table.seats],
            }
            for table in tables
        ]
    return [
        {
            "number": table.number,
            "name": table.name,
            "players": [seat.name for seat in table.seats],  # issue 23: the names, not only HTML
            "battles": table.battles,
            "counts": [seat.count for seat in table.seats],
            "over": table.result is not None,
            "games": table.games,
            "finished": table.finished,
            "wins": [seat.wins for seat in table.seats],
            "result": table.result,
            "earlier": list(table.earlier),
            "answers": None
            if table.score is None
            else {"right": table.score.right, "asked": table.score.asked, "text": table.answers},
        }
        for table in tables
    ]


def practice_json(practice: ClassPractice | None) -> dict[str, Any] | None:
    """The class's answers as plain JSON values (null but in a practice round whose time is up)."""
    if practice is None:
        return None
    return {
        "right": practice.right,
        "asked": practice.asked,
        "text": practice.sentence,
        "missed": [
            {
                "values": list(pair.values),
                "chain": pair.chain,
                "text": pair.sentence,
                "tables": pair.tables,
            }
            for pair in practice.missed
        ],
    }
