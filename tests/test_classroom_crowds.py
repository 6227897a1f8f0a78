"""A crowded class round (issue 13): one device cannot fill it, guessing codes is slow, the
teacher can remove a table.

Every test client here comes from 127.0.0.1, as every table of a class would from one address
behind a proxy: the per-address limits are what they meet first, at their defaults.
"""

from __future__ import annotations

import re
import threading

from classroom_support import REMOVED, control, create_round, join, remove_page
from clockhelpers import FakeClock
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import TOKEN, count_rows, move, post

from kidswar.settings import Settings
from kidswar.storage.database import connect
from kidswar.storage.games import load_game
from kidswar.web.app_settings import replace_settings

SEEN = re.compile(r'name="seen" value="(\d+)"')
PASS = re.compile(r'\?pass=([^"&]+)"')  # the projector's link on the teacher's page


def join_form(device: FlaskClient, code: str, lang: str = "en", **fields: str) -> dict[str, str]:
    """The join page's form as the device's page holds it: its CSRF token and `seen`."""
    page = device.get(f"/{lang}/join/{code}").get_data(as_text=True)
    token, seen = TOKEN.search(page), SEEN.search(page)
    assert token and seen, page
    return {"csrf_token": token.group(1), "seen": seen.group(1), **fields}


def tables_of(app: Flask, code: str) -> list[tuple[int, str, bool]]:
    """Every table row of a round: number, name, removed."""
    db = connect(app.config["DATABASE"])
    rows = db.execute(
        "SELECT number, name, removed IS NOT NULL FROM round_tables WHERE code = ? ORDER BY number",
        (code,),
    ).fetchall()
    return [(row[0], row[1], bool(row[2])) for row in rows]


def test_a_double_click_on_join_makes_one_table(client: FlaskClient, app: Flask) -> None:
    _teacher, code = create_round(client)
    device = app.test_client()
    form = join_form(device, code, **{"table-name": "Owls"})
    first = device.post(f"/en/join/{code}", data=form)
    second = device.post(f"/en/join/{code}", data=form)  # the same form, sent again
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert tables_of(app, code) == [(1, "Owls", False)] and count_rows(app, "games") == 1


