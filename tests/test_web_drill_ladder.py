"""The drill on the learning ladder over HTTP (issue 21): the child's progress comes in the POST
body and goes back in the page, the questions come from it, each answer is recorded in it, the
ladder's offers follow the mastery rule, and nothing of it reaches the server's storage.
"""

from __future__ import annotations

import html
import json
import re
from datetime import date
from typing import Any

import pytest
from drill_support import drill_now, progress_of
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import count_rows, post

from kidswar.game.cards import parse_cards
from kidswar.game.drill import Drill
from kidswar.game.drill_deal import QUESTIONS
from kidswar.game.ladder import RUNGS, Attempt, DrillResult
from kidswar.game.progress import MAX_ATTEMPTS, MAX_CHARS, Progress
from kidswar.sound.phrases import phrase_text
from kidswar.web.live import FETCH, HEADER
from kidswar.words.catalogs import LANGUAGES

DRILL = "/en/drill"
LIVE = {HEADER: FETCH}  # as the page's script asks: the fragment, not a redirect
TABLES = ("games", "rounds", "round_tables", "housekeeping", "limited_requests")


def start(
    client: FlaskClient, progress: Progress | None = None, lang: str = "en", **form: str
) -> Any:
    """Start a drill through the start form, with a child's progress if given."""
    data = {**form, "progress": "" if progress is None else json.dumps(progress.to_json())}
    return post(client, f"/{lang}/drill", data, page=f"/{lang}/drill")


def on_rung(client: FlaskClient, rung: str, cards: str) -> Drill:
    """Give the session a drill on a rung whose question now has known cards ("7H 8S")."""
    drill = Drill.on_rung("known", RUNGS[rung], tuple(parse_cards(cards.split())))
    client.get(DRILL)  # a session with a CSRF token first
    with client.session_transaction() as session:
        session["drill"] = drill.to_json()
    return drill


def send(
    client: FlaskClient,
    step: str,
    progress: Progress | dict[str, Any] | str | None,
    lang: str = "en",
    **data: Any,
) -> Any:
    """POST an answer (or "next", "level") for the drill now as its script does, with the
    progress as a Progress, as the JSON the page handed back, or as text sent as it is."""
    text = progress if isinstance(progress, str) else ""
    if isinstance(progress, Progress):
        text = json.dumps(progress.to_json())
    elif isinstance(progress, dict):
        text = json.dumps(progress)
    form = {"token": drill_now(client).token, "progress": text, **data}
    return post(client, f"/{lang}/drill/{step}", form, page=f"/{lang}/drill", headers=LIVE)


def right_answer(drill: Drill) -> str:
    """A right answer to the drill's question now."""
    return sorted(drill.question().right_answers())[0]


def wrong_answer(drill: Drill) -> str:
    """A wrong answer to the drill's question now (a sign, or a card)."""
    question = drill.question()
    given = {"card-0", "card-1", "same"} | ({"lt", "gt"} if question.is_pair else set())
    return sorted(given - question.right_answers())[0]


def far_and_close(rung: str, right: int, close: int) -> Progress:
    """A progress on `rung` with `right` right answers on it, `close` of them close pairs."""
    attempts = [Attempt(rung, (1, 2) if n < close else (1, 5), True) for n in range(right)]
    return Progress(rung=rung, asked=right, attempts=tuple(attempts))


def test_the_progress_comes_in_the_body_and_goes_back_recorded(
    client: FlaskClient, app: Flask
) -> None:
    before = {table: count_rows(app, table) for table in TABLES}
    response = start(client, level="close")
    assert response.status_code == 303 and response.headers["Location"] == "/en/drill/play"
    played = client.get("/en/drill/play").get_data(as_text=True)
    assert "data-progress" not in played  # a plain look brought no progress: none to keep
    assert 'name="progress" value=""' in played
    progress = Progress()  # the device's: still on the first rung; the drill is on "close"
    for number in range(1, QUESTIONS + 1):
        drill = drill_now(client)
        assert drill.level_name == "close" and drill.rung is not None
        values = drill.values()
        assert RUNGS["close"].gap(values) <= 2  # the rung of close pairs only (and ties)
        replied = send(client, "answer", progress, number=number, answer=right_answer(drill))
        assert replied.status_code == 200
        kept = progress_of(replied.get_data(as_text=True))
        assert kept["rung"] == "close" and kept["asked"] == number
        assert kept["attempts"][-1][:3] == ["close", list(values), True]
        assert kept["attempts"][-1][4] == number  # the question's number in its drill
        progress = Progress.from_json(kept)
        # The page's forms carry it on, for a page without a child chosen.
        fields = re.findall(r'name="progress" value="([^"]*)"', replied.get_data(as_text=True))
        assert fields and all(json.loads(html.unescape(field)) == kept for field in fields)
        assert send(client, "next", progress, number=number).status_code == 200
    assert drill_now(client).finished and drill_now(client).score.right == QUESTIONS
    # Nothing of the child's progress, nor any answer of the drill, reached the storage.
    assert {table: count_rows(app, table) for table in TABLES} == before


