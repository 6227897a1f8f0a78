"""Games kept in the database: create, load, save a move or an answer (if nobody saved first).

A game is loaded in one query with everything the table shows beside it: its practice (kept in
the game's own row), and, for a class table, its round and the table's name.
"""

from __future__ import annotations

import functools
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kidswar.game.class_round import Round, RoundTable
from kidswar.game.engine import Game
from kidswar.game.practice import Practice
from kidswar.game.records import Battle
from kidswar.game.table import TableSetup
from kidswar.storage.formats import BATTLE, PRACTICE, SETUP
from kidswar.storage.interfaces import Database
from kidswar.storage.rounds import round_from_row


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
    # The questions answered so far (practice mode), kept in the game's own row.
    practice: Practice = field(default_factory=Practice)
    # A class table's round and the table itself, as loaded with the game (None: not in a
    # round, or a round cleaned up long after it ended).
    round: Round | None = None
    table: RoundTable | None = None


def new_game_id() -> str:
    """An unguessable id: the share link is the only key to a game."""
    return secrets.token_urlsafe(12)


def create_game(
    db: Database,
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
            SETUP.dump(setup.to_json()),
            json.dumps(game.to_json()),
            now,
            now,
            deadline,
            round_code,
            round_table,
        ),
    )
    return game_id


# The game's row with its round and table, if any: one trip to the database per page.
_LOAD = (
    "SELECT games.*, rounds.teacher AS r_teacher, rounds.settings AS r_settings,"
    " rounds.clock AS r_clock, rounds.version AS r_version, round_tables.name AS t_name,"
    " round_tables.game_id AS t_game, round_tables.removed AS t_removed"
    " FROM games LEFT JOIN rounds ON rounds.code = games.round_code"
    " LEFT JOIN round_tables ON round_tables.code = games.round_code"
    " AND round_tables.number = games.round_table WHERE games.id = ?"
)


# A setup's text is some 300 bytes (its seats' names in it): 512 of them cover a school's tables.
SETUPS_KEPT = 512


@functools.lru_cache(maxsize=SETUPS_KEPT)
def setup_from_text(text: str) -> TableSetup:
    """A saved setup, read once per text and kept: a game's setup never changes while it is
    played, yet every move and page loads it again (JSON, its format's upgrade, the rules);
    a `TableSetup` is frozen (its seats a tuple of frozen records), so one object serves every
    reader. Keyed by the whole text, so a different setup is always read anew; a text that
    cannot be read raises every time (an exception is not kept)."""
    return TableSetup.from_json(SETUP.load(text))


def load_game(db: Database, game_id: str) -> StoredGame | None:
    """The stored game with this id, with its practice, round and table; None if there is none."""
    row = db.execute(_LOAD, (game_id,)).fetchone()
    if row is None:
        return None
    last, practice = row["last_battle"], row["practice"]
    found = None
    if row["r_clock"] is not None:
        found = round_from_row(
            row["round_code"], row["r_teacher"], row["r_settings"], row["r_clock"], row["r_version"]
        )
    table = None
    if row["t_name"] is not None:
        removed = row["t_removed"]
        table = RoundTable(
            row["round_table"],
            row["t_name"],
            row["t_game"],
            removed is not None,
            None if removed is None else float(removed),
        )
    return StoredGame(
        id=row["id"],
        setup=setup_from_text(row["setup"]),
        game=Game.from_json(json.loads(row["state"])),
        last_battle=None if last is None else Battle.from_json(BATTLE.load(last)),
        turned=tuple(json.loads(row["turned"])),
        version=row["version"],
        deadline=row["deadline"],
        round_code=row["round_code"],
        round_table=row["round_table"],
        practice=Practice.from_json(None if practice is None else PRACTICE.load(practice)),
        round=found,
        table=table,
    )


def game_version(db: Database, game_id: str) -> tuple[int, bool] | None:
    """A game's version and whether it has ended, read without loading the game (None: no game).

    A page showing the game asks for this every few seconds and loads the table only when the
    version moved: every saved move or answer adds one.
    """
    row = db.execute(
        "SELECT version, finished IS NOT NULL AS over FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    return None if row is None else (int(row["version"]), bool(row["over"]))


def save_move(
    db: Database,
    stored: StoredGame,
    game: Game,
    last_battle: Battle | None,
    turned: tuple[int, ...],
    round_version: int | None = None,
) -> bool:
    """Save the game after a move, only if it is still at the version the move was made on
    (and its class round at `round_version`, when given: the clock the move was allowed by).

    Returns False when another request saved first (a double click, a second tab, another
    seat's tap) or the round changed (paused, ended): nothing is saved, nothing played twice.
    """
    now = time.time()
    unchanged = "id = ? AND version = ?"
    checks: tuple[object, ...] = (stored.id, stored.version)
    if round_version is not None:  # in the same statement, so no pause can come in between
        unchanged += " AND (SELECT version FROM rounds WHERE code = games.round_code) = ?"
        checks += (round_version,)
    cursor = db.execute(
        "UPDATE games SET state = ?, last_battle = ?, turned = ?, version = version + 1,"
        f" updated = ?, finished = ? WHERE {unchanged}",
        (
            json.dumps(game.to_json()),
            None if last_battle is None else BATTLE.dump(last_battle.to_json()),
            json.dumps(list(turned)),
            now,
            now if game.is_over else None,
            *checks,
        ),
    )
    return cursor.rowcount == 1


DELETE_BATCH = 250  # games deleted per transaction (some 20 ms): a move waits for one at most


def delete_old_games(
    db: Database,
    finished_before: float,
    idle_before: float,
    between: Callable[[], bool] = lambda: True,
) -> int:
    """Delete games finished before one time or untouched since another; return how many.

    They are found through the indexes on `finished` and `updated`, and deleted a batch at a
    time, each batch its own transaction (call it outside one): deleting 25,000 games in one
    statement held the write lock for a second, and every move waited. `between()` is called
    after each full batch: it may let the moves in, or return False to stop (the server is
    stopping; the next clean-up goes on).
    """
    deleted = 0
    while True:
        cursor = db.execute(
            "DELETE FROM games WHERE rowid IN (SELECT rowid FROM games"
            " WHERE finished < ? OR updated < ? LIMIT ?)",
            (finished_before, idle_before, DELETE_BATCH),
        )
        deleted += cursor.rowcount
        if cursor.rowcount < DELETE_BATCH or not between():
            return deleted


def save_practice(db: Database, stored: StoredGame, practice: Practice) -> bool:
    """Save a game's practice only if the game is still at the version it was loaded at.

    An answer is saved the way a move is, and the version goes up, so a double tap or a second
    tab cannot answer one question twice: False means another request saved first.
    """
    cursor = db.execute(
        "UPDATE games SET practice = ?, version = version + 1, updated = ?"
        " WHERE id = ? AND version = ?",
        (PRACTICE.dump(practice.to_json()), time.time(), stored.id, stored.version),
    )
    return cursor.rowcount == 1
