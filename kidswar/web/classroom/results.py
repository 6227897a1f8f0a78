"""The round's results for the teacher: two CSV files, and deleting the round now (issue 33).

The tables' file and the missed pairs' file each open in a spreadsheet with one heading row
(`services.results_csv`). Once the teacher has them, the round need not wait for the clean-up
(within two weeks): "Delete this round now" asks first, then deletes the round, its tables and
their games, the children's names with them.
"""

from __future__ import annotations

from flask import redirect, render_template, url_for
from werkzeug.wrappers import Response

from kidswar.web.classroom import bp
from kidswar.web.classroom.routes import teacher_round
from kidswar.web.context import context
from kidswar.web.services.clock import settle_round_games
from kidswar.web.services.results_csv import csv_text, missed_rows, table_rows
from kidswar.web.services.rounds import delete_round_now


def csv_file(rows: list[list[object]], filename: str) -> Response:
    """Rows as a CSV download: UTF-8 with a byte order mark, so a spreadsheet reads accented
    names right; never kept by a cache (the names are the children's)."""
    response = Response("\ufeff" + csv_text(rows), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<lang>/class/teacher/<code>/results.csv")
def results_csv(code: str) -> Response:
    """The round's tables, a row each, with the round's date, minutes, game and level."""
    found = teacher_round(code)
    ctx = context()
    settle_round_games(ctx, found.code)
    return csv_file(table_rows(ctx, found), f"class-round-{found.code}.csv")


@bp.get("/<lang>/class/teacher/<code>/missed.csv")
def missed_csv(code: str) -> Response:
    """The pairs of cards the class missed, how many tables missed each, most first."""
    found = teacher_round(code)
    ctx = context()
    settle_round_games(ctx, found.code)
    return csv_file(missed_rows(ctx, found), f"class-round-{found.code}-missed.csv")


@bp.get("/<lang>/class/teacher/<code>/delete")
def delete(code: str) -> str:
    """Ask the teacher to confirm deleting the round now."""
    found = teacher_round(code)
    return render_template(
        "classroom/delete.html", round=found, back=url_for("classroom.teacher", code=code)
    )


@bp.post("/<lang>/class/teacher/<code>/delete")
def delete_now(code: str) -> Response:
    """Delete the round, its tables and their games; then the page to set up a new round."""
    found = teacher_round(code)
    delete_round_now(context(), found)
    return redirect(url_for("classroom.new"), code=303)
