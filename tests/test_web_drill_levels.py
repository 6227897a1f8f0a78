"""The drill's levels over HTTP (issue 12): the little deck (the ace counts 1) and adding two
cards; the levels offered in words a parent understands; broken choices and cookies refused."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from drill_support import DRILL, answer, drill_now, page, send
from flask.testing import FlaskClient
from webhelpers import post

from kidswar.game.cards import Rank, parse_cards
from kidswar.game.drill import Drill
from kidswar.game.ladder import LADDER

LEVEL_NAMES = (
    "First numbers (1 to 5)",
    "The little deck (ace to 10, ace counts 1)",
    "Close numbers",
    "Finding the smaller card",
    "With the picture cards and the ace (J, Q, K, A)",
    "Three cards (the biggest)",
    "Adding small cards (sums to 10)",
    "Adding two cards",
)


def start(client: FlaskClient, level: str, question: str = "bigger") -> Any:
    """Start a drill of a level through the form."""
    return post(client, DRILL, {"range": level, "question": question}, page=DRILL)


def set_level(client: FlaskClient, level: str, questions: list[str]) -> Drill:
    """Give the session a drill of a level with known cards ("3H 4S 5C AD" per question)."""
    cards = tuple(tuple(parse_cards(q.split())) for q in questions)
    drill = Drill("known", level, False, cards)
    client.get(DRILL)  # a session with a CSRF token first
    with client.session_transaction() as session:
        session["drill"] = drill.to_json()
    return drill


def shown(client: FlaskClient) -> str:
    """The drill page now, its entities read back (so "7 > 6" can be looked for)."""
    return html.unescape(page(client))


def test_the_start_page_offers_the_levels_in_words(client: FlaskClient) -> None:
    text = html.unescape(client.get(DRILL).get_data(as_text=True))
    for name in LEVEL_NAMES:
        assert name in text
    for rung in LADDER:  # every level of the ladder, in its order, by its saved name
        assert f'name="level" value="{rung.name}"' in text
    names = [text.index(f'value="{rung.name}"') for rung in LADDER]
    assert names == sorted(names)
    assert 'value="first-five" checked' in text  # the first level is chosen already


@pytest.mark.parametrize("level, rung", [("little", "to-ten"), ("addition", "sums-to-20")])
def test_the_old_choices_start_the_same_level_of_the_ladder(
    client: FlaskClient, level: str, rung: str
) -> None:
    """A page or bookmark from before the ladder still starts the level it asked for."""
    assert start(client, level).status_code == 303
    drill = drill_now(client)
    assert drill.level_name == rung
    ranks = {card.rank for cards in drill.pairs for card in cards}
    assert not ranks & {Rank.JACK, Rank.QUEEN, Rank.KING}
    question = "Which sum is bigger?" if level == "addition" else "Which card is bigger?"
    assert question in shown(client) and "Question 1 of 10" in shown(client)


def test_adding_asks_for_the_bigger_sum_even_when_smaller_was_chosen(client: FlaskClient) -> None:
    assert start(client, "addition", "smaller").status_code == 303
    assert not drill_now(client).lowest_wins
    assert "Which sum is bigger?" in shown(client)


def test_the_little_deck_ace_counts_one(client: FlaskClient) -> None:
    set_level(client, "little", ["AH 5S", "AD 2C"])
    asking = shown(client)
    assert "A = 1" in asking and "A = 14" not in asking
    answer(client, 1, "gt")  # 1 is not bigger than 5
    wrong = shown(client)
    assert "Let's count!" in wrong and "1 < 5" in wrong and "One is smaller than five." in wrong
    assert (
        "One, two, three, four, five. Five is four more than one." in wrong
        and 'class="number-line"' in wrong
    )
    # The ace's one pip is counted as well as the five's: six pips ringed.
    assert page(client).count('class="pip counted"') == 6
    send(client, "/en/drill/next", number=1)
    answer(client, 2, "card-1")  # the 2 is bigger than the ace
    assert "Two is bigger than one." in shown(client)
    assert drill_now(client).score.missed == ((5, 1),)


def test_an_addition_question_shows_two_pairs_and_their_sums(client: FlaskClient) -> None:
    set_level(client, "addition", ["3H 4S 5C AD"])
    asking = shown(client)
    assert "Which sum is bigger?" in asking
    # The sums are the question: each pair's waits for the child, until the answer.
    assert "3 + 4 = ?" in asking and "5 + 1 = ?" in asking and "A = 1" in asking
    assert "3 + 4 = 7" not in asking and "5 + 1 = 6" not in asking
    assert "Choose this pair: 3 of hearts and 4 of spades, 3 + 4 (key 1)" in asking
    assert "Choose this pair: 5 of clubs and ace of diamonds (A = 1), 5 + 1 (key 2)" in asking
    assert "Choose the sign that goes between 3 + 4 and 5 + 1" in asking
    assert "3 + 4 is bigger than 5 + 1" in asking
    assert "Add up each pair: start from the bigger card and count on." in asking
    assert "Keys: 1 or 2 chooses a pair" in asking
    assert answer(client, 1, "card-0").status_code == 303
    right = shown(client)
    assert re.search(r"Yes!|Well done!|That's right!", right)
    assert "7 > 6" in right and "Seven is bigger than six." in right
    assert "3 + 4 = 7" in right and "5 + 1 = 6" in right
    assert "number-line" not in right and "count on" not in right


def test_a_wrong_sum_answer_counts_on_along_a_line_up_to_twenty(client: FlaskClient) -> None:
    set_level(client, "addition", ["9D 2C 10S 8H", "3H 4S 5C AD"])
    answer(client, 1, "gt")  # 11 > 18 is not true
    wrong = shown(client)
    assert "Let's count!" in wrong and "11 > 18" in wrong and "11 < 18" in wrong
    assert "Eleven is smaller than eighteen." in wrong and "18 is 7 more than 11." in wrong
    assert "Start at 9 and count on 2: 10, 11." in wrong
    assert "Start at 10 and count on 8: 11, 12, 13, 14, 15, 16, 17, 18." in wrong
    assert "9 + 2 = 11" in wrong and "10 + 8 = 18" in wrong  # each pair's sum in the reply
    line = re.search(r'<svg[^>]*class="number-line".*?</svg>', wrong, re.S)
    assert line and ">19</text>" in line.group(0)  # the line goes past the bigger sum
    assert not re.search(r">[JQKA]</text>", line.group(0))  # a sum of 11 is no jack
    assert "sums marked on it: 11 and 18" in line.group(0)
    assert drill_now(client).score.missed == ((18, 11),)


def test_the_equal_sums_are_met_with_the_same_sign(client: FlaskClient) -> None:
    set_level(client, "addition", ["3H 4S 5C 2D"])
    answer(client, 1, "same")
    assert "7 = 7" in shown(client) and "Seven is equal to seven." in shown(client)
    assert drill_now(client).score.right == 1


def test_ten_addition_questions_then_the_sums_to_try_again(client: FlaskClient) -> None:
    assert start(client, "addition").status_code == 303
    missed = set()
    for number in range(1, 11):
        question = drill_now(client).question()
        right = sorted(question.right_answers())
        wrong = sorted({"card-0", "card-1", "lt", "gt", "same"} - set(right))
        assert answer(client, number, right[0] if number % 2 else wrong[0]).status_code == 303
        if not number % 2:
            missed.add(question.chain())
        assert send(client, "/en/drill/next", number=number).status_code == 303
    end = shown(client)
    assert "All done!" in end and "You answered 5 of 10 questions right." in end
    for chain in missed:
        assert chain in end
    assert 'name="level" value="sums-to-20"' in end  # "Practise again" keeps the level


@pytest.mark.parametrize("level", ["everything", "", "ADDITION"])
def test_an_unknown_level_is_explained(client: FlaskClient, level: str) -> None:
    response = start(client, level)
    assert response.status_code == 400
    assert "Please check the form" in response.get_data(as_text=True)


@pytest.mark.parametrize(
    "change",
    [
        {"range": "everything"},
        {"range": "little", "pairs": ["KH 5S"]},
        {"range": "addition", "pairs": ["3H 4S"]},
        {"reply": {"number": 1, "answer": "card-9", "right": True}},
        {"pairs": "3H 4S"},
    ],
)
def test_a_broken_cookie_starts_again_and_never_fails(
    client: FlaskClient, change: dict[str, Any]
) -> None:
    drill = set_level(client, "faces", ["7H 4S"])
    with client.session_transaction() as session:
        session["drill"] = {**drill.to_json(), **change}
    response = client.get("/en/drill/play")
    assert response.status_code == 303 and response.headers["Location"] == DRILL
    refused = post(
        client, "/en/drill/answer", {"token": "known", "number": 1, "answer": "gt"}, page=DRILL
    )
    assert refused.status_code == 409 and "That practice is over" in refused.get_data(as_text=True)


def test_an_old_cookie_keeps_its_drill(client: FlaskClient) -> None:
    client.get(DRILL)
    with client.session_transaction() as session:
        session["drill"] = {
            "token": "old",
            "range": "numbers",
            "lowest": False,
            "pairs": ["7H 4S", "9C 2D"],
            "position": 0,
            "score": {"asked": 0, "right": 0, "streak": 0, "best": 0, "missed": []},
            "reply": None,
        }
    assert "Which card is bigger?" in shown(client)
    assert answer(client, 1, "gt").status_code == 303
    assert "Seven is bigger than four." in shown(client)


def test_the_addition_level_in_turkish(client: FlaskClient) -> None:
    set_level(client, "addition", ["3H 4S 5C AD"])
    text = html.unescape(client.get("/tr/drill/play").get_data(as_text=True))
    assert "Hangi toplam daha büyük?" in text and "/speech/tr/question-bigger-sum.mp3" in text
    assert "Her çiftin kartlarını topla" in text and "3 + 4 = ?" in text
    assert "3 + 4 toplamı, 5 + 1 toplamından büyük" in text
    start_page = html.unescape(client.get("/tr/drill").get_data(as_text=True))
    assert "İki kartı toplamak" in start_page and "Küçük deste (astan 10'a kadar" in start_page
