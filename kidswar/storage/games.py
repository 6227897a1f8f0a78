"""Games kept in SQLite: create, load, save a move (only if nobody saved one first), clean up."""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from dataclasses import dataclass

from kidswar.game.engine import Game
from kidswar.game.records import Battle
from kidswar.game.table import TableSetup


@dataclass(frozen=True)
class StoredGame:
    """A game as the database holds it, with the version its next move must name."""

    id: str
    setup: TableSetup
    game: Game
    last_battle: Battle | None
    turned: tuple[int, ...]
    version: int
    deadline: float | None = None  # a timed game's deadline (time.time() seconds)
    round_code: str | None = None  # the class round whose clock it plays under
    round_table: int | None = None  # the number of the round's table that plays it


def new_game_id() -> str:
    """An unguessable id: the share link is the only key to a game."""
    return secrets.token_urlsafe(12)


def create_game(
    db: sqlite3.Connection,
    setup: TableSetup,
    game: Game,
    deadline: float | None = None,
    round_code: str | None = None,
    round_table: int | None = None,
) -> str:
    """Store a new game (timed with `deadline`, or under a class round's clock); return its id."""
    game_id, now = new_game_id(), time.time()
    db.execute(
        "INSERT INTO games (id, setup, state, last_battle, turned, version, created,"
        " updated, finished, deadline, round_code, round_table)"
        " VALUES (?, ?, ?, NULL, '[]', 1, ?, ?, NULL, ?, ?, ?)",
        (
            game_id,
            json.dumps(setup.to_json()),
            json.dumps(game.to_json()),
            now,
            now,
            deadline,
            round_code,
            round_table,
        ),
    )
    return game_id


def load_game(db: sqlite3.Connection, game_id: str) -> StoredGame | None:
    """The stored game with this id, or None if there is none."""
    row = db.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    last = row["last_battle"]
    return StoredGame(
        id=row["id"],
        setup=TableSetup.from_json(json.loads(row["setup"])),
        game=Game.from_json(json.loads(row["state"])),
        last_battle=None if last is None else Battle.from_json(json.loads(last)),
        turned=tuple(json.loads(row["turned"])),
        version=row["version"],
        deadline=row["deadline"],
        round_code=row["round_code"],
        round_table=row["round_table"],
    )


def save_move(
    db: sqlite3.Connection,
    stored: StoredGame,
    game: Game,
    last_battle: Battle | None,
    turned: tuple[int, ...],
) -> bool:
    """Save the game after a move, only if it is still at the version the move was made on.

    Returns False when another request saved first (a double click, a second tab): the caller
    then shows the current state and nothing is played twice.
    """
    now = time.time()
    cursor = db.execute(
        "UPDATE games SET state = ?, last_battle = ?, turned = ?, version = version + 1,"
        " updated = ?, finished = ? WHERE id = ? AND version = ?",
        (
            json.dumps(game.to_json()),
            None if last_battle is None else json.dumps(last_battle.to_json()),
            json.dumps(list(turned)),
            now,
            now if game.is_over else None,
            stored.id,
            stored.version,
        ),
    )
    return cursor.rowcount == 1


def delete_old_games(db: sqlite3.Connection, finished_before: float, idle_before: float) -> int:
    """Delete games finished before one time or untouched since another; return how many."""
    cursor = db.execute(
        "DELETE FROM games WHERE (finished IS NOT NULL AND finished < ?) OR updated < ?",
        (finished_before, idle_before),
    )
    return cursor.rowcount
