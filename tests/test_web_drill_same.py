"""Ties taught (issue 31): "The same" answers two cards too, and a tie's reply says what "="
means, in words the voice says as shown."""

from __future__ import annotations

import html
import re

import pytest
from drill_support import answer, page, set_drill
from flask.testing import FlaskClient
from webhelpers import post

from kidswar.game.ladder import LADDER
from kidswar.sound.phrases import phrase_text, voiced
from kidswar.words import catalogs, ranks
from kidswar.words.catalogs import LANGUAGES

CLIP = re.compile(r"/speech/(\w+)/([a-z0-9-]+)\.mp3")
# The rungs that ask about two cards, one a side (not three cards, not pairs to add).
TWO_CARDS = [rung.name for rung in LADDER if rung.sides == 2 and rung.adds == 1]


def the_same_button(page_html: str) -> re.Match[str] | None:
    """The big "The same" button (not the "=" sign), and the speaker beside it."""
    return re.search(
        r'<button type="submit" form="drill-answer" name="answer" value="same"'
        r' class="button big same"[^>]*>(.*?)</button>\s*'
        r'<button type="button" class="speaker-corner"[^>]*data-speak="([^"]+)"',
        page_html,
        re.DOTALL,
    )


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rung", TWO_CARDS)
def test_every_two_card_question_has_the_same_as_a_spoken_button(
    client: FlaskClient, lang: str, rung: str
) -> None:
    drill = f"/{lang}/drill"
    response = post(client, drill, {"level": rung}, page=drill)
    assert response.status_code == 303
    words = catalogs.load(lang).gettext("The same")
    for number in range(1, 11):  # each question of a whole drill, each answered "The same"
        asking = client.get(f"{drill}/play").get_data(as_text=True)
        assert f"{number} " in asking and 'class="pair"' in asking  # two cards, one a side
        found = the_same_button(asking)
        assert found, (rung, number)
        assert html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip() == f"= {words}"
        clip = CLIP.search(html.unescape(found.group(2)))
        assert clip is not None and clip.group(1) == lang
        assert phrase_text(lang, clip.group(2)) == words
        token = re.search(r'name="token" value="([^"]+)"', asking)
        assert token is not None
        data = {"number": number, "answer": "same", "token": token.group(1)}
        post(client, f"{drill}/answer", data, page=f"{drill}/play")
        post(client, f"{drill}/next", data, page=f"{drill}/play")
    assert "drill-done" in client.get(f"{drill}/play").get_data(as_text=True)


def tie_sentence(page_html: str) -> tuple[str, list[str]]:
    """The reply's last sentence as shown, and the texts of the clips the reply plays."""
    shown = re.findall(r'<p class="sentence practice-sentence">([^<]*)</p>', page_html)
    assert len(shown) == 1
    speech = re.search(r'data-speech="([^"]*)"', page_html)
    assert speech is not None
    said = [phrase_text(lang, key) for lang, key in CLIP.findall(html.unescape(speech.group(1)))]
    return html.unescape(shown[0]), said


@pytest.mark.parametrize("given", ["same", "gt"])
def test_a_tie_says_what_equals_means_as_shown(client: FlaskClient, given: str) -> None:
    set_drill(client, ["7H 7S", "KH KC"])
    answer(client, 1, given)
    reply = page(client)
    assert ("reply-right" in reply) == (given == "same")
    assert "7 = 7" in html.unescape(reply)  # the signs, shown
    sentence, said = tie_sentence(reply)
    assert sentence == "The cards are the same. Seven is equal to seven."
    assert said[-1] == sentence  # the voice says the page's own sentence, last


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_tie_sentence_is_translated_and_said_as_shown(client: FlaskClient, lang: str) -> None:
    set_drill(client, ["QH QC"])
    post(
        client,
        f"/{lang}/drill/answer",
        {"number": 1, "answer": "same", "token": "known"},
        page=f"/{lang}/drill/play",
    )
    sentence, said = tie_sentence(client.get(f"/{lang}/drill/play").get_data(as_text=True))
    t = catalogs.load(lang)
    queen = {"first": ranks.subject(12, t), "second": ranks.equal_to(12, t)}
    template = t.gettext("The cards are the same. %(first)s is equal to %(second)s.")
    assert sentence == template % queen
    assert said[-1] == voiced(lang, sentence)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rung", [rung.name for rung in LADDER if rung.sides == 3])
def test_three_cards_have_the_same_as_a_spoken_button_too(
    client: FlaskClient, lang: str, rung: str
) -> None:
    drill = f"/{lang}/drill"
    post(client, drill, {"level": rung}, page=drill)
    found = the_same_button(client.get(f"{drill}/play").get_data(as_text=True))
    assert found, rung  # a pre-reader hears "The same" before tapping it, as on two cards
    clip = CLIP.search(html.unescape(found.group(2)))
    assert clip is not None and clip.group(1) == lang
    assert phrase_text(lang, clip.group(2)) == catalogs.load(lang).gettext("The same")
