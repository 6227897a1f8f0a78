"""The table: show a game, take moves (turn a card, turn everyone's, play ten), play again.

A move names the battle it expects to play. It is refused when that battle was already played
(a double click, a second tab, a retried request), and saving is conditional on the version the
move was made on, so two requests racing for one battle play it exactly once.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from kidswar.game.records import Battle
from kidswar.storage.games import StoredGame, load_game, save_move
from kidswar.web.db import get_db
from kidswar.web.i18n import preferred_language
from kidswar.web.live import from_page_script, live_template
from kidswar.web.round_games import again_in_round
from kidswar.web.setup import start_game
from kidswar.web.table_practice import asking, with_practice
from kidswar.web.timing import move_refusal, settle, timer_view
from kidswar.web.view import table_view

bp = Blueprint("table", __name__, url_prefix="/<lang>/game")
BATTLES_PER_RUN = 10


def find_game(game_id: str) -> StoredGame:
    """The stored game, or a friendly 404 when the link is wrong or the game is gone."""
    stored = load_game(get_db(), game_id) if len(game_id) <= 64 else None
    if stored is None:
        abort(404)
    return stored


def render_table(
    stored: StoredGame, notice: str | None = None, status: int = 200
) -> tuple[str, int]:
    """The table page, or only its live part when the page's script asked for it."""
    template = live_template("table/_table.html", "table/game.html")
    timer = timer_view(stored, url_for("timer.clock", game_id=stored.id))
    view = with_practice(stored, table_view(stored))  # in practice: the question first
    return render_template(template, view=view, notice=notice, timer=timer), status


def share_link(game_id: str) -> Response:
    """`/game/<id>`, the share link: open the game in the visitor's own language."""
    return redirect(url_for("table.show", game_id=game_id, lang=preferred_language()))


@bp.get("/<game_id>")
def show(game_id: str) -> tuple[str, int]:
    """Show the game: anybody with the link sees the same table (ended first if time is up)."""
    return render_table(settle(find_game(game_id)))


@bp.post("/<game_id>/move")
def move(game_id: str) -> Response | tuple[str, int]:
    """Turn one seat's card, everyone's, or play ten battles."""
    stored = settle(find_game(game_id))  # a move after the deadline plays no battle
    game = stored.game
    action, expected = request.form.get("action"), request.form.get("battle", "")
    if action not in ("turn", "all", "ten") or not expected.isdigit():
        abort(400)
    refusal = move_refusal(stored)  # time is up, or the class round is paused or not started
    if refusal is not None:
        return render_table(stored, refusal, 409)
    if game.is_over or int(expected) != game.battles + 1:
        return render_table(stored, _("That move was already played. Here is the game now."), 409)
    if asking(stored):  # practice: the battle shown waits for its answer (answers.py)
        return render_table(stored, _("First answer the question, then play on."), 409)
    turned = stored.turned
    if action == "turn":
        seat_text = request.form.get("seat", "")
        seat = int(seat_text) if seat_text.isdigit() else -1
        if seat not in stored.setup.humans or not game.counts[seat]:
            abort(400)
        turned = tuple(sorted(set(turned) | {seat}))
        humans_in = {s for s in stored.setup.humans if game.counts[s]}
        if not humans_in <= set(turned):  # others still have to turn their card
            return save_and_show(stored, stored.last_battle, turned)
    battles = BATTLES_PER_RUN if action == "ten" else 1
    last: Battle | None = stored.last_battle
    for _number in range(battles):
        if game.is_over:
            break
        last = game.play_battle()
    return save_and_show(stored, last, ())


def save_and_show(
    stored: StoredGame, last: Battle | None, turned: tuple[int, ...]
) -> Response | tuple[str, int]:
    """Save the move if nobody moved first, then show the table (redirect without script)."""
    if not save_move(get_db(), stored, stored.game, last, turned):
        current = find_game(stored.id)
        return render_table(current, _("That move was already played. Here is the game now."), 409)
    if from_page_script():  # draw what was just saved
        return render_table(
            replace(stored, last_battle=last, turned=turned, version=stored.version + 1)
        )
    return redirect(url_for("table.show", game_id=stored.id), code=303)


@bp.post("/<game_id>/again")
def again(game_id: str) -> Response:
    """Play again with the same seats and rules, with a fresh deal (and a fresh clock)."""
    stored = find_game(game_id)
    if stored.round_code is not None:  # a class table plays on under the round's clock
        return again_in_round(stored)
    return start_game(stored.setup)
