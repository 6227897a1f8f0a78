"""The classroom: a teacher's round, tables joining with a code, one clock for all of them."""

import re

import pytest
from classroom_support import NEW_ROUND, control, create_round, game_of, join
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, post

from kidswar.storage.database import connect
from kidswar.storage.rounds import load_round

LOCAL_HINT = "only this computer can open it"  # the teacher's page, for an address like localhost


def left(device: FlaskClient, table: str) -> float:
    """The seconds left that a table's countdown is told."""
    return float(device.get(f"{table}/clock").get_json()["left"])


def test_a_round_with_three_tables_ends_at_each_with_the_most_cards(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, time="5")
    tables = [
        join(app, code, **{"table-name": name, "name-1": f"{name} A", "name-2": f"{name} B"})
        for name in ("Red", "Blue", "Green")
    ]
    for device, table in tables:  # joined, but nobody plays before the teacher starts
        page = device.get(table).get_data(as_text=True)
        assert "The round has not started yet." in page and "Turn cards" not in page
        assert move(device, table, "all", 1).status_code == 409
        assert game_of(app, table).game.battles == 0
    assert control(client, teacher, "start") == 303
    for runs, (device, table) in zip((1, 2, 3), tables, strict=True):  # each table at its own pace
        for run in range(runs):
            move(device, table, "ten", run * 10 + 1)
    clock.advance(4 * 60)
    device, table = tables[0]
    move(device, table, "all", 11)  # a battle played in time counts
    clock.advance(60)  # time is up, in the middle of every game
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["clock"]["state"] == "over" and status["clock"]["left"] == 0
    assert "Count your cards!" in status["board"]
    assert [table["name"] for table in status["tables"]] == ["Red", "Blue", "Green"]
    for (device, table), listed in zip(tables, status["tables"], strict=True):
        game = game_of(app, table).game
        assert game.outcome.reason.value == "time-up" and listed["over"]
        counts = game.counts
        assert listed["counts"] == counts
        most = [seat for seat, count in enumerate(counts) if count == max(counts)]
        assert list(game.outcome.seats) == most
        assert game.outcome.winner == (most[0] if len(most) == 1 else None)
        battles = game.battles
        late = post(device, f"{table}/move", {"action": "all", "battle": battles + 1})
        assert late.status_code == 409  # too late
        assert game_of(app, table).game.battles == battles
        page = device.get(table).get_data(as_text=True)
        assert "Time is up" in page and "Play again" not in page
    assert [game_of(app, table).game.battles for _device, table in tables] == [11, 20, 30]
    projector = client.get(f"/en/class/{code}/screen").get_data(as_text=True)
    assert "Count your cards!" in projector and "Time is up" in projector


def test_pause_and_resume_move_every_deadline(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, time="10")
    tables = [join(app, code) for _ in range(3)]
    control(client, teacher, "start")
    clock.advance(100)
    assert [left(device, table) for device, table in tables] == [500] * 3
    assert control(client, teacher, "pause") == 303
    clock.advance(1000)  # a long pause: nobody's time runs out
    assert [left(device, table) for device, table in tables] == [500] * 3
    device, table = tables[0]
    response = move(device, table, "all", 1)
    assert response.status_code == 409 and "The round is paused." in response.get_data(as_text=True)
    assert control(client, teacher, "resume") == 303
    clock.advance(50)
    assert [left(device, table) for device, table in tables] == [450] * 3
    assert move(device, table, "all", 1).status_code == 303
    assert control(client, teacher, "add-minute") == 303
    assert [left(device, table) for device, table in tables] == [510] * 3
    clock.advance(509)
    assert not game_of(app, table).game.is_over and device.get(table).status_code == 200
    clock.advance(1)
    device.get(table)
    assert game_of(app, table).game.outcome.reason.value == "time-up"


def test_a_round_works_as_a_plain_timer_with_no_tables(
    client: FlaskClient, clock: FakeClock
) -> None:
    teacher, code = create_round(client, time="other", **{"time-other": "1"})
    screen = client.get(f"/en/class/{code}/screen").get_data(as_text=True)
    assert "1:00" in screen and "No table has joined yet." in screen
    control(client, teacher, "start")
    clock.advance(59)
    assert client.get(f"/en/class/{code}/status").get_json()["clock"]["left"] == 1
    clock.advance(1)
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["clock"]["state"] == "over" and status["tables"] == []
    assert "Count your cards!" in status["board"]


def test_ending_the_round_ends_every_game_and_closes_joining(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, who="computer", players="3")
    device, table = join(app, code, **{"name-1": "Ana"})
    assert [seat.computer for seat in game_of(app, table).setup.seats] == [False, True, True]
    control(client, teacher, "start")
    move(device, table, "ten", 1)
    assert control(client, teacher, "end") == 303
    assert "Time is up: " in device.get(table).get_data(as_text=True)
    other = app.test_client()
    response = other.get(f"/en/join/{code}")
    assert response.status_code == 410
    assert "This class round has finished" in response.get_data(as_text=True)
    late = post(other, f"/en/join/{code}", {})
    assert late.status_code == 410
    page = client.get(teacher).get_data(as_text=True)
    assert 'name="action"' not in page and "Set up a new round" in page


