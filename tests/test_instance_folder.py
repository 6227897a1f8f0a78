"""The instance folder (`KIDSWAR_INSTANCE_PATH`), its secret key, and a deal seed (the env)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from webhelpers import start_easy

from kidswar.storage.database import connect
from kidswar.web import create_app
from kidswar.web.app_settings import app_settings
from kidswar.web.security import load_secret_key

# Its apps are made from the environment, as a server's are: they start no speech worker.
pytestmark = pytest.mark.usefixtures("no_speech_at_start")


@pytest.fixture
def environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A clean `KIDSWAR_*` environment whose instance folder is a fresh temporary one."""
    instance = tmp_path / "from-env"
    monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", str(instance))
    return instance


def first_deal(instance: Path) -> str:
    """The stacks of the first game stored in an instance's database."""
    row = connect(instance / "kidswar.sqlite").execute("SELECT state FROM games").fetchone()
    return str(row["state"])


def test_the_environment_sets_the_instance_folder_and_settings(
    environment: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("KIDSWAR_SPEECH_RATE", "120")  # read as JSON: a number
    monkeypatch.setenv("KIDSWAR_IDLE_GAMES_KEPT_DAYS", "3")
    monkeypatch.setenv("KIDSWAR_SECRET_KEY", "a key from the environment")
    app = create_app()
    assert Path(app.instance_path) == environment.resolve()
    assert app.config["DATABASE"] == str(environment.resolve() / "kidswar.sqlite")
    assert app_settings(app).speech_rate == 120 and app_settings(app).idle_games_kept_days == 3
    assert app.config["SECRET_KEY"] == "a key from the environment"
    assert not (environment / "secret_key").exists()  # a key given is never replaced


def test_a_deal_seed_in_the_environment_deals_the_same_games(
    environment: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("KIDSWAR_DEAL_SEED", "7")
    start_easy(create_app().test_client())
    again = tmp_path / "again"
    monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", str(again))
    start_easy(create_app().test_client())
    assert first_deal(environment) == first_deal(again)
    monkeypatch.setenv("KIDSWAR_DEAL_SEED", "8")
    other = tmp_path / "other"
    monkeypatch.setenv("KIDSWAR_INSTANCE_PATH", str(other))
    start_easy(create_app().test_client())
    assert first_deal(other) != first_deal(environment)


def test_without_a_seed_every_deal_is_fresh(environment: Path, tmp_path: Path) -> None:
    start_easy(create_app().test_client())
    first = first_deal(environment)
    start_easy(create_app({"INSTANCE_PATH": str(tmp_path / "second")}).test_client())
    assert first_deal(tmp_path / "second") != first


def test_an_empty_secret_key_file_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "secret_key").write_text("")
    key = load_secret_key(str(tmp_path))
    assert len(key) == 64 and (tmp_path / "secret_key").read_text() == key
    assert load_secret_key(str(tmp_path)) == key
    assert not list(tmp_path.glob("*.tmp"))  # no temporary file is left behind


def test_workers_starting_together_agree_on_one_key(tmp_path: Path) -> None:
    keys: list[str] = []
    start = threading.Barrier(8)

    def worker() -> None:
        start.wait()
        keys.append(load_secret_key(str(tmp_path)))

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(keys)) == 1 and (tmp_path / "secret_key").read_text() == keys[0]
