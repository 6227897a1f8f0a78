"""Results worth reading (issue 23): a table's finished games beside its game now, a removed
table's clock stopped, the players' names in the status JSON."""

from __future__ import annotations

import csv
import io
import time

from classroom_support import (
    REMOVED,
    answer,
    control,
    create_round,
    game_of,
    join,
    play,
    remove_page,
)
from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post

from kidswar.storage.database import connect
from kidswar.web.context import context
from kidswar.web.services.board import BoardTable, class_together
from kidswar.web.services.results_csv import csv_text, safe_cell
from kidswar.words.isolate import isolate


def play_to_the_end(device: FlaskClient, table: str, app: Flask) -> None:
    """Play ten battles at a time until the table's game ends by itself."""
    battle = 1
    while not game_of(app, table).game.is_over and battle < 2000:
        assert move(device, table, "ten", battle).status_code == 303
        battle = game_of(app, table).game.battles + 1
    assert game_of(app, table).game.outcome.reason.value != "time-up"


def test_a_table_that_won_and_played_again_is_no_draw(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, variant="peace", who="computer")
    control(client, teacher, "start")
    device, table = join(app, code, **{"table-name": "Foxes", "name-1": "Ada"})
    play_to_the_end(device, table, app)
    first = game_of(app, table).game.outcome
    again = post(device, f"{table}/again", {}, page=table)
    new_table = str(again.headers["Location"])
    name = "Ada" if first.winner == 0 else "Computer"
    winner = isolate(name)  # FSI Ada PDI: plain text (the status JSON), <bdi> on the page
    clock.advance(600)  # time is up before the new game's first battle
    device.get(new_table)
    assert game_of(app, new_table).game.outcome.reason.value == "time-up"
    status = client.get(f"/en/class/{code}/status").get_json()
    listed = status["tables"][0]
    assert listed["earlier"] == [f"Game 1: {winner} won."]
    assert listed["result"] == "Game 2 had not begun when time was up."
    assert listed["players"] == ["Ada", "Computer"]
    for board in (
        status["board"],
        client.get(teacher).get_data(as_text=True),
        client.get(f"/en/class/{code}/screen").get_data(as_text=True),
    ):
        assert "draw" not in board and f"Game 1: <bdi>{name}</bdi> won." in board
        assert 'class="best"' not in board  # nobody is best in a game nobody played


def test_a_game_now_that_was_played_says_its_number(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, variant="peace", who="computer")
    control(client, teacher, "start")
    device, table = join(app, code, **{"table-name": "Foxes", "name-1": "Ada"})
    play_to_the_end(device, table, app)
    new_table = str(post(device, f"{table}/again", {}, page=table).headers["Location"])
    assert move(device, new_table, "ten", 1).status_code == 303
    clock.advance(600)
    device.get(new_table)
    listed = client.get(f"/en/class/{code}/status").get_json()["tables"][0]
    assert listed["result"].startswith("Game 2: Time is up")


def test_the_status_names_every_player(client: FlaskClient, app: Flask) -> None:
    _teacher, code = create_round(client)
    join(app, code, **{"table-name": "Owls", "name-1": "Ada", "name-2": "Ben"})
    join(app, code, **{"table-name": "Foxes"})
    listed = client.get(f"/en/class/{code}/status").get_json()["tables"]
    assert [table["players"] for table in listed] == [["Ada", "Ben"], ["Player 1", "Player 2"]]


def test_a_removed_tables_clock_stops_and_it_is_told_so(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, who="computer")
    ed, table = join(app, code, **{"table-name": "Eds", "name-1": "Ed"})
    control(client, teacher, "start")
    assert move(ed, table, "all", 1).status_code == 303
    clock.advance(100)
    link = remove_page(teacher, 1)
    assert post(client, link, {}, page=link).status_code == 303
    stopped = ed.get(f"{table}/clock").get_json()
    assert stopped["state"] == "stopped" and stopped["left"] == 500
    clock.advance(1000)  # long past the round's end
    later = ed.get(f"{table}/clock").get_json()
    assert later["left"] == 500 and not later["over"]
    page = ed.get(table).get_data(as_text=True)
    assert REMOVED in page and "wins" not in page
    assert not game_of(app, table).game.is_over


def test_the_class_together_ranks_no_table_on_the_wall(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, practice="on", together="on")
    red, red_table = join(app, code, **{"table-name": "Red", "name-1": "Ada"})
    _blue, _blue_table = join(app, code, **{"table-name": "Blue"})
    control(client, teacher, "start")
    for battle in (1, 2, 3):
        assert move(red, red_table, "all", battle).status_code == 303
        assert answer(red, red_table, battle, "card-0") == 303
    assert control(client, teacher, "end") == 303
    status = client.get(f"/en/class/{code}/status").get_json()
    right = game_of(app, red_table).practice.score.right
    assert status["tables"] == [
        {"number": 1, "name": "Red", "players": ["Ada", "Player 2"]},
        {"number": 2, "name": "Blue", "players": ["Player 1", "Player 2"]},
    ]
    wall = client.get(f"/en/class/{code}/screen").get_data(as_text=True)
    for board in (status["board"], wall):
        assert "The class played 3 battles." in board
        assert f"The class answered {right} question" in board
        for ranking in ("Ada:", " cards<", "answers right", "won", 'class="best"', "board-table"):
            assert ranking not in board
    teachers = client.get(teacher).get_data(as_text=True)
    assert "<bdi>Ada</bdi>: " in teachers and "answers right" in teachers  # the teacher sees all


