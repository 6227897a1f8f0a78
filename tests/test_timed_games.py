"""A timed game: the server keeps the deadline, ends the game when it passes, shows the counts."""

import re
from collections import OrderedDict

import pytest
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, as_read, move, post, start_full

from kidswar.storage.database import connect
from kidswar.storage.games import load_game


def stored(app: Flask, table: str):  # type: ignore[no-untyped-def]
    """The game behind a table address, read straight from the database."""
    return load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])


def test_a_time_limit_sets_a_deadline_kept_by_the_server(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_full(client, time="5")
    game = stored(app, table)
    assert game.deadline == clock.now + 300 and game.setup.rules.time_limit_minutes == 5
    page = client.get(table).get_data(as_text=True)
    assert 'class="countdown-time">5:00<' in page and 'data-state="running"' in page
    clock.advance(100.5)
    page = client.get(table).get_data(as_text=True)  # a reload shows the true time left
    assert 'class="countdown-time">3:20<' in page
    status = client.get(f"{table}/clock").get_json()
    assert status["state"] == "running" and status["left"] == pytest.approx(199.5)
    assert status["over"] is False


def test_no_time_limit_means_no_deadline_and_no_countdown(client: FlaskClient, app: Flask) -> None:
    table = start_full(client, time="off")
    assert stored(app, table).deadline is None
    assert 'class="countdown' not in client.get(table).get_data(as_text=True)
    assert client.get(f"{table}/clock").status_code == 404
    assert stored(app, start_full(client)).deadline is None  # an older form sends no time


def test_when_time_is_up_the_most_cards_wins_and_every_count_is_shown(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_full(client, time="other", **{"time-other": "3", "name-1": "Ana"})
    battle = 1
    for _run in range(4):  # play until the counts differ
        move(client, table, "ten", battle)
        battle = stored(app, table).game.battles + 1
        if len(set(stored(app, table).game.counts)) > 1:
            break
    counts = stored(app, table).game.counts
    assert len(set(counts)) > 1, "the counts never differed"
    clock.advance(180)  # the deadline itself: time is up
    page = client.get(table).get_data(as_text=True)
    game = stored(app, table).game
    assert game.outcome is not None and game.outcome.reason.value == "time-up"
    assert game.counts == counts  # no battle was played by ending the game
    winner = counts.index(max(counts))
    assert game.outcome.winner == winner
    name = ["Ana", "Computer"][winner]
    assert f"Time is up: {name} has the most cards and wins!" in as_read(page)
    for seat_name, count in zip(["Ana", "Computer"], counts, strict=True):
        assert f"<bdi>{seat_name}</bdi> has {count} cards." in page
    assert "Play again" in page  # a family game may be played again, with a fresh clock


def test_a_tie_for_the_most_cards_is_a_draw_between_those_players(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_full(client, time="5", players="4", **{"name-1": "Ana"})
    clock.advance(301)  # nobody played: 13 cards each
    page = client.get(table).get_data(as_text=True)
    outcome = stored(app, table).game.outcome
    assert outcome.winner is None and outcome.seats == (0, 1, 2, 3)
    assert "have the most cards. The game is a draw." in page


def test_a_move_after_the_deadline_plays_no_battle(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_full(client, time="5")
    move(client, table, "all", 1)
    clock.advance(300.01)
    response = move(client, table, "all", 2)
    assert response.status_code == 409
    assert "Time is up, so no more battles are played." in response.get_data(as_text=True)
    game = stored(app, table).game
    assert game.battles == 1 and game.outcome.reason.value == "time-up"
    assert move(client, table, "ten", 2).status_code == 409
    assert stored(app, table).game.battles == 1


def test_a_move_just_before_the_deadline_is_played_whole(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start_full(client, time="5")
    clock.advance(299.9)
    assert move(client, table, "ten", 1).status_code == 303  # ten battles, all of them
    assert stored(app, table).game.battles == 10 or stored(app, table).game.is_over
    clock.advance(1)
    status = client.get(f"{table}/clock").get_json()  # the countdown's look ends it
    assert status["state"] == "over" and status["over"] is True
    assert stored(app, table).game.outcome.reason.value in ("time-up", "all-cards")


def test_play_again_starts_a_fresh_clock(client: FlaskClient, app: Flask, clock: FakeClock) -> None:
    table = start_full(client, time="10")
    clock.advance(700)
    client.get(table)
    again = post(client, f"{table}/again", {}, page=table)
    assert again.status_code == 303
    assert stored(app, again.headers["Location"]).deadline == clock.now + 600


@pytest.mark.parametrize(
    "changes",
    [
        {"time": "other", "time-other": "0"},
        {"time": "other", "time-other": "121"},
        {"time": "other", "time-other": "ten"},
        {"time": "other", "time-other": ""},
        {"time": "7"},
        {"time": "forever"},
        {"time": "other", "time-other": "²"},
        {"time": "other", "time-other": "9" * 40},
    ],
)
def test_a_bad_time_limit_comes_back_with_the_reason(
    client: FlaskClient, app: Flask, changes: dict[str, str]
) -> None:
    response = post(client, "/en/full", {**FULL_FORM, **changes}, page="/en/full")
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "The time limit must be a whole number of minutes from 1 to 120." in page
    assert 'aria-describedby="time-error" aria-invalid="true"' in page
    count = connect(app.config["DATABASE"]).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert count == 0  # nothing half-written


def test_the_setup_page_says_how_long_a_game_lasts(client: FlaskClient) -> None:
    page = client.get("/en/full").get_data(as_text=True)
    assert re.search(
        r"A game of War with 2 players usually lasts about \d+ battles; most "
        r"games last between \d+ and \d+ battles\.",
        page,
    )
    assert re.search(r"At one battle every 3 seconds that is about \d+ minutes", page)
    svg = re.search(r'<svg class="histogram"[^>]*>', page)
    assert svg and 'role="img"' in svg.group(0) and 'aria-label="A bar chart' in svg.group(0)
    assert page.count('<rect class="bar"') == 20 and "style=" not in page
    peace = client.get("/en/full?variant=peace").get_data(as_text=True)
    assert "A game of Peace with 2 players" in peace


def test_the_estimate_endpoint_gives_the_figures_of_the_choice(client: FlaskClient) -> None:
    response = client.get("/en/estimate?variant=three-down&players=4")
    assert response.status_code == 200
    html = response.get_json()["html"]
    assert "A game of Three down with 4 players" in html and 'role="img"' in html
    assert "Drei" in client.get("/de/estimate?variant=three-down&players=4").get_json()["html"]
    for query in ("variant=snap&players=2", "variant=peace&players=5", "", "players=2"):
        assert client.get(f"/en/estimate?{query}").status_code == 400


def test_estimates_are_simulated_once_and_fit_the_simulation() -> None:
    from kidswar.words import estimates

    first = estimates.estimate("peace", 3)
    assert estimates.estimate("peace", 3) is first  # kept, not simulated again
    assert estimates.estimate("peace", 3, 1000) is first  # the usual limit
    assert sum(first.bins) + first.at_limit == first.games == estimates.GAMES
    assert first.p10 <= first.median <= first.p90 <= first.limit
    assert first.minutes(first.median) == max(1, round(first.median * 3 / 60))
    with pytest.raises(ValueError):
        estimates.estimate("peace", 5)


def test_the_estimate_is_simulated_with_the_battle_limit_chosen() -> None:
    from kidswar.words import estimates

    usual, short = estimates.estimate("standard", 2), estimates.estimate("standard", 2, 150)
    assert (usual.limit, short.limit) == (1000, 150)
    assert short.at_limit > usual.at_limit  # more games reach a limit of 150 battles
    assert sum(short.bins) + short.at_limit == short.games
    assert short.p90 <= 150 and short.median < usual.median
    tiny = estimates.estimate("standard", 2, 5)  # one slice per battle under 20 battles
    assert len(tiny.bins) == 5 and tiny.at_limit + sum(tiny.bins) == tiny.games
    for limit in (0, 100_001):
        with pytest.raises(ValueError):
            estimates.estimate("standard", 2, limit)


def test_odd_battle_limits_cannot_grow_the_kept_estimates_without_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from kidswar.words import estimates

    # Only the cache's bound is looked at: a few games each will do, in a cache of the test's
    # own, so the other tests still see the setup page's figures of 500 games.
    monkeypatch.setattr(estimates, "GAMES", 20)
    monkeypatch.setattr(estimates, "_cache", OrderedDict())
    kept = estimates.estimate("peace", 2, 999)  # typed limits (the usual one is stored)
    for limit in range(2, 2 + estimates.CACHE_SIZE):
        estimates.estimate("peace", 2, limit)
        assert len(estimates._cache) <= estimates.CACHE_SIZE
    assert ("peace", 2, 999, "full") not in estimates._cache  # the least recently used went first
    again = estimates.estimate("peace", 2, 999)
    assert again == kept and again is not kept  # simulated again: the same figures


def test_the_estimate_endpoint_takes_the_battle_limit(client: FlaskClient) -> None:
    html = client.get("/en/estimate?variant=standard&players=2&limit=200").get_json()["html"]
    assert "from 0 to 200 battles" in html and ">200 battles: a draw</text>" in html
    assert "The last bar, set apart:" in html and "reached the limit of 200 battles" in html
    assert '<rect class="bar draw"' in html
    usual = client.get("/en/estimate?variant=standard&players=2").get_json()["html"]
    assert ">1,000 battles: a draw</text>" in usual  # no limit: the usual one
    for limit in ("0", "100001", "", "ten", "²", "9" * 40, "-5", "1e3"):
        query = f"variant=standard&players=2&limit={limit}"
        assert client.get(f"/en/estimate?{query}").status_code == 400, limit
    german = client.get("/de/estimate?variant=standard&players=2&limit=2500").get_json()["html"]
    assert ">2.500 Runden: unentschieden</text>" in german


def test_the_setup_page_draws_the_estimate_for_the_limit_it_shows(client: FlaskClient) -> None:
    chosen = {**FULL_FORM, "limit": "other", "limit-other": "300", "name-1": "x" * 200}
    refused = post(client, "/en/full", chosen, page="/en/full")  # drawn again with the choices
    assert refused.status_code == 400
    assert ">300 battles: a draw</text>" in refused.get_data(as_text=True)
    wrong = post(client, "/en/full", {**chosen, "limit-other": "lots"}, page="/en/full")
    assert ">1,000 battles: a draw</text>" in wrong.get_data(as_text=True)  # the usual one
