"""Feedback in the child's order: the cards stay where the question showed them, with the true
sign between them; a right answer hears its own statement, a wrong one sees its choice beside
the truth. In the drill and at the table, for every sign and every tap, right and wrong."""

from __future__ import annotations

import html

import pytest
from drill_support import answer as drill_answer
from drill_support import page, set_drill
from flask import Flask
from flask.testing import FlaskClient
from practice_support import answer as table_answer
from practice_support import practice_game
from webhelpers import move

from kidswar.game.questions import Answer, Question
from kidswar.words.catalogs import load
from kidswar.words.practice import reply_sentence

# (left card, right card, answer, right?, the chain shown, what the child hears or reads)
PAIRS = [
    ("3C", "5D", "lt", True, "3 < 5", "Three is smaller than five."),
    ("3C", "5D", "gt", False, "3 < 5", "Three is smaller than five."),
    ("3C", "5D", "same", False, "3 < 5", "Three is smaller than five."),
    ("6C", "AD", "gt", False, "6 < 14", "Six is smaller than the ace."),
    ("9C", "4D", "gt", True, "9 > 4", "Nine is bigger than four."),
    ("9C", "4D", "lt", False, "9 > 4", "Nine is bigger than four."),
    ("7C", "7D", "same", True, "7 = 7", "Seven is equal to seven."),
    ("7C", "7D", "gt", False, "7 = 7", "Seven is equal to seven."),
    # A tap on the right card as the bigger one: "Five is bigger than three."
    ("3C", "5D", "card-1", True, "3 < 5", "Five is bigger than three."),
    ("3C", "5D", "card-0", False, "3 < 5", "Three is smaller than five."),
]


def escaped(text: str) -> str:
    """Text as the page writes it."""
    return html.escape(text, quote=True)


@pytest.mark.parametrize(("left", "right", "given", "ok", "chain", "sentence"), PAIRS)
def test_the_drill_keeps_the_question_order(
    client: FlaskClient, left: str, right: str, given: str, ok: bool, chain: str, sentence: str
) -> None:
    set_drill(client, [f"{left} {right}", "2C 9D"])
    assert drill_answer(client, 1, given).status_code == 303
    shown = page(client)
    assert escaped(chain) in shown and escaped(sentence) in shown
    assert ("Let&#39;s count!" in shown) is not ok
    assert ("You chose" in shown) is not ok


@pytest.mark.parametrize(("left", "right", "given", "ok", "chain", "sentence"), PAIRS)
def test_the_table_keeps_the_question_order(
    client: FlaskClient,
    app: Flask,
    left: str,
    right: str,
    given: str,
    ok: bool,
    chain: str,
    sentence: str,
) -> None:
    table = practice_game(client, app, [[left, "2C", "KH", "2H"], [right, "3D", "QH", "3H"]])
    move(client, table, "all", 1)
    assert table_answer(client, table, 1, given).status_code == 303
    shown = client.get(table).get_data(as_text=True)
    assert escaped(chain) in shown and escaped(sentence) in shown
    assert ("You chose" in shown) is not ok


def test_a_wrong_sign_is_shown_beside_the_true_one(client: FlaskClient) -> None:
    set_drill(client, ["6C AD", "2C 9D"])
    drill_answer(client, 1, "gt")
    shown = page(client)
    chosen = shown.index("You chose")
    truth = shown.index("The right answer")
    assert chosen < shown.index("6 &gt; 14", chosen) < truth < shown.index("6 &lt; 14", truth)


def test_only_pips_that_count_are_ringed(client: FlaskClient) -> None:
    # A wrong answer about an ace and a six: the six's pips are ringed, the ace's one is not.
    set_drill(client, ["6C AD", "2C 9D"])
    drill_answer(client, 1, "gt")
    shown = page(client)
    assert shown.count('class="pip counted"') == 6
    assert "A = 14" in shown and 'class="number-line"' in shown


@pytest.mark.parametrize(
    ("values", "lowest", "given", "right", "expected"),
    [
        ((4, 12, 7), False, "card-1", True, "The queen is the biggest card."),
        ((4, 12, 7), False, "card-2", False, "The queen is the biggest card."),
        ((9, 2, 5, 2), True, "same", True, "Two is equal to two."),
        ((3, 5), True, "card-0", True, "Three is smaller than five."),
        ((3, 5), True, "gt", False, "Three is smaller than five."),
    ],
)
def test_three_or_four_cards_and_peace(
    values: tuple[int, ...], lowest: bool, given: str, right: bool, expected: str
) -> None:
    question = Question(1, values, lowest)
    assert question.is_right(Answer(given)) is right
    said = reply_sentence(question, Answer(given), right, load("en"))
    assert said.sentence == expected
    # The chain keeps the seats' order: 4 < 12 > 7, not the best card first.
    assert [int(part) for part in said.chain.split()[::2]] == list(values)


def test_every_language_says_the_childs_statement() -> None:
    question = Question(1, (3, 5), False)
    turkish = reply_sentence(question, Answer("lt"), True, load("tr")).sentence
    assert turkish == "Üç beşten küçük."
    german = reply_sentence(question, Answer("card-1"), True, load("de")).sentence
    assert german == "Fünf ist größer als drei."
