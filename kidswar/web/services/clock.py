"""The clock service: the server's time, each game's clock, and ending games on time.

The server is the only judge of time. "Now" is the request's `Context.now()`, which reads
`app.config["CLOCK"]` (`time.time` unless a test puts its own there), so tests move time
instead of waiting.
A game's clock is its own deadline (a timed game) or its class round's clock. When time is up
the next request that touches the game ends it with `Game.end_for_time()` and saves it; that
happens between requests, so a battle is never cut in half.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from kidswar.game.class_round import Round
from kidswar.game.clock import OVER, PAUSED, READY, Clock
from kidswar.game.records import Reason
from kidswar.game.table_rules import Table
from kidswar.storage.games import StoredGame, load_game, save_move
from kidswar.storage.round_tables import round_tables
from kidswar.storage.rounds import load_round, save_clock
from kidswar.web.services.context import Context
from kidswar.words.catalogs import Translations

SAVE_ATTEMPTS = 5  # a save lost to a racing request is retried on the fresh state
# What the countdown hears about a game with its own time limit that ended before its time was
# up (won, or a draw at the battle limit): its clock stopped there, and nothing is left to count
# or to chime. Not a `Clock` state: the clock itself never stopped, the game did.
STOPPED = "stopped"
# How the time left is written, "9:05": here and in the page's countdown (static/clock.mjs gets
# it from the page, kidswar/web/scripts.py), which fills it every second between two looks.
CLOCK_PATTERN = "{m}:{ss}"
LAST_MINUTE_SECONDS = 60  # the countdown shows its last minute (class `last-minute`) from here


def round_now(
    ctx: Context, code: str, loaded: Round | None = None, *, was_loaded: bool = False
) -> Round | None:
    """The round with this code as it stands now: a clock past its deadline is saved as over.

    Kept for the rest of the request, so a page asks the database once per round; a round that
    came with its game (`was_loaded`, `loaded`) is not asked for again.
    """
    cache = ctx.rounds
    if code in cache:
        return cache[code]
    db = ctx.db
    current = loaded if was_loaded else load_round(db, code)
    for _attempt in range(SAVE_ATTEMPTS):
        if current is None:
            break
        settled = current.clock.settled(ctx.now())
        if settled == current.clock:
            break
        if save_clock(db, current, settled):
            current = replace(current, clock=settled, version=current.version + 1)
            break
        current = load_round(db, code)
    cache[code] = current
    return current


def forget_round(ctx: Context, code: str) -> None:
    """Drop the request's kept copy of a round after changing it."""
    ctx.rounds.pop(code, None)


def clock_of(ctx: Context, stored: StoredGame) -> Clock | None:
    """The clock a game plays under: its round's, its own deadline's, or None for no limit."""
    if stored.round_code is not None:
        found = round_now(ctx, stored.round_code, stored.round, was_loaded=True)
        # A round deleted long after it ended: its games are over too.
        if found is None:
            return Clock(OVER, 0.0)
        table = stored.table
        if table is not None and table.removed and table.removed_at is not None:
            # Taken out by the teacher: its clock stopped then, so time is never up for it
            # and nobody "has the most cards and wins" at a table that was sent away.
            return found.clock.stopped_at(table.removed_at)
        return found.clock
    minutes = stored.setup.rules.time_limit_minutes
    if stored.deadline is None or minutes is None:
        return None
    return Clock.running(minutes * 60.0, stored.deadline)


def table_of(ctx: Context, stored: StoredGame) -> Table:
    """The table's rules over a stored game as it stands now (its clock included)."""
    return Table(
        stored.setup,
        stored.game,
        stored.last_battle,
        stored.turned,
        stored.practice,
        clock_of(ctx, stored),
        ctx.now(),
        in_round=stored.round_code is not None,
        removed=stored.table is not None and stored.table.removed,
    )


def settle(ctx: Context, stored: StoredGame) -> StoredGame:
    """End the game if its time is up and save that; return the game as it now stands."""
    db = ctx.db
    for _attempt in range(SAVE_ATTEMPTS):
        table = table_of(ctx, stored)
        if not table.is_out_of_time():
            return stored
        table.end_for_time()
        if save_move(db, stored, stored.game, stored.last_battle, ()):
            return replace(stored, turned=(), version=stored.version + 1)
        fresh = load_game(db, stored.id)  # a move or another page got there first
        if fresh is None:
            return stored
        stored = fresh
    return stored


