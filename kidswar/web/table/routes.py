"""The table's routes: show a game, take moves and answers, give its clock, play again.

Each route reads and checks its request, calls the table's use cases (`services.games`) and
draws what they return; the page's script gets the live fragment, anyone else a redirect.
"""

from __future__ import annotations

from flask import abort, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from kidswar.game.questions import ANSWER
from kidswar.storage.games import StoredGame
from kidswar.web.i18n import preferred_language
from kidswar.web.live import from_page_script, live_template
from kidswar.web.numbers import form_int
from kidswar.web.services.clock import clock_of, game_clock_json
from kidswar.web.services.games import (
    Result,
    answer_question,
    find_game,
    play_again,
    play_move,
    version_of,
)
from kidswar.web.services.views import table_page
from kidswar.web.table import bp

ACTIONS = ("turn", "all", "ten")


def render_table(stored: StoredGame, notice: str | None = None, status: int = 200) -> Response:
    """The table page, or only its live part when the page's script asked for it."""
    template = live_template("table/_table.html", "table/game.html")
    page = render_template(template, **table_page(stored), notice=notice)
    return Response(page, status, mimetype="text/html")


def after_change(result: Result) -> Response:
    """Draw a move's or an answer's result: refused (409), the fragment, or a redirect."""
    if result.refusal is not None:
        return render_table(result.stored, result.refusal, 409)
    if from_page_script():  # draw what was just saved
        return render_table(result.stored)
    return redirect(url_for("table.show", game_id=result.stored.id), code=303)


@bp.get("/game/<game_id>")
def share(game_id: str) -> Response:
    """`/game/<id>`, the share link: open the game in the visitor's own language."""
    return redirect(url_for("table.show", game_id=game_id, lang=preferred_language()))


@bp.get("/<lang>/game/<game_id>")
def show(game_id: str) -> Response:
    """Show the game: anybody with the link sees the same table (ended first if time is up)."""
    return render_table(find_game(game_id))


@bp.post("/<lang>/game/<game_id>/move")
def move(game_id: str) -> Response:
    """Turn one seat's card, everyone's, or play ten battles."""
    stored = find_game(game_id)  # a move after the deadline plays no battle
    action, battle = request.form.get("action"), form_int("battle")
    if action not in ACTIONS or battle is None:
        abort(400)
    seat = form_int("seat") if action == "turn" else None
    return after_change(play_move(stored, action, battle, seat))


@bp.post("/<lang>/game/<game_id>/answer")
def answer(game_id: str) -> Response:
    """Answer the question about the last battle: a card (`card-N`) or a sign (`lt`...)."""
    stored = find_game(game_id)
    given, battle = request.form.get("answer", ""), form_int("battle")
    if not ANSWER.fullmatch(given) or battle is None:
        abort(400)
    if given.startswith("card-") and int(given[5:]) >= stored.setup.rules.players:
        abort(400)
    return after_change(answer_question(stored, given, battle))


@bp.get("/<lang>/game/<game_id>/clock")
def clock(game_id: str) -> Response:
    """A game's clock as JSON for its countdown; the game is ended first if its time is up."""
    stored = find_game(game_id)
    found = clock_of(stored)
    if found is None:
        abort(404)
    return jsonify(game_clock_json(stored, found))


@bp.get("/<lang>/game/<game_id>/version")
def version(game_id: str) -> Response:
    """The game's version and whether it is over (JSON): a page showing the game asks every few
    seconds and redraws its table only when the version moved (a move on another device)."""
    number, over = version_of(game_id)
    response = jsonify({"version": number, "over": over})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<lang>/game/<game_id>/again")
def again(game_id: str) -> Response:
    """Play again with the same seats and rules, with a fresh deal (and a fresh clock)."""
    new_id, refusal = play_again(find_game(game_id))
    if new_id is None:
        page = render_template("errors/error.html", code=409, message=refusal)
        return Response(page, 409, mimetype="text/html")
    return redirect(url_for("table.show", game_id=new_id), code=303)
