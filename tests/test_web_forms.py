"""The setup forms (easy and full mode): every field refuses bad input with its own message.

A refused form is a 400 that shows the page again as it was typed, with the message beside the
field and in the summary, and writes nothing; whatever is sent, it is never a 500.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import escape
from webhelpers import FULL_FORM, count_rows, invalid_fields, post, start_easy, start_full

from kidswar.game.rules import MAX_PLAYERS, MIN_PLAYERS, Pickup, Shortage, WhoFights
from kidswar.game.table import MAX_NAME_LENGTH, Seat, verify_name
from kidswar.storage.database import connect
from kidswar.storage.games import load_game
from kidswar.web.forms.choices import OFFERED_VARIANTS

NAME = "A name can have up to 20 letters."
ONE_OF = "Choose one of the options."
TIME = "The time limit must be a whole number of minutes from 1 to 120."
LIMIT = "The battle limit must be a whole number from 1 to 100,000."
PRACTICE = "Tick the Practice box, or leave it empty."
KIND = "Choose a person or the computer for this seat."
PLAYERS = "Choose 2, 3 or 4 players."
FORFEIT = "Losing when you run short is only for two players."
# Names no field may take: too long, or holding a control character (bell, escape, newline
# inside, a zero-width space, a right-to-left override).
BAD_NAMES = ["A" * 21, "Ana\x07", "\x1b[31mAna", "An\na", "A\u200bna", "\u202eanA"]
# Numbers `parse_int` refuses: not ASCII digits, signed, spaced inside, empty, far too long.
BAD_NUMBERS = ["", "x", "²", "٣", "-5", "+5", "1e2", "5.0", "1 0", "9" * 5000, "0x10"]


def setup_of(app: Flask, table: str):  # type: ignore[no-untyped-def]
    """The stored setup of the game behind a table address."""
    stored = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert stored is not None
    return stored.setup


def summary(page: str) -> list[str]:
    """The messages listed in a page's error summary."""
    found = re.search(r'<div class="error-summary" role="alert">.*?<ul>(.*?)</ul>', page, re.S)
    return re.findall(r"<li>(.*?)</li>", found.group(1)) if found else []


def refused(client: FlaskClient, app: Flask, url: str, data: dict[str, str]) -> str:
    """Post a form that must be refused; check the refusal and return the page."""
    response = post(client, url, data, page=url)
    page = str(response.get_data(as_text=True))
    assert response.status_code == 400, page
    assert 'class="error-summary" role="alert"' in page
    assert count_rows(app, "games") == 0  # nothing half-written
    return page


def test_one_check_of_a_name_is_used_by_every_seat() -> None:
    assert verify_name("A" * MAX_NAME_LENGTH) == "A" * MAX_NAME_LENGTH
    assert verify_name("") == "" and verify_name("Zoë-Ann O’Neil") == "Zoë-Ann O’Neil"
    for name in BAD_NAMES:
        with pytest.raises(ValueError):
            verify_name(name)
        with pytest.raises(ValueError):
            Seat(name, False).verify()


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({}, "who", "Choose who is playing."),
        ({"who": "nobody"}, "who", "Choose who is playing."),
        ({"who": ""}, "who", "Choose who is playing."),
        ({"who": "computer", "practice": "yes"}, "practice", PRACTICE),
        ({"who": "computer", "practice": ""}, "practice", PRACTICE),
        *(({"who": "two", "name-1": name}, "name-1", NAME) for name in BAD_NAMES),
        *(({"who": "two", "name-2": name}, "name-2", NAME) for name in BAD_NAMES),
    ],
)
def test_bad_easy_forms_say_what_is_wrong(
    client: FlaskClient, app: Flask, data: dict[str, str], field: str, message: str
) -> None:
    page = refused(client, app, "/en/easy", data)
    assert invalid_fields(page) == [field]
    assert f'<p class="error" id="{field}-error">{message}</p>' in page
    assert f"<li>{message}</li>" in page  # and in the summary
    if field.startswith("name"):  # what was typed comes back
        assert f'value="{escape(data[field])}"' in page


