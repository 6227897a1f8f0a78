"""Results worth reading (issue 23): a table's finished games beside its game now, a removed
table's clock stopped, the players' names in the status JSON."""

from __future__ import annotations

from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from test_classroom import control, create_round, game_of, join
from test_classroom_crowds import REMOVED, remove_page
from webhelpers import move, post


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
    winner = "Ada" if first.winner == 0 else "Computer"
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
        assert "draw" not in board and f"Game 1: {winner} won." in board
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
