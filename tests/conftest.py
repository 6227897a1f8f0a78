"""Shared helpers for the tests: deals written in the notation of docs/rules.md."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from backends import database_config
from click.testing import CliRunner
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from seeds import SEED_KEY, SEED_VARIABLE, chosen_seed

from kidswar.game.cards import parse_cards
from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.settings import PREFIX, is_tool_variable
from kidswar.words import content
from kidswar.words.content import load_page

DATA = Path(__file__).resolve().parent / "data"  # the worked deals published with docs/rules.md


def pytest_configure(config: pytest.Config) -> None:
    """Forget the operator's own `KIDSWAR_*` settings (a shell with KIDSWAR_DATABASE_URL set,
    say): the tests, and the servers they start, see only the settings they give. The test
    suite's own variables (KIDSWAR_TEST_DATABASE_URL, KIDSWAR_REQUIRE_BROWSER...) stay."""
    for name in list(os.environ):
        if name.startswith(PREFIX) and not is_tool_variable(name):
            del os.environ[name]


# Worker processes per core for `-n auto`. The suite waits more than it computes: a browser
# test waits for Chromium's round trips and a table's next look at the clock, a server test for
# a server to start. On a 2-core machine (Intel Xeon @ 2.80GHz, 2026-12-06) the default suite
# took 430 s with 2 workers, 344 s with 4 (the cores then about two-thirds busy) and 365 s with 6
# (the cores busy all the time, and each worker collects the suite and starts a browser).
WORKERS_PER_CORE = 2


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: two worker processes for each core this process may run on."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return WORKERS_PER_CORE * (cores or 1)


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


class CompiledTemplates(BytecodeCache):
    """The templates as Jinja compiles them, kept in memory by the test process for every
    environment (each by its name, its file and a checksum of its source, as Jinja keys them)."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self.compiled.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


@pytest.fixture(scope="session", autouse=True)
def templates_compiled_once() -> Iterator[None]:
    """Each app a test makes has its own Jinja environment, which compiled every template it
    drew afresh: 160 ms of CPU for the easy setup, a table and the full setup in a new app,
    20 ms once compiled, and the suite makes an app for nearly every web test. Compiled once
    per test process and loaded by every app after, they are the same code; a template whose
    source changes is compiled again (the key holds the source's checksum). A server runs one
    app and needs none of this."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Flask, "jinja_options", {"bytecode_cache": CompiledTemplates()})
        yield


@pytest.fixture(scope="session", autouse=True)
def url_builders_compiled_once() -> Iterator[None]:
    """Each app a test makes compiled a Python function for each of its URL rules, twice
    (Werkzeug's `Rule._compile_builder`, from an AST): 75 ms of the 87 ms `create_app` takes.
    The function depends only on the rule's address, its defaults and whether unknown values
    go in the query (it is handed the rule when called), so the test process keeps one for
    each and hands it to every app after; a server makes its rules once and needs none of
    this. Without that private method (another Werkzeug), the apps compile their own."""
    from werkzeug.routing import Rule

    compile_builder = getattr(Rule, "_compile_builder", None)
    if compile_builder is None:
        yield
        return
    builders: dict[tuple[object, ...], Any] = {}

    def kept_builder(rule: Rule, append_unknown: bool = True) -> Any:
        """The builder compiled for an equal rule before, else compiled now and kept."""
        defaults = sorted((rule.defaults or {}).items(), key=lambda item: item[0])
        key = (rule.rule, tuple(rule._trace), repr(defaults), append_unknown)
        if key not in builders:
            builders[key] = compile_builder(rule, append_unknown)
        return builders[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Rule, "_compile_builder", kept_builder)
        yield


@pytest.fixture
def no_speech_at_start(monkeypatch: pytest.MonkeyPatch) -> list[Flask]:
    """The apps `create_app` makes without `TESTING` (from the environment, as a server does)
    start no speech worker; returns them, as they would have started it.

    A server's app spawns its worker at once and renders the 304 first clips with eSpeak: some
    4 s of CPU each, in the background while the next tests run. Tests of the settings or the
    instance folder make dozens of such apps and use no clip; that a server starts its worker
    is tested with the speech (tests/test_speech_ready.py).
    """
    import kidswar.web

    started: list[Flask] = []
    monkeypatch.setattr(kidswar.web, "start_speech", started.append)
    return started


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


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str | None]:
    """A schema of its own in the PostgreSQL database of KIDSWAR_TEST_DATABASE_URL, at the latest
    version, for this test session (None: no PostgreSQL given); dropped at the end."""
    url = os.environ.get("KIDSWAR_TEST_DATABASE_URL")
    if not url:
        yield None
        return
    import psycopg

    from kidswar.storage.database import create

    schema = f"kidswar_test_{os.getpid()}"
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        admin.execute(f"CREATE SCHEMA {schema}")
    # Every connection of the session (the app's pool, the tests' own) works in that schema.
    target = f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"
    create(target)
    yield target
    from kidswar.storage.postgres import close_pools

    close_pools()
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