def test_easy_names_are_stripped_and_twenty_letters_fit(client: FlaskClient, app: Flask) -> None:
    twenty = "Ç" * MAX_NAME_LENGTH
    table = start_easy(client, who="two", **{"name-1": f"  {twenty} ", "name-2": "\tBo\t"})
    assert [seat.name for seat in setup_of(app, table).seats] == [twenty, "Bo"]
    alone = start_easy(client, **{"name-1": "Ana", "name-2": "ignored"})
    assert setup_of(app, alone).seats == (Seat("Ana", False), Seat("", True))


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"players": "1"}, "players", PLAYERS),
        ({"players": "5"}, "players", PLAYERS),
        ({"players": "²"}, "players", PLAYERS),
        ({"players": ""}, "players", PLAYERS),
        ({"variant": "snap"}, "variant", ONE_OF),
        ({"variant": "Standard"}, "variant", ONE_OF),
        ({"kind-1": "robot"}, "kind-1", KIND),
        ({"kind-2": ""}, "kind-2", KIND),
        ({"players": "4", "kind-4": "both"}, "kind-4", KIND),
        ({"shortage": "cry"}, "shortage", ONE_OF),
        ({"who_fights": "nobody"}, "who_fights", ONE_OF),
        ({"pickup": ""}, "pickup", ONE_OF),
        ({"practice": "off"}, "practice", PRACTICE),
        ({"time": "7"}, "time", TIME),
        ({"time": "off "}, "time", TIME),
        ({"time": "other", "time-other": "0"}, "time", TIME),
        ({"time": "other", "time-other": "121"}, "time", TIME),
        ({"time": "other"}, "time", TIME),
        *(({"time": "other", "time-other": text}, "time", TIME) for text in BAD_NUMBERS),
        ({"limit": "750"}, "limit", LIMIT),
        ({"limit": "other", "limit-other": "0"}, "limit", LIMIT),
        ({"limit": "other", "limit-other": "100001"}, "limit", LIMIT),
        *(({"limit": "other", "limit-other": text}, "limit", LIMIT) for text in BAD_NUMBERS),
        *(({"name-1": name}, "name-1", NAME) for name in BAD_NAMES),
        *(({"name-2": name}, "name-2", NAME) for name in BAD_NAMES),
        ({"players": "3", "name-3": "A" * 21}, "name-3", NAME),
        ({"players": "4", "name-4": "\x00"}, "name-4", NAME),
        ({"players": "3", "shortage": "forfeit"}, "shortage", FORFEIT),
    ],
)
def test_bad_full_forms_say_what_is_wrong(
    client: FlaskClient, app: Flask, changes: dict[str, str], field: str, message: str
) -> None:
    page = refused(client, app, "/en/full", {**FULL_FORM, **changes})
    assert invalid_fields(page) == [field]
    assert f'id="{field}-error">{message}' in page and f"<li>{message}" in page


def test_a_full_form_with_nothing_in_it_lists_every_missing_choice(
    client: FlaskClient, app: Flask
) -> None:
    page = refused(client, app, "/en/full", {})
    expected = ["players", "kind-1", "kind-2", "variant", "limit"]
    assert invalid_fields(page) == [*expected, "shortage", "who_fights", "pickup"]
    # In the summary in the order of the page; the time limit is off and practice unticked.
    assert summary(page) == [PLAYERS, KIND, KIND, ONE_OF, LIMIT, ONE_OF, ONE_OF, ONE_OF]


def test_full_mode_checks_only_the_seats_in_use(client: FlaskClient, app: Flask) -> None:
    unused = {"name-3": "\x07" * 30, "kind-3": "robot", "name-4": "A" * 50, "kind-4": ""}
    table = start_full(client, **unused, **{"name-1": " Ana ", "name-2": "B" * 20})
    setup = setup_of(app, table)
    assert setup.seats == (Seat("Ana", False), Seat("B" * 20, True))
    names = {f"name-{seat}": f"{seat}" * 20 for seat in range(1, 5)}
    four = start_full(client, players="4", **{"kind-3": "human"}, **names)
    assert [seat.name for seat in setup_of(app, four).seats] == [f"{n}" * 20 for n in range(1, 5)]
    assert [seat.computer for seat in setup_of(app, four).seats] == [False, True, False, True]


