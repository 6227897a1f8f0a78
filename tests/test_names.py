"""Names as children and teachers type them (issue 23): a family emoji joined with zero-width
joiners is one character of a name, and a typed name is shown isolated from the text around it
(`<bdi>`), so an Arabic table name does not reorder its line."""

from __future__ import annotations

import pytest
from classroom_support import create_round, join
from flask import Flask
from flask.testing import FlaskClient

from kidswar.game.table import MAX_NAME_LENGTH, name_length, verify_name

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man, ZWJ, woman, ZWJ, girl
CODER = "\U0001f469\U0001f3fd\u200d\U0001f4bb"  # woman, skin tone, ZWJ, laptop
FLAG = "\U0001f1f9\U0001f1f7"  # two regional indicators: one flag
PERSIAN = "\u0645\u0647\u0631\u200c\u0646\u0627\u0632"  # Mehrnaz, with a zero-width non-joiner


def test_a_family_emoji_is_one_character_of_a_name() -> None:
    assert len(FAMILY) == 5 and name_length(FAMILY) == 1
    assert verify_name(FAMILY) == FAMILY
    assert verify_name(f"Ada {FAMILY}") == f"Ada {FAMILY}"
    assert name_length(CODER + FLAG + "e\u0301") == 3  # an accent typed as its own mark too
    assert verify_name(FAMILY * MAX_NAME_LENGTH) == FAMILY * MAX_NAME_LENGTH  # 20 of them
    with pytest.raises(ValueError):
        verify_name(FAMILY * (MAX_NAME_LENGTH + 1))
    assert verify_name(PERSIAN) == PERSIAN


@pytest.mark.parametrize(
    "name",
    [
        "\u200dAda",  # a joiner on its own, joining nothing
        "\u202eadA",  # a right-to-left override: a page could hide what it does
        "A\u200bda",  # a zero-width space
        "Ada\u2066",  # a bidi isolate typed into a name
        "a" + "\u0301" * 120,  # one grapheme of 121 code points
    ],
)
def test_invisible_characters_outside_a_grapheme_are_still_refused(name: str) -> None:
    with pytest.raises(ValueError):
        verify_name(name)


def test_a_table_named_with_a_family_emoji_joins(client: FlaskClient, app: Flask) -> None:
    _teacher, code = create_round(client)
    join(app, code, **{"table-name": FAMILY * 3, "name-1": f"Ada {FAMILY}"})
    listed = client.get(f"/en/class/{code}/status").get_json()["tables"]
    assert listed[0]["name"] == FAMILY * 3 and listed[0]["players"][0] == f"Ada {FAMILY}"
    page = client.get(f"/en/join/{code}").get_data(as_text=True)
    assert 'maxlength="100"' in page


def test_typed_names_are_isolated_on_the_board(client: FlaskClient, app: Flask) -> None:
    teacher, code = create_round(client)
    arabic = "\u0645\u0631\u062d\u0628\u0627"  # marhaba
    device, table = join(app, code, **{"table-name": arabic, "name-1": arabic, "name-2": "Ben"})
    for page in (
        client.get(f"/en/class/{code}/screen").get_data(as_text=True),
        client.get(teacher).get_data(as_text=True),
        client.get(f"/en/class/{code}/status").get_json()["board"],
    ):
        assert f"<h3><bdi>{arabic}</bdi></h3>" in page
        assert f"<bdi>{arabic}</bdi>: 26 cards" in page and "<bdi>Ben</bdi>: 26 cards" in page
    remove = client.get(f"{teacher}/tables/1/remove").get_data(as_text=True)
    assert f"<bdi>{arabic}</bdi>" in remove
    back = device.get(f"/en/join/{code}").get_data(as_text=True)
    assert f"Go back to your table <bdi>{arabic}</bdi>" in back
    at_table = device.get(table).get_data(as_text=True)
    assert f"<bdi>{arabic}</bdi> · class round" in at_table
    assert f'<h2 class="seat-name"><bdi>{arabic}</bdi></h2>' in at_table
