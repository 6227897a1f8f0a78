"""A join code that cannot be one says why: its length, or the character no code has (issue 11)."""

import pytest
from flask.testing import FlaskClient

from kidswar.storage.rounds import CODE_ALPHABET

AGAIN = "Check the code on the board and try again."


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
        ("K7HQXO", "A join code has five letters and digits, like K7HQX. Check it and try again."),
        ("O", "A join code has five letters and digits, like K7HQX. Check it and try again."),
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
