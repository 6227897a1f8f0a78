"""The world the fuzz plays in: an app with real games, a class round and a drill.

The fuzz sends its hostile values to these, so it reaches the code behind the look-ups: a move
on a real game, a teacher's button on a real round. The world is made once per test module
(hypothesis runs many examples in one test, which function-scoped fixtures cannot follow).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from fuzzkit import DRILL_NUMBER, DRILL_TOKEN, LAST_BATTLE, NEXT_BATTLE, ROUND_VERSION
from webhelpers import move, post, start_easy, start_full, token

from kidswar.game.class_round import display_code
from kidswar.storage.database import connect
from kidswar.storage.games import load_game
from kidswar.storage.rounds import load_round
from kidswar.web import create_app
from kidswar.web.classroom.forms import NEW_DEFAULTS
from kidswar.web.clips import known_keys
from kidswar.web.i18n import LANGUAGES
from kidswar.words.content import PAGES

DEAL_SEED = 13  # issue 13: the same deals on every run, so the fuzz is the same on every run
UNSEEN_CODE = "K7HQ-X4MP"  # a well-formed join code no round has (its 404 is counted)
# What the database may change without a request changing anything: the request limits
# (a wrong join code is counted even when refused) and when old games were last looked for.
BOOKKEEPING = ("limited_requests", "housekeeping")
# The first and last of the clips' keys in order (sorting them all at every draw was seconds).
CLIP_KEY_ENDS = (min(known_keys()), max(known_keys()))


@dataclass
class World:
    """The app, two browsers (the second one's token is not the first one's) and what exists."""

    app: Flask
    client: FlaskClient
    other: FlaskClient
    games: dict[str, str]  # what each game is for -> its id
    teacher: str  # the teacher's page's part of its address (the join code)
    code: str
    tokens: dict[str, str] = field(default_factory=dict)  # the CSRF token of each browser
    teacher_token: str = ""  # the round's secret, in the teacher's link

    def good_values(self, name: str) -> tuple[str, ...] | None:
        """Values of the address variable `name` that name something real (or None: unknown)."""
        return {
            "lang": tuple(LANGUAGES),
            "game_id": tuple(self.games.values()),
            "code": (self.code, display_code(self.code), self.code.lower(), UNSEEN_CODE),
            "variant": PAGES,  # the rules pages' names (/rules/<variant>)
            "number": ("1", "2", "60"),
            "filename": ("style.css", "favicon.svg", "../secret_key", "../kidswar.sqlite"),
            "language": tuple(LANGUAGES),
            "key": ("war", *CLIP_KEY_ENDS),
        }.get(name)

    def db(self) -> Any:
        """A connection to the app's database (the caller closes it)."""
        return connect(self.app.config["DATABASE"])

    def fill_in(self, value: str, values: dict[str, str]) -> str:
        """A placeholder as the real value of the moment, from the game or round in the address
        (`values`), or from the drill in the browser's session; other values as they are."""
        if value in (NEXT_BATTLE, LAST_BATTLE):
            db = self.db()
            try:
                stored = load_game(db, values.get("game_id", ""))
            finally:
                db.close()
            if stored is None:
                return "1"
            if value == NEXT_BATTLE:
                return str(stored.game.battles + 1)
            return str(stored.last_battle.number if stored.last_battle else 0)
        if value == ROUND_VERSION:
            db = self.db()
            try:
                found = load_round(db, values.get("code", ""))
            finally:
                db.close()
            return str(found.version) if found else "1"
        if value in (DRILL_NUMBER, DRILL_TOKEN):
            with self.client.session_transaction() as session:
                drill = session.get("drill") or {"token": "none", "position": 0}
            return str(drill["position"] + 1) if value == DRILL_NUMBER else str(drill["token"])
        return value

    def digest(self) -> str:
        """A fingerprint of everything the database keeps, but its bookkeeping."""
        db = self.db()
        try:
            tables = [
                row[0]
                for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                if row[0] not in BOOKKEEPING
            ]
            rows = [
                (table, sorted(tuple(row) for row in db.execute(f"SELECT * FROM {table}")))
                for table in sorted(tables)  # our own names, from the schema
            ]
        finally:
            db.close()
        return hashlib.sha256(repr(rows).encode()).hexdigest()


def game_id(table: str) -> str:
    """A game's id from its table's address."""
    return table.rsplit("/", 1)[1]


def make_world(folder: Path) -> World:
    """An app on a fresh instance folder, with a game of every kind, a started round with a
    table, and a drill going in the first browser's session."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(folder),
            "DEAL_SEED": DEAL_SEED,
            # A fake voice for every language: fast, and the same on every machine (without a
            # voice, 503 "not now" is the answer by design: tests/test_web_speech.py).
            "SPEECH_ENGINE": "speech_fakes:five_languages_engine",
            # The fuzz sends hundreds of codes and tables from one address: it looks past the
            # limits (a 429 is a fine answer, but it would hide everything behind it).
            "CLASS_WRONG_CODES_PER_MINUTE": 1_000_000,
            "CLASS_JOINS_PER_MINUTE": 1_000_000,
            "CLASS_TABLES_PER_DEVICE": 1_000_000,
        }
    )
    client = app.test_client()
    finished = start_full(client, limit="other", **{"limit-other": "1"})
    assert move(client, finished, "all", 1).status_code == 303
    games = {
        "easy": game_id(start_easy(client)),
        "timed": game_id(start_easy(client, who="two", time="15")),
        # On a level: its answers read the device's child's progress (issue 31).
        "practice": game_id(start_easy(client, practice="on", level="first-five")),
        "three": game_id(start_full(client, players="3", **{"kind-2": "human"})),
        "finished": game_id(finished),
    }
    created = post(client, "/en/class/", {**NEW_DEFAULTS, "practice": "on"}, page="/en/class/")
    db = connect(app.config["DATABASE"])
    try:
        found = load_round(db, created.headers["Location"].rsplit("/", 1)[1])
    finally:
        db.close()
    assert found is not None
    teacher = found.code  # the teacher's page is named by the join code; the session says who
    teacher_page = f"/en/class/teacher/{teacher}"
    started = post(
        client, teacher_page, {"action": "start", "version": found.version}, teacher_page
    )
    assert started.status_code == 303
    join = f"/en/join/{found.code}"
    joined = post(client, join, {"table-name": "Owls", "name-1": "Ada", "name-2": "Ben"}, join)
    assert joined.status_code == 303, joined.get_data(as_text=True)
    games["table"] = game_id(joined.headers["Location"])
    drill = post(client, "/en/drill", {"range": "numbers", "question": "bigger"}, "/en/drill")
    assert drill.status_code == 303
    other = app.test_client()
    world = World(app, client, other, games, teacher, found.code, teacher_token=found.teacher)
    world.tokens = {"mine": token(client), "other": token(other)}
    return world


def close_world(world: World) -> None:
    """Stop the speech worker the fuzz may have started."""
    cache = world.app.extensions.get("kidswar_speech")
    if cache is not None:
        cache.renderer.close()
