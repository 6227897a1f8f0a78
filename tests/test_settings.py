"""The settings (issue 19): every `KIDSWAR_*` value is checked at start-up, by `create_app()`,
`kidswar serve` and `kidswar db`, and a wrong one stops them in one line naming it."""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import waitress
from click.testing import CliRunner
from flask import Flask

from kidswar.cli import main
from kidswar.settings import RULES, Settings, SettingsError
from kidswar.web import create_app
from kidswar.web.app_settings import app_settings

TESTS = Path(__file__).resolve().parent
# The apps made here are servers' apps, made from the environment: what is tested is their
# settings, so they start no speech worker (see the fixture).
pytestmark = pytest.mark.usefixtures("no_speech_at_start")

# Each setting: a good value as the environment gives it, what the app's config then holds, and
# values that cannot work. Every setting is listed (see the first test).
GOOD: dict[str, tuple[str, object]] = {
    "INSTANCE_PATH": ("", None),  # the fixture's folder is given as KIDSWAR_INSTANCE_PATH
    "DATABASE_URL": ("", None),  # empty: SQLite (a PostgreSQL URL: tests/test_database_url.py)
    "SECRET_KEY": ("a key of 12345", "a key of 12345"),
    "DATABASE_TIMEOUT": ("1.5", 1.5),
    "FINISHED_GAMES_KEPT_DAYS": ("3", 3),
    "IDLE_GAMES_KEPT_DAYS": (" 30 ", 30),
    "FINISHED_ROUNDS_KEPT_DAYS": ("0", 0),
    "IDLE_ROUNDS_KEPT_DAYS": ("7", 7),
    "CLEAN_UP_MINUTES": ("10", 10),
    "SPEECH_RATE": ("120", 120),
    "SPEECH_ENGINE": ("speech_fakes:fake_engine", "speech_fakes:fake_engine"),
    "SPEECH_WAIT_SECONDS": ("0.5", 0.5),
    "SPEECH_WAITING_REQUESTS": ("2", 2),
    "SPEECH_TIMEOUT_SECONDS": ("5", 5.0),
    "SPEECH_RETRY_SECONDS": ("10", 10.0),
    "DEAL_SEED": ("7", 7),
    "CLASS_TABLES_PER_DEVICE": ("3", 3),
    "CLASS_JOINS_PER_MINUTE": ("60", 60),
    "CLASS_WRONG_CODES_PER_MINUTE": ("20", 20),
    "PROXIES": ("1", 1),
    "PUBLIC_URL": ("https://war.example.org/", "https://war.example.org"),
    "TRUSTED_HOSTS": ("war.example.org, .school.example", ("war.example.org", ".school.example")),
    "THREADS": ("4", 4),
    "WORKERS": ("2", 2),
    "CONNECTION_LIMIT": ("100", 100),
    "CHANNEL_TIMEOUT": ("60", 60),
}
BAD: dict[str, list[str]] = {
    "INSTANCE_PATH": [],  # any folder's path will do
    "DATABASE_URL": ["mysql://db/kidswar", "kidswar.sqlite"],
    "SECRET_KEY": [],  # any text will do
    "DATABASE_TIMEOUT": ["0", "forever", "120"],
    "FINISHED_GAMES_KEPT_DAYS": ["seven", "7.5"],
    "IDLE_GAMES_KEPT_DAYS": ["-1", "sixty"],
    "FINISHED_ROUNDS_KEPT_DAYS": ["two"],
    "IDLE_ROUNDS_KEPT_DAYS": ["99999"],
    "CLEAN_UP_MINUTES": ["five", "true"],
    "SPEECH_RATE": ["fast", "20"],
    "SPEECH_ENGINE": ["espeak", "a b:c"],
    "SPEECH_WAIT_SECONDS": ["soon", "nan", "-1"],
    "SPEECH_WAITING_REQUESTS": ["2.5"],
    "SPEECH_TIMEOUT_SECONDS": ["0"],
    "SPEECH_RETRY_SECONDS": ["inf"],
    "DEAL_SEED": ["seven", "-3"],
    "CLASS_TABLES_PER_DEVICE": ["0"],
    "CLASS_JOINS_PER_MINUTE": ["lots"],
    "CLASS_WRONG_CODES_PER_MINUTE": ["1e3"],
    "PROXIES": ["yes", "11"],
    "PUBLIC_URL": ["war.example.org", "https://", "https://war.example.org/?next=x", "ftp://a"],
    "TRUSTED_HOSTS": ["war example.org", ",", "war.example.org/x", "war.example.org:443"],
    "THREADS": ["many", "0"],
    "WORKERS": ["two", "0", "65"],
    "CONNECTION_LIMIT": ["5"],
    "CHANNEL_TIMEOUT": ["1"],
}
GOOD_CASES = [pytest.param(key, *GOOD[key], id=key) for key in GOOD]
BAD_CASES = [pytest.param(key, bad, id=f"{key}={bad}") for key, bads in BAD.items() for bad in bads]
# also `kidswar serve`'s options
SERVE_OPTIONS = {"THREADS", "WORKERS", "CONNECTION_LIMIT", "CHANNEL_TIMEOUT"}


