"""The games of a class round: a table joins with its first game, or plays again.

Joining writes the table and its game in one transaction, after checking (inside it) that the
round is still open and not full, so a table never ends up half-made.

Joining is idempotent per device (issue 13): the join page says how many tables the device had
in the round when it was drawn (`seen`), and a device that has more by the time its form
arrives (a double click, a form sent again) lands at its newest table instead of making another.
The rules of who may join are the round's door's (`game.class_join.RoundDoor`): this module
loads what the door needs inside the transaction, asks it, and saves what it allows.
"""

from __future__ import annotations

from dataclasses import dataclass

from kidswar.game.class_join import JOIN_WINDOW, JoinCaps, JoinRefusal, JoinRefused, RoundDoor
from kidswar.game.class_round import Round, RoundSettings, RoundTable
from kidswar.game.clock import Clock
from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.game.table_rules import Refusal, Table, TableRefused
from kidswar.storage.database import immediate
from kidswar.storage.games import StoredGame, create_game
from kidswar.storage.limits import recent, record
from kidswar.storage.round_tables import (
    add_table,
    device_tables,
    listed_count,
    load_table,
    next_table_number,
    remove_table,
    set_table_game,
)
from kidswar.storage.rounds import (
    create_round,
    delete_round,
    load_round,
    load_round_for_teacher,
    save_clock,
)
from kidswar.web.services.clock import forget_round, round_now
from kidswar.web.services.context import Context
from kidswar.web.services.limits import JOINS

MAX_TOKEN_LENGTH = 64  # teacher tokens are 24 characters; anything much longer is not one


NO_ROUND, ROUND_OVER, ROUND_FULL, DEVICE_FULL, TOO_MANY_JOINS = (
    JoinRefusal.NO_ROUND,
    JoinRefusal.ROUND_OVER,
    JoinRefusal.ROUND_FULL,
    JoinRefusal.DEVICE_FULL,
    JoinRefusal.TOO_MANY_JOINS,
)


@dataclass(frozen=True)
class Joined:
    """What a join did: the game to go to (a new table's, or the device's own), or why none."""

    game_id: str | None
    refusal: JoinRefusal | None = None
    wait: float = 0.0  # TOO_MANY_JOINS: the seconds until this address may make a table


def start_round(ctx: Context, settings: RoundSettings) -> Round:
    """A new round, its clock ready to start (old rounds are cleaned up off the request)."""
    return create_round(ctx.db, settings, Clock.ready(settings.minutes * 60.0))


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


def join_round(
    ctx: Context,
    code: str,
    table_name: str,
    names: list[str],
    device: str,
    client: str,
    seen: int = 0,
    by_pass: bool = False,
) -> Joined:
    """Make a table and its game in the round for this device, or send it to its own table.

    `device`: what the round keeps of the device (`devices.device_in_round`); `client`: its
    address as the limits count it (`devices.client_key`); `seen`: how many tables the device
    had in the round when its join page was drawn; `by_pass`: it came by the projector's QR
    code. The round's door (`game.class_join`) decides; this loads what it needs and saves.
    """
    db, at = ctx.db, ctx.now()
    settings = ctx.settings
    caps = JoinCaps(settings.class_tables_per_device, settings.class_joins_per_minute)
    with immediate(db):
        found = load_round(db, code)  # read again inside the transaction: it may just have ended
        mine = device_tables(db, code, device) if found is not None else []
        door = RoundDoor(
            found,
            at,
            caps,
            by_pass,
            len(mine),
            seen,
            listed_count(db, code) if found is not None else 0,
            () if by_pass else recent(db, JOINS, client, JOIN_WINDOW, at),
        )
        try:
            joining = door.join()
        except JoinRefused as refused:
            return Joined(None, refused.refusal, refused.wait)
        if not joining.new_table:  # made while this form was on its way: a double click
            return Joined(mine[-1].game_id)
        assert found is not None  # the door let a new table in
        if joining.counted:
            record(db, JOINS, client, at)
        number = next_table_number(db, code)
        setup = round_setup(found.settings, names)
        game = Game.deal(setup.rules, ctx.seed())
        game_id = create_game(db, setup, game, round_code=code, round_table=number)
        name = table_name or ctx.t.gettext("Table %(number)d") % {"number": number}
        add_table(db, code, number, name, game_id, device)
    return Joined(game_id)


def my_tables(ctx: Context, code: str, device: str) -> list[tuple[str, str]]:
    """The device's tables in the round still listed: each one's name and game, oldest first."""
    return [(table.name, table.game_id) for table in device_tables(ctx.db, code, device)]


def again_in_round(ctx: Context, stored: StoredGame) -> tuple[str | None, Refusal | None]:
    """A table whose game ended before time is up plays a new one under the same clock.

    Returns the game to go to, or why no new game can start (the table's rules say).
    """
    assert stored.round_code is not None
    found = round_now(ctx, stored.round_code, stored.round, was_loaded=True)
    if found is None or stored.round_table is None:
        return None, Refusal.ROUND_OVER
    db = ctx.db
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
            ctx.now(),
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
        game = Game.deal(setup.rules, ctx.seed())
        game_id = create_game(
            db, setup, game, round_code=stored.round_code, round_table=table.number
        )
        set_table_game(db, stored.round_code, table.number, game_id)
    return game_id, None


def round_for_teacher(ctx: Context, token: str) -> Round | None:
    """The round whose teacher link this is, as it stands now; None for a wrong link."""
    found = load_round_for_teacher(ctx.db, token) if len(token) <= MAX_TOKEN_LENGTH else None
    return round_now(ctx, found.code) if found is not None else None


def save_round_clock(ctx: Context, found: Round, clock: Clock) -> bool:
    """Save the round's clock after a teacher's button, only at the version it was changed
    from; False when another request saved first (the request then sees the round anew)."""
    if clock == found.clock or save_clock(ctx.db, found, clock):
        return True
    forget_round(ctx, found.code)
    return False


def round_table(ctx: Context, found: Round, number: int) -> RoundTable | None:
    """The round's table of this number (listed or removed), or None."""
    return load_table(ctx.db, found.code, number)


def take_out_table(ctx: Context, found: Round, number: int) -> None:
    """Take a table out of the round: it leaves the board, the projector and the results."""
    remove_table(ctx.db, found.code, number, ctx.now())


def delete_round_now(ctx: Context, found: Round) -> None:
    """Delete the round, its tables and their games now, as the teacher asked."""
    delete_round(ctx.db, found.code)
    forget_round(ctx, found.code)