def settle_round_games(ctx: Context, code: str) -> None:
    """End every unfinished game of a round whose time is up (the projector's last look)."""
    found = round_now(ctx, code)
    if found is None or found.clock.state != OVER:
        return
    db = ctx.db
    for table in round_tables(db, code):
        stored = load_game(db, table.game_id)
        if stored is not None and not stored.game.is_over:
            settle(ctx, stored)


def clock_message(t: Translations, clock: Clock, at: float, teacher: bool = False) -> str:
    """A short sentence about the clock: waiting, paused, or time is up (running: none).

    Waiting, the teacher's own page tells the teacher what to do rather than that the class
    waits for them; the projector and the tables say who they wait for.
    """
    if clock.state == READY:
        if teacher:
            # Translators: on the teacher's page before a class round starts; the quoted words
            # are the label of the button beside it ("Start the round").
            return t.gettext("When every table has joined, press “Start the round”.")
        return t.gettext("Waiting for the teacher to start the round.")
    if clock.state == PAUSED:
        return t.gettext("Paused")
    if clock.is_up(at):
        return t.gettext("Time is up!")
    return ""


@dataclass(frozen=True)
class CountdownView:
    """A class round's countdown as the teacher's page and the projector draw it."""

    state: str
    left: float | None
    total: float
    message: str
    text: str  # "9:05"
    status_url: str  # where the countdown asks for the clock and the board
    words: dict[int, str]  # what a screen reader hears as the last minutes begin


def countdown_view(
    ctx: Context, clock: Clock, status_url: str, teacher: bool = False
) -> CountdownView:
    """The round's countdown: the clock as its script reads it, its text, where it asks."""
    return CountdownView(
        **clock_json(ctx, clock, teacher),
        text=clock_text(clock.left(ctx.now())),
        status_url=status_url,
        words=minute_words(ctx.t),
    )


def clock_text(seconds: float) -> str:
    """Seconds left as minutes and seconds, "9:05" (rounded up: 0:00 only when time is up)."""
    whole = int(-(-seconds // 1))
    return CLOCK_PATTERN.format(m=whole // 60, ss=f"{whole % 60:02d}")


def minute_words(t: Translations) -> dict[int, str]:
    """What a screen reader hears as the last minutes begin (the page's script says them)."""
    return {
        minutes: t.ngettext("%(num)d minute left", "%(num)d minutes left", minutes)
        % {"num": minutes}
        for minutes in (1, 2, 5, 10)
    }


def stopped_early(stored: StoredGame) -> bool:
    """True when a game with its own time limit ended before its time was up.

    A class table's clock is its round's, which goes on for the other tables (and for the
    table's next game), so it never stops with one game.
    """
    outcome = stored.game.outcome
    return stored.round_code is None and outcome is not None and outcome.reason != Reason.TIME_UP


def game_clock_json(ctx: Context, stored: StoredGame, clock: Clock) -> dict[str, Any]:
    """A game's clock as its countdown reads it, and whether the game is over.

    A game that ended before its time was up says "stopped", with no seconds left to count
    (the server keeps no moment the game ended in its own time); a game ended by the clock says
    "over" (time is up); any other game says what its clock says.
    """
    over = {"over": stored.game.is_over}
    if stored.table is not None and stored.table.removed:  # the clock stopped at the removal
        left = round(clock.left(ctx.now()), 2)
        return {"state": STOPPED, "left": left, "total": clock.total, "message": "", **over}
    if stopped_early(stored):
        return {"state": STOPPED, "left": None, "total": clock.total, "message": "", **over}
    return {**clock_json(ctx, clock), **over}


def clock_json(ctx: Context, clock: Clock, teacher: bool = False) -> dict[str, Any]:
    """The clock as the page's countdown script reads it (`teacher`: on the teacher's page)."""
    at = ctx.now()
    return {
        "state": clock.settled(at).state,
        "left": round(clock.left(at), 2),
        "total": clock.total,
        "message": clock_message(ctx.t, clock, at, teacher),
    }
