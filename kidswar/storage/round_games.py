"""Every game the tables of a class round played, read in one query (issue 13).

Each game of a round is stored marked with its round and table, "Play again" included, so a
table's earlier games stay in the round's results beside the game it plays now.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from kidswar.game.engine import Game
from kidswar.game.practice import Practice
from kidswar.game.table import TableSetup
from kidswar.storage.formats import PRACTICE, SETUP
from kidswar.storage.interfaces import Database


@dataclass(frozen=True)
class PlayedGame:
    """One game of a round's table: its seats and rules, the game as it stands, its practice."""

    id: str
    setup: TableSetup
    game: Game
    practice: Practice


def round_games(db: Database, code: str) -> dict[int, list[PlayedGame]]:
    """The games of each table the round lists, by table number, oldest first.

    Removed tables are left out; so is a game cleaned up long after it finished.
    """
    rows = db.execute(
        "SELECT games.id, games.round_table, games.setup, games.state, games.practice"
        " FROM games JOIN round_tables ON round_tables.code = games.round_code"
        " AND round_tables.number = games.round_table"
        " WHERE games.round_code = ? AND round_tables.removed IS NULL"
        " ORDER BY games.round_table, games.created, games.rowid",
        (code,),
    ).fetchall()
    games: dict[int, list[PlayedGame]] = {}
    for row in rows:
        practice = row["practice"]
        games.setdefault(int(row["round_table"]), []).append(
            PlayedGame(
                row["id"],
                TableSetup.from_json(SETUP.load(row["setup"])),
                Game.from_json(json.loads(row["state"])),
                Practice.from_json(None if practice is None else PRACTICE.load(practice)),
            )
        )
    return games