def test_two_taps_at_the_same_moment_make_one_table(client: FlaskClient, app: Flask) -> None:
    """Two requests of one device racing through the server's threads: one table still."""
    _teacher, code = create_round(client)
    device = app.test_client()
    form = join_form(device, code)
    cookie = device.get_cookie("session")
    assert cookie is not None
    start, places = threading.Barrier(2), []

    def tap() -> None:
        """One tap: a request of the same device (its cookie), sent with the other at once."""
        other = app.test_client()
        other.set_cookie("session", cookie.value)
        start.wait(5)
        places.append(other.post(f"/en/join/{code}", data=form).headers["Location"])

    threads = [threading.Thread(target=tap) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert len(places) == 2 and places[0] == places[1]
    assert len(tables_of(app, code)) == 1


def test_a_device_goes_back_to_its_table_or_deliberately_starts_one_more(
    client: FlaskClient, app: Flask
) -> None:
    _teacher, code = create_round(client)
    tablet = app.test_client()
    first = tablet.post(f"/en/join/{code}", data=join_form(tablet, code, **{"table-name": "Ada"}))
    page = tablet.get(f"/en/join/{code}").get_data(as_text=True)
    assert "This device already has a table in this round" in page
    assert f'href="{first.headers["Location"]}">Go back to your table <bdi>Ada</bdi></a>' in page
    assert "Start another table" in page and 'name="seen" value="1"' in page
    # The next child on the same tablet starts their own table, on purpose.
    form = join_form(tablet, code, **{"table-name": "Ben"})
    second = tablet.post(f"/en/join/{code}", data=form)
    assert second.status_code == 303 and second.headers["Location"] != first.headers["Location"]
    again = tablet.post(f"/en/join/{code}", data=form)  # that button tapped twice
    assert again.headers["Location"] == second.headers["Location"]
    page = tablet.get(f"/en/join/{code}").get_data(as_text=True)
    assert "This device already has 2 tables in this round" in page
    assert "One device can have 2 tables in a class round." in page
    assert 'name="seen"' not in page and "Join and play" not in page
    # A third table sent anyway (a form kept from before, another tab): refused, nothing made.
    third = tablet.post(f"/en/join/{code}", data={**form, "seen": "2"})
    assert third.status_code == 409 and "One device can have 2 tables" in third.get_data(True)
    assert [name for _number, name, _removed in tables_of(app, code)] == ["Ada", "Ben"]


def test_one_address_cannot_fill_a_round_by_typed_code(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    _teacher, code = create_round(client)
    cap = Settings().class_joins_per_minute  # a class typing the code behind one address
    for _table in range(cap):
        join(app, code)
    late = app.test_client()
    form = join_form(late, code, lang="de")
    refused = late.post(f"/de/join/{code}", data=form)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Warte 60 Sekunden" in refused.get_data(as_text=True)
    assert len(tables_of(app, code)) == cap
    clock.advance(30)
    assert late.post(f"/de/join/{code}", data=form).headers["Retry-After"] == "30"
    clock.advance(30)  # the first joins have left the last minute
    assert late.post(f"/de/join/{code}", data=form).status_code == 303
    assert len(tables_of(app, code)) == cap + 1


def test_a_class_behind_one_address_joins_by_the_qr_code_at_once(
    client: FlaskClient, app: Flask
) -> None:
    """Issue 33: 15 tablets scanning the projector's QR code from one address, 6 were seated
    and 9 told to wait. The pass is no guess: its joins are not counted per address."""
    replace_settings(app, class_joins_per_minute=6)  # the old cap: the pass must not meet it
    teacher, code = create_round(client)
    scanned = PASS.search(client.get(teacher).get_data(as_text=True))
    assert scanned, "no pass on the teacher's page"
    for _tablet in range(15):
        tablet = app.test_client()
        address = f"/en/join/{code}?pass={scanned.group(1)}"
        form = join_form_at(tablet, address)  # its form is sent on with the pass
        assert tablet.post(address, data=form).status_code == 303
    assert len(tables_of(app, code)) == 15
    # A typed code from the same address still meets its cap: 6 typed, the 7th waits.
    for _table in range(6):
        join(app, code)
    late = app.test_client()
    assert late.post(f"/en/join/{code}", data=join_form(late, code)).status_code == 429


def join_form_at(device: FlaskClient, address: str) -> dict[str, str]:
    """The join page's form at `address` (with its pass): its CSRF token and `seen`."""
    page = device.get(address).get_data(as_text=True)
    token, seen = TOKEN.search(page), SEEN.search(page)
    assert token and seen, page
    return {"csrf_token": token.group(1), "seen": seen.group(1)}


def test_the_per_address_limits_can_be_raised(client: FlaskClient, app: Flask) -> None:
    """A school where every tablet reaches the server from one address raises the limit."""
    replace_settings(app, class_joins_per_minute=60)
    _teacher, code = create_round(client)
    for _table in range(20):
        join(app, code)
    assert len(tables_of(app, code)) == 20


def guess(device: FlaskClient, code: str, lang: str = "en") -> int:
    """Type a code on the join page; return the status."""
    return int(device.get(f"/{lang}/join/", query_string={"code": code}).status_code)


def test_wrong_codes_are_limited_and_then_even_a_right_one_waits(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    """The cap's mechanism, at a cap of 10 (the default is a class's 100: issue 23)."""
    replace_settings(app, class_wrong_codes_per_minute=10)
    _teacher, code = create_round(client)
    member, _table = join(app, code)  # a device that joined before the guessing
    guesser = app.test_client()
    for wrong in ("ACDEFGHJ", "ACDE-FGHK", "ACDEF", "ACDEFGHM", "ACDEFGHN"):
        assert guess(guesser, wrong) == 404
    for wrong in ("ACDEFGHP", "ACDEFGHQ", "ACDEFGHR"):  # the projector's address too
        assert guesser.get(f"/en/class/{wrong}/screen").status_code == 404
    assert guesser.get("/en/class/ACDEFGHT/status").status_code == 404
    assert guess(guesser, "ACDEFGHU") == 404  # the tenth wrong code in a minute
    assert guess(guesser, "OOPS") == 400  # a code that cannot be one tells nothing: not counted
    clock.advance(15)
    refused = guesser.get("/fr/join/", query_string={"code": code})  # right, but too late
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "45"
    page = refused.get_data(as_text=True)
    assert "Trop de codes faux ont été essayés ici. Attends 45\u00a0secondes" in page
    assert app.test_client().get(f"/en/class/{code}/screen").status_code == 429  # same address
    # A device that knows the code is not guessing: the table and the teacher carry on.
    assert member.get(f"/en/join/{code}").status_code == 200
    assert client.get(f"/en/class/{code}/status").status_code == 200
    clock.advance(45)
    assert guess(guesser, code) == 303  # a right code, not counted against the next minute
    for letter in "HJKMNPQRT":  # nine wrong codes, each from a new session
        assert guess(app.test_client(), f"ACDEFG{letter}A") == 404
    assert guess(app.test_client(), "ACDEFGWA") == 404  # ten wrong in this minute again
    assert guess(app.test_client(), "ACDEFGXA") == 429


def test_an_ipv6_device_counts_by_its_network(client: FlaskClient, app: Flask) -> None:
    """One IPv6 device may use any address of its /64: the wrong codes add up over all of it."""
    replace_settings(app, class_wrong_codes_per_minute=10)
    for number in range(10):
        response = app.test_client().get(
            "/en/join/",
            query_string={"code": "ACDEFGHJ"},
            environ_base={"REMOTE_ADDR": f"2001:db8::{number + 1:x}"},
        )
        assert response.status_code == 404
    blocked = {"REMOTE_ADDR": "2001:db8::ffff"}
    other_network = {"REMOTE_ADDR": "2001:db8:0:1::1"}
    code = {"code": "ACDEFGHJ"}
    assert client.get("/en/join/", query_string=code, environ_base=blocked).status_code == 429
    assert client.get("/en/join/", query_string=code, environ_base=other_network).status_code == 404


def test_the_teacher_removes_a_table(client: FlaskClient, app: Flask, clock: FakeClock) -> None:
    teacher, code = create_round(client)
    owls, owls_table = join(app, code, **{"table-name": "Owls"})
    _foxes, _foxes_table = join(app, code, **{"table-name": "Foxes"})
    control(client, teacher, "start")
    assert move(owls, owls_table, "all", 1).status_code == 303
    board = client.get(f"{teacher}/status").get_json()["board"]
    link = remove_page(teacher, 1)
    assert f'href="{link}" data-table="1">Remove the table <bdi>Owls</bdi></a>' in board
    public = client.get(f"/en/class/{code}/status").get_json()["board"]
    assert "Remove the table" not in public and teacher.rsplit("/", 1)[1] not in public
    confirm = client.get(link).get_data(as_text=True)
    assert "Remove the table <bdi>Owls</bdi> from class round" in confirm and TOKEN.search(confirm)
    assert client.post(link).status_code == 400  # no CSRF token: nothing removed
    guessed = link.replace(teacher.rsplit("/", 1)[1], "nope")  # a child guessing the link
    assert post(owls, guessed, {}, page=owls_table).status_code == 404
    assert [name for _n, name, removed in tables_of(app, code) if not removed] == ["Owls", "Foxes"]

    version = owls.get(f"{owls_table}/version").get_json()["version"]
    removed = post(client, link, {}, page=link)
    assert removed.status_code == 303 and removed.headers["Location"] == teacher
    assert post(client, link, {}, page=teacher).status_code == 303  # twice: no error
    for board in (
        client.get(f"{teacher}/status").get_json()["board"],
        client.get(f"/en/class/{code}/screen").get_data(as_text=True),
        client.get(teacher).get_data(as_text=True),
    ):
        assert "Owls" not in board and "Foxes" in board
    listed = client.get(f"/en/class/{code}/status").get_json()["tables"]
    assert [table["name"] for table in listed] == ["Foxes"]

    # The children at the removed table are told, in their language, and play no more. Their
    # page follows the game's version: it moved, so the page redraws and says so.
    assert owls.get(f"{owls_table}/version").get_json()["version"] == version + 1
    page = owls.get(owls_table)
    assert page.status_code == 200 and REMOVED in page.get_data(as_text=True)
    german = owls.get(owls_table.replace("/en/", "/de/")).get_data(as_text=True)
    assert "Deine Lehrkraft hat diesen Tisch" in german
    refused = move(owls, owls_table, "all", 2)
    assert refused.status_code == 409 and REMOVED in refused.get_data(as_text=True)
    assert post(owls, f"{owls_table}/again", {}, page=owls_table).status_code == 409
    # The device may join again; the removed table's number is never given again.
    assert "Go back to your table" not in owls.get(f"/en/join/{code}").get_data(as_text=True)
    again = owls.post(f"/en/join/{code}", data=join_form(owls, code, **{"table-name": "Owls 2"}))
    assert again.status_code == 303
    assert tables_of(app, code) == [(1, "Owls", True), (2, "Foxes", False), (3, "Owls 2", False)]
    assert client.get(remove_page(teacher, 9)).status_code == 404


def test_a_removed_table_frees_its_place_in_a_full_round(client: FlaskClient, app: Flask) -> None:
    replace_settings(app, class_joins_per_minute=100)
    teacher, code = create_round(client)
    for _table in range(60):
        join(app, code)
    late = app.test_client()
    form = join_form(late, code)
    full = late.post(f"/en/join/{code}", data=form)
    assert full.status_code == 409 and "This class round is full" in full.get_data(as_text=True)
    assert post(client, f"{teacher}/tables/7/remove", {}, page=teacher).status_code == 303
    assert late.post(f"/en/join/{code}", data=form).status_code == 303
    assert [number for number, _name, removed in tables_of(app, code) if not removed][-1] == 61


def test_a_removed_practice_table_cannot_answer_the_question_on_its_screen(
    client: FlaskClient, app: Flask
) -> None:
    """The question was asked before the teacher removed the table: its answer is refused with
    the removal message, and the table's score stays as it was (it counts nowhere now)."""
    teacher, code = create_round(client, practice="on", who="computer")
    device, table = join(app, code, **{"table-name": "Owls"})
    control(client, teacher, "start")
    assert move(device, table, "all", 1).status_code == 303
    assert "Which card is bigger?" in device.get(table).get_data(as_text=True)
    assert post(client, remove_page(teacher, 1), {}, page=teacher).status_code == 303
    answer = post(device, f"{table}/answer", {"battle": 1, "answer": "same"}, page=table)
    assert answer.status_code == 409 and REMOVED in answer.get_data(as_text=True)
    stored = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert stored is not None and stored.practice.score.asked == 0
