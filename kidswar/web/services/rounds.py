"""The games of a class round: a table joins with its first game, or plays again.

Joining writes the table and its game in one transaction, after checking (inside it) that the
round is still open and not full, so a table never ends up half-made.

Joining is idempotent per device (issue 13): the join page says how many tables the device had
in the round when it was drawn (`seen`), and a device that has more by the time its form
arrives (a double click, a form sent again) lands at its newest table instead of making another.
A device may make `CLASS_TABLES_PER_DEVICE` tables (two children sharing a tablet one after the
other), and an address `CLASS_JOINS_PER_MINUTE` tables a minute, so no device fills a round.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app
from flask_babel import gettext as _

from kidswar.game.class_round import MAX_TABLES, Round, RoundSettings
from kidswar.game.clock import Clock
from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.game.table_rules import Refusal, Table, TableRefused
from kidswar.storage.database import immediate
from kidswar.storage.games import StoredGame, create_game
from kidswar.storage.limits import record, wait_needed
from kidswar.storage.round_tables import (
    add_table,
    device_tables,
    listed_count,
    load_table,
    next_table_number,
    set_table_game,
)
from kidswar.storage.rounds import create_round, load_round
from kidswar.web.db import get_db
from kidswar.web.services.clock import now, round_now
from kidswar.web.services.dealing import clean_up_if_due, new_seed
from kidswar.web.services.devices import client_key, device_in_round
from kidswar.web.services.limits import JOINS, WINDOW

# Why a table could not join; the join page words each one.
NO_ROUND, ROUND_OVER, ROUND_FULL = "no-round", "round-over", "round-full"
DEVICE_FULL, TOO_MANY_JOINS = "device-full", "too-many-joins"


@dataclass(frozen=True)
class Joined:
    """What a join did: the game to go to (a new table's, or the device's own), or why none."""

    game_id: str | None
    refusal: str | None = None
    wait: float = 0.0  # TOO_MANY_JOINS: the seconds until this address may make a table


def start_round(settings: RoundSettings) -> Round:
    """A new round, its clock ready to start; old rounds are cleaned up first, when due."""
    clean_up_if_due()
    return create_round(get_db(), settings, Clock.ready(settings.minutes * 60.0))


def round_setup(settings: RoundSettings, names: list[str]) -> TableSetup:
    """The seats, rules and practice of every table of a round; `names`: the children's names."""
    rules = Rules.from_options(
        settings.variant.value,
        settings.players,
        time_limit_minutes=settings.minutes,
        deck=settings.deck.value,
    )
    humans = 1 if settings.against_computer else settings.players
    seats = tuple(
        Seat(names[index] if index < len(names) else "", index >= humans)
        for index in range(settings.players)
    )
    return TableSetup("full", seats, rules, practice=settings.practice)


def join_round(code: str, table_name: str, names: list[str], seen: int = 0) -> Joined:
    """Make a table and its game in the round for this device, or send it to its own table.

    `seen`: how many tables the device had in the round when its join page was drawn.
    """
    db, device, client, at = get_db(), device_in_round(code), client_key(), now()
    config = current_app.config
    with immediate(db):
        found = load_round(db, code)  # read again inside the transaction: it may just have ended
        if found is None:
            return Joined(None, NO_ROUND)
        if found.clock.is_up(at):
            return Joined(None, ROUND_OVER)
        mine = device_tables(db, code, device)
        if len(mine) > seen:  # made while this form was on its way: a double click, a resend
            return Joined(mine[-1].game_id)
        if len(mine) >= int(config["CLASS_TABLES_PER_DEVICE"]):
            return Joined(None, DEVICE_FULL)
        if listed_count(db, code) >= MAX_TABLES:
            return Joined(None, ROUND_FULL)
        limit = int(config["CLASS_JOINS_PER_MINUTE"])
        wait = wait_needed(db, JOINS, client, limit, WINDOW, at)
        if wait is not None:
            return Joined(None, TOO_MANY_JOINS, wait)
        record(db, JOINS, client, at)
        number = next_table_number(db, code)
        setup = round_setup(found.settings, names)
        game = Game.deal(setup.rules, new_seed())
        game_id = create_game(db, setup, game, round_code=code, round_table=number)
        name = table_name or _("Table %(number)d", number=number)
        add_table(db, code, number, name, game_id, device)
    return Joined(game_id)


def my_tables(code: str) -> list[tuple[str, str]]:
    """This device's tables in the round still listed: each one's name and game, oldest first."""
    return [
        (table.name, table.game_id)
        for table in device_tables(get_db(), code, device_in_round(code))
    ]


def again_in_round(stored: StoredGame) -> tuple[str | None, Refusal | None]:
    """A table whose game ended before time is up plays a new one under the same clock.

    Returns the game to go to, or why no new game can start (the table's rules say).
    """
    assert stored.round_code is not None
    found = round_now(stored.round_code, stored.round, was_loaded=True)
    if found is None or stored.round_table is None:
        return None, Refusal.ROUND_OVER
    db = get_db()
    with immediate(db):
        table = load_table(db, stored.round_code, stored.round_table)
        removed = table is not None and table.removed
        rules = Table(
            stored.setup,
            stored.game,
            stored.last_battle,
            stored.turned,
            stored.practice,
            found.clock,
            now(),
            in_round=True,
            removed=removed,
        )
        try:
            setup = rules.again()
        except TableRefused as refused:
            return None, refused.refusal
        if table is not None and table.game_id != stored.id:
            return table.game_id, None  # a double click: the new game is already there
        if table is None:
            return stored.id, None
        game = Game.deal(setup.rules, new_seed())
        game_id = create_game(
            db, setup, game, round_code=stored.round_code, round_table=table.number
        )
        set_table_game(db, stored.round_code, table.number, game_id)
    return game_id, None
