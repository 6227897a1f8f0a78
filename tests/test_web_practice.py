"""Practice at the table over HTTP: the question first, answers checked by the server, the score.

Each game is started through the setup form and then given a known deal (through the storage
functions, as a move would save it), so every answer's rightness is known in advance.
"""

from __future__ import annotations

import re

import pytest
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from practice_support import answer, practice_game
from webhelpers import as_read, move, post, start_easy, start_full

from kidswar.storage.database import connect
from kidswar.storage.games import load_game


def score(app: Flask, table: str) -> tuple[int, int, int]:
    """Asked, right and best streak, from the database."""
    loaded = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert loaded is not None
    practice = loaded.practice.score
    return practice.asked, practice.right, practice.best


def test_the_question_comes_before_the_outcome_and_a_right_answer_is_cheered(
    client: FlaskClient, app: Flask
) -> None:
    table = practice_game(
        client, app, [["7H", "2C", "9D"], ["4S", "3C", "8D"]], **{"name-1": "Ana"}
    )
    assert move(client, table, "all", 1).status_code == 303
    asking = client.get(table).get_data(as_text=True)
    assert "Which card is bigger?" in asking
    assert "Ana takes" not in asking and "Seven is bigger" not in asking  # not yet
    assert ">3 cards<" in asking and 'class="seat took"' not in asking  # counts before
    assert 'name="answer" value="card-0"' in asking and 'value="gt"' in asking
    assert "/speech/en/question-bigger.mp3" in asking
    assert 'name="action" value="all"' not in asking  # no move until it is answered
    assert answer(client, table, 1, "gt").status_code == 303  # 7 > 4
    shown = as_read(client.get(table).get_data(as_text=True))
    assert re.search(r"Yes!|Well done!|That&#39;s right!", shown)
    assert "Seven is bigger than four." in shown and "Ana takes 2 cards." in shown
    assert shown.count("Seven is bigger than four.") == 1  # said once, not twice
    assert "number-line" not in shown and 'name="action" value="all"' in shown
    speech = re.search(r'data-speech="([^"]*)"', shown)
    assert speech and "/speech/en/cheer-" in speech.group(1)
    assert speech.group(1).index("cheer-") < speech.group(1).index("compare-7-4")
    assert score(app, table) == (1, 1, 1)


def test_a_wrong_answer_counts_kindly_and_costs_no_card(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["7H", "2C"], ["KS", "3C"]])
    move(client, table, "all", 1)
    assert answer(client, table, 1, "card-0").status_code == 303  # the king is bigger
    shown = client.get(table).get_data(as_text=True)
    assert "Let&#39;s count!" in shown and 'class="number-line"' in shown
    assert (
        "Seven, eight, nine, ten, eleven, twelve, thirteen. Thirteen is six more than seven."
        in shown
        and "Seven is smaller than the king." in shown
    )
    # What was chosen beside what is true, the seven on the left as the question showed it.
    assert "You chose" in shown and "7 &gt; 13" in shown and "7 &lt; 13" in shown
    assert 'class="pip counted"' in shown and "K = 13" in shown
    stored = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert stored is not None and stored.game.counts == [1, 3]  # the battle, nothing more
    assert score(app, table) == (1, 0, 0)


def test_a_tie_is_answered_with_the_same(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    move(client, table, "all", 1)
    asking = client.get(table).get_data(as_text=True)
    assert 'class="war-lay"' not in asking  # the war waits for the answer
    assert "Both turned a nine" not in asking
    answer(client, table, 1, "same")
    shown = client.get(table).get_data(as_text=True)
    assert "Nine is equal to nine." in shown and "Both turned a nine: war!" in shown
    assert 'class="war-lay"' in shown and score(app, table) == (1, 1, 1)
    assert "K = 13" in shown and "K = 13" not in asking  # the king of the war, numbered


@pytest.mark.parametrize("given, right", [("card-2", True), ("card-0", False), ("same", False)])
def test_four_players_say_which_is_the_biggest(
    client: FlaskClient, app: Flask, given: str, right: bool
) -> None:
    table = practice_game(client, app, [["9H", "2C"], ["4S", "3C"], ["QC", "5C"], ["2D", "6D"]])
    move(client, table, "all", 1)
    asking = client.get(table).get_data(as_text=True)
    assert "Which card is the biggest?" in asking and 'value="same"' in asking
    assert 'value="gt"' not in asking  # no signs between four cards
    assert "Q = 12" in asking
    answer(client, table, 1, given)
    shown = client.get(table).get_data(as_text=True)
    assert ("Let&#39;s count!" in shown) != right
    assert "The queen is the biggest card." in shown
    assert score(app, table) == (1, int(right), int(right))


def test_peace_asks_for_the_smaller_card(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["7H", "2C"], ["4S", "3C"]], variant="peace")
    move(client, table, "all", 1)
    assert "Which card is smaller?" in client.get(table).get_data(as_text=True)
    answer(client, table, 1, "card-1")
    shown = client.get(table).get_data(as_text=True)
    assert "Four is smaller than seven." in shown and "Let&#39;s count!" not in shown


def test_three_players_in_peace_ask_for_the_smallest(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["7H", "2C"], ["4S", "3C"], ["4D", "5C"]], variant="peace")
    move(client, table, "all", 1)
    assert "Which card is the smallest?" in client.get(table).get_data(as_text=True)
    answer(client, table, 1, "card-1")  # one of the two fours: the smallest, and a tie
    assert score(app, table) == (1, 1, 1)
    assert "Four is equal to four." in client.get(table).get_data(as_text=True)


