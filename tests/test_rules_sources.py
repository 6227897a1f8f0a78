"""The rules pages say what their sources say and what the app plays (issue 14).

The sources are the grown-ups' "How to play War" page (easy and full rules), the Peace pages and
One card down (docs/rules-texts.md lists them); docs/rules.md is what the app plays. Each test
names the fact it holds the text to. The easy steps and tips are read aloud to a four-year-old,
so their sentences stay short, and no page uses a grown-up's phrase.
"""

from __future__ import annotations

import gettext
import html
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from kidswar.game.rules import Pickup, Rules
from kidswar.sound.phrases import SPOKEN_KINDS
from kidswar.words import catalogs
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.content import PAGES, load_page, page
from kidswar.words.rules_text import easy_steps, step_ids

EN = gettext.NullTranslations()
SENTENCE_END = re.compile(r"(?<=[.!?])[\u202f\u00a0]?[»”“]?\s+")
WORD = re.compile(r"[^\W_]+(?:[’'-][^\W_]+)*")


def items(name: str, section_id: str, t: Any = EN) -> list[str]:
    """The texts of one section of a page."""
    found = next(s for s in page(name, t).sections if s["id"] == section_id)
    texts: list[str] = found["items"]
    return texts


def said(name: str, section_id: str) -> str:
    """One section of a page in English, as one text."""
    return " ".join(items(name, section_id))


def sentences(text: str) -> list[str]:
    """The sentences of a text."""
    return [part for part in SENTENCE_END.split(text) if part.strip()]


def words(sentence: str) -> int:
    """How many words a sentence has ("11" is a word, "+" and "=" are not)."""
    return len(WORD.findall(sentence))


# The War page


def test_the_war_page_opens_with_what_the_game_is() -> None:
    opening = page("war", EN).sections[0]
    assert opening["id"] == "what"
    text = " ".join(opening["items"])
    assert "turns over a card at the same time, and the biggest card takes them all" in text
    assert (
        "You win when every card is yours, or when you hold the most cards as time runs out" in text
    )


def test_the_easy_steps_say_the_sources_seven_in_their_own_words() -> None:
    steps = easy_steps(EN)
    assert len(steps) == 7 and len(step_ids()) == 7
    assert "each player half of the cards" in steps[0]  # two players: a pile each
    assert "in a pile, face down" in steps[1]
    assert "top card" in steps[2] and "together" in steps[2]
    assert steps[3].startswith("Is your card bigger? Then both cards are yours")  # two: bigger
    assert "under your pile" in steps[3]
    assert "war" in steps[4] and "one card face down, then turn over one more" in steps[4]
    assert steps[5] == "Is your new card bigger? Then all the cards are yours."
    assert "all the cards wins" in steps[6]


def test_the_full_rules_say_what_the_grown_ups_page_says() -> None:
    assert "face down under their pile" in said("war", "battle")  # won cards, face down
    assert "War is a game of luck, not of skill" in said("war", "battle")  # nobody chooses
    war = said("war", "war")
    assert "Those cards stay on the table" in war
    # docs/rules.md, "Worked example": 9H 9S, 3C and 5D down, K beats 7: six cards.
    assert "both turn over a nine" in war and "the king takes all six cards" in war


def test_the_war_page_says_the_app_mixes_won_cards_unlike_a_kitchen_table() -> None:
    # docs/rules.md: pickup is `shuffled` unless a game asks for `as-laid`, with which most
    # games of War for two go round until the battle limit.
    assert Rules().pickup is Pickup.SHUFFLED
    draw = said("war", "draw")
    assert "at the kitchen table, the winner of a battle puts the cards under their pile" in draw
    assert "in the order they were laid. This app mixes the won cards up first" in draw
    assert "most games of War for two go round and round until the draw at 1,000 battles" in draw