def test_without_a_progress_the_drill_works_from_a_fresh_one(client: FlaskClient) -> None:
    """No child chosen, no script: the first rung, ten questions, redirects as before."""
    assert post(client, DRILL, {}, page=DRILL).status_code == 303
    drill = drill_now(client)
    assert drill.level_name == "first-five"
    response = post(
        client,
        "/en/drill/answer",
        {"token": drill.token, "number": 1, "answer": right_answer(drill)},
        page=DRILL,
    )
    assert response.status_code == 303
    assert re.search(
        r"Yes!|Well done!|That&#39;s right!", client.get("/en/drill/play").get_data(as_text=True)
    )


def test_the_childs_own_level_is_where_a_drill_starts_unless_one_is_picked(
    client: FlaskClient,
) -> None:
    child = Progress(rung="faces")
    start(client, child)
    assert drill_now(client).level_name == "faces"
    start(client, child, level="three")  # any level may be picked
    drill = drill_now(client)
    assert drill.level_name == "three" and len(drill.sides()) == 3
    page = client.get("/en/drill/play").get_data(as_text=True)
    assert "Which card is the biggest?" in page and "The same" in page
    assert "Level: Three cards (the biggest)" in page


def test_the_old_choices_keep_working(client: FlaskClient) -> None:
    post(client, DRILL, {"range": "faces", "question": "smaller"}, page=DRILL)
    assert drill_now(client).level_name == "smaller"
    post(client, DRILL, {"range": "numbers", "question": "bigger"}, page=DRILL)
    assert drill_now(client).level_name == "to-ten"


def today() -> int:
    """Today as the server counts days (the app's clock is the real one here)."""
    return date.today().toordinal()


def whole_drill(client: FlaskClient, progress: dict[str, Any]) -> list[str]:
    """Answer every question of the drill now right, as the page does; the replies' pages."""
    texts = []
    for number in range(1, QUESTIONS + 1):
        replied = send(
            client, "answer", progress, number=number, answer=right_answer(drill_now(client))
        )
        texts.append(replied.get_data(as_text=True))
        progress = progress_of(texts[-1])
        send(client, "next", progress, number=number)
    return texts


def test_the_mastery_rule_offers_the_next_level_which_one_tap_climbs(client: FlaskClient) -> None:
    """Three whole drills passed yesterday and one today: the latest four meet the mastery
    rule together, on two days, so the next level is offered at the end of today's."""
    yesterday = (DrillResult("first-five", today() - 1, 9, 0, 5, 0),) * 3
    passed = Progress(rung="first-five", asked=30, drills=yesterday)
    start(client, passed, level="first-five")
    texts = whole_drill(client, passed.to_json())
    assert not any("Hooray!" in text for text in texts[:-1])  # judged on the whole drill
    text = html.unescape(texts[-1])
    assert "Hooray! You can do the next level: “The little deck (ace to 10, ace counts 1)”!" in text
    # said as shown, after the reply: a child who cannot read hears the offer too
    assert re.search(r"/speech/en/offer-climb-first-five\.mp3[^ \"]*\"", text)
    assert phrase_text("en", "offer-climb-first-five") == (
        "Hooray! You can do the next level: “The little deck”! Try it?"
    )
    assert 'name="level" value="to-ten"' in text and "Stay on this level" in text
    kept = progress_of(texts[-1])
    assert kept["reached"] == ["first-five"]  # the climb is remembered as reached
    # "Stay": the next whole drill that confirms the level offers it again, at its end.
    start(client, Progress.from_json(kept), level="first-five")
    again = whole_drill(client, kept)
    assert not any("Hooray!" in text for text in again[:-1]) and "Hooray!" in again[-1]
    kept = progress_of(again[-1])
    climbed = send(client, "level", json.dumps(kept), level="to-ten")
    assert climbed.status_code == 200
    assert progress_of(climbed.get_data(as_text=True))["rung"] == "to-ten"
    assert drill_now(client).level_name == "to-ten" and drill_now(client).number == 1


