"""The easy steps are found by their id in content/war.toml, wherever the file puts them."""

import gettext
import io
from pathlib import Path

import pytest
from conftest import make_game

from kidswar.game.rules import Rules
from kidswar.words import content
from kidswar.words.content import extract_content, load_page
from kidswar.words.rules_text import (
    STEP_BEFORE_BATTLE,
    STEP_TAKE,
    STEP_WAR,
    STEP_WIN,
    easy_steps,
    step_ids,
    step_number,
)
from kidswar.words.sentences import describe

EN = gettext.NullTranslations()
WAR_TOML = content.content_dir() / "war.toml"


def shown_step(step_id: str) -> str:
    """The English text of the easy step the table would highlight for an id."""
    return easy_steps(EN)[step_number(step_id) - 1]


def test_every_easy_step_has_its_own_id() -> None:
    ids = step_ids()
    assert len(ids) == len(set(ids)) == len(easy_steps(EN)) == 7


def test_the_steps_the_app_points_at_say_what_happened() -> None:
    assert shown_step(STEP_BEFORE_BATTLE) == "Turn over the top card of your pile. Do it together!"
    assert shown_step(STEP_TAKE) == (
        "Is your card bigger? Then both cards are yours: put them under your pile."
    )
    assert "That's war!" in shown_step(STEP_WAR)
    assert shown_step(STEP_WIN) == "Whoever gets all the cards wins!"


def test_an_unknown_step_id_is_refused() -> None:
    with pytest.raises(KeyError):
        step_number("shuffle")


def test_describe_points_at_the_step_each_battle_shows() -> None:
    plain = make_game("standard", [["7H", "2C"], ["4S", "3C"]]).play_battle()
    war = make_game("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    won = make_game("standard", [["7H"], ["4S"]]).play_battle()  # Ana ends with every card
    names = ["Ana", "Ben"]
    assert describe(plain, names, Rules(), EN).step_id == STEP_TAKE
    assert describe(war.play_battle(), names, Rules(), EN).step_id == STEP_WAR
    assert describe(won, names, Rules(), EN).step_id == STEP_WIN
    assert describe(won, names, Rules(), EN).step == step_number(STEP_WIN) == 7


def test_reordered_steps_move_the_highlight_with_them(content_from: Path) -> None:
    source = WAR_TOML.read_text(encoding="utf-8")
    war_line = next(line for line in source.splitlines() if 'id = "war"' in line)
    take_line = next(line for line in source.splitlines() if 'id = "take"' in line)
    swapped = source.replace(war_line, "@").replace(take_line, war_line).replace("@", take_line)
    (content_from / "war.toml").write_text(swapped, encoding="utf-8")
    assert step_number(STEP_WAR) == 4 and step_number(STEP_TAKE) == 5
    assert "That's war!" in shown_step(STEP_WAR)
    plain = make_game("standard", [["7H", "2C"], ["4S", "3C"]]).play_battle()
    assert describe(plain, ["Ana", "Ben"], Rules(), EN).step == 5


def test_a_section_with_an_item_lacking_an_id_is_refused(content_from: Path) -> None:
    source = WAR_TOML.read_text(encoding="utf-8")
    unnamed = source.replace(
        '{ id = "pile", text = "Put your cards in a pile, face down. No peeking!" }',
        '"Put your cards in a pile, face down. No peeking!"',
    )
    assert unnamed != source
    (content_from / "war.toml").write_text(unnamed, encoding="utf-8")
    with pytest.raises(ValueError, match="easy"):
        load_page("war")


def test_step_ids_are_not_given_to_translators() -> None:
    extracted = [
        message
        for _, _, (_, message), _ in extract_content(
            io.BytesIO(WAR_TOML.read_bytes()), (), ("Translators:",), {}
        )
    ]
    assert "Turn over the top card of your pile. Do it together!" in extracted
    assert not set(step_ids()) & set(extracted)