def test_a_double_click_on_add_a_minute_adds_one_minute(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, time="5")
    version = re.search(
        r'name="version" value="(\d+)"', client.get(teacher).get_data(as_text=True)
    ).group(1)  # type: ignore
    data = {"action": "add-minute", "version": version}
    assert post(client, teacher, data, page=teacher).status_code == 303
    second = post(client, teacher, data, page=teacher)
    assert second.status_code == 409 and "already done" in second.get_data(as_text=True)
    assert "6:00" in client.get(f"/en/class/{code}/screen").get_data(as_text=True)


def test_only_the_teacher_link_reaches_the_controls(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client)
    student, table = join(app, code)
    found = load_round(connect(app.config["DATABASE"]), code)
    assert found is not None
    token = found.teacher
    for address in (
        f"/en/class/teacher/{code}",
        "/en/class/teacher/nope",
        f"/en/class/teacher/{token[:-1]}",
        "/en/class/teacher/" + "x" * 200,
    ):
        assert student.get(address).status_code == 404
        response = post(student, address, {"action": "start", "version": "1"}, page=table)
        assert response.status_code == 404
    for address in (f"/en/class/{code}/screen", f"/en/join/{code}", table):
        page = student.get(address).get_data(as_text=True)
        assert token not in page and 'name="version"' not in page
    assert post(student, teacher, {"action": "start"}, page=table).status_code == 404
    # One who has the teacher's link (the teacher on another device) has the controls, and
    # a broken form from them is refused.
    assert student.get(f"/en/class/teacher?token={token}").status_code == 303
    assert post(student, teacher, {"action": "start"}, page=table).status_code == 400
    assert (
        post(student, teacher, {"action": "explode", "version": "1"}, page=table).status_code == 400
    )
    assert (
        "waiting" in client.get(f"/en/class/{code}/status").get_json()["clock"]["message"].lower()
    )  # still not started


@pytest.mark.parametrize(
    "typed, status, message",
    [
        ("", 400, "eight letters and digits"),
        ("ABC", 400, "eight letters and digits"),
        ("OOOOO", 400, "never has the letter O"),
        ("ACDEF", 404, "No class round has that code"),  # a five-character code of before
        ("ACDE-FGHJ", 404, "No class round has that code"),
    ],
)
def test_wrong_codes_get_a_clear_message(
    client: FlaskClient, typed: str, status: int, message: str
) -> None:
    response = client.get(f"/en/join/?code={typed}")
    assert response.status_code == status
    page = response.get_data(as_text=True)
    assert message in page and 'aria-invalid="true"' in page


def test_a_code_is_found_however_it_is_typed(client: FlaskClient, app: Flask) -> None:
    _teacher, code = create_round(client)
    typed = f" {code[:2].lower()}-{code[2:]} "
    response = client.get("/en/join/", query_string={"code": typed})
    assert response.status_code == 303 and response.headers["Location"] == f"/en/join/{code}"
    assert client.get(f"/join/{code}").headers["Location"].endswith(f"/join/{code}")
    assert client.get(f"/en/join/{code.lower()}").status_code == 200


def test_a_table_that_comes_back_finds_its_game(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client)
    control(client, teacher, "start")
    device, table = join(app, code, **{"table-name": "Owls"})
    move(device, table, "ten", 1)
    page = device.get(f"/en/join/{code}").get_data(as_text=True)
    assert f'href="{table}"' in page  # back to our table
    back = device.get(table).get_data(as_text=True)
    assert "10 battles played" in back and "Owls" in back
    assert f'href="{table}"' not in app.test_client().get(f"/en/join/{code}").get_data(as_text=True)