def test_one_day_of_drills_never_offers_the_next_level(client: FlaskClient) -> None:
    """Four whole drills right, enough answers for the rule, but all on one day."""
    progress = Progress(rung="first-five").to_json()
    for _ in range(4):
        start(client, Progress.from_json(progress), level="first-five")
        texts = whole_drill(client, progress)
        assert not any("Hooray!" in text for text in texts)
        progress = progress_of(texts[-1])
    assert len(progress["drills"]) == 4


def test_a_struggling_child_is_offered_the_level_below_kindly(client: FlaskClient) -> None:
    attempts = (Attempt("to-ten", (3, 9), True),) * 8 + (Attempt("to-ten", (2, 8), False),) * 2
    struggling = Progress(rung="to-ten", asked=10, attempts=attempts)
    on_rung(client, "to-ten", "7H 8S")
    replied = send(client, "answer", struggling, number=1, answer="gt")  # 7 > 8: wrong
    text = html.unescape(replied.get_data(as_text=True))
    assert (
        "These are tricky! Would you like to practise “First numbers (1 to 5)” for a while?" in text
    )
    assert "/speech/en/offer-step-down-to-ten.mp3" in text
    assert phrase_text("en", "offer-step-down-to-ten") == (
        "These are tricky! Would you like to practise “First numbers” for a while?"
    )
    assert 'name="level" value="first-five"' in text


def changed(**change: Any) -> str:
    """A fresh progress's JSON with some of its fields changed."""
    return json.dumps({**Progress().to_json(), **change})


@pytest.mark.parametrize(
    "progress",
    [
        "not json",
        "[]",
        '{"v": 1}',
        changed(rung="everything"),
        changed(attempts=[["first-five", [3, 9], True]]),  # 9 is not a card of 1 to 5
        changed(asked=-1),
        changed(v=99),  # a newer kidswar's
        changed(attempts=[["first-five", [1, 2], True]] * (MAX_ATTEMPTS + 1)),
        "[" * 5000 + "]" * 5000,
        " " * (MAX_CHARS + 1) + "{}",
    ],
    ids=["text", "list", "short", "rung", "value", "negative", "newer", "long", "deep", "huge"],
)
@pytest.mark.parametrize("step", ["answer", "next", "start"])
def test_a_bad_progress_is_a_400_in_the_childs_language(
    client: FlaskClient, progress: str, step: str
) -> None:
    on_rung(client, "first-five", "2H 4S")
    if step == "start":
        response = post(client, "/tr/drill", {"progress": progress}, page="/tr/drill")
    else:
        data = {"number": 1, "answer": "card-1"} if step == "answer" else {"number": 1}
        if step == "next":
            send(client, "answer", None, number=1, answer="card-1")
        response = send(client, step, progress, lang="tr", **data)
    assert response.status_code == 400
    text = html.unescape(response.get_data(as_text=True))
    assert "alıştırma ilerlemesi" in text and 'lang="tr"' in text
    assert "Alıştırmaya yeniden başla" in text  # a way on, with a fresh progress


def test_a_body_far_too_big_is_refused_before_it_is_read(client: FlaskClient) -> None:
    on_rung(client, "first-five", "2H 4S")
    response = send(client, "answer", "x" * 100_000, lang="de", number=1, answer="card-1")
    assert response.status_code == 413
    assert "Hoppla" in response.get_data(as_text=True)


def questions_dealt(app: Flask, progress: Progress) -> list[tuple[int, ...]]:
    """The values of a whole drill's questions, started with `progress` and answered right."""
    client = app.test_client()
    start(client, progress)
    dealt = []
    for number in range(1, QUESTIONS + 1):
        drill = drill_now(client)
        dealt.append(drill.values())
        kept = progress_of(
            send(client, "answer", progress, number=number, answer=right_answer(drill)).get_data(
                as_text=True
            )
        )
        progress = Progress.from_json(kept)
        send(client, "next", progress, number=number)
    return dealt


def test_a_seed_pins_the_questions(app: Flask, deal_seed: int) -> None:
    from kidswar.web import create_app

    child = far_and_close("to-ten", 6, 0)
    other = create_app({**app.config, "DEAL_SEED": deal_seed})
    first, second = questions_dealt(app, child), questions_dealt(other, child)
    assert first == second  # one seed, one run
    # Far pairs right: the close ones come (70 % of the questions that are no tie or retry).
    assert sum(RUNGS["to-ten"].gap(values) in (1, 2) for values in first) >= 4


