"""The table's use cases: find a game, start one, play a move, answer, play again.

Blueprints call these and draw what they return; only this package talks to storage about a
game. Every change is saved only at the version it was made on (a move names its battle, an
answer its question), so a double click, a second tab or a retried request changes nothing
twice: the loser of a race gets the game as it now stands and a `refusal` to show with it.
A move that lost its race is tried again on the game as it now stands, under the write lock:
two children tapping their own cards at once both count, and a move that a pause or the end
of the round overtook is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kidswar.game.engine import Game
from kidswar.game.ladder import RUNGS
from kidswar.game.ladder_table import level_game
from kidswar.game.questions import Answer
from kidswar.game.table import TableSetup
from kidswar.game.table_rules import Answered, Move, Refusal, Table, TableRefused
from kidswar.storage.database import immediate
from kidswar.storage.games import (
    StoredGame as StoredGame,  # the table area names it, never reaching storage itself
)
from kidswar.storage.games import (
    create_game,
    game_version,
    load_game,
    save_move,
    save_practice,
)
from kidswar.web.services.clock import forget_round, round_now, settle, table_of
from kidswar.web.services.context import Context
from kidswar.web.services.rounds import again_in_round

MAX_ID_LENGTH = 64  # ids are 16 characters; anything much longer is not one of ours


class NotFound(Exception):
    """No game has this id (never had, or cleaned up): the web answers 404."""


@dataclass(frozen=True)
class Result:
    """What a use case did: the game as it now stands, and why nothing changed (or None)."""

    stored: StoredGame
    refusal: Refusal | None = None  # worded above the table, with 409 Conflict
    answered: Answered | None = None  # what an answer did, once saved


def find_game(ctx: Context, game_id: str) -> StoredGame:
    """The game as it stands now (ended first if its time is up); `NotFound` if none."""
    stored = load_game(ctx.db, game_id) if len(game_id) <= MAX_ID_LENGTH else None
    if stored is None:
        raise NotFound(game_id)
    return settle(ctx, stored)


def version_of(ctx: Context, game_id: str) -> tuple[int, bool]:
    """A game's version and whether it has ended (a shared table asks); `NotFound` if none.

    Cheap on purpose: one small query, no game loaded. A game whose time ran out unseen ends at
    the next look at its table or clock (its countdown asks when it reaches zero).
    """
    found = game_version(ctx.db, game_id) if len(game_id) <= MAX_ID_LENGTH else None
    if found is None:
        raise NotFound(game_id)
    return found


def start_game(ctx: Context, setup: TableSetup) -> str:
    """Deal a new game for this setup, store it, and return its id (old games are cleaned up
    off the request: `services.housekeeper`)."""
    db = ctx.db
    seed, rules = ctx.seed(), setup.rules
    game = level_game(RUNGS[setup.level], rules, seed) if setup.level else Game.deal(rules, seed)
    minutes = setup.rules.time_limit_minutes
    # The clock starts with the deal: the family sees the table and the countdown together.
    deadline = None if minutes is None else ctx.now() + minutes * 60
    return create_game(db, setup, game, deadline=deadline)


def play_move(
    ctx: Context, stored: StoredGame, move: Move, battle: int, seat: int | None
) -> Result:
    """Turn one seat's card (`TURN`), everyone's (`ALL`) or play ten battles (`TEN`).

    `battle` is the number of the battle the page expected to play. The table's rules refuse
    a move that came too late or out of turn (`Result.refusal`); a request no page sends
    raises `TableRefused` with a bad-request refusal.
    """
    table = table_of(ctx, stored)
    try:
        moved = table.move(move, battle, seat)
    except TableRefused as refused:
        return _refused(stored, refused)
    # Saved only if neither the game nor its round changed since they were loaded.
    db, checked = ctx.db, _round_version(ctx, stored)
    if save_move(db, stored, table.game, moved.last, moved.turned, checked):
        return _played(stored, table)
    # Someone got there first: another seat's tap, a double click, the teacher's pause. Load
    # the game again and play the move on it, holding the write lock, so that nothing can come
    # in between: the move is refused as the game now stands asks, or played on it.
    with immediate(db):
        fresh = load_game(db, stored.id)
        if fresh is None:
            raise NotFound(stored.id)  # cleaned up meanwhile
        if fresh.round_code is not None:
            forget_round(ctx, fresh.round_code)  # the round as it is now, not as first loaded
        fresh = settle(ctx, fresh)
        table = table_of(ctx, fresh)
        try:
            moved = table.move(move, battle, seat)
        except TableRefused as refused:
            return _refused(fresh, refused)
        saved = save_move(db, fresh, table.game, moved.last, moved.turned)
        assert saved, "nobody else saves while the write lock is held"
    return _played(fresh, table)


def _refused(stored: StoredGame, refused: TableRefused) -> Result:
    """The game as it stands with the table's refusal to show; a request no page sends (a bad
    request) is raised on for the area to answer 400."""
    if refused.refusal.is_bad_request:
        raise refused
    return Result(stored, refused.refusal)


def _round_version(ctx: Context, stored: StoredGame) -> int | None:
    """The version of the game's round as the move's checks saw it; None out of a round."""
    if stored.round_code is None:
        return None
    found = round_now(ctx, stored.round_code, stored.round, was_loaded=True)
    return 0 if found is None else found.version  # 0: no round's (they start at 1)


def _played(stored: StoredGame, table: Table) -> Result:
    """The game as it stands after its move was saved."""
    return Result(
        replace(
            stored,
            last_battle=table.last_battle,
            turned=table.turned,
            version=stored.version + 1,
        )
    )


def answer_question(ctx: Context, stored: StoredGame, answer: Answer, battle: int) -> Result:
    """Answer the question about battle `battle`: a card or a sign (checked by the table).

    A refusal a child can meet comes back in `Result.refusal`; an answer no page sends (a game
    without practice, a card that is not on the table) raises `TableRefused`.
    """
    table = table_of(ctx, stored)
    try:
        answered = table.answer(answer, battle)
    except TableRefused as refused:
        return _refused(stored, refused)
    if not save_practice(ctx.db, stored, answered.practice):
        return Result(find_game(ctx, stored.id), Refusal.ALREADY_ANSWERED)
    answered_now = replace(stored, practice=answered.practice, version=stored.version + 1)
    return Result(answered_now, answered=answered)


def play_again(ctx: Context, stored: StoredGame) -> tuple[str | None, Refusal | None]:
    """A new deal with the same seats and rules: the new game's id, or why there is none.

    A class table plays on under its round's clock; any other game gets a fresh clock.
    """
    if stored.round_code is not None:
        return again_in_round(ctx, stored)
    return start_game(ctx, table_of(ctx, stored).again()), None
