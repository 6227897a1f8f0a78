"""The tables of a class round as the projector and the teacher's page list them.

Each table with its players' card counts while the round runs, and each table's result once
time is up (the most cards wins; a tie for the most is a draw between those players).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import get_locale

from kidswar.storage.games import load_game
from kidswar.storage.rounds import Round, round_tables
from kidswar.web.db import get_db
from kidswar.web.i18n import translations
from kidswar.words.sentences import outcome_sentence, seat_names


@dataclass(frozen=True)
class BoardSeat:
    """One player at a table: name, cards held, and whether they won or share a draw."""

    name: str
    count: int
    best: bool


@dataclass(frozen=True)
class BoardTable:
    """One table of the round as listed: its name, its players, its result once over."""

    number: int
    name: str
    seats: tuple[BoardSeat, ...]
    battles: int
    result: str | None  # the outcome sentence once this table's game is over


def board_tables(found: Round) -> list[BoardTable]:
    """Every table of the round with its game as it stands (games the round ended included)."""
    db, t, locale = get_db(), translations(), str(get_locale())
    tables = []
    for table in round_tables(db, found.code):
        stored = load_game(db, table.game_id)
        if stored is None:  # cleaned up long after the round: list the table without a game
            tables.append(BoardTable(table.number, table.name, (), 0, None))
            continue
        game = stored.game
        names = seat_names(stored.setup.seats, t)
        outcome = game.outcome
        best = set(outcome.seats) if outcome is not None else set()
        seats = tuple(
            BoardSeat(names[index], count, index in best) for index, count in enumerate(game.counts)
        )
        result = (
            None
            if outcome is None
            else outcome_sentence(outcome, names, game.battles, t, locale, game.counts)
        )
        tables.append(BoardTable(table.number, table.name, seats, game.battles, result))
    return tables


def tables_json(tables: list[BoardTable]) -> list[dict[str, Any]]:
    """The tables as plain JSON values (for scripts and the benchmark)."""
    return [
        {
            "number": table.number,
            "name": table.name,
            "battles": table.battles,
            "counts": [seat.count for seat in table.seats],
            "over": table.result is not None,
        }
        for table in tables
    ]
