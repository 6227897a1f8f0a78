"""A class round's records and the rules of its join code (kidswar/game/class_round.py)."""

from __future__ import annotations

import json

import pytest

from kidswar.game.class_round import (
    CODE_ALPHABET,
    CODE_GROUP,
    CODE_LENGTH,
    RoundSettings,
    at_level,
    display_code,
    is_code,
    new_join_code,
    normalise_code,
)
from kidswar.game.ladder import RUNGS
from kidswar.game.rules import Deck, Variant


def test_the_alphabet_has_no_look_alikes() -> None:
    assert not set(CODE_ALPHABET) & set("0O1IL2Z5S8B")
    assert len(set(CODE_ALPHABET)) == len(CODE_ALPHABET)


def test_a_new_code_is_a_code_shown_in_two_groups() -> None:
    code = new_join_code()
    assert len(code) == CODE_LENGTH and is_code(code)
    shown = display_code(code)
    assert shown == f"{code[:CODE_GROUP]}-{code[CODE_GROUP:]}"
    assert normalise_code(shown) == code


def test_a_code_as_typed_is_normalised_to_its_stored_form() -> None:
    assert normalise_code("k7hq-x4mp") == "K7HQX4MP"
    assert normalise_code(" k7hq x4mp ") == "K7HQX4MP"
    assert display_code("K7HQX4MP") == "K7HQ-X4MP"


def test_an_older_five_character_code_is_still_a_code_shown_as_it_is() -> None:
    assert is_code("K7HQX")
    assert display_code("K7HQX") == "K7HQX"


@pytest.mark.parametrize("text", ["", "K7HQX4M", "K7HQX4MPA", "K7HQX4MO", "k7hqx4mp"])
def test_what_cannot_be_a_code(text: str) -> None:
    assert not is_code(text)


def test_settings_read_back_from_their_json() -> None:
    settings = RoundSettings(
        10, Variant.PEACE, 3, False, practice=True, deck=Deck.NUMBERS, together=True
    )
    assert RoundSettings.from_json(json.loads(json.dumps(settings.to_json()))) == settings
    assert settings.rung is None


def test_a_level_that_is_no_rung_is_refused() -> None:
    with pytest.raises(ValueError, match="no level"):
        RoundSettings(10, Variant.STANDARD, 2, True, level="nope")


def test_a_round_at_a_level_plays_its_rungs_deck_and_question_with_practice_on() -> None:
    smaller = at_level(RUNGS["smaller"], 10, 2, against_computer=True)
    assert (smaller.variant, smaller.deck, smaller.practice) == (Variant.PEACE, Deck.NUMBERS, True)
    assert smaller.rung is RUNGS["smaller"]
    sums = at_level(RUNGS["sums-to-20"], 10, 2, against_computer=False, together=True)
    assert (sums.variant, sums.together, sums.level) == (Variant.ADDITION, True, "sums-to-20")
    assert at_level(RUNGS["faces"], 5, 2, True).deck is Deck.FULL


def test_a_level_of_three_cards_needs_three_seats_a_table() -> None:
    with pytest.raises(ValueError, match="needs 3 players"):
        at_level(RUNGS["three"], 10, 2, against_computer=False)
    assert at_level(RUNGS["three"], 10, 3, against_computer=False).variant is Variant.STANDARD