def test_good_numbers_are_read_typed_or_chosen(client: FlaskClient, app: Flask) -> None:
    typed = start_full(
        client, time="other", **{"time-other": " 120 ", "limit": "other", "limit-other": "7"}
    )
    rules = setup_of(app, typed).rules
    assert rules.time_limit_minutes == 120 and rules.battle_limit == 7
    chosen = start_full(client, time="5", limit="500", **{"time-other": "x", "limit-other": "y"})
    rules = setup_of(app, chosen).rules
    assert rules.time_limit_minutes == 5 and rules.battle_limit == 500
    for off in ("off", ""):
        assert setup_of(app, start_full(client, time=off)).rules.time_limit_minutes is None


def test_every_option_of_the_full_form_can_be_played(client: FlaskClient, app: Flask) -> None:
    for variant in OFFERED_VARIANTS:
        rules = setup_of(app, start_full(client, variant=variant.value)).rules
        assert rules.variant is variant
    for shortage, who_fights, pickup in zip(Shortage, WhoFights, Pickup, strict=True):
        options = {"shortage": shortage.value, "who_fights": who_fights.value}
        rules = setup_of(app, start_full(client, pickup=pickup.value, **options)).rules
        assert (rules.shortage, rules.who_fights, rules.pickup) == (shortage, who_fights, pickup)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        table = start_full(client, players=str(players), shortage="last-card")
        assert setup_of(app, table).rules.players == players


def test_the_full_page_offers_the_games_own_choices(client: FlaskClient) -> None:
    page = client.get("/en/full").get_data(as_text=True)
    for name, values in (
        ("variant", [variant.value for variant in OFFERED_VARIANTS]),
        ("players", [str(count) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)]),
        ("shortage", [shortage.value for shortage in Shortage]),
        ("who_fights", [who.value for who in WhoFights]),
        ("pickup", [pickup.value for pickup in Pickup]),
        ("time", ["off", "5", "10", "15", "20", "other"]),
        ("limit", ["1000", "500", "other"]),
        *((f"kind-{seat}", ["human", "computer"]) for seat in range(1, MAX_PLAYERS + 1)),
    ):
        offered = [value for value in values if f'name="{name}" value="{value}"' in page]
        assert offered == values, name
        assert page.count(f'name="{name}" value=') == len(values), name
    for seat in range(1, MAX_PLAYERS + 1):
        assert (
            f'id="name-{seat}" name="name-{seat}" maxlength="100"' in page
        )  # code points (issue 23)


@pytest.mark.parametrize(
    "query, chosen",
    [("peace", "peace"), ("three-down", "three-down"), ("snap", "standard"), ("", "standard")],
)
def test_a_rules_page_can_preselect_the_game(client: FlaskClient, query: str, chosen: str) -> None:
    page = client.get(f"/en/full?variant={query}").get_data(as_text=True)
    assert f'name="variant" value="{chosen}" checked' in page
    assert len(re.findall(r'name="variant" value="[^"]*" checked', page)) == 1


def test_refusals_are_in_the_pages_language(client: FlaskClient, app: Flask) -> None:
    page = refused(client, app, "/de/easy", {"who": "two", "name-2": "B" * 21})
    assert "Ein Name darf höchstens 20 Buchstaben haben." in page
    page = refused(client, app, "/fr/full", {**FULL_FORM, "players": "9"})
    assert "Wähle" not in page and 'id="players-error">' in page
    assert "Choose 2, 3 or 4 players." not in page


def test_setup_forms_need_the_csrf_token(client: FlaskClient, app: Flask) -> None:
    client.get("/en/full")  # a session, but no token sent
    assert client.post("/en/full", data=FULL_FORM).status_code == 400
    assert client.post("/en/easy", data={"who": "computer"}).status_code == 400
    assert count_rows(app, "games") == 0
