"""The round's tables: the live board of the projector and of the teacher, removing a table.

The projector's status is found by the join code, which every child knows, so its board only
lists the tables. The teacher's status answers only the browser that opened the teacher's
link, and its board links each table to the page that removes it (issue 13: a table made by
mistake or mischief).
"""

from __future__ import annotations

from flask import abort, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from kidswar.game.class_round import Round
from kidswar.web.classroom import bp
from kidswar.web.classroom.routes import public_round, teacher_round
from kidswar.web.context import context
from kidswar.web.services.board import (
    board_tables,
    class_practice,
    class_together,
    practice_json,
    tables_json,
)
from kidswar.web.services.clock import clock_json, settle_round_games
from kidswar.web.services.rounds import round_table, take_out_table


@bp.get("/<lang>/class/<code>/status")
def status(code: str) -> Response:
    """The round's clock and tables as JSON, polled by the projector.

    In a practice round whose time is up, also each table's answers and the class's.
    """
    return status_json(public_round(code), manage=False)


@bp.get("/<lang>/class/teacher/<code>/status")
def teacher_status(code: str) -> Response:
    """The round's status for the teacher's page: its board offers to remove each table."""
    return status_json(teacher_round(code), manage=True)


def status_json(found: Round, manage: bool) -> Response:
    """The round's clock and board as JSON (`manage`: with the teacher's links on the board)."""
    ctx = context()
    settle_round_games(ctx, found.code)
    over = found.clock.is_up(ctx.now())
    tables = board_tables(ctx, found, over)
    practice = class_practice(ctx, found, tables)
    together = found.settings.together and not manage  # the teacher still sees every table
    board = render_template(
        "classroom/_board.html",
        round=found,
        tables=tables,
        practice=practice,
        over=over,
        manage=manage,
        together=class_together(ctx, tables, practice) if together else None,
    )
    return jsonify(
        {
            "clock": clock_json(ctx, found.clock, teacher=manage),
            "board": board,
            "tables": tables_json(tables, together),
            "practice": practice_json(practice),
        }
    )


@bp.route("/<lang>/class/teacher/<code>/tables/<int:number>/remove", methods=["GET", "POST"])
def remove(code: str, number: int) -> str | Response:
    """Ask the teacher to confirm, then take a table out of the round (a 404 for no table).

    Removing a table twice is no error: the teacher's page is shown without it either way.
    """
    found = teacher_round(code)
    table = round_table(context(), found, number)
    if table is None:
        abort(404)
    back = url_for("classroom.teacher", code=code)
    if table.removed:
        return redirect(back, code=303)
    if request.method == "GET":
        return render_template("classroom/remove.html", round=found, table=table, back=back)
    take_out_table(context(), found, number)
    return redirect(back, code=303)
