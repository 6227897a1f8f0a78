"""Answers to the table's practice question, checked by the server against the battle played.

An answer names the battle it answers, like a move names the battle it plays: it is refused
when that question was already answered or is not the one on the table (a double tap, a
second tab), and it is saved only if the game is still at the version it was given on.
"""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, abort, redirect, request, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from kidswar.game.questions import ANSWER, Question
from kidswar.storage.practice import load_practice, save_practice
from kidswar.web.db import get_db
from kidswar.web.live import from_page_script
from kidswar.web.table import find_game, render_table
from kidswar.web.timing import settle

bp = Blueprint("answers", __name__, url_prefix="/<lang>/game")


@bp.post("/<game_id>/answer")
def answer(game_id: str) -> Response | tuple[str, int]:
    """Answer the question about the last battle: a card (`card-N`) or a sign (`lt`...)."""
    stored = settle(find_game(game_id))
    given, number = request.form.get("answer", ""), request.form.get("battle", "")
    if not stored.setup.practice or not ANSWER.match(given) or not number.isdigit():
        abort(400)
    if given.startswith("card-") and int(given[5:]) >= stored.setup.rules.players:
        abort(400)
    db = get_db()
    loaded = load_practice(db, stored.id)
    battle = stored.last_battle
    if (
        loaded is None
        or loaded[1] != stored.version
        or battle is None
        or int(number) != battle.number
        or not loaded[0].asks_about(battle, stored.game.outcome)
    ):
        return already_answered(stored.id)
    practice = loaded[0]
    question = Question.from_battle(battle, stored.setup.rules.variant.lowest_wins)
    if not question.accepts(given):  # the card of a seat that has none on the table
        abort(400)
    if not save_practice(db, stored.id, stored.version, practice.answer(question, given)):
        return already_answered(stored.id)
    if from_page_script():  # draw what was just saved
        return render_table(replace(stored, version=stored.version + 1))
    return redirect(url_for("table.show", game_id=stored.id), code=303)


def already_answered(game_id: str) -> tuple[str, int]:
    """Refuse a stale answer: say so, and show the game as it is now."""
    return render_table(
        find_game(game_id), _("That question was already answered. Here is the game now."), 409
    )
