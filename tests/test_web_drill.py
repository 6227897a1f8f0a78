"""The comparison drill over HTTP: ten questions checked by the server, and bad input refused."""

from __future__ import annotations

import re

import pytest
from drill_support import DRILL, answer, drill_now, page, send, set_drill
from flask.testing import FlaskClient
from webhelpers import post


def start(client: FlaskClient, **data: str) -> None:
    """Start a drill through its form."""
    response = post(client, DRILL, {"range": "numbers", "question": "bigger", **data}, page=DRILL)
    assert response.status_code == 303 and response.headers["Location"] == "/en/drill/play"


def test_the_home_page_links_the_drill(client: FlaskClient) -> None:
    assert 'href="/en/drill"' in client.get("/en/").get_data(as_text=True)
    assert "Which level?" in client.get(DRILL).get_data(as_text=True)


def test_ten_questions_half_right_then_the_score_and_the_pairs_to_try_again(
    client: FlaskClient,
) -> None:
    start(client, range="faces")
    missed = []
    for number in range(1, 11):
        drill = drill_now(client)
        question = drill.question()
        assert f"Question {number} of 10" in page(client)
        right = sorted(question.right_answers())
        wrong = sorted({"card-0", "card-1", "lt", "gt", "same"} - set(right))
        given = right[0] if number % 2 else wrong[0]
        assert answer(client, number, given).status_code == 303
        shown = page(client)
        if number % 2:
            assert re.search(r"Yes!|Well done!|That&#39;s right!", shown)
            assert "number-line" not in shown
        else:
            assert "Let&#39;s count!" in shown and 'class="number-line"' in shown
            missed.append(question.chain())
        # The cards stay where the question showed them, the true sign between them.
        assert question.in_order().replace(">", "&gt;").replace("<", "&lt;") in shown
        label = "See how you did" if number == 10 else "Next question"
        assert label in shown
        assert send(client, "/en/drill/next", number=number).status_code == 303
    end = page(client)
    assert "All done!" in end and "You answered 5 of 10 questions right." in end
    assert "Let&#39;s try these again:" in end
    for chain in missed:
        assert chain.replace(">", "&gt;").replace("<", "&lt;") in end
    assert "Practise again" in end and 'name="level" value="faces"' in end


def test_right_wrong_and_tie_answers_about_known_cards(client: FlaskClient) -> None:
    set_drill(client, ["7H 4S", "7C 7D", "KH 2C", "3C 9D"])
    assert answer(client, 1, "gt").status_code == 303  # 7 > 4
    shown = page(client)
    assert "Seven is bigger than four." in shown and "7 &gt; 4" in shown
    send(client, "/en/drill/next", number=1)
    answer(client, 2, "same")  # a tie is "="
    assert "Seven is equal to seven." in page(client) and "7 = 7" in page(client)
    send(client, "/en/drill/next", number=2)
    answer(client, 3, "card-1")  # the 2 is not bigger than the king
    shown = page(client)
    assert (
        "Let&#39;s count!" in shown and "Thirteen is eleven more than two." in shown
    )  # counted on in words
    assert "The king is bigger than two." in shown and "K = 13" in shown
    assert 'class="pip counted"' in shown  # the pips of the 2, ringed to count
    send(client, "/en/drill/next", number=3)
    answer(client, 4, "card-1")
    assert drill_now(client).score.right == 3 and drill_now(client).score.missed == ((13, 2),)


def test_the_smaller_question(client: FlaskClient) -> None:
    set_drill(client, ["7H 4S", "2C 2D"], lowest_wins=True)
    assert "Which card is smaller?" in page(client)
    answer(client, 1, "card-1")
    # The child's own statement, the cards where they were: 7 on the left, 4 on the right.
    assert "Four is smaller than seven." in page(client) and "7 &gt; 4" in page(client)
    assert drill_now(client).reply.right  # type: ignore[union-attr]


def test_an_answer_given_twice_or_from_an_old_page_is_refused(client: FlaskClient) -> None:
    set_drill(client, ["7H 4S", "9C 2D"])
    assert answer(client, 1, "gt").status_code == 303
    again = answer(client, 1, "lt")  # a double tap
    assert again.status_code == 409 and "already answered" in again.get_data(as_text=True)
    assert answer(client, 2, "gt").status_code == 409  # not asked yet: "Next" comes first
    assert send(client, "/en/drill/next", number=2).status_code == 409
    assert answer(client, 1, "gt", token="old-drill").status_code == 409
    assert drill_now(client).score.asked == 1 and drill_now(client).score.right == 1


@pytest.mark.parametrize(
    "data",
    [
        {"answer": "card-5", "number": "1"},
        {"answer": "card-2", "number": "1"},
        {"answer": "bigger", "number": "1"},
        {"answer": "gt", "number": "x"},
        {"answer": "gt"},
        {"number": "1"},
        {"answer": "gt", "number": "1", "token": ""},
    ],
)
def test_bad_answers_are_400_and_change_nothing(client: FlaskClient, data: dict[str, str]) -> None:
    before = set_drill(client, ["7H 4S"])
    data = {"token": "known", **data}
    assert post(client, "/en/drill/answer", data, page=DRILL).status_code == 400
    assert drill_now(client) == before


@pytest.mark.parametrize("data", [{"range": "everything"}, {"question": "biggest"}, {"range": ""}])
def test_a_bad_choice_is_explained(client: FlaskClient, data: dict[str, str]) -> None:
    response = post(client, DRILL, {"range": "numbers", "question": "bigger", **data}, page=DRILL)
    assert response.status_code == 400
    text = response.get_data(as_text=True)
    assert "Please check the form" in text and 'aria-invalid="true"' in text


def test_without_a_drill_the_pages_say_so(client: FlaskClient) -> None:
    response = client.get("/en/drill/play")
    assert response.status_code == 303 and response.headers["Location"] == DRILL
    refused = post(
        client, "/en/drill/answer", {"token": "x", "number": 1, "answer": "gt"}, page=DRILL
    )
    assert refused.status_code == 409 and "That practice is over" in refused.get_data(as_text=True)
    with client.session_transaction() as session:
        session["drill"] = {"pairs": ["not cards"]}  # an old or broken session
    assert client.get("/en/drill/play").status_code == 303


def test_the_page_script_gets_only_the_drill(client: FlaskClient) -> None:
    set_drill(client, ["7H 4S"])
    response = answer(client, 1, "card-0", headers={"X-Kidswar": "fetch"})
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and text.lstrip().startswith('<div id="drill"')
    assert 'data-speech="/speech/en/cheer-' in text and "compare-7-4.mp3" in text


def test_the_drill_speaks_and_reads_in_turkish(client: FlaskClient) -> None:
    set_drill(client, ["7H 4S"])
    shown = client.get("/tr/drill/play").get_data(as_text=True)
    assert "/speech/tr/question-bigger.mp3" in shown
    assert "Which card is bigger?" not in shown
