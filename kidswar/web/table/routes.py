"""The table's routes: show a game, take moves and answers, give its clock, play again.

Each route reads and checks its request, calls the table's use cases (`services.games`) and
draws what they return; the page's script gets the live fragment, anyone else a redirect.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from kidswar.game.progress import Progress, ProgressRefused
from kidswar.game.questions import Answer
from kidswar.game.table_rules import Move, Refusal, TableRefused
from kidswar.web.context import context
from kidswar.web.i18n import preferred_language, translations
from kidswar.web.live import from_page_script, live_template
from kidswar.web.numbers import form_int
from kidswar.web.refusals import refusal_sentence
from kidswar.web.services.clock import clock_of, game_clock_json
from kidswar.web.services.games import (
    NotFound,
    Result,
    StoredGame,
    answer_question,
    find_game,
    play_again,
    play_move,
    version_of,
)
from kidswar.web.services.practice_view import with_badge
from kidswar.web.services.views import table_page
from kidswar.web.table import bp
from kidswar.web.table.child import brought, counted_answer, refused_notice


def found_game(game_id: str) -> StoredGame:
    """The game as it stands now, or the friendly 404 page for one that is not there."""
    try:
        return find_game(context(), game_id)
    except NotFound:
        abort(404)


def changed(change: Callable[[], Result], child: Progress | None = None) -> Response:
    """Make a move or an answer and draw its result; one no page sends is a bad request (400).

    `child`: the progress of the device's child an answer brought, to count it in."""
    try:
        result = change()
    except TableRefused:
        abort(400)
    except NotFound:  # cleaned up meanwhile
        abort(404)
    return after_change(result, counted_answer(child, result))


@bp.app_template_filter("with_badge")
def badged(name: str, badge: str | None) -> str:
    """`{{ card.name|with_badge(badge) }}`: a card's name with the badge its button shows, in
    the request's language (`practice_view.with_badge`)."""
    return with_badge(name, badge, translations())


def worded(refusal: Refusal) -> str:
    """The sentence that tells the child why the table refused."""
    return refusal_sentence(refusal, translations())


def render_table(
    stored: StoredGame,
    notice: str | None = None,
    status: int = 200,
    progress: str | None = None,
    progress_refused: bool = False,
) -> Response:
    """The table page, or only its live part when the page's script asked for it.

    `progress`: the device's child's progress after an answer it counted in (`table/child`),
    handed back to the page's script to keep; `progress_refused`: the one the answer brought
    could not be read, for the script to put aside."""
    template = live_template("table/_table.html", "table/game.html")
    page = render_template(
        template,
        **table_page(context(), stored),
        notice=notice,
        progress=progress,
        progress_refused=progress_refused,
    )
    return Response(page, status, mimetype="text/html")


def after_change(result: Result, progress: str | None = None) -> Response:
    """Draw a move's or an answer's result: refused (409), the fragment, or a redirect."""
    if result.refusal is not None:
        return render_table(result.stored, worded(result.refusal), 409)
    if from_page_script():  # draw what was just saved
        return render_table(result.stored, progress=progress)
    return redirect(url_for("table.show", game_id=result.stored.id), code=303)


@bp.get("/game/<game_id>")
def share(game_id: str) -> Response:
    """`/game/<id>`, the share link: open the game in the visitor's own language."""
    return redirect(url_for("table.show", game_id=game_id, lang=preferred_language()))


@bp.get("/<lang>/game/<game_id>")
def show(game_id: str) -> Response:
    """Show the game: anybody with the link sees the same table (ended first if time is up)."""
    return render_table(found_game(game_id))


@bp.post("/<lang>/game/<game_id>/move")
def move(game_id: str) -> Response:
    """Turn one seat's card, everyone's, or play ten battles."""
    stored = found_game(game_id)  # a move after the deadline plays no battle
    action, battle = request.form.get("action", ""), form_int("battle")
    if action not in Move.__members__.values() or battle is None:
        abort(400)
    move = Move(action)
    seat = form_int("seat") if move is Move.TURN else None
    return changed(lambda: play_move(context(), stored, move, battle, seat))


@bp.post("/<lang>/game/<game_id>/answer")
def answer(game_id: str) -> Response:
    """Answer the question about the last battle: a card (`card-N`) or a sign (`lt`...).

    Only parsed here; the table's rules check it (`Table.verify_answer`)."""
    stored = found_game(game_id)
    given, battle = request.form.get("answer", ""), form_int("battle")
    if given not in Answer.__members__.values() or battle is None:
        abort(400)
    try:
        child = brought(stored)  # a table on a level: its answers count for the device's child
    except ProgressRefused:  # before anything changes: the script puts it aside (table/child)
        return render_table(stored, refused_notice(), 400, progress_refused=True)
    return changed(lambda: answer_question(context(), stored, Answer(given), battle), child)


@bp.get("/<lang>/game/<game_id>/clock")
def clock(game_id: str) -> Response:
    """A game's clock as JSON for its countdown; the game is ended first if its time is up."""
    stored = found_game(game_id)
    found = clock_of(context(), stored)
    if found is None:
        abort(404)
    return jsonify(game_clock_json(context(), stored, found))


@bp.get("/<lang>/game/<game_id>/version")
def version(game_id: str) -> Response:
    """The game's version and whether it is over (JSON): a page showing the game asks every few
    seconds and redraws its table only when the version moved (a move on another device)."""
    try:
        number, over = version_of(context(), game_id)
    except NotFound:
        abort(404)
    response = jsonify({"version": number, "over": over})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<lang>/game/<game_id>/again")
def again(game_id: str) -> Response:
    """Play again with the same seats and rules, with a fresh deal (and a fresh clock)."""
    new_id, refusal = play_again(context(), found_game(game_id))
    if new_id is None:
        message = None if refusal is None else worded(refusal)
        page = render_template("errors/error.html", code=409, message=message, title=None)
        return Response(page, 409, mimetype="text/html")
    return redirect(url_for("table.show", game_id=new_id), code=303)
