"""A class behind one school address cannot lock itself out of its round (issue 23).

A device is only a cookie, which a guesser drops, so wrong codes are capped per address, at a
class's budget (`CLASS_WRONG_CODES_PER_MINUTE`, 100 by default); a right code from the
projector's QR link carries a signed pass that the cap neither counts nor refuses.
"""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urlsplit

import pytest
from classroom_support import create_round
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import Markup
from webhelpers import post

from kidswar.game.class_round import CODE_ALPHABET, CODE_LENGTH
from kidswar.settings import Settings
from kidswar.web.app_settings import app_settings, replace_settings
from kidswar.web.classroom import routes

LINK = re.compile(r'href="([^"]*/screen\?pass=[^"]+)"')


def wrong_codes(count: int, code: str) -> list[str]:
    """`count` different codes that are not `code`, each one a code the pages accept."""
    made: list[str] = []
    for number in range(count + 1):
        digits = []
        for _place in range(CODE_LENGTH):
            number, rest = divmod(number, len(CODE_ALPHABET))
            digits.append(CODE_ALPHABET[rest])
        candidate = "".join(digits)
        if candidate != code:
            made.append(candidate)
    return made[:count]


def projector_link(client: FlaskClient, teacher: str) -> str:
    """The teacher's page's link to the projector, with the round's pass in it."""
    page = client.get(teacher).get_data(as_text=True)
    found = LINK.search(page)
    assert found, page
    return unescape(found.group(1))


def test_a_class_of_typos_fits_the_default_cap() -> None:
    """The default leaves 30 children three typos each."""
    assert Settings().class_wrong_codes_per_minute >= 30 * 3


def test_ten_typos_of_one_device_leave_another_devices_right_code(
    client: FlaskClient, app: Flask
) -> None:
    _teacher, code = create_round(client)
    clumsy = app.test_client()
    for wrong in wrong_codes(10, code):
        assert clumsy.get("/en/join/", query_string={"code": wrong}).status_code == 404
    typed = app.test_client().get("/en/join/", query_string={"code": code})
    assert typed.status_code == 303  # the same address, another device, typed right


def test_the_projectors_pass_is_never_refused_for_others_typos(
    client: FlaskClient, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole address's budget spent on wrong codes: a typed right code now waits, but the
    projector's QR link and the teacher's link to the projector still open the round."""
    drawn: list[str] = []

    def draw(address: str, label: str) -> Markup:
        drawn.append(address)
        return Markup("<svg></svg>")

    monkeypatch.setattr(routes, "qr_svg", draw)
    replace_settings(app, class_wrong_codes_per_minute=10)
    teacher, code = create_round(client)
    for wrong in wrong_codes(10, code):
        assert app.test_client().get("/en/join/", query_string={"code": wrong}).status_code == 404
    assert app.test_client().get("/en/join/", query_string={"code": code}).status_code == 429
    projector = app.test_client()  # the projector: a fresh device at the school's address
    opened = projector.get(projector_link(client, teacher))
    assert opened.status_code == 200
    scanned = urlsplit(drawn[-1])  # what the projector's QR code holds
    assert scanned.path == f"/join/{code[:4]}-{code[4:]}" and scanned.query.startswith("pass=")
    tablet = app.test_client()  # a tablet scanning it
    short = tablet.get(f"{scanned.path}?{scanned.query}")
    assert short.status_code == 302
    joined = post(tablet, f"/en/join/{code}", {}, page=short.headers["Location"])
    assert joined.status_code == 303  # the table is made: the pass let it through
    forged = app.test_client().get(f"{scanned.path}?{scanned.query[:-2]}xx", follow_redirects=True)
    assert forged.status_code == 429  # a made-up pass is a guess like any other
    _teacher, other_code = create_round(client)
    elsewhere = app.test_client().get(f"/en/join/{other_code}?{scanned.query}")
    assert elsewhere.status_code == 429  # a pass opens its own round only


def test_a_guesser_without_cookies_stays_within_the_cap(client: FlaskClient, app: Flask) -> None:
    """Each guess from a fresh cookie jar (a new "device"), one address: the cap still holds."""
    cap = app_settings(app).class_wrong_codes_per_minute
    _teacher, code = create_round(client)
    statuses = [
        app.test_client().get("/en/join/", query_string={"code": wrong}).status_code
        for wrong in wrong_codes(cap + 5, code)
    ]
    assert statuses == [404] * cap + [429] * 5
