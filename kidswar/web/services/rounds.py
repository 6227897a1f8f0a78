"""The games of a class round: a table joins with its first game, or plays again.

Joining writes the table and its game in one transaction, after checking (inside it) that the
round is still open and not full, so a table never ends up half-made.
"""

from __future__ import annotations

from flask_babel import gettext as _

from kidswar.game.clock import Clock
from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.database import immediate
from kidswar.storage.games import StoredGame, create_game
from kidswar.storage.rounds import (
    MAX_TABLES,
    Round,
    RoundSettings,
    add_table,
    create_round,
    load_round,
    load_table,
    next_table_number,
    set_table_game,
)
from kidswar.web.db import get_db
from kidswar.web.services.clock import now, round_now
from kidswar.web.services.dealing import clean_up_if_due, new_seed

# Why a table could not join; the join page words each one.
NO_ROUND, ROUND_OVER, ROUND_FULL = "no-round", "round-over", "round-full"


def start_round(settings: RoundSettings) -> Round:
    """A new round, its clock ready to start; old rounds are cleaned up first, when due."""
    clean_up_if_due()
    return create_round(get_db(), settings, Clock.ready(settings.minutes * 60.0))


def round_setup(settings: RoundSettings, names: list[str]) -> TableSetup:
    """The seats, rules and practice of every table of a round; `names`: the children's names."""
    rules = Rules.from_options(
        settings.variant, settings.players, time_limit_minutes=settings.minutes, deck=settings.deck
    )
    humans = 1 if settings.against_computer else settings.players
    seats = tuple(
        Seat(names[index] if index < len(names) else "", index >= humans)
        for index in range(settings.players)
    )
    return TableSetup("full", seats, rules, practice=settings.practice)


def join_round(code: str, table_name: str, names: list[str]) -> tuple[str | None, str | None]:
    """Make a table and its game in the round; return its game id, or why it could not join."""
    db = get_db()
    with immediate(db):
        found = load_round(db, code)  # read again inside the transaction: it may just have ended
        if found is None:
            return None, NO_ROUND
        if found.clock.is_up(now()):
            return None, ROUND_OVER
        number = next_table_number(db, code)
        if number > MAX_TABLES:
            return None, ROUND_FULL
        setup = round_setup(found.settings, names)
        game = Game.deal(setup.rules, new_seed())
        game_id = create_game(db, setup, game, round_code=code, round_table=number)
        add_table(db, code, number, table_name or _("Table %(number)d", number=number), game_id)
    return game_id, None


def again_in_round(stored: StoredGame) -> tuple[str | None, str | None]:
    """A table whose game ended before time is up plays a new one under the same clock.

    Returns the game to go to, or why no new game can start.
    """
    assert stored.round_code is not None
    found = round_now(stored.round_code, stored.round, was_loaded=True)
    if found is None or found.clock.is_up(now()) or stored.round_table is None:
        return None, _("Time is up for this round, so no new game can start.")
    db = get_db()
    with immediate(db):
        table = load_table(db, stored.round_code, stored.round_table)
        if table is None:
            game_id = stored.id
        elif table.game_id != stored.id:  # a double click: the new game is already there
            game_id = table.game_id
        else:
            game = Game.deal(stored.setup.rules, new_seed())
            game_id = create_game(
                db, stored.setup, game, round_code=stored.round_code, round_table=table.number
            )
            set_table_game(db, stored.round_code, table.number, game_id)
    return game_id, None