def test_a_missed_pair_comes_back_swapped_within_five_questions(client: FlaskClient) -> None:
    start(client, level="to-ten")
    progress = Progress()
    drill = drill_now(client)
    missed = drill.values()
    kept = progress_of(
        send(client, "answer", progress, number=1, answer=wrong_answer(drill)).get_data(
            as_text=True
        )
    )
    later = []
    for number in range(1, 6):
        send(client, "next", kept, number=number)
        drill = drill_now(client)
        later.append(drill.values())
        reply = send(client, "answer", kept, number=number + 1, answer=right_answer(drill))
        kept = progress_of(reply.get_data(as_text=True))
    # two to five questions after the miss, its cards on the other sides
    assert tuple(reversed(missed)) in later[1:5]


def test_a_wrong_answer_counts_on_in_words_and_says_it(client: FlaskClient) -> None:
    said = {
        "en": "Seven… eight! Eight is one more than seven.",
        "tr": "Yedi… sekiz! Sekiz yediden bir fazla.",
        "de": "Sieben … acht! Acht ist eins mehr als sieben.",
        "es": "¡Siete… ocho! Ocho es uno más que siete.",
        "fr": "Sept… huit\u202f! Huit, c’est un de plus que sept.",
    }
    for lang in LANGUAGES:
        on_rung(client, "to-ten", "7H 8S")
        reply = send(client, "answer", None, lang=lang, number=1, answer="gt")  # 7 > 8: wrong
        text = html.unescape(reply.get_data(as_text=True))
        assert said[lang] in text, lang
        speech = re.search(r'data-speech="([^"]*)"', text)
        assert speech and f"/speech/{lang}/count-on-7-8.mp3" in speech.group(1)


def test_a_longer_count_says_every_hop() -> None:
    from kidswar.words.catalogs import load
    from kidswar.words.count_on import count_on

    assert count_on(4, 7, load("en")) == "Four, five, six, seven. Seven is three more than four."
    assert count_on(4, 7, load("tr")) == "Dört, beş, altı, yedi. Yedi dörtten üç fazla."
    assert count_on(9, 11, load("de")) == "Neun, zehn, elf. Elf ist zwei mehr als neun."


def test_the_count_on_is_among_the_phrases_speech_knows() -> None:
    from kidswar.sound.phrases import phrase_keys

    keys = set(phrase_keys())
    assert {"count-on-1-2", "count-on-2-14", "count-on-9-10", "chose-bigger"} <= keys
    assert "count-on-1-14" not in keys  # the little deck's ace never meets a picture card
    assert (
        phrase_text("es", "count-on-4-7")
        == "Cuatro, cinco, seis, siete. Siete es tres más que cuatro."
    )


def test_a_wrong_smaller_answer_is_told_as_the_contrast(client: FlaskClient) -> None:
    for lang, contrast in (
        ("en", "You chose the bigger one. We want the smaller one."),
        ("fr", "Tu as choisi la plus grande. On cherche la plus petite."),
    ):
        on_rung(client, "smaller", "3H 8S")
        reply = send(client, "answer", None, lang=lang, number=1, answer="card-1")  # the 8
        text = html.unescape(reply.get_data(as_text=True))
        assert contrast in text
        assert f"/speech/{lang}/chose-bigger.mp3" in text
    on_rung(client, "smaller", "3H 8S")
    signed = html.unescape(
        send(client, "answer", None, number=1, answer="gt").get_data(as_text=True)
    )
    assert "You chose the bigger one" not in signed  # a wrong sign chose no card


def test_the_adult_has_words_beside_the_question(client: FlaskClient) -> None:
    on_rung(client, "to-ten", "7H 8S")
    page = html.unescape(client.get("/de/drill/play").get_data(as_text=True))
    assert "Für Erwachsene:" in page and "Frag: „Woher weißt du das?“" in page


def test_at_a_peace_table_a_wrong_smaller_gets_the_contrast_and_the_count_on(
    client: FlaskClient, app: Flask
) -> None:
    from practice_support import answer as answer_at_table
    from practice_support import practice_game
    from webhelpers import move

    table = practice_game(client, app, [["3H", "2C"], ["8S", "3C"]], variant="peace")
    move(client, table, "all", 1)
    asking = html.unescape(client.get(table).get_data(as_text=True))
    assert "Which card is smaller?" in asking
    assert "For the grown-up:" in asking and "Ask: “How do you know it is smaller?”" in asking
    answer_at_table(client, table, 1, "card-1")  # the 8: the bigger card
    shown = html.unescape(client.get(table).get_data(as_text=True))
    assert "You chose the bigger one. We want the smaller one." in shown
    assert "Three, four, five, six, seven, eight. Eight is five more than three." in shown
    speech = re.search(r'data-speech="([^"]*)"', shown)
    assert speech and "/speech/en/chose-bigger.mp3" in speech.group(1)
    assert "/speech/en/count-on-3-8.mp3" in speech.group(1)
