# mypy: ignore-errors
# (It runs against the storage and game modules of old commits, not the ones mypy reads here.)
"""Write a small database with whichever kidswar is on the path: an old commit's own code.

    git worktree add /tmp/old-<commit> <commit>
    PYTHONPATH=/tmp/old-<commit> .venv/bin/python tests/data/schema-versions/write_old_database.py \
        tests/data/schema-versions/<name>.sql
    git worktree remove /tmp/old-<commit>

It plays with that commit's storage and game modules only, using what they have (practice,
class rounds, timed games, the round's version check), and writes the file's rows as an SQL
dump with its `PRAGMA user_version`, so a test can rebuild the very file that kidswar made.
Deals are seeded; the ids, codes and times are what that code drew when the dump was made.
"""

from __future__ import annotations

import inspect
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import kidswar
from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage import database, games


def open_database(path: Path) -> Any:
    """The database as that kidswar makes it at start-up."""
    if hasattr(database, "create"):
        database.create(path)
    return database.connect(path)  # the first release made its tables here


def setup_of(mode: str, names: list[str], rules: Rules, practice: bool = False) -> TableSetup:
    """A table's setup; practice only where that kidswar had it."""
    seats = tuple(Seat(name, name == "") for name in names)
    if practice:
        return TableSetup(mode, seats, rules, practice=True)
    return TableSetup(mode, seats, rules)


def play(db: Any, game_id: str, battles: int, until_war: bool = False, **checks: Any) -> None:
    """Play `battles` battles (or on to the first war), each saved as the app saves a move."""
    for _ in range(battles):
        stored = games.load_game(db, game_id)
        game = stored.game
        if game.is_over:
            return
        battle = game.play_battle()
        assert games.save_move(db, stored, game, battle, (), **checks)
        if until_war and battle.rounds:
            return


def answer(db: Any, game_id: str) -> None:
    """Answer the question about the last battle rightly, as the table's practice does."""
    from kidswar.game.questions import Question

    stored = games.load_game(db, game_id)
    rules = stored.setup.rules
    if "rules" in inspect.signature(Question.from_battle).parameters:
        question = Question.from_battle(stored.last_battle, rules)
    else:
        question = Question.from_battle(stored.last_battle, rules.variant.lowest_wins)
    right = question.right_answers
    given = sorted(right() if callable(right) else right)[0]
    assert games.save_practice(db, stored, stored.practice.answer(question, given))


def class_round(db: Any) -> None:
    """A paused class round of two tables, one of them removed where that is possible."""
    from kidswar.game.clock import Clock
    from kidswar.storage import rounds

    tables = rounds
    if Path(rounds.__file__).with_name("round_tables.py").exists():
        from kidswar.storage import round_tables as tables
    fields = inspect.signature(rounds.RoundSettings).parameters
    options = {"practice": True} if "practice" in fields else {}
    settings = rounds.RoundSettings(10, "standard", 2, False, **options)
    made = rounds.create_round(db, settings, Clock.ready(600))
    assert rounds.save_clock(db, made, made.clock.start(time.time()))
    started = rounds.load_round(db, made.code)
    rules = Rules.from_options("standard", 2)
    for number, name in ((1, "Red table"), (2, "Blue table")):
        setup = setup_of("easy", ["Ada", "Bo"], rules, practice=bool(options))
        game = Game.deal(rules, seed=40 + number)
        game_id = games.create_game(db, setup, game, round_code=made.code, round_table=number)
        tables.add_table(db, made.code, number, name, game_id)
        checks = {}
        if "round_version" in inspect.signature(games.save_move).parameters:
            checks = {"round_version": started.version}
        play(db, game_id, 2, **checks)
        if options and number == 1:
            answer(db, game_id)
    if hasattr(tables, "remove_table"):
        tables.remove_table(db, made.code, 2)
    # Paused, so that it is still going when a test loads it, whenever that is.
    assert rounds.save_clock(db, started, started.clock.pause(time.time()))


def main(out: Path) -> None:
    """Fill a fresh database the way that kidswar's tables would, then dump it to `out`."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "kidswar.sqlite"
        db = open_database(path)
        # A two-seat game of War with a shuffled pickup, mid-way.
        rules = Rules.from_options("standard", 2)
        game_id = games.create_game(db, setup_of("full", ["Ada", ""], rules), Game.deal(rules, 7))
        play(db, game_id, 6)
        # Three players of Peace, its last battle a war (or making peace).
        peace = Rules.from_options("peace", 3, pickup="as-laid", who_fights="tied")
        setup = setup_of("full", ["Cem", "Dana", "Eli"], peace)
        game_id = games.create_game(db, setup, Game.deal(peace, 11))
        play(db, game_id, 300, until_war=True)
        if "deadline" in inspect.signature(games.create_game).parameters:
            timed = Rules.from_options("standard", 2, time_limit_minutes=10)
            setup = setup_of("easy", ["Fay", ""], timed)
            deadline = time.time() + 600
            game_id = games.create_game(db, setup, Game.deal(timed, 5), deadline=deadline)
            play(db, game_id, 3)
        if hasattr(games, "save_practice"):
            setup = setup_of("easy", ["Gus", ""], rules, practice=True)
            game_id = games.create_game(db, setup, Game.deal(rules, 3))
            play(db, game_id, 1)
            answer(db, game_id)
            play(db, game_id, 1)  # asked about, not answered yet
        if Path(games.__file__).with_name("rounds.py").exists():
            class_round(db)
        db.close()
        dump = sqlite3.connect(path)
        version = dump.execute("PRAGMA user_version").fetchone()[0]
        tree = Path(kidswar.__file__).parent.parent
        commit = subprocess.run(
            ["git", "-C", str(tree), "rev-parse", "HEAD"], capture_output=True, text=True
        ).stdout.strip()
        lines = [f"-- Written by kidswar {commit} (tests/data/schema-versions/README.md)"]
        lines += list(dump.iterdump())
        lines.append(f"PRAGMA user_version = {version};")
        dump.close()
    out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