# PostgreSQL joins the backends where a test database is named, or where it is required (CI's
# second run, which names one): a family's checkout runs the SQLite tests alone, instead of
# listing some four hundred skips.
BACKENDS = (
    ["sqlite", "postgresql"]
    if os.environ.get("KIDSWAR_TEST_DATABASE_URL") or os.environ.get("KIDSWAR_REQUIRE_POSTGRES")
    else ["sqlite"]
)


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The storage backend a test runs on: each storage and web test runs on both.

    PostgreSQL runs where KIDSWAR_TEST_DATABASE_URL names a database (`.ci/postgres` makes one);
    KIDSWAR_REQUIRE_POSTGRES=1 (CI) without one is a failure. Tests of what only a SQLite file
    has (its pages, its upgrades from old files) open a file of their own instead; tests of
    PostgreSQL alone ask for it by name, and skip without one.
    """
    name = str(request.param)
    if name == "postgresql" and not os.environ.get("KIDSWAR_TEST_DATABASE_URL"):
        # Reached by a test that is about PostgreSQL alone (two app servers on one database).
        reason = "PostgreSQL: set KIDSWAR_TEST_DATABASE_URL (see .ci/postgres) to run it"
        if os.environ.get("KIDSWAR_REQUIRE_POSTGRES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)
    return name


@pytest.fixture(scope="session")
def empty_sqlite_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file as `create` makes it, made once per test process for `database` to copy:
    creating one runs every migration, committed one by one (7 ms a test), copying it 0.1 ms;
    the copy is the same file (its WAL mode and free-page keeping are in it)."""
    from kidswar.storage.database import create

    path = tmp_path_factory.mktemp("empty-database") / "kidswar.sqlite"
    create(path)
    return path


@pytest.fixture
def database(
    backend: str, postgres_url: str | None, tmp_path: Path, empty_sqlite_file: Path
) -> str:
    """An empty database at the latest version on this test's backend: a SQLite file's path, or
    the session's PostgreSQL schema with every table emptied."""
    from kidswar.storage.database import connect

    if backend == "sqlite":
        path = tmp_path / "instance" / "kidswar.sqlite"
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(empty_sqlite_file, path)
        return str(path)
    from kidswar.storage.postgres import TABLES

    assert postgres_url is not None
    db = connect(postgres_url)
    db.execute(f"TRUNCATE {', '.join(TABLES)}")
    db.close()
    return postgres_url


@pytest.fixture
def app(tmp_path: Path, deal_seed: int, database: str) -> Flask:
    """The app with its own instance folder, CSRF protection on, as in production, on the
    test's database (`backend`: SQLite in the instance folder, or PostgreSQL).

    Its games are dealt from `deal_seed`, so a failing test can be run again on the same cards.
    """
    from jinja2 import StrictUndefined

    from kidswar.web import create_app

    created = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "DEAL_SEED": deal_seed,
            **database_config(database),
        }
    )
    # A misspelled name in a template fails the test instead of drawing nothing.
    created.jinja_env.undefined = StrictUndefined
    return created


@pytest.fixture
def clock(app: Flask) -> FakeClock:
    """The app's clock, moved by the test (timed games, class rounds)."""
    fake = FakeClock()
    app.config["CLOCK"] = fake
    return fake


@pytest.fixture
def content_from(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A content folder holding a copy of the real rules pages, which the test overwrites; the
    loaded pages are forgotten around it, so the next test reads the real files again."""
    for source in content.content_dir().glob("*.toml"):  # War's page reads the others' summaries
        (tmp_path / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(content, "content_dir", lambda: tmp_path)
    load_page.cache_clear()
    yield tmp_path
    load_page.cache_clear()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A browser-like client of the app, keeping its session cookie."""
    return app.test_client()


@pytest.fixture
def runner() -> CliRunner:
    """A click runner that keeps stderr apart from stdout."""
    return CliRunner()