def test_a_bad_table_name_comes_back_and_nothing_is_written(
    client: FlaskClient, app: Flask
) -> None:
    _teacher, code = create_round(client)
    device = app.test_client()
    response = post(device, f"/en/join/{code}", {"table-name": "x" * 21}, page=f"/en/join/{code}")
    assert response.status_code == 400 and "up to 20 letters" in response.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM round_tables").fetchone()[0] == 0
    assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"time": "off"}, "whole number of minutes"),
        ({"time": "other", "time-other": "500"}, "whole number of minutes"),
        ({"players": "1"}, "Choose 2, 3 or 4 players"),
        ({"who": "robots"}, "Choose one"),
        ({"variant": "snap"}, "Choose one"),
    ],
)
def test_a_bad_round_form_comes_back_with_the_reason(
    client: FlaskClient, app: Flask, changes: dict[str, str], message: str
) -> None:
    response = post(client, "/en/class/", {**NEW_ROUND, **changes}, page="/en/class/")
    assert response.status_code == 400 and message in response.get_data(as_text=True)
    db = connect(app.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM rounds").fetchone()[0] == 0


def test_a_table_whose_game_ends_early_plays_again_under_the_same_clock(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, variant="peace", players="2", who="computer")
    control(client, teacher, "start")
    device, table = join(app, code, **{"table-name": "Foxes"})
    battle = 1
    while not game_of(app, table).game.is_over and battle < 1100:
        move(device, table, "ten", battle)
        battle = game_of(app, table).game.battles + 1
    assert game_of(app, table).game.outcome.reason.value != "time-up"
    again = post(device, f"{table}/again", {}, page=table)
    assert again.status_code == 303
    new_table = str(again.headers["Location"])
    assert new_table != table
    assert post(device, f"{table}/again", {}, page=table).headers["Location"] == new_table
    first = game_of(app, table).game
    status = client.get(f"/en/class/{code}/status").get_json()
    listed = status["tables"][0]
    assert listed["name"] == "Foxes" and not listed["over"]
    # Issue 13: the finished game stays in the round's results beside the new one's cards.
    assert listed["counts"] == game_of(app, new_table).game.counts == [26, 26]
    won = [1 if seat == first.outcome.winner else 0 for seat in range(2)]
    assert (listed["games"], listed["finished"], listed["wins"]) == (2, 1, won)
    board = status["board"]
    assert "This table finished 1 game in this round." in board
    assert board.count("1 game won") == sum(won) and board.count("0 games won") == 2 - sum(won)
    clock.advance(600)
    device.get(new_table)
    assert game_of(app, new_table).game.outcome.reason.value == "time-up"
    at_the_end = client.get(f"/en/class/{code}/status").get_json()["tables"][0]
    assert at_the_end["finished"] == 2 and at_the_end["over"]
    assert sum(at_the_end["wins"]) == sum(won) + (
        game_of(app, new_table).game.outcome.winner is not None
    )
    late = post(device, f"{new_table}/again", {})
    assert late.status_code == 409 and "Time is up for this round" in late.get_data(as_text=True)


def test_the_join_page_draws_a_qr_code_of_the_join_address(client: FlaskClient) -> None:
    teacher, code = create_round(client)
    page = client.get(teacher).get_data(as_text=True)
    qr = re.search(r"<svg role=\"img\" aria-label=\"QR code of the address ([^\"]+)\"", page)
    assert qr and qr.group(1) == f"http://localhost/join/{code[:4]}-{code[4:]}"  # as shown
    assert "style=" not in page and "<?xml" not in page
    assert "only this computer can open it" in page  # the teacher is told about localhost


@pytest.mark.parametrize(
    "base, local",
    [
        ("http://localhost", True),
        ("http://localhost:8000", True),
        ("http://127.0.0.1:5000", True),
        ("http://[::1]:8000", True),
        ("http://[::1]", True),
        ("http://LOCALHOST:8000", True),
        ("http://192.168.1.20:8000", False),
        ("http://kidswar.school.example", False),
        ("http://[fe80::1]:8000", False),
        ("http://localhost.example:8000", False),
    ],
)
def test_the_teacher_is_told_when_only_this_computer_can_open_the_address(
    client: FlaskClient, app: Flask, base: str, local: bool
) -> None:
    _teacher, code = create_round(client)
    found = load_round(connect(app.config["DATABASE"]), code)
    assert found is not None
    # The teacher's link opened at that address (a session's cookie is for one host).
    opened = client.get(f"/en/class/teacher?token={found.teacher}", base_url=base)
    page = client.get(opened.headers["Location"], base_url=base).get_data(as_text=True)
    assert (LOCAL_HINT in page) is local
    shown = f"{code[:4]}-{code[4:]}"
    assert (
        f'<svg role="img" aria-label="QR code of the address {base.lower()}/join/{shown}"' in page
    )


def test_a_malformed_host_gets_no_hint_and_no_error(client: FlaskClient) -> None:
    teacher, _code = create_round(client)
    response = client.get(teacher, headers={"Host": "[::1"})
    assert response.status_code == 200 and LOCAL_HINT not in response.get_data(as_text=True)


def test_a_table_cannot_drop_a_game_before_it_ends(client: FlaskClient, app: Flask) -> None:
    """ "Play again" shows only at the end; sent anyway mid-game, it is refused and the table
    keeps its game, so a table losing cannot start afresh and leave its loss out of the
    results."""
    teacher, code = create_round(client, players="2", who="computer")
    control(client, teacher, "start")
    device, table = join(app, code, **{"table-name": "Foxes"})
    assert move(device, table, "all", 1).status_code == 303
    again = post(device, f"{table}/again", {}, page=table)
    assert again.status_code == 409
    assert "This game is not over yet" in again.get_data(as_text=True)
    listed = client.get(f"/en/class/{code}/status").get_json()["tables"][0]
    assert listed["games"] == 1 and listed["battles"] == game_of(app, table).game.battles == 1
