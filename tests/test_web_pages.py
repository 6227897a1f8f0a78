"""Every page and route, as a family's browser uses them (Flask test client)."""

import re

from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, move, post, start_easy, start_full

from kidswar.storage.database import connect
from kidswar.storage.games import load_game


def stored(app: Flask, table: str):  # type: ignore[no-untyped-def]
    """The game behind a table address, read straight from the database."""
    return load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])


def test_home_offers_easy_and_full(client: FlaskClient) -> None:
    page = client.get("/en/").get_data(as_text=True)
    assert 'href="/en/easy"' in page and 'href="/en/full"' in page
    assert '<html lang="en">' in page


def test_easy_game_against_the_computer(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client, **{"name-1": "Ana"})
    game = stored(app, table)
    assert game.setup.mode == "easy" and game.setup.rules.players == 2
    assert [seat.computer for seat in game.setup.seats] == [False, True]
    page = client.get(table).get_data(as_text=True)
    assert "Ana" in page and "26 cards" in page
    assert 'aria-current="step"' in page  # the easy rules stand beside the table


def test_turning_your_card_plays_the_battle_and_says_what_happened(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client, **{"name-1": "Ana"})
    response = move(client, table, "turn", 1, seat=0)
    assert response.status_code == 303
    game = stored(app, table)
    assert game.game.battles == 1
    page = client.get(table).get_data(as_text=True)
    battle = game.last_battle
    assert battle is not None and battle.winner is not None
    winner = ["Ana", "Computer"][battle.winner]
    assert re.search(rf"(bigger than|war!).*{winner}|{winner} takes", page, re.S)


def test_two_children_each_turn_their_own_card(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client, who="two", **{"name-1": "Ana", "name-2": "Ben"})
    assert move(client, table, "turn", 1, seat=0).status_code == 303
    waiting = stored(app, table)
    assert waiting.game.battles == 0 and waiting.turned == (0,)
    assert "waiting for the others" in client.get(table).get_data(as_text=True)
    assert move(client, table, "turn", 1, seat=1).status_code == 303
    assert stored(app, table).game.battles == 1


def test_play_ten_battles(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    move(client, table, "ten", 1)
    assert stored(app, table).game.battles == 10


def test_a_stale_move_is_refused_and_the_game_shown(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client)
    move(client, table, "all", 1)
    response = move(client, table, "all", 1)  # a double click
    assert response.status_code == 409
    assert "already played" in response.get_data(as_text=True)
    assert stored(app, table).game.battles == 1


def test_full_mode_four_player_peace(client: FlaskClient, app: Flask) -> None:
    table = start_full(client, players="4", variant="peace", **{"name-1": "Ana"})
    game = stored(app, table)
    assert game.setup.rules.variant.value == "peace" and game.game.counts == [13] * 4
    move(client, table, "ten", 1)
    assert client.get(table).status_code == 200


def test_full_mode_other_battle_limit(client: FlaskClient, app: Flask) -> None:
    table = start_full(client, limit="other", **{"limit-other": "250"})
    assert stored(app, table).setup.rules.battle_limit == 250


def test_a_game_played_to_its_end_offers_play_again(client: FlaskClient, app: Flask) -> None:
    table = start_full(client, limit="other", **{"limit-other": "12"})
    move(client, table, "ten", 1)
    move(client, table, "ten", 11)
    page = client.get(table).get_data(as_text=True)
    assert "The game is over" in page and "Play again" in page
    assert stored(app, table).game.is_over
    again = post(client, f"{table}/again", {}, page=table)
    assert again.status_code == 303 and again.headers["Location"] != table
    assert stored(app, again.headers["Location"]).setup == stored(app, table).setup


def test_the_share_link_shows_the_same_game_to_another_device(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client, **{"name-1": "Ana"})
    move(client, table, "ten", 1)
    other = app.test_client()
    page = other.get(table).get_data(as_text=True)
    assert "10 battles played" in page and "Ana" in page


def test_the_page_script_gets_only_the_table(client: FlaskClient) -> None:
    table = start_easy(client)
    response = move(client, table, "all", 1, headers={"X-Kidswar": "fetch"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="table"') and "<html" not in html


def test_full_form_keeps_the_defaults_of_the_family_game(client: FlaskClient) -> None:
    page = client.get("/en/full").get_data(as_text=True)
    for name, value in FULL_FORM.items():
        if name.startswith("kind") or name == "players" or name == "limit":
            continue
        assert re.search(rf'name="{name}" value="{value}"\s*checked', page), name


def test_the_button_that_starts_a_game_or_joins_a_round_is_the_filled_one(
    client: FlaskClient,
) -> None:
    for url in ("/en/easy", "/en/full"):
        page = client.get(url).get_data(as_text=True)
        assert '<button class="button big primary" type="submit">Start the game</button>' in page
    made = post(
        client,
        "/en/class/",
        {"time": "10", "variant": "standard", "players": "2", "who": "children"},
        page="/en/class/",
    )
    code = re.search(r"join-code\">(\w+)<", client.get(made.headers["Location"]).get_data(True))
    assert code
    page = client.get(f"/en/join/{code.group(1)}").get_data(as_text=True)
    assert '<button class="button big primary" type="submit">Join and play</button>' in page


def test_the_easy_setup_never_mentions_peace(app: Flask) -> None:
    from kidswar.words.catalogs import LANGUAGES, load

    for lang in LANGUAGES:
        page = app.test_client().get(f"/{lang}/easy").get_data(as_text=True)
        main = page.split('<main id="main"', 1)[1].split("</main>", 1)[0]
        for word in {load(lang).gettext("Peace"), "Peace"}:  # Barış, Frieden, Paz, La Paix
            assert not re.search(rf"\b{re.escape(word)}\b", main, re.IGNORECASE), lang
    full = app.test_client().get("/en/full").get_data(as_text=True)
    asks = "In Peace it asks which card is smaller, and in Addition War which sum is bigger."
    assert asks in full  # full mode offers Peace and Addition War


def test_a_table_tells_its_version_cheaply_for_the_pages_that_follow_it(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client)
    page = client.get(table).get_data(as_text=True)
    assert f'data-version-url="{table}/version"' in page and f'data-table-url="{table}"' in page
    assert 'data-version="1"' in page
    response = client.get(f"{table}/version")
    assert response.get_json() == {"version": 1, "over": False}
    assert response.headers["Cache-Control"] == "no-store"
    other = app.test_client()  # the shared link, on another device
    assert move(other, table, "all", 1).status_code == 303
    assert client.get(f"{table}/version").get_json() == {"version": 2, "over": False}
    fragment = move(client, table, "all", 2, headers={"X-Kidswar": "fetch"})
    assert 'data-version="3"' in fragment.get_data(as_text=True)  # what this page now shows
    for battle in range(3, 1000, 10):
        if stored(app, table).game.is_over:
            break
        move(client, table, "ten", battle)
    game = stored(app, table)
    assert game.game.is_over
    assert client.get(f"{table}/version").get_json() == {"version": game.version, "over": True}
    assert client.get("/en/game/nope/version").status_code == 404
    assert client.get(f"/en/game/{'x' * 100}/version").status_code == 404
