"""Bad input, tampering and races: a clear 4xx every time, the game untouched, never a 500."""

import threading

import pytest
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, move, post, start_easy, start_full, token

from kidswar.storage.database import connect
from kidswar.storage.games import load_game, save_move
from kidswar.web.app_settings import app_settings
from kidswar.web.services.housekeeper import clean_up_now


def state(app: Flask, table: str) -> str:
    """The stored row of a game, to check that a refused request changed nothing."""
    db = connect(app.config["DATABASE"])
    row = db.execute(
        "SELECT state, turned, version FROM games WHERE id = ?", (table.rsplit("/", 1)[1],)
    ).fetchone()
    return repr(tuple(row))


def test_unknown_game_is_a_friendly_404(client: FlaskClient) -> None:
    for url in (
        "/en/game/nope",
        "/game/" + "x" * 300,
        "/nothing-here",
        "/xx/easy",
        "/en/rules/snap",
    ):
        response = client.get(url, follow_redirects=True)
        assert response.status_code == 404
        assert "could not find" in response.get_data(as_text=True)


def test_moves_on_an_unknown_game_are_404(client: FlaskClient) -> None:
    assert post(client, "/en/game/nope/move", {"action": "all", "battle": 1}).status_code == 404


@pytest.mark.parametrize(
    "data",
    [
        {"action": "fly", "battle": "1"},
        {"action": "all", "battle": "x"},
        {"action": "all"},
        {"battle": "1"},
        {"action": "turn", "battle": "1", "seat": "1"},  # the computer's seat
        {"action": "turn", "battle": "1", "seat": "7"},
        {"action": "turn", "battle": "1"},
        {"action": "turn", "battle": "1", "seat": "-1"},
        {"action": "all", "battle": "-3"},
    ],
)
def test_tampered_moves_are_400_and_change_nothing(
    client: FlaskClient, app: Flask, data: dict[str, str]
) -> None:
    table = start_easy(client)
    before = state(app, table)
    response = post(client, f"{table}/move", data, page=table)
    assert response.status_code == 400
    assert state(app, table) == before


def test_a_move_for_a_future_battle_is_refused(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    before = state(app, table)
    assert move(client, table, "all", 5).status_code == 409
    assert state(app, table) == before


def test_post_without_csrf_token_is_refused(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    before = state(app, table)
    response = client.post(f"{table}/move", data={"action": "all", "battle": "1"})
    assert response.status_code == 400
    assert "nothing was" in response.get_data(as_text=True)
    assert state(app, table) == before
    assert client.post("/en/easy", data={"who": "computer"}).status_code == 400


def test_post_with_another_sessions_token_is_refused(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    other = app.test_client()
    other_token = token(other)
    response = client.post(
        f"{table}/move", data={"action": "all", "battle": "1", "csrf_token": other_token}
    )
    assert response.status_code == 400


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"players": "5"}, "Choose 2, 3 or 4 players"),
        ({"players": "3", "shortage": "forfeit"}, "only for two players"),
        ({"variant": "snap"}, "Choose one of the options"),
        ({"limit": "other", "limit-other": "0"}, "from 1 to 100,000"),
        ({"limit": "other", "limit-other": "lots"}, "from 1 to 100,000"),
        ({"limit": "other", "limit-other": "100001"}, "from 1 to 100,000"),
        ({"name-1": "A" * 21}, "up to 20 letters"),
        ({"kind-2": "robot"}, "a person or the computer"),
        ({"pickup": ""}, "Choose one of the options"),
    ],
)
def test_bad_full_form_comes_back_with_the_reason(
    client: FlaskClient, changes: dict[str, str], field: str
) -> None:
    response = post(client, "/en/full", {**FULL_FORM, **changes}, page="/en/full")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert field in page and 'aria-invalid="true"' in page
    for name, value in changes.items():  # what the user typed is kept
        if name.startswith(("name", "limit-")):
            assert value in page


@pytest.mark.parametrize("data", [{"who": "nobody"}, {"who": "two", "name-2": "\x07beep"}])
def test_bad_easy_form_comes_back_with_the_reason(
    client: FlaskClient, data: dict[str, str]
) -> None:
    response = post(client, "/en/easy", data)
    assert response.status_code == 400
    assert 'class="error"' in response.get_data(as_text=True)


