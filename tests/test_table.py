"""Who sits at the table (kidswar/game/table.py): the seats' names and animals, checked once,
and the setup "Play again" repeats."""

from __future__ import annotations

import json

import pytest

from kidswar.game.rules import Rules
from kidswar.game.table import (
    ANIMALS,
    MAX_NAME_CODE_POINTS,
    MAX_NAME_LENGTH,
    Seat,
    TableSetup,
    name_length,
    verify_name,
)


def test_a_name_of_up_to_twenty_characters_is_kept_as_typed() -> None:
    assert verify_name("") == ""
    assert verify_name(" Ada ") == " Ada "  # stripping is the form's job
    assert verify_name("x" * MAX_NAME_LENGTH) == "x" * MAX_NAME_LENGTH
    with pytest.raises(ValueError, match="at most"):
        verify_name("x" * (MAX_NAME_LENGTH + 1))


def test_a_reader_counts_an_accent_typed_as_a_mark_as_one_character() -> None:
    assert name_length("Zoe\u0308") == 3  # e and a combining diaeresis: one character
    assert name_length("Zoë") == 3


def test_a_grapheme_of_too_many_code_points_is_refused() -> None:
    stacked = "e" + "\u0301" * MAX_NAME_CODE_POINTS  # one character a reader sees
    assert name_length(stacked) == 1
    with pytest.raises(ValueError):
        verify_name(stacked)


@pytest.mark.parametrize("name", ["Ada\n", "\u202eAda", "A\x00da", "\u200d"])
def test_a_control_or_format_character_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="only letters"):
        verify_name(name)


def test_a_persons_seat_may_carry_one_of_the_animals_and_the_computers_none() -> None:
    for animal in ANIMALS:
        Seat("Ada", False, animal).verify()
    with pytest.raises(ValueError):
        Seat("Ada", False, "lion").verify()
    with pytest.raises(ValueError):
        Seat("", True, "cat").verify()
    Seat("", True).verify()


def test_a_setup_needs_a_known_mode_one_seat_a_player_and_good_seats() -> None:
    rules = Rules.from_options("standard", 2)
    two = (Seat("Ada", False), Seat("", True))
    with pytest.raises(ValueError, match="mode"):
        TableSetup("hard", two, rules)
    with pytest.raises(ValueError, match="one seat per player"):
        TableSetup("easy", two[:1], rules)
    with pytest.raises(ValueError):
        TableSetup("easy", (Seat("Ada\n", False), Seat("", True)), rules)


def test_the_people_are_the_seats_the_computer_does_not_play() -> None:
    seats = (Seat("", True), Seat("Ada", False), Seat("Bo", False))
    setup = TableSetup("full", seats, Rules.from_options("peace", 3))
    assert setup.humans == (1, 2)


def test_a_setup_reads_back_from_its_json() -> None:
    seats = (Seat("Ada", False, "owl"), Seat("", True), Seat("Bo", False))
    rules = Rules.from_options("addition", 3, deck="numbers")
    setup = TableSetup("easy", seats, rules, practice=True)
    assert TableSetup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
