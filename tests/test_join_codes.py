"""A join code that cannot be one says why: its length, or the character no code has (issue 11)."""

import pytest
from classroom_support import NEW_ROUND
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post

from kidswar.game.class_round import (
    CODE_ALPHABET,
    display_code,
    is_code,
    new_join_code,
    normalise_code,
)
from kidswar.storage import rounds

AGAIN = "Check the code on the board and try again."
CHECK = "Check it and try again."


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("K7HQO", f"A join code never has the letter O. {AGAIN}"),
        ("k7hqo", f"A join code never has the letter O. {AGAIN}"),  # typed small, read big
        ("SK7HQ", f"A join code never has the letter S. {AGAIN}"),
        ("K0HQX", f"A join code never has the digit 0. {AGAIN}"),
        ("K7HQ8", f"A join code never has the digit 8. {AGAIN}"),
        ("K7ZQ1", f"A join code never has the letter Z. {AGAIN}"),  # the first one is named
        ("K7ŞQX", f"A join code never has the letter Ş. {AGAIN}"),
        ("K7!QX", f"A join code has only letters and digits, never “!”. {AGAIN}"),
        ("K7HQ-X4MO", f"A join code never has the letter O. {AGAIN}"),
        ("K7HQXO", f"A join code has eight letters and digits, like K7HQ-X4MP. {CHECK}"),
        ("O", f"A join code has eight letters and digits, like K7HQ-X4MP. {CHECK}"),
        ("K7HQ-X4M", f"A join code has eight letters and digits, like K7HQ-X4MP. {CHECK}"),
    ],
)
def test_a_code_that_cannot_be_one_says_why(client: FlaskClient, typed: str, message: str) -> None:
    for response in (
        client.get("/en/join/", query_string={"code": typed}),  # typed on the join page
        client.get(f"/en/join/{typed}"),  # the address typed by hand
    ):
        assert response.status_code == 400
        page = response.get_data(as_text=True)
        assert f'<p id="code-error">{message}</p>' in page.replace("&#34;", '"')


def test_every_left_out_character_is_named() -> None:
    left_out = set("0O1IL2Z5S8B")
    assert not left_out & set(CODE_ALPHABET)  # what the message is about


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("tr", "Katılma kodunda O harfi hiç olmaz."),
        ("de", "Ein Code hat nie den Buchstaben O."),
        ("es", "Un código para unirse nunca tiene la letra O."),
        ("fr", "Un code pour rejoindre n’a jamais la lettre O."),
    ],
)
def test_the_character_is_named_in_every_language(
    client: FlaskClient, lang: str, message: str
) -> None:
    page = client.get(f"/{lang}/join/", query_string={"code": "K7HQO"}).get_data(as_text=True)
    assert message in page


def test_a_new_code_has_eight_characters_shown_in_two_groups() -> None:
    codes = {new_join_code() for _ in range(200)}
    assert len(codes) == 200  # 25**8 codes: no two alike in a few hundred
    for code in codes:
        assert len(code) == 8 and set(code) <= set(CODE_ALPHABET) and is_code(code)
        shown = display_code(code)
        assert shown == f"{code[:4]}-{code[4:]}"
        assert normalise_code(shown.lower()) == code
        assert normalise_code(f" {shown[:2]} {shown[2:]} ") == code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("K7HQX", True),
        ("K7HQX4MP", True),
        ("K7HQX4", False),
        ("K7HQX4M", False),
        ("K7HQX4MPA", False),
    ],
)
def test_old_five_character_codes_still_count_as_codes(text: str, code: bool) -> None:
    assert is_code(text) is code
    if len(text) == 5:
        assert display_code(text) == text  # shown as it was made


def test_a_round_made_with_a_five_character_code_is_still_joined(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rounds, "new_join_code", lambda: "K7HQX")  # as before issue 13
    teacher = post(client, "/en/class/", NEW_ROUND, page="/en/class/").headers["Location"]
    assert 'class="join-code">K7HQX<' in client.get(teacher).get_data(as_text=True)
    device = app.test_client()
    response = device.get("/en/join/", query_string={"code": "k7hqx"})
    assert response.status_code == 303 and response.headers["Location"] == "/en/join/K7HQX"
    joined = post(device, "/en/join/K7HQX", {"table-name": "Owls"}, page="/en/join/K7HQX")
    assert joined.status_code == 303
    assert "Owls" in client.get("/en/class/K7HQX/screen").get_data(as_text=True)
