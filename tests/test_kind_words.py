"""The end of a game for the children (issue 22): a fanfare for a person who won, a kind word
and tune for the people who did not, shown on the table and said by its own clip."""

from __future__ import annotations

import pytest
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import move, start_easy, start_full

from kidswar.game.records import Outcome, Reason
from kidswar.game.table import Seat
from kidswar.sound.phrases import LANGUAGES, phrase_text
from kidswar.words import catalogs
from kidswar.words import phrase_keys as keys
from kidswar.words.kind_words import FANFARE, KIND, game_end, kind_words

EN = catalogs.load("en")
CHILD, COMPUTER = Seat("", computer=False), Seat("", computer=True)


def won(winner: int) -> Outcome:
    """A game won by the seat `winner` with every card."""
    return Outcome(Reason.ALL_CARDS, winner, (winner,))


def test_a_child_who_beats_the_computer_hears_the_fanfare_and_nothing_kind_is_needed() -> None:
    end = game_end(won(0), [CHILD, COMPUTER], EN)
    assert end.sounds == (FANFARE,)
    assert end.kind_word is None and end.phrase is None


def test_a_child_beaten_by_the_computer_gets_the_kind_word_and_no_fanfare() -> None:
    end = game_end(won(1), [CHILD, COMPUTER], EN)
    assert end.sounds == (KIND,)
    assert end.kind_word == "Well played! Next time the cards may come your way."
    assert end.phrase == keys.KIND_WORD


def test_two_children_one_wins_the_other_is_told_kindly_after_the_fanfare() -> None:
    end = game_end(won(1), [CHILD, CHILD], EN)
    assert end.sounds == (FANFARE, KIND)
    assert end.phrase == keys.KIND_WORD


def test_several_children_who_did_not_win_are_spoken_to_together() -> None:
    end = game_end(won(3), [CHILD, CHILD, CHILD, COMPUTER], EN)
    assert end.sounds == (KIND,)
    assert end.phrase == keys.KIND_WORD_MANY
    assert end.kind_word == "Well played, all of you! Next time the cards may come your way."
    draw = game_end(Outcome(Reason.STALEMATE, None, (0, 1)), [CHILD, COMPUTER], EN)
    assert draw.sounds == (KIND,) and draw.phrase == keys.KIND_WORD  # nobody won: kind


def test_a_game_going_on_or_played_by_computers_alone_has_no_end_words() -> None:
    assert game_end(None, [CHILD, COMPUTER], EN).sounds == ()
    assert game_end(won(0), [COMPUTER, COMPUTER], EN).sounds == ()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_says_the_kind_words_it_shows(lang: str) -> None:
    shown = kind_words(catalogs.load(lang))
    assert set(shown) == {keys.KIND_WORD, keys.KIND_WORD_MANY}
    for key, sentence in shown.items():
        assert phrase_text(lang, key) == sentence  # the clip says the sentence shown
        if lang != "en":
            assert sentence != kind_words(EN)[key], f"{lang}: {key} is not translated"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_table_shows_the_kind_word_and_names_its_clip_last(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    table = start_easy(client)
    redeal(app.config["DATABASE"], table.rstrip("/").rsplit("/", 1)[1], [["4S"], ["9H"]])
    move(client, table, "all", 1)
    html = client.get(table.replace("/en/", f"/{lang}/")).get_data(as_text=True)
    sentence = kind_words(catalogs.load(lang))[keys.KIND_WORD]
    assert f'<p class="kind-word">{sentence}</p>' in html
    assert 'data-end-sounds="kind"' in html
    speech = html.split('data-speech="', 1)[1].split('"', 1)[0].split()
    assert speech[-1].startswith(f"/speech/{lang}/{keys.KIND_WORD}.")


def test_a_win_against_the_computer_shows_no_kind_word(client: FlaskClient, app: Flask) -> None:
    table = start_full(client)
    redeal(app.config["DATABASE"], table.rstrip("/").rsplit("/", 1)[1], [["9H"], ["4S"]])
    move(client, table, "all", 1)
    html = client.get(table).get_data(as_text=True)
    assert 'data-over="yes"' in html
    assert "kind-word" not in html and 'data-end-sounds="fanfare"' in html
