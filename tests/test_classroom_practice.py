"""Class rounds with practice (issue 11): every table's game asks, the board tells at the end.

While the round runs the teacher's page, the projector and the status JSON show only the card
counts; once time is up (or the teacher ends the round) they show each table's right answers
and what the class missed most.
"""

from __future__ import annotations

import json
import re
from typing import Any

from classroom_support import answer, control, create_round, game_of, join, play
from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import count_rows, invalid_fields, move, post

from kidswar.game.class_round import RoundSettings
from kidswar.game.questions import Question
from kidswar.game.rules import Variant
from kidswar.game.score import Score, most_missed
from kidswar.storage.database import connect
from kidswar.storage.formats import ROUND_SETTINGS

NEW_ROUND = {"time": "10", "variant": "standard", "players": "2", "who": "children"}
TICK = "Tick the Practice box, or leave it empty."
# What only a practice round shows, and only once time is up.
AT_THE_END = ("answers right", "answered no questions", "The class answered", "missed most")


def board_texts(client: FlaskClient, code: str, teacher: str) -> list[str]:
    """The status JSON's board, the projector and the teacher's page, as a user gets them."""
    status = client.get(f"/en/class/{code}/status").get_json()
    return [
        status["board"],
        client.get(f"/en/class/{code}/screen").get_data(as_text=True),
        client.get(teacher).get_data(as_text=True),
    ]


def test_a_practice_round_shows_the_answers_only_when_it_is_over(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, practice="on")
    red, red_table = join(app, code, **{"table-name": "Red", "name-1": "Ada", "name-2": "Ben"})
    blue, blue_table = join(app, code, **{"table-name": "Blue"})
    _green, green_table = join(app, code, **{"table-name": "Green"})
    for table in (red_table, blue_table, green_table):
        assert game_of(app, table).setup.practice
    database = app.config["DATABASE"]
    # Red: 7 > 4 (right), 2 < 3 (answered wrong), 9 > 8 (the 8 tapped: wrong).
    redeal(database, red_table.rsplit("/", 1)[1], [["7H", "2C", "9D", "QS"], ["4S", "3C", "8D"]])
    # Blue: 2 < 3 (the 2 tapped as the bigger: wrong), 9 > 8 (right). Green answers nothing.
    redeal(database, blue_table.rsplit("/", 1)[1], [["2H", "9S", "JC"], ["3D", "8C", "6H"]])
    assert control(client, teacher, "start") == 303
    play(red, red_table, ["gt", "gt", "card-1"])
    play(blue, blue_table, ["card-0", "gt"])
    assert move(red, red_table, "all", 4).status_code == 303  # asked, never answered
    assert "Which card is bigger?" in red.get(red_table).get_data(as_text=True)

    clock.advance(60)  # the round runs: only the cards, whatever was answered
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["practice"] is None
    assert [table["answers"] for table in status["tables"]] == [None, None, None]
    ada = f"<bdi>Ada</bdi>: {game_of(app, red_table).game.counts[0]} cards"
    for text in board_texts(client, code, teacher):
        assert "The tables" in text and ada in text
        assert not [words for words in AT_THE_END if words in text]
        assert "3 &gt; 2" not in text

    assert control(client, teacher, "end") == 303
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["clock"]["state"] == "over"
    answers = [table["answers"] for table in status["tables"]]
    assert answers == [
        {"right": 1, "asked": 3, "text": "1 of 3 answers right."},
        {"right": 1, "asked": 2, "text": "1 of 2 answers right."},
        {"right": 0, "asked": 0, "text": "This table answered no questions."},
    ]
    assert status["practice"] == {
        "right": 2,
        "asked": 5,
        "text": "The class answered 2 of 5 questions right.",
        "missed": [  # missed at two tables first, then at one
            {"values": [3, 2], "chain": "3 > 2", "text": "Three is bigger than two.", "tables": 2},
            {"values": [9, 8], "chain": "9 > 8", "text": "Nine is bigger than eight.", "tables": 1},
        ],
    }
    for text in board_texts(client, code, teacher):
        assert "Count your cards!" in text
        text = re.sub(r'<p class="board-manage">.*?</p>', "", text)  # the teacher's links
        tables = re.findall(r'<li class="board-table">(.*?)</ul>\s*(.*?)</li>', text, re.S)
        assert [re.sub(r"\s+", " ", after).strip() for _seats, after in tables] == [
            '<p class="board-answers">1 of 3 answers right.</p>',
            '<p class="board-answers">1 of 2 answers right.</p>',
            '<p class="board-answers">This table answered no questions.</p>',
        ]
        assert "The class answered 2 of 5 questions right." in text
        assert "What the class missed most" in text
        missed = re.findall(r'<span class="chain" aria-hidden="true">([^<]+)</span>', text)
        assert missed == ["3 &gt; 2", "9 &gt; 8"]
        assert text.index("Three is bigger than two.") < text.index("Nine is bigger than eight.")
        assert "2 tables got this wrong." in text and "1 table got this wrong." in text
        assert "Every answer was right" not in text


