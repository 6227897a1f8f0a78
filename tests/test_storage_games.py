"""Games in the database (kidswar/storage/games.py): a saved setup is read once per text and
kept, and a kept setup can only ever be the one its text says."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from services_support import service_context

from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.formats import SETUP
from kidswar.storage.games import SETUPS_KEPT, create_game, load_game, setup_from_text
from kidswar.storage.interfaces import NewerSavedFormat


def setup(name: str) -> TableSetup:
    """`name` against the computer at an easy table."""
    rules = Rules.from_options("standard", 2)
    return TableSetup("easy", (Seat(name, False), Seat("", True)), rules, False)


def test_each_game_loads_its_own_setup_read_once(tmp_path: Path) -> None:
    db = service_context(tmp_path).db
    setup_from_text.cache_clear()
    ids = {name: create_game(db, setup(name), Game.deal(setup(name).rules, 7)) for name in "AB"}
    first = load_game(db, ids["A"])
    assert first is not None and first.setup == setup("A")
    again, other = load_game(db, ids["A"]), load_game(db, ids["B"])
    assert again is not None and again.setup is first.setup  # read once, then kept
    assert other is not None and other.setup == setup("B")
    assert setup_from_text.cache_info().misses == 2


def test_a_kept_setup_cannot_be_changed() -> None:
    kept = setup_from_text(SETUP.dump(setup("Ada").to_json()))
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept.seats[0].name = "Bob"  # type: ignore[misc]
    assert isinstance(kept.seats, tuple)


def test_a_setup_that_cannot_be_read_is_refused_every_time() -> None:
    setup_from_text.cache_clear()
    newer = json.dumps({**setup("Ada").to_json(), "format": SETUP.version + 1})
    for _ in range(2):
        with pytest.raises(NewerSavedFormat):
            setup_from_text(newer)
    assert setup_from_text.cache_info().currsize == 0


def test_the_kept_setups_stay_bounded() -> None:
    setup_from_text.cache_clear()
    for number in range(SETUPS_KEPT + 5):
        setup_from_text(SETUP.dump(setup(f"Child {number}").to_json()))
    assert setup_from_text.cache_info().currsize == SETUPS_KEPT
