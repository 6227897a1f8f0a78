"""Shared helpers for the tests: deals written in the notation of docs/rules.md."""

from __future__ import annotations

import json
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from seeds import SEED_KEY, SEED_VARIABLE, chosen_seed

from kidswar.game.cards import parse_cards
from kidswar.game.engine import Game
from kidswar.game.rules import Rules

DATA = Path(__file__).resolve().parent / "data"  # the worked deals published with docs/rules.md


def make_game(variant: str, hands: list[list[str]], **options: Any) -> Game:
    """A game from an explicit deal; pickup defaults to as-laid so tests know every order."""
    options.setdefault("pickup", "as-laid")
    rules = Rules.from_options(variant, len(hands), **options)
    return Game(rules, [parse_cards(hand) for hand in hands])


def hand_texts(game: Game) -> list[list[str]]:
    """Each seat's stack in the notation of docs/rules.md, top card first."""
    return [[str(card) for card in hand] for hand in game.hands]


@pytest.fixture(scope="session")
def rules_examples() -> list[dict[str, Any]]:
    """The worked deals published with the rules (docs/rules.md), kept in tests/data."""
    path = DATA / "rules-examples.jsonl"
    assert path.exists(), f"the rules examples are missing: {path}"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session")
def deck_addition_examples() -> list[dict[str, Any]]:
    """The worked deals for the `numbers` deck and Addition War (docs/rules.md, "Examples")."""
    path = DATA / "rules-examples-deck-addition.jsonl"
    assert path.exists(), f"the rules examples are missing: {path}"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """Compile the catalogs once, as an editable install does, so every test sees every language."""
    from kidswar.words.catalogs import translations_dir
    from kidswar.words.compile_catalogs import compile_catalogs

    compile_catalogs(translations_dir(), translations_dir())


@pytest.fixture
def deal_seed(request: pytest.FixtureRequest) -> int:
    """This test's deal seed, remembered so that a failure can say it (see the hook below)."""
    seed = chosen_seed()
    request.node.stash[SEED_KEY] = seed
    return seed


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failing test that dealt games says their seed, so the failure can be replayed."""
    report = yield
    seed = item.stash.get(SEED_KEY, None)
    if seed is not None and report.failed:
        report.sections.append(
            ("kidswar deals", f"dealt from seed {seed}: replay with {SEED_VARIABLE}={seed}")
        )
    return report


@pytest.fixture
def app(tmp_path: Path, deal_seed: int) -> Flask:
    """The app with its own instance folder, CSRF protection on, as in production.

    Its games are dealt from `deal_seed`, so a failing test can be run again on the same cards.
    """
    from kidswar.web import create_app

    return create_app(
        {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "instance"), "DEAL_SEED": deal_seed}
    )


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A browser-like client of the app, keeping its session cookie."""
    return app.test_client()


@pytest.fixture
def runner() -> CliRunner:
    """A click runner that keeps stderr apart from stdout."""
    return CliRunner()