def test_a_round_without_practice_shows_none_of_it(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client)
    device, table = join(app, code, **{"table-name": "Red"})
    assert not game_of(app, table).setup.practice
    control(client, teacher, "start")
    assert move(device, table, "all", 1).status_code == 303
    assert answer(device, table, 1, "gt") == 400  # nothing is asked at the table
    assert "Which card is bigger?" not in device.get(table).get_data(as_text=True)
    control(client, teacher, "end")
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["practice"] is None and status["tables"][0]["answers"] is None
    for text in board_texts(client, code, teacher):
        assert "Count your cards!" in text
        assert not [words for words in AT_THE_END if words in text]
        assert "class-practice" not in text


def test_every_answer_right_is_said_and_peace_lists_the_smaller_card_first(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, practice="on", variant="peace", who="computer")
    right, right_table = join(app, code, **{"table-name": "Owls"})
    _bats, bats_table = join(app, code, **{"table-name": "Bats"})
    database = app.config["DATABASE"]
    redeal(database, right_table.rsplit("/", 1)[1], [["7H", "2C"], ["4S", "5C"]])
    redeal(database, bats_table.rsplit("/", 1)[1], [["7D", "2D"], ["4D", "5D"]])
    control(client, teacher, "start")
    play(right, right_table, ["card-1"])  # the smaller card: 4
    clock.advance(11 * 60)  # time is up by itself
    owls_only = client.get(f"/en/class/{code}/status").get_json()
    assert owls_only["practice"]["missed"] == []
    assert owls_only["practice"]["text"] == "The class answered 1 of 1 question right."
    board = owls_only["board"]
    assert "Every answer was right. Nothing to practise again!" in board
    assert "1 of 1 answer right." in board and "What the class missed most" not in board
    assert "This table answered no questions." in board  # the Bats joined, and did not answer

    teacher, code = create_round(client, practice="on", variant="peace", who="computer")
    device, table = join(app, code)
    redeal(database, table.rsplit("/", 1)[1], [["7D", "2D"], ["4D", "5D"]])
    control(client, teacher, "start")
    play(device, table, ["card-0"])  # 7 tapped as the smaller: wrong
    control(client, teacher, "end")
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["practice"]["missed"] == [
        {"values": [4, 7], "chain": "4 < 7", "text": "Four is smaller than seven.", "tables": 1}
    ]
    assert "Every answer was right" not in status["board"]


def test_a_practice_round_nobody_answered_in_says_so(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, practice="on")
    device, table = join(app, code, **{"table-name": "Owls"})
    control(client, teacher, "start")
    assert move(device, table, "all", 1).status_code == 303  # asked, never answered
    control(client, teacher, "end")
    status = client.get(f"/en/class/{code}/status").get_json()
    assert status["practice"] == {
        "right": 0,
        "asked": 0,
        "text": "No questions were answered in this round.",
        "missed": [],
    }
    board = status["board"]
    assert "This table answered no questions." in board
    assert "Every answer was right" not in board and "missed most" not in board