@pytest.fixture
def environment(tmp_path: Path) -> dict[str, str]:
    """An environment of no settings but a fresh instance folder."""
    return {"KIDSWAR_INSTANCE_PATH": str(tmp_path / "instance")}


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The apps `kidswar serve` hands to waitress, recorded instead of served (and with
    `--workers`, the app the first process would build, with no port bound or process forked)."""
    from kidswar.cli import workers

    apps: list[Any] = []
    monkeypatch.setattr(waitress, "serve", lambda app, **settings: apps.append(app))
    monkeypatch.setattr(workers, "listening_socket", lambda host, port: socket.socket())
    monkeypatch.setattr(workers.Supervisor, "run", lambda self, n: apps.append(self.make_app()))
    return apps


def one_line(stderr: str) -> str:
    """The single line a refused command writes, without its `kidswar: `."""
    lines = stderr.strip().splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith("kidswar: ")
    return lines[0].removeprefix("kidswar: ")


def test_every_setting_is_a_field_and_is_tested_here() -> None:
    fields = {field.name.upper() for field in dataclasses.fields(Settings)}
    assert fields == set(RULES) == set(GOOD) == set(BAD)


def test_the_settings_are_frozen() -> None:
    settings = Settings.from_environment({"KIDSWAR_CLEAN_UP_MINUTES": "10"})
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.clean_up_minutes = 1  # type: ignore[misc]


def test_no_settings_are_the_defaults(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str]
) -> None:
    monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", environment["KIDSWAR_INSTANCE_PATH"])
    app = create_app()
    defaults = Settings()
    assert app_settings(app).clean_up_minutes == defaults.clean_up_minutes == 5
    assert app_settings(app) == dataclasses.replace(
        defaults, instance_path=environment["KIDSWAR_INSTANCE_PATH"]
    )


@pytest.mark.parametrize(("key", "text", "value"), GOOD_CASES)
def test_a_good_value_is_read_typed_by_create_app(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], key: str, text: str, value: object
) -> None:
    for name, given in {**environment, f"KIDSWAR_{key}": text}.items():
        monkeypatch.setenv(name, given)
    app = create_app()
    if key != "INSTANCE_PATH":
        typed = getattr(app_settings(app), key.lower())
        assert typed == value and type(typed) is type(value)


@pytest.mark.parametrize(("key", "text", "value"), GOOD_CASES)
def test_a_good_value_is_served(
    runner: CliRunner,
    served: list[Flask],
    environment: dict[str, str],
    key: str,
    text: str,
    value: object,
) -> None:
    result = runner.invoke(main, ["serve"], env={**environment, f"KIDSWAR_{key}": text})
    assert result.exit_code == 0, result.stderr
    if key not in ("INSTANCE_PATH", *SERVE_OPTIONS):
        assert getattr(app_settings(served[0]), key.lower()) == value
    if key in SERVE_OPTIONS:
        assert f" {value} " in result.stdout  # "Up to 100 connections, 4 threads; ... 60 s."


@pytest.mark.parametrize(("key", "text", "value"), GOOD_CASES)
def test_a_good_value_lets_the_database_be_upgraded(
    runner: CliRunner, environment: dict[str, str], key: str, text: str, value: object
) -> None:
    result = runner.invoke(main, ["db", "upgrade"], env={**environment, f"KIDSWAR_{key}": text})
    assert result.exit_code == 0, result.stderr


@pytest.mark.parametrize(("key", "bad"), BAD_CASES)
def test_a_bad_value_stops_create_app_naming_it(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], key: str, bad: str
) -> None:
    for name, given in {**environment, f"KIDSWAR_{key}": bad}.items():
        monkeypatch.setenv(name, given)
    with pytest.raises(SettingsError) as refused:
        create_app()
    message = str(refused.value)
    assert message.startswith(f"KIDSWAR_{key} is {bad!r}, but it must be ")
    assert message.removeprefix(f"KIDSWAR_{key} is {bad!r}, but it must be ") == RULES[key].accepts


@pytest.mark.parametrize(("key", "bad"), BAD_CASES)
def test_a_bad_value_stops_serve_in_one_line(
    runner: CliRunner, served: list[Flask], environment: dict[str, str], key: str, bad: str
) -> None:
    result = runner.invoke(main, ["serve"], env={**environment, f"KIDSWAR_{key}": bad})
    assert result.exit_code != 0 and served == []
    line = one_line(result.stderr)
    assert f"KIDSWAR_{key}" in line and bad in line  # click words its options its own way


@pytest.mark.parametrize(("key", "bad"), BAD_CASES)
def test_a_bad_value_stops_db_upgrade_in_one_line(
    runner: CliRunner, environment: dict[str, str], tmp_path: Path, key: str, bad: str
) -> None:
    result = runner.invoke(main, ["db", "upgrade"], env={**environment, f"KIDSWAR_{key}": bad})
    assert result.exit_code == 1
    assert one_line(result.stderr) == f"KIDSWAR_{key} is {bad!r}, but it must be " + (
        RULES[key].accepts
    )
    assert not (tmp_path / "instance" / "kidswar.sqlite").exists()  # nothing was made


def test_a_test_config_is_checked_like_the_environment(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match="KIDSWAR_CLEAN_UP_MINUTES is 'five'"):
        create_app({"INSTANCE_PATH": str(tmp_path), "CLEAN_UP_MINUTES": "five"})
    with pytest.raises(SettingsError, match=r"KIDSWAR_PROXIES is '1\.5'"):
        create_app({"INSTANCE_PATH": str(tmp_path), "PROXIES": 1.5})
    app = create_app({"INSTANCE_PATH": str(tmp_path), "CLEAN_UP_MINUTES": "10", "TESTING": True})
    assert app_settings(app).clean_up_minutes == 10 and app.testing


def test_a_misspelled_setting_is_refused_with_the_name_it_likely_meant(
    runner: CliRunner, served: list[Flask], environment: dict[str, str]
) -> None:
    misspelled = {**environment, "KIDSWAR_CLEAN_UP_MINUTE": "10"}
    expected = (
        "KIDSWAR_CLEAN_UP_MINUTE is not a kidswar setting (did you mean KIDSWAR_CLEAN_UP_MINUTES?)"
    )
    for command in (["serve"], ["db", "upgrade"]):
        result = runner.invoke(main, command, env=misspelled)
        assert result.exit_code == 1 and one_line(result.stderr) == expected
    with pytest.raises(SettingsError, match="not a kidswar setting"):
        Settings.from_environment(misspelled)


def test_the_test_suites_own_variables_are_no_settings() -> None:
    tools = {"KIDSWAR_TEST_DATABASE_URL": "x", "KIDSWAR_REQUIRE_BROWSER": "1", "KIDSWAR_VENV": "v"}
    assert Settings.from_environment(tools) == Settings()


def run(command: list[str], tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """A real process of `command` given these settings (and no other KIDSWAR_* variable)."""
    environment = {name: value for name, value in os.environ.items() if "KIDSWAR" not in name}
    environment.update(settings, KIDSWAR_INSTANCE_PATH=str(tmp_path / "instance"))
    environment["PYTHONPATH"] = str(TESTS)  # speech_fakes, should a test engine be named
    return subprocess.run(
        command, env=environment, capture_output=True, text=True, timeout=60, check=False
    )


def test_kidswar_serve_with_minutes_in_words_stops_at_once(tmp_path: Path) -> None:
    served = run(
        [sys.executable, "-m", "kidswar", "serve", "--port", "1"],
        tmp_path,
        KIDSWAR_CLEAN_UP_MINUTES="five",
    )
    assert served.returncode == 1 and served.stdout == ""
    assert served.stderr == (
        "kidswar: KIDSWAR_CLEAN_UP_MINUTES is 'five', but it must be a whole number of minutes "
        "from 0 to 1440\n"
    )


@pytest.mark.parametrize("preload", [False, True], ids=["workers", "preload"])
def test_gunicorn_refuses_to_load_the_app_with_a_bad_setting_in_one_line(
    tmp_path: Path, preload: bool
) -> None:
    pytest.importorskip("gunicorn")
    socket = tmp_path / "kidswar.sock"
    command = [sys.executable, "-m", "gunicorn", "-b", f"unix:{socket}", "kidswar.web:create_app()"]
    refused = run(command + ["--preload"] * preload, tmp_path, KIDSWAR_PROXIES="yes")
    assert refused.returncode != 0
    assert "Traceback" not in refused.stderr
    said = [line for line in refused.stderr.splitlines() if "KIDSWAR_" in line]
    message = (
        "kidswar: KIDSWAR_PROXIES is 'yes', but it must be a whole number of proxies from 0 to 10"
    )
    assert said == [f"Error: {message}" if preload else message]
    if not preload:  # the workers' failure stops gunicorn; no worker boots again and again
        assert "App failed to load" in refused.stderr