# What the full setup page calls the choice of `pickup = as-laid`: its title, question, answer.
KITCHEN_TABLE_WAY = (
    "Full game",
    "How the winner picks up the cards",
    "In the order they were laid",
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_war_page_names_the_kitchen_table_way_as_the_setup_page_does(
    client: FlaskClient, lang: str
) -> None:
    t = catalogs.load(lang)
    setup = html.unescape(client.get(f"/{lang}/full").get_data(as_text=True))
    draw = " ".join(items("war", "draw", t))
    for name in (t.gettext(msgid) for msgid in KITCHEN_TABLE_WAY):
        assert name in setup, name  # what the parent sees there
        assert name in draw, name  # and what the rules tell them to choose


def test_running_short_says_what_the_app_does_for_each_shortage_option() -> None:
    short = items("war", "short")
    # last-card: a short player lays what they can; nobody able to lay a card is a draw.
    assert "put all but your last card face down" in short[0]
    assert "the card you turned before still counts" in short[1]
    assert short[2] == "If nobody in the war has a card left to put down, the game is a draw."
    # forfeit: the short player loses; both short at once is a draw; two players only.
    assert "cannot put down a whole war loses the game" in short[3]
    assert "If both players are short at the same time, it is a draw." in short[3]
    assert "only for two players" in short[3]


def test_the_war_page_tells_where_the_game_comes_from() -> None:
    history = said("war", "history")
    assert "British children know it as Battle" in history
    assert "1833" in history
    assert "word of mouth" in history and "the rules for a tie differ" in history
    assert "three cards face down" in history and "Three down" in history


def test_the_other_ways_to_play_each_have_a_sentence() -> None:
    others = next(s for s in page("war", EN).sections if s["id"] == "others")
    assert others["ids"] == [name for name in PAGES if name != "war"]  # every other variant
    sentence = dict(zip(others["ids"], others["items"], strict=True))
    assert "three cards go face down" in sentence["three-down"]
    assert "smallest card wins" in sentence["peace"] and "peace" in sentence["peace"]
    assert "adds them up" in sentence["addition"]


# Three down and Peace


def test_three_down_counts_the_cards_a_war_puts_on_the_table() -> None:
    table = next(s for s in page("three-down", EN).sections if s["id"] == "differences")
    assert ["Cards on the table in a war for two", "At least 6", "At least 10"] in table["rows"]
    assert "fewer than four cards" in said("three-down", "short")  # 3 down + 1 up


def test_the_peace_page_says_what_the_peace_sources_say() -> None:
    peace = said("peace", "peace")
    assert "If the new cards are the same again, make peace again." in peace
    assert "fewer than six cards" in peace and "put all but your last card face down" in peace
    assert "With three or four players, everybody still in the battle makes peace" in peace
    assert "always has five cards face down" in peace
    length = said("peace", "length")
    assert "at least 6 cards" in length and "at least 10" in length and "at least 14" in length
    assert "Fewer cards face down make longer games" in length
    history = said("peace", "history")
    assert "newer" not in history  # no source says Peace is newer than War
    assert "the lowest card wins" in history and "English word peace" in history


def test_the_peace_page_names_the_best_card_of_both_decks() -> None:
    best = items("peace", "ranks")
    assert best[0] == "With all 52 cards, the 2 is the best card and the ace is the worst."
    assert "little deck the ace counts 1. So the ace is the best card" in best[1]  # docs/rules.md
    table = next(s for s in page("peace", EN).sections if s["id"] == "differences")
    assert [
        "The best card",
        "The ace (with the little deck: the 10)",
        "The 2 (with the little deck: the ace)",
    ] in table["rows"]


# Read aloud


def short_texts(t: Any) -> list[tuple[str, str]]:
    """The easy steps and every page's tips (and Addition War's steps), sentence by sentence."""
    found = []
    for name in PAGES:
        for section in page(name, t).sections:
            if section["kind"] == "steps" or section["id"] == "tips":
                for item in section["items"]:
                    found += [(name, sentence) for sentence in sentences(item)]
    return found


@pytest.mark.parametrize(
    ("lang", "most"), [("en", 12), ("tr", 12), ("de", 14), ("es", 14), ("fr", 14)]
)
def test_easy_steps_and_tips_are_short_sentences(lang: str, most: int) -> None:
    # About a dozen words in English; articles make the Romance languages a little longer.
    long = [(name, s) for name, s in short_texts(catalogs.load(lang)) if words(s) > most]
    assert not long, long


@pytest.mark.parametrize(
    ("lang", "most"), [("en", 20), ("tr", 20), ("de", 24), ("es", 24), ("fr", 24)]
)
def test_the_peace_page_reads_aloud_in_short_sentences(lang: str, most: int) -> None:
    # Its "what it is" sentence had 29 words, its history 28 (41 in French).
    spoken = [s for s in page("peace", catalogs.load(lang)).sections if s["kind"] in SPOKEN_KINDS]
    long = [s for section in spoken for item in section["items"] for s in sentences(item)]
    assert not [s for s in long if words(s) > most], [s for s in long if words(s) > most]


GROWN_UP = ("settled", "in the app", "You can choose", "strategy")


@pytest.mark.parametrize("name", PAGES)
def test_no_page_uses_a_grown_ups_phrase(name: str) -> None:
    source = (load_page(name)["about"], *(s for s in page(name, EN).sections))
    text = str(source)
    assert not [phrase for phrase in GROWN_UP if phrase in text]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_easy_rules_have_a_print_button_that_does_not_print(
    client: FlaskClient, lang: str
) -> None:
    easy = client.get(f"/{lang}/rules/easy").get_data(as_text=True)
    label = catalogs.load(lang).gettext("Print these rules")
    assert re.search(
        rf'<button type="button" [^>]*data-print hidden>{re.escape(label)}</button>', easy
    )
    assert "/static/print.js" in easy
    full = client.get(f"/{lang}/rules/").get_data(as_text=True)
    assert "data-print" not in full and "/static/print.js" not in full