def test_a_table_that_plays_again_counts_every_game_it_answered_in(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, practice="on", who="computer")
    device, table = join(app, code, **{"table-name": "Foxes"})
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH"], ["2C"]])
    control(client, teacher, "start")
    play(device, table, ["card-1"])  # wrong, and the game is over: the 2 was the last card
    assert game_of(app, table).game.is_over
    again = post(device, f"{table}/again", {}, page=table)
    new_table = str(again.headers["Location"])
    assert again.status_code == 303 and game_of(app, new_table).setup.practice
    redeal(app.config["DATABASE"], new_table.rsplit("/", 1)[1], [["5H", "9C"], ["3D", "8C"]])
    play(device, new_table, ["gt"])  # right
    control(client, teacher, "end")
    status = client.get(f"/en/class/{code}/status").get_json()
    # Issue 13: "Play again" keeps the finished game in the round's results. The cards are
    # the game now; the answers are both games', the miss in the first one included.
    listed = status["tables"][0]
    assert listed["answers"]["text"] == "1 of 2 answers right."
    assert listed["counts"] == game_of(app, new_table).game.counts
    assert (listed["games"], listed["finished"], listed["wins"]) == (2, 2, [2, 0])
    assert status["practice"]["text"] == "The class answered 1 of 2 questions right."
    assert [pair["chain"] for pair in status["practice"]["missed"]] == ["13 > 2"]


def test_the_round_form_takes_a_practice_tick_and_nothing_else(
    client: FlaskClient, app: Flask
) -> None:
    page = client.get("/en/class/").get_data(as_text=True)
    assert 'name="practice" value="on"' in page and 'value="on" aria-describedby' in page
    assert re.search(r'name="practice" value="on"[^>]* checked', page) is None  # off at first
    assert "what the class missed most" in page
    for value in ("yes", "off", "", "on ", "1"):
        response = post(client, "/en/class/", {**NEW_ROUND, "practice": value}, page="/en/class/")
        text = response.get_data(as_text=True)
        assert response.status_code == 400, value
        assert invalid_fields(text) == ["practice"]
        assert f'id="practice-error">{TICK}</p>' in text and f"<li>{TICK}</li>" in text
    # Another field wrong: the tick comes back ticked, and nothing is written.
    refused = post(
        client, "/en/class/", {**NEW_ROUND, "time": "7", "practice": "on"}, page="/en/class/"
    )
    text = refused.get_data(as_text=True)
    assert refused.status_code == 400 and invalid_fields(text) == ["time"]
    assert re.search(r'name="practice" value="on"[^>]* checked', text)
    assert count_rows(app, "rounds") == 0
    create_round(client, practice="on")
    create_round(client)
    rows = connect(app.config["DATABASE"]).execute("SELECT settings FROM rounds").fetchall()
    assert sorted(json.loads(row["settings"])["practice"] for row in rows) == [False, True]


def test_an_old_round_without_the_flag_reads_as_practice_off() -> None:
    old: dict[str, Any] = {
        "minutes": 10,
        "variant": "standard",
        "players": 2,
        "against_computer": False,
    }
    # Saved rounds are read through storage's formats, which upgrade the old shape.
    assert RoundSettings.from_json(ROUND_SETTINGS.upgrade(old)).practice is False
    practising = RoundSettings(10, Variant.PEACE, 3, True, practice=True)
    assert RoundSettings.from_json(json.loads(json.dumps(practising.to_json()))) == practising


def missed(*pairs: tuple[int, ...]) -> Score:
    """A score that missed `pairs` (best first), in that order."""
    score = Score()
    for values in pairs:
        score = score.record(Question(0, values, lowest_wins=False), right=False)
    return score


def test_most_missed_counts_the_tables_that_missed_each_pair() -> None:
    scores = [
        missed((9, 8), (3, 2)),
        missed((3, 2), (13, 12)),
        missed((13, 12), (3, 2), (6, 5, 4)),
        Score(),
    ]
    assert most_missed(scores, 5) == [((3, 2), 3), ((13, 12), 2), ((9, 8), 1), ((6, 5, 4), 1)]
    assert most_missed(scores, 2) == [((3, 2), 3), ((13, 12), 2)]
    assert most_missed([], 5) == []