def test_the_class_together_counts_in_the_locales_numbers(app: Flask) -> None:
    tables = [BoardTable(1, "Red", (), 0, None, played_battles=1204)]
    for lang, expected in (("en", "1,204"), ("de", "1.204"), ("tr", "1.204")):
        with app.test_request_context(f"/{lang}/class/"):
            app.preprocess_request()  # the page's language, as a request to it gets
            assert expected in class_together(context(), tables, None).battles
    with app.test_request_context("/en/class/"):
        app.preprocess_request()
        one = [BoardTable(1, "Red", (), 0, None, played_battles=1)]
        assert class_together(context(), one, None).battles == "The class played 1 battle."


def test_the_results_download_as_csv_with_formulas_made_text(
    client: FlaskClient, app: Flask
) -> None:
    teacher, code = create_round(client, practice="on")
    database = app.config["DATABASE"]
    red, red_table = join(app, code, **{"table-name": "=1+1", "name-1": "@Ada", "name-2": "Ben"})
    blue, blue_table = join(app, code, **{"table-name": "Blue", "name-1": "-Cy"})
    # Red: 2 < 3 (answered wrong), 9 > 8 (the 8 tapped: wrong). Blue: 2 < 3 (wrong), 9 > 8.
    redeal(database, red_table.rsplit("/", 1)[1], [["2H", "9S", "JC"], ["3D", "8C", "6H"]])
    redeal(database, blue_table.rsplit("/", 1)[1], [["2H", "9S", "JC"], ["3D", "8C", "6H"]])
    control(client, teacher, "start")
    play(red, red_table, ["card-0", "card-1"])
    play(blue, blue_table, ["gt", "gt"])
    response = client.get(f"{teacher}/results.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"]
    text = response.data.decode("utf-8-sig")
    assert "\u2068" not in text and "\u2069" not in text  # no invisible marks (issue 33)
    rows = list(csv.reader(io.StringIO(text)))
    today = time.strftime("%Y-%m-%d")
    # One heading, one row per table: a spreadsheet opens it as one table.
    assert rows == [
        [
            "Date",
            "Minutes",
            "Game",
            "Level",
            "Table",
            "Players",
            "Games",
            "Right answers",
            "Wrong answers",
        ],
        [today, "10", "War", "", "'=1+1", "'@Ada, Ben", "1", "0", "2"],
        [today, "10", "War", "", "Blue", "'-Cy, Player 2", "1", "1", "1"],
    ]
    missed = client.get(f"{teacher}/missed.csv")
    assert missed.status_code == 200 and "attachment" in missed.headers["Content-Disposition"]
    assert list(csv.reader(io.StringIO(missed.data.decode("utf-8-sig")))) == [
        ["Missed pair", "Tables that missed it"],
        ["3 > 2", "2"],
        ["9 > 8", "1"],
    ]
    assert client.get(f"/en/class/{code}/results.csv").status_code == 404  # not by the code
    assert client.get("/en/class/teacher/nope/results.csv").status_code == 404
    assert client.get("/en/class/teacher/nope/missed.csv").status_code == 404


def test_the_results_say_the_rounds_level(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client, level="smaller", time="5")
    join(app, code, **{"table-name": "Owls"})
    [_heading, row] = list(
        csv.reader(io.StringIO(client.get(f"{teacher}/results.csv").data.decode("utf-8-sig")))
    )
    assert row[1] == "5" and row[3] and row[4] == "Owls"  # the minutes, the level, the table


def test_delete_this_round_now_asks_first_then_deletes_it(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    _device, table = join(app, code, **{"table-name": "Red", "name-1": "Ada"})
    page = client.get(teacher).get_data(as_text=True)
    assert f'href="{teacher}/delete"' in page and "Delete this round now" in page
    asked = client.get(f"{teacher}/delete")
    assert asked.status_code == 200 and "Delete class round" in asked.get_data(as_text=True)
    assert client.get(teacher).status_code == 200  # asking deleted nothing
    deleted = post(client, f"{teacher}/delete", {}, page=f"{teacher}/delete")
    assert deleted.status_code == 303
    assert client.get(teacher).status_code == 404
    assert client.get(table).status_code == 404  # its games (the children's names) too
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM games WHERE round_code = ?", (code,)).fetchone()[0] == 0


def test_every_cell_that_could_be_a_formula_is_text() -> None:
    for start in ("=", "+", "-", "@", "\t", "\r"):
        assert safe_cell(f"{start}SUM(A1)") == f"'{start}SUM(A1)"
    assert safe_cell("Owls") == "Owls" and safe_cell(-3) == -3
    rows = list(csv.reader(io.StringIO(csv_text([['=HYPERLINK("x")', 'a "b"', 7]]))))
    assert rows == [['\'=HYPERLINK("x")', 'a "b"', "7"]]
