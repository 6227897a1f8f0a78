"""A class round's results as a CSV file for the teacher's spreadsheet (issue 23).

From what the round keeps today, and only that (it expires with the round; nothing is kept per
child), two files a spreadsheet opens with one heading row each (issue 33: one file held two
tables, and said neither the date, the minutes nor the level):

- the tables: a row per table listed, with the round's date, minutes, game and level (so
  several rounds' files can be pasted under each other), its name, its players, the games it
  played, its right and wrong answers over all of them;
- the missed pairs: a row per pair of cards the class missed, how many tables missed it, most
  first.

A spreadsheet reads a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return as a
formula, so a table named "=1+1" (or worse, "=HYPERLINK(...)") would run on the teacher's
computer. Every text cell starting so gets a `'` in front, as the OWASP advice on CSV injection
says: the spreadsheet then shows the text as typed. The players' names are listed in one cell
as typed, comma-separated, with no invisible isolation marks: a spreadsheet shows those as
boxes or keeps them in every search and formula (the pages still isolate names).
"""

from __future__ import annotations

import csv
import io
import time
from collections.abc import Iterable, Sequence

from kidswar.game.class_round import Round
from kidswar.game.rules import Variant
from kidswar.game.score import Score, combined, most_missed
from kidswar.storage.round_games import round_games
from kidswar.storage.round_tables import round_tables
from kidswar.storage.rounds import round_created
from kidswar.web.services.context import Context
from kidswar.words.levels import class_level_label
from kidswar.words.practice import missed_line
from kidswar.words.sentences import seat_names
from kidswar.words.variant_names import short_name

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EVERY_MISSED = 1_000  # a round keeps each table's misses once: never near this many pairs


def safe_cell(value: object) -> str | int:
    """A cell a spreadsheet reads as the text it is: numbers as they are, text that could
    start a formula with a `'` in front."""
    if isinstance(value, int):
        return value
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """The rows as CSV text (every cell made safe), lines ended as RFC 4180 says."""
    out = io.StringIO()
    writer = csv.writer(out)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])
    return out.getvalue()


def table_rows(ctx: Context, found: Round) -> list[list[object]]:
    """The round's tables as rows: one heading, then a row per table listed."""
    t, db = ctx.t, ctx.db
    settings = found.settings
    created = round_created(db, found.code)
    date = time.strftime("%Y-%m-%d", time.localtime(ctx.now() if created is None else created))
    rung = settings.rung
    level = "" if rung is None else class_level_label(rung, t)
    rows: list[list[object]] = [
        [
            # Translators: the column headings of the class round's results in a spreadsheet
            # the teacher downloads: the round's date, its minutes, the game, the level.
            t.gettext("Date"),
            t.gettext("Minutes"),
            t.gettext("Game"),
            t.gettext("Level"),
            t.gettext("Table"),
            t.gettext("Players"),
            t.gettext("Games"),
            t.gettext("Right answers"),
            t.gettext("Wrong answers"),
        ]
    ]
    games = round_games(db, found.code)
    for table in round_tables(db, found.code):
        played = games.get(table.number, [])
        now = next((each for each in played if each.id == table.game_id), None)
        names = [] if now is None else seat_names(now.setup.seats, t)
        score = combined(each.practice.score for each in played)
        rows.append(
            [
                date,
                settings.minutes,
                short_name(settings.variant, t),
                level,
                table.name,
                ", ".join(names),
                len(played),
                score.right,
                score.asked - score.right,
            ]
        )
    return rows


def missed_rows(ctx: Context, found: Round) -> list[list[object]]:
    """The pairs of cards the class missed as rows: one heading, then a row per pair."""
    t, db = ctx.t, ctx.db
    games = round_games(db, found.code)
    scores: list[Score] = []
    for table in round_tables(db, found.code):
        played = games.get(table.number, [])
        if any(each.setup.practice for each in played):
            scores.append(combined(each.practice.score for each in played))
    variant = found.settings.variant
    # Translators: column headings of the spreadsheet: a pair of cards the class missed
    # ("7 > 4") and how many tables missed it.
    rows: list[list[object]] = [[t.gettext("Missed pair"), t.gettext("Tables that missed it")]]
    for values, count in most_missed(scores, EVERY_MISSED):
        chain, _sentence = missed_line(
            values, variant.lowest_wins, t, sums=variant is Variant.ADDITION
        )
        rows.append([chain, count])
    return rows
