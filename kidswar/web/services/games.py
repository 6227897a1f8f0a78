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

from flask import abort
from flask_babel import gettext as _

from kidswar.game.engine import Game
from kidswar.game.questions import Question
from kidswar.game.records import Battle
from kidswar.game.table import TableSetup
from kidswar.storage.database import immediate
from kidswar.storage.games import (
    StoredGame,
    create_game,
    game_version,
    load_game,
    save_move,
    save_practice,
)
from kidswar.web.db import get_db
from kidswar.web.services.clock import (
    forget_round,
    move_refusal,
    now,
    removed_message,
    round_now,
    settle,
)
from kidswar.web.services.dealing import clean_up_if_due, new_seed
from kidswar.web.services.rounds import again_in_round

BATTLES_PER_RUN = 10  # "Play 10 battles"
MAX_ID_LENGTH = 64  # ids are 16 characters; anything much longer is not one of ours


@dataclass(frozen=True)
class Result:
    """What a use case did: the game as it now stands, and why nothing changed (or None)."""

    stored: StoredGame
    refusal: str | None = None  # shown above the table, with 409 Conflict


def find_game(game_id: str) -> StoredGame:
    """The game as it stands now (ended first if its time is up), or a friendly 404."""
    stored = load_game(get_db(), game_id) if len(game_id) <= MAX_ID_LENGTH else None
    if stored is None:
        abort(404)
    return settle(stored)


def version_of(game_id: str) -> tuple[int, bool]:
    """A game's version and whether it has ended (a shared table asks), or a 404.

    Cheap on purpose: one small query, no game loaded. A game whose time ran out unseen ends at
    the next look at its table or clock (its countdown asks when it reaches zero).
    """
    found = game_version(get_db(), game_id) if len(game_id) <= MAX_ID_LENGTH else None
    if found is None:
        abort(404)
    return found


def start_game(setup: TableSetup) -> str:
    """Deal a new game for this setup, store it, and return its id (old games are cleaned up
    first, when that is due)."""
    clean_up_if_due()
    db = get_db()
    game = Game.deal(setup.rules, new_seed())
    minutes = setup.rules.time_limit_minutes
    # The clock starts with the deal: the family sees the table and the countdown together.
    deadline = None if minutes is None else now() + minutes * 60
    return create_game(db, setup, game, deadline=deadline)


def asking(stored: StoredGame) -> bool:
    """True while a practice table waits for the answer to its question (no move may be played)."""
    return stored.setup.practice and stored.practice.asks_about(
        stored.last_battle, stored.game.outcome
    )


def already_played() -> str:
    """The refusal of a move that was played already (a double click, a second tab)."""
    return _("That move was already played. Here is the game now.")


@dataclass(frozen=True)
class _Planned:
    """A move worked out on a game, to save: the battle it shows, the seats that turned."""

    last: Battle | None
    turned: tuple[int, ...]


def play_move(stored: StoredGame, action: str, battle: int, seat: int | None) -> Result:
    """Turn one seat's card (`turn`), everyone's (`all`) or play ten battles (`ten`).

    `battle` is the number of the battle the page expected to play. A seat that cannot turn a
    card is a bad request (400); a move that came too late or out of turn is refused.
    """
    if action == "ten" and stored.setup.practice:
        abort(400)  # practice asks about every battle: its table offers one battle at a time
    planned = _plan(stored, action, battle, seat)
    if isinstance(planned, Result):
        return planned
    # Saved only if neither the game nor its round changed since they were loaded.
    db, checked = get_db(), _round_version(stored)
    if save_move(db, stored, stored.game, planned.last, planned.turned, checked):
        return _played(stored, planned)
    # Someone got there first: another seat's tap, a double click, the teacher's pause. Load
    # the game again and play the move on it, holding the write lock, so that nothing can come
    # in between: the move is refused as the game now stands asks, or played on it.
    with immediate(db):
        fresh = load_game(db, stored.id)
        if fresh is None:
            abort(404)  # cleaned up meanwhile
        if fresh.round_code is not None:
            forget_round(fresh.round_code)  # the round as it is now, not as first loaded
        fresh = settle(fresh)
        planned = _plan(fresh, action, battle, seat)
        if isinstance(planned, Result):
            return planned
        saved = save_move(db, fresh, fresh.game, planned.last, planned.turned)
        assert saved, "nobody else saves while the write lock is held"
    return _played(fresh, planned)


def _plan(stored: StoredGame, action: str, battle: int, seat: int | None) -> Result | _Planned:
    """Check a move against the game and work it out (battles are played on `stored.game`);
    a `Result` with the refusal if the move may not be played."""
    game = stored.game
    refusal = move_refusal(stored)  # time is up, or the class round is paused or not started
    if refusal is not None:
        return Result(stored, refusal)
    if game.is_over or battle != game.battles + 1:
        return Result(stored, already_played())
    if asking(stored):  # practice: the battle shown waits for its answer
        return Result(stored, _("First answer the question, then play on."))
    turned = stored.turned
    if action == "turn":
        if seat not in stored.setup.humans or not game.counts[seat]:
            abort(400)
        if seat in turned:  # a double tap: the card is already face up
            return Result(stored, already_played())
        turned = tuple(sorted({*turned, seat}))
        still_to_turn = {s for s in stored.setup.humans if game.counts[s]} - set(turned)
        if still_to_turn:  # others still have to turn their card: nothing is played yet
            return _Planned(stored.last_battle, turned)
    last: Battle | None = stored.last_battle
    for _number in range(BATTLES_PER_RUN if action == "ten" else 1):
        if game.is_over:
            break
        last = game.play_battle()
    return _Planned(last, ())


def _round_version(stored: StoredGame) -> int | None:
    """The version of the game's round as the move's checks saw it; None out of a round."""
    if stored.round_code is None:
        return None
    found = round_now(stored.round_code, stored.round, was_loaded=True)
    return 0 if found is None else found.version  # 0: no round's (they start at 1)


def _played(stored: StoredGame, planned: _Planned) -> Result:
    """The game as it stands after its move was saved."""
    return Result(
        replace(stored, last_battle=planned.last, turned=planned.turned, version=stored.version + 1)
    )


def answer_question(stored: StoredGame, given: str, battle: int) -> Result:
    """Answer the question about the last battle: a card (`card-N`) or a sign (`lt`, ...).

    A game without practice, or an answer no question could take, is a bad request (400).
    """
    if not stored.setup.practice:
        abort(400)
    if stored.table is not None and stored.table.removed:  # its answers count nowhere now
        return Result(stored, removed_message())
    last = stored.last_battle
    stale = _("That question was already answered. Here is the game now.")
    if last is None or battle != last.number or not asking(stored):
        return Result(stored, stale)
    question = Question.from_battle(last, stored.setup.rules)
    if not question.accepts(given):  # the card of a seat that has none on the table
        abort(400)
    practice = stored.practice.answer(question, given)
    if not save_practice(get_db(), stored, practice):
        return Result(find_game(stored.id), stale)
    return Result(replace(stored, practice=practice, version=stored.version + 1))


def play_again(stored: StoredGame) -> tuple[str | None, str | None]:
    """A new deal with the same seats and rules: the new game's id, or why there is none.

    A class table plays on under its round's clock; any other game gets a fresh clock.
    """
    if stored.round_code is not None:
        return again_in_round(stored)
    return start_game(stored.setup), None
