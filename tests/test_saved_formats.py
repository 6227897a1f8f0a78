"""The saved formats (storage/formats.py): each record saved with its version, older shapes
upgraded in one place, a shape from a later kidswar refused rather than misread."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from kidswar.game.class_round import RoundSettings
from kidswar.game.clock import Clock
from kidswar.game.engine import Game
from kidswar.game.practice import Practice
from kidswar.game.questions import Answer, Question
from kidswar.game.rules import Deck, Rules, Variant
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.database import connect, create
from kidswar.storage.formats import BATTLE, CLOCK, PRACTICE, ROUND_SETTINGS, SETUP
from kidswar.storage.games import create_game, load_game, save_move, save_practice
from kidswar.storage.interfaces import NewerSavedFormat
from kidswar.storage.rounds import create_round, load_round

RULES = Rules.from_options("addition", 2, deck="numbers")
SETUP_TODAY = TableSetup("easy", (Seat("Ada", False, "fox"), Seat("", True)), RULES, practice=True)


def test_every_record_is_saved_with_its_format_and_read_back_the_same(database: str) -> None:
    db = connect(database)
    game = Game.deal(RULES, seed=3)
    game_id = create_game(db, SETUP_TODAY, game)
    stored = load_game(db, game_id)
    assert stored is not None
    battle = game.play_battle()
    assert save_move(db, stored, game, battle, (0,))
    stored = load_game(db, game_id)
    assert stored is not None
    practice = stored.practice.answer(Question.from_battle(battle, RULES), Answer.SAME)
    assert save_practice(db, stored, practice)
    row = db.execute("SELECT setup, last_battle, practice FROM games").fetchone()
    assert [json.loads(row[name])["format"] for name in ("setup", "last_battle", "practice")] == [
        SETUP.version,
        BATTLE.version,
        PRACTICE.version,
    ]
    again = load_game(db, game_id)
    assert again is not None
    assert (again.setup, again.last_battle, again.practice) == (SETUP_TODAY, battle, practice)
    settings = RoundSettings(
        10,
        Variant.ADDITION,
        2,
        True,
        practice=True,
        deck=Deck.NUMBERS,
        together=True,
        level="adding",
    )
    made = create_round(db, settings, Clock.ready(600))
    row = db.execute("SELECT settings, clock FROM rounds").fetchone()
    assert json.loads(row["settings"])["format"] == ROUND_SETTINGS.version == 4
    assert json.loads(row["clock"])["format"] == CLOCK.version
    assert load_round(db, made.code) == made
    db.close()


def test_a_setup_of_the_first_release_reads_without_practice() -> None:
    first = {k: v for k, v in SETUP_TODAY.to_json().items() if k != "practice"}
    assert SETUP.upgrade(first)["practice"] is False
    assert TableSetup.from_json(SETUP.upgrade(first)).practice is False
    assert SETUP.upgrade({**SETUP_TODAY.to_json(), "format": 2})["practice"] is True


def test_a_setup_from_before_the_childrens_animals_has_no_animal_on_any_seat() -> None:
    older = SETUP_TODAY.to_json()
    older["seats"] = [{"name": seat.name, "computer": seat.computer} for seat in SETUP_TODAY.seats]
    again = TableSetup.from_json(SETUP.upgrade({**older, "format": 2}))
    assert [(seat.name, seat.animal) for seat in again.seats] == [("Ada", ""), ("", "")]
    assert (again.rules, again.practice) == (SETUP_TODAY.rules, SETUP_TODAY.practice)


def test_a_setup_from_before_practice_levels_loads_with_no_level(tmp_path: Path) -> None:
    """Format 3 (issue 21) kept no level: such a table plays its own rules, as it did, and
    its answers count for no child (a level is what makes them count, issue 31)."""
    levelled = TableSetup(
        "full", SETUP_TODAY.seats, RULES, practice=True, level="adding"
    )  # as saved today: format 4 keeps the level
    assert SETUP.version == 4
    third = {k: v for k, v in levelled.to_json().items() if k != "level"}
    assert SETUP.upgrade({**third, "format": 3})["level"] == ""
    again = TableSetup.from_json(SETUP.upgrade({**third, "format": 3}))
    assert again == replace(levelled, level="")
    path = tmp_path / "kidswar.sqlite"
    create(path)
    db = connect(path)
    game_id = create_game(db, levelled, Game.deal(RULES, seed=1))
    saved = json.dumps({**third, "format": 3})
    db.execute("UPDATE games SET setup = ? WHERE id = ?", (saved, game_id))
    stored = load_game(db, game_id)
    db.close()
    assert stored is not None and stored.setup == replace(levelled, level="")


def test_round_settings_of_each_earlier_shape_read_as_their_round_was_played() -> None:
    first = {"minutes": 10, "variant": "peace", "players": 3, "against_computer": False}
    practising = {**first, "practice": True}  # issue 11, before the little deck
    before_23 = {"together": False, "level": None}  # issues 21 and 23: no level, ranked
    assert ROUND_SETTINGS.upgrade(first) == {
        **first,
        "practice": False,
        "deck": "full",
        **before_23,
    }
    assert ROUND_SETTINGS.upgrade(practising) == {**practising, "deck": "full", **before_23}
    with_deck = {**practising, "deck": "numbers", "format": 3}  # issue 12, as saved since
    assert ROUND_SETTINGS.upgrade(with_deck) == {**practising, "deck": "numbers", **before_23}
    assert RoundSettings.from_json(ROUND_SETTINGS.upgrade(with_deck)).level is None
    assert RoundSettings.from_json(ROUND_SETTINGS.upgrade(practising)) == RoundSettings(
        10, Variant.PEACE, 3, False, practice=True, deck=Deck.FULL
    )


def test_a_record_saved_by_a_later_kidswar_is_refused_rather_than_misread() -> None:
    later = SETUP.version + 1
    with pytest.raises(
        NewerSavedFormat, match=rf"format {later} .* reads formats 1 to {later - 1}"
    ):
        SETUP.upgrade({**SETUP_TODAY.to_json(), "format": later})
    with pytest.raises(NewerSavedFormat, match="round's settings"):
        ROUND_SETTINGS.load(json.dumps({"format": 5, "minutes": 10}))
    with pytest.raises(NewerSavedFormat):
        PRACTICE.upgrade({**Practice().to_json(), "format": True})


def test_a_game_row_of_a_later_format_is_not_loaded(tmp_path: Path) -> None:
    path = tmp_path / "kidswar.sqlite"
    create(path)
    db = connect(path)
    game_id = create_game(db, SETUP_TODAY, Game.deal(RULES, seed=1))
    later = json.dumps({**SETUP_TODAY.to_json(), "format": SETUP.version + 1, "seats2": []})
    db.execute("UPDATE games SET setup = ? WHERE id = ?", (later, game_id))
    with pytest.raises(NewerSavedFormat, match="table's setup"):
        load_game(db, game_id)
    db.close()