def test_wrong_methods_and_huge_bodies_are_4xx(client: FlaskClient) -> None:
    table = start_easy(client)
    assert client.get(f"{table}/move").status_code == 405
    assert client.put("/en/easy").status_code == 405
    response = client.post("/en/easy", data={"who": "x" * 100_000})
    assert response.status_code == 413


def test_every_page_carries_a_strict_policy_and_safe_cookies(client: FlaskClient) -> None:
    response = client.get("/en/easy")
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_pages_name_no_other_host(client: FlaskClient) -> None:
    table = start_easy(client)
    move(client, table, "ten", 1)
    for url in ("/", "/en/easy", "/en/full", table, "/static/style.css", "/static/table.js"):
        body = client.get(url).get_data(as_text=True)
        body = body.replace("http://www.w3.org/2000/svg", "")
        assert (
            # The page's own host may be named (the share link, the languages' alternates).
            "http://" not in body.replace("http://localhost/", "")
            and "https://" not in body
            and "//" + "cdn" not in body
        ), url


def test_two_moves_for_the_same_battle_play_it_exactly_once(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client)
    game_id = table.rsplit("/", 1)[1]
    db = connect(app.config["DATABASE"])
    first, second = load_game(db, game_id), load_game(db, game_id)
    assert first is not None and second is not None
    one, two = first.game.play_battle(), second.game.play_battle()
    assert save_move(db, first, first.game, one, ()) is True
    assert save_move(db, second, second.game, two, ()) is False
    assert load_game(db, game_id).game.battles == 1  # type: ignore[union-attr]


def test_racing_requests_for_one_battle_play_it_once(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    csrf = token(client, table)
    statuses: list[int] = []

    def send() -> None:
        with app.test_client() as racer:
            with client.session_transaction() as session:
                saved = dict(session)
            with racer.session_transaction() as session:
                session.update(saved)
            statuses.append(
                racer.post(
                    f"{table}/move", data={"action": "all", "battle": "1", "csrf_token": csrf}
                ).status_code
            )

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303] + [409] * 5
    assert "1 battle played" in client.get(table).get_data(as_text=True)


@pytest.mark.usefixtures("no_speech_at_start")  # two servers' apps, no clip spoken
def test_secret_key_is_generated_once_and_kept(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from kidswar.web import create_app

    instance = str(tmp_path / "inst")
    first = create_app({"INSTANCE_PATH": instance}).config["SECRET_KEY"]
    second = create_app({"INSTANCE_PATH": instance}).config["SECRET_KEY"]
    assert first == second and len(first) == 64
    assert (tmp_path / "inst" / "secret_key").stat().st_mode & 0o077 == 0


def test_old_finished_games_are_cleaned_up(client: FlaskClient, app: Flask) -> None:
    app.config["CLOCK"] = clock = FakeClock()

    def clean_up() -> tuple[int, int] | None:
        """What the app process's clean-up thread does when it looks (services.housekeeper)."""
        return clean_up_now(app.config["DATABASE"], app_settings(app), clock())

    assert clean_up() == (0, 0)  # the day's first clean-up: nothing old yet
    table = start_full(client, limit="other", **{"limit-other": "1"})
    move(client, table, "all", 1)
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE games SET finished = finished - 8 * 86400")
    start_easy(client)  # a new game never cleans up (issue 23: off the request's path)
    assert clean_up() is None  # the last clean-up was moments ago: none now
    assert client.get(table).status_code == 200
    clock.advance(app_settings(app).clean_up_minutes * 60)
    assert clean_up() == (1, 0)  # minutes later, the next look sweeps old ones away
    assert client.get(table).status_code == 404


def test_a_host_name_no_address_can_be_built_for_is_a_400(client: FlaskClient) -> None:
    for path in ("/", "/en/", "/en/easy"):
        response = client.get(path, headers={"Host": "a" * 70})
        assert response.status_code == 400
        assert "nothing was changed" in response.get_data(as_text=True)
