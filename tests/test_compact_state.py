"""A game's stored state is small (issue 13) and plays on exactly as one never saved.

The random generator is stored as its seed and the words it has drawn instead of its whole
state (7 KB of JSON); every shuffled pickup after a load must still be the one it would have
been, and games stored the old way must still load and play on the same.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.stream import BLOCK, MAX_BLOCKS, restart, words_drawn
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.connection import Database
from kidswar.storage.database import connect
from kidswar.storage.games import create_game, load_game, save_move

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def db(database: str) -> Iterator[Database]:
    """A new database, made as the app makes it at start-up, on each backend."""
    connection = connect(database)
    yield connection
    connection.close()


def table(rules: Rules) -> TableSetup:
    """Everyone at the table a child (the setup does not change how the game plays)."""
    return TableSetup("full", tuple(Seat("", False) for _ in range(rules.players)), rules)


@pytest.mark.parametrize(
    ("variant", "players", "seed"),
    # Seeds of long games: each draws more words than the 624 of the generator's block.
    [("standard", 2, 1), ("three-down", 3, 7), ("peace", 4, 1), ("addition", 2, 4)],
)
def test_a_game_saved_and_loaded_between_moves_plays_as_one_never_saved(
    db: Database, variant: str, players: int, seed: int
) -> None:
    rules = Rules.from_options(variant, players, pickup="shuffled", battle_limit=300)
    never_saved = Game.deal(rules, seed)
    game_id = create_game(db, table(rules), Game.deal(rules, seed))
    moves = 0
    while not never_saved.is_over:
        stored = load_game(db, game_id)
        assert stored is not None and stored.game.hands == never_saved.hands
        for _battle in range(1 + moves % 10):  # one battle, or a run of up to ten
            if never_saved.is_over:
                break
            assert stored.game.play_battle() == never_saved.play_battle()  # the same shuffles
        assert save_move(db, stored, stored.game, None, ())
        moves += 1
    final = load_game(db, game_id)
    assert final is not None and final.game.outcome == never_saved.outcome
    assert (final.game.battles, final.game.hands) == (never_saved.battles, never_saved.hands)
    state = json.loads(db.execute("SELECT state FROM games").fetchone()[0])
    assert state["draws"] > BLOCK and moves > 20


def test_the_stored_state_is_a_seed_and_a_count_not_the_generator(db: Database) -> None:
    rules = Rules.from_options("standard", 2)
    game = Game.deal(rules, 7)
    game_id = create_game(db, table(rules), game)
    stored = load_game(db, game_id)
    assert stored is not None
    for _battle in range(25):
        stored.game.play_battle()
    save_move(db, stored, stored.game, None, ())
    text = db.execute("SELECT state FROM games").fetchone()[0]
    state = json.loads(text)
    assert state["version"] == 2 and "rng" not in state and state["seed"] == 7
    assert state["draws"] > 52  # the deal's shuffle, then the pickups
    assert len(text) < 700  # 7,900 bytes with the generator's whole state


def test_a_game_stored_the_old_way_loads_and_plays_on_the_same(db: Database) -> None:
    saved = json.loads((DATA / "saved-before-issue-12.jsonl").read_text().splitlines()[0])
    rules = Rules.from_options(**saved["state"]["rules"])
    game_id = create_game(db, table(rules), Game.deal(rules, 0))
    db.execute("UPDATE games SET state = ?", (json.dumps(saved["state"]),))  # as it was stored
    twin = Game.from_json(saved["state"])
    for _move in range(3):
        stored = load_game(db, game_id)
        assert stored is not None
        assert stored.game.play_battle() == twin.play_battle()
        assert save_move(db, stored, stored.game, None, ())
    # Its seed is not known, so it stays in the old form, and stays exact.
    assert json.loads(db.execute("SELECT state FROM games").fetchone()[0])["version"] == 1
    stored = load_game(db, game_id)
    assert stored is not None
    assert stored.game.play_to_end() == twin.play_to_end() and stored.game.hands == twin.hands


def test_the_count_of_words_drawn_is_found_exactly_or_not_at_all() -> None:
    rng, drawn = random.Random(42), 0
    for step in (0, 1, 5, BLOCK - 1, BLOCK, 3 * BLOCK + 7, 10):  # short and long stretches
        for _word in range(step):
            rng.getrandbits(6)  # a shuffle's draw: one word, whatever the bits asked for
        drawn += step
        assert words_drawn(rng, 42, drawn - step) == drawn
        assert restart(42, drawn).getstate() == rng.getstate()
    assert words_drawn(rng, 41, 0) is None  # another seed's generator
    rng.getrandbits(32 * BLOCK * (MAX_BLOCKS + 1))
    assert words_drawn(rng, 42, 0) is None  # too far past what was known


def test_a_game_whose_count_is_not_found_saves_its_whole_generator() -> None:
    game = Game.deal(Rules.from_options("standard", 2), 3)
    game._rng.getrandbits(32 * BLOCK * (MAX_BLOCKS + 1))  # drawn far beyond the search
    state = game.to_json()
    assert state["version"] == 1 and "rng" in state
    restored = Game.from_json(json.loads(json.dumps(state)))
    while not game.is_over:
        assert restored.play_battle() == game.play_battle()
