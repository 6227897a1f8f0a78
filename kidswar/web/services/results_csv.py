"""A class round's results as a CSV file for the teacher's spreadsheet (issue 23).

From what the round keeps today, and only that (it expires with the round; nothing is kept per
child): a row per table listed (its name, its players, the games it played, its right and wrong
answers over all of them), then a row per pair of cards the class missed, with how many tables
missed it, most first.

A spreadsheet reads a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a
formula, so a table named "=1+1" (or worse, "=HYPERLINK(...)") would run on the teacher's
computer. Every text cell starting so gets a `'` in front, as the OWASP advice on CSV injection
says: the spreadsheet then shows the text as typed. The players' names are listed in one
cell, each between FSI and PDI (plain text's isolation, `kidswar.words.isolate`), so a
right-to-left name does not reorder the list; the formula check looks past them.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

from kidswar.game.class_round import Round
from kidswar.game.rules import Variant
from kidswar.game.score import Score, combined, most_missed
from kidswar.storage.round_games import round_games
from kidswar.storage.round_tables import round_tables
from kidswar.web.services.context import Context
from kidswar.words.isolate import FSI, isolate
from kidswar.words.practice import missed_line
from kidswar.words.sentences import seat_names

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EVERY_MISSED = 1_000  # a round keeps each table's misses once: never near this many pairs


def safe_cell(value: object) -> str | int:
    """A cell a spreadsheet reads as the text it is: numbers as they are, text that could
    start a formula with a `'` in front."""
    if isinstance(value, int):
        return value
    text = str(value)
    return f"'{text}" if text.lstrip(FSI).startswith(FORMULA_STARTS) else text


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """The rows as CSV text (every cell made safe), lines ended as RFC 4180 says."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return out.getvalue()


def results_rows(ctx: Context, found: Round) -> list[list[object]]:
    """The round's results as rows: a heading, a row per table; a heading, a row per pair."""
    t, db = ctx.t, ctx.db
    games = round_games(db, found.code)
    rows: list[list[object]] = [
        [
            # Translators: the column headings of the class round's results in a spreadsheet
            # the teacher downloads.
            t.gettext("Table"),
            t.gettext("Players"),
            t.gettext("Games"),
            t.gettext("Right answers"),
            t.gettext("Wrong answers"),
        ]
    ]
    scores: list[Score] = []
    for table in round_tables(db, found.code):
        played = games.get(table.number, [])
        now = next((each for each in played if each.id == table.game_id), None)
        names = [] if now is None else seat_names(now.setup.seats, t)
        score = combined(each.practice.score for each in played)
        if any(each.setup.practice for each in played):
            scores.append(score)
        players = ", ".join(isolate(name) for name in names)
        rows.append([table.name, players, len(played), score.right, score.asked - score.right])
    variant = found.settings.variant
    rows.append([])
    # Translators: column headings of the spreadsheet: a pair of cards the class missed
    # ("7 > 4") and how many tables missed it.
    rows.append([t.gettext("Missed pair"), t.gettext("Tables that missed it")])
    for values, count in most_missed(scores, EVERY_MISSED):
        chain, _sentence = missed_line(
            values, variant.lowest_wins, t, sums=variant is Variant.ADDITION
        )
        rows.append([chain, count])
    return rows