def test_stale_and_early_answers_and_moves_are_refused(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["7H", "2C", "9D"], ["4S", "3C", "8D"]])
    assert answer(client, table, 1, "gt").status_code == 409  # nothing asked yet
    move(client, table, "all", 1)
    refused = move(client, table, "all", 2)  # play on without answering
    assert refused.status_code == 409 and "First answer the question" in refused.get_data(
        as_text=True
    )
    assert answer(client, table, 2, "gt").status_code == 409  # not the battle asked about
    assert answer(client, table, 1, "gt").status_code == 303
    again = answer(client, table, 1, "lt")  # a double tap
    assert again.status_code == 409 and "already answered" in again.get_data(as_text=True)
    assert score(app, table) == (1, 1, 1)
    assert move(client, table, "all", 2).status_code == 303  # now the game goes on
    assert "Which card is bigger?" in client.get(table).get_data(as_text=True)


@pytest.mark.parametrize(
    "given", ["card-7", "card-3", "bigger", "", "gt ", "lt", "card-1\n", "same\n"]
)
def test_bad_answers_are_400_and_change_nothing(
    client: FlaskClient, app: Flask, given: str
) -> None:
    table = practice_game(client, app, [["7H", "2C"], ["4S", "3C"], ["5D", "6D"]])
    move(client, table, "all", 1)
    before = score(app, table)  # card-3: a 4th seat in a 3-player game; lt: 3 cards, no sign
    response = post(client, f"{table}/answer", {"battle": 1, "answer": given}, page=table)
    assert response.status_code == 400 and score(app, table) == before


def test_the_card_of_a_seat_that_is_out_cannot_answer(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["7H", "2C"], ["4S", "3C"], ["5D"]])
    move(client, table, "all", 1)  # 7, 4, 5: the third seat gives its only card
    answer(client, table, 1, "card-0")
    move(client, table, "all", 2)  # two cards left in play: seat 1's and seat 2's
    asking = client.get(table).get_data(as_text=True)
    assert "Which card is bigger?" in asking and 'value="card-2"' not in asking
    assert answer(client, table, 2, "card-2").status_code == 400
    assert score(app, table) == (1, 1, 1)


def test_answers_on_a_game_without_practice_are_400(client: FlaskClient) -> None:
    table = start_easy(client)
    move(client, table, "all", 1)
    assert answer(client, table, 1, "gt").status_code == 400
    assert "Which card is bigger?" not in client.get(table).get_data(as_text=True)


def test_the_end_of_the_game_shows_the_score_and_the_missed_pairs(
    client: FlaskClient, app: Flask
) -> None:
    table = practice_game(client, app, [["7H", "KD"], ["4S", "5C"]])
    for battle, given in ((1, "gt"), (2, "card-1")):  # 7 > 4, then the king takes it all
        assert move(client, table, "all", battle).status_code == 303
        end = client.get(table).get_data(as_text=True)
        assert "The game is over" not in end  # the last battle waits for its answer too
        assert answer(client, table, battle, given).status_code == 303
    end = client.get(table).get_data(as_text=True)
    assert "The game is over" in end and "You answered 1 of 2 questions right." in end
    assert "Let&#39;s try these again:" in end and "13 &gt; 5" in end
    assert "The king is bigger than five." in end


def test_the_page_script_gets_the_answered_table(client: FlaskClient, app: Flask) -> None:
    table = practice_game(client, app, [["7H", "2C"], ["4S", "3C"]])
    move(client, table, "all", 1)
    response = answer(client, table, 1, "card-0", headers={"X-Kidswar": "fetch"})
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and text.lstrip().startswith('<div id="table"')
    assert "Seven is bigger than four." in text


def test_practice_is_chosen_on_both_setup_forms(client: FlaskClient, app: Flask) -> None:
    for url in ("/en/easy", "/en/full"):
        assert 'name="practice"' in client.get(url).get_data(as_text=True)
    easy = start_easy(client, practice="on")
    full = start_full(client, practice="on")
    plain = start_easy(client)
    db = connect(app.config["DATABASE"])
    practising = [
        load_game(db, url.rsplit("/", 1)[1]).setup.practice  # type: ignore[union-attr]
        for url in (easy, full, plain)
    ]
    assert practising == [True, True, False]
    bad = post(client, "/en/easy", {"who": "computer", "practice": "yes"})
    assert bad.status_code == 400 and "Tick the Practice box" in bad.get_data(as_text=True)


def test_when_time_is_up_the_end_of_the_game_comes_before_the_question(
    client: FlaskClient, app: Flask
) -> None:
    clock = FakeClock()
    app.config["CLOCK"] = clock
    table = practice_game(
        client, app, [["7H", "2C", "9D"], ["4S", "3C", "8D"]], variant="standard", time="5"
    )
    move(client, table, "all", 1)
    assert "Which card is bigger?" in client.get(table).get_data(as_text=True)
    clock.advance(301)
    shown = client.get(table).get_data(as_text=True)
    assert "The game is over" in shown and "Which card is bigger?" not in shown
    assert answer(client, table, 1, "gt").status_code == 409
    assert score(app, table) == (0, 0, 0)
