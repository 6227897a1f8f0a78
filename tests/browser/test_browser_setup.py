"""The full setup page in a real browser: the seats in use, the game-length estimate (issue 11)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import BrowserContext, Page, Response, Route, expect

from kidswar.words.estimates import estimate

from .browserhelpers import open_setup, table


def seat(page: Page, number: int):  # type: ignore[no-untyped-def]
    """The name box of one seat of the full setup."""
    return page.get_by_label(f"Seat {number}: name")


def test_the_full_setup_shows_only_the_seats_of_the_players_chosen(page: Page) -> None:
    open_setup(page, "Full")
    expect(page.get_by_role("radio", name="2 players", exact=True)).to_be_checked()
    expect(seat(page, 2)).to_be_visible()
    for hidden in (3, 4):
        expect(seat(page, hidden)).to_be_hidden()
        expect(page.get_by_role("group", name=f"Seat {hidden} is played by")).to_have_count(0)
    # The keyboard goes from seat 2's last choice straight to the game's choices.
    page.get_by_role("group", name="Seat 2 is played by").get_by_role("radio").last.focus()
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_attribute("name", "variant")

    who_fights = page.get_by_role("group", name="With 3 or 4 players, who fights a war?")
    expect(who_fights).to_be_hidden()  # two players have nothing to choose there

    page.get_by_role("radio", name="3 players", exact=True).check()
    expect(seat(page, 3)).to_be_visible()
    expect(seat(page, 4)).to_be_hidden()
    expect(who_fights).to_be_visible()
    page.get_by_role("radio", name="4 players", exact=True).check()
    expect(seat(page, 4)).to_be_visible()

    # A name typed for a seat that is hidden again is ignored: two players sit down.
    seat(page, 3).fill("Cem")
    page.get_by_role("radio", name="2 players", exact=True).check()
    expect(seat(page, 3)).to_be_hidden()
    page.get_by_role("button", name="Start the game").click()
    expect(table(page)).to_have_attribute("data-next-battle", "1")
    expect(page.locator(".seat")).to_have_count(2)


def test_the_seats_follow_the_players_without_javascript(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    open_setup(page, "Full")
    expect(seat(page, 3)).to_be_hidden()
    page.get_by_role("radio", name="4 players", exact=True).check()
    expect(seat(page, 3)).to_be_visible()
    seat(page, 3).fill("Cem")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".seat")).to_have_count(4)
    expect(page.locator(".seat-name").nth(2)).to_have_text("Cem")


@contextmanager
def estimate_answer(page: Page, players: int, limit: int) -> Iterator[None]:
    """Wait, after the block, for the server's answer to the page's question about this
    choice's figures."""

    def is_it(response: Response) -> bool:
        query = parse_qs(urlsplit(response.url).query)
        asked = "/estimate?" in response.url and query.get("players") == [str(players)]
        return asked and query.get("limit") == [str(limit)]

    with page.expect_response(is_it):
        yield


def test_the_game_length_follows_the_battle_limit(page: Page) -> None:
    # The figures are simulated here first (the live server shares this process's estimates):
    # a simulation takes up to 3.5 s on a busy machine, which no page should have to beat.
    # Each redraw then waits for the answer to its own question, not for a time.
    for players, limit in ((2, 1000), (2, 500), (2, 120), (3, 90), (3, 200)):
        estimate("standard", players, limit)
    open_setup(page, "Full")
    chart = page.locator(".estimate svg.histogram")
    expect(chart.locator("text.end")).to_have_text("1,000 battles: a draw")
    with estimate_answer(page, 2, 500):
        page.get_by_role("radio", name="500", exact=True).check()
    expect(chart.locator("text.end")).to_have_text("500 battles: a draw")
    expect(chart).to_have_attribute("aria-label", re.compile("from 0 to 500 battles"))
    page.get_by_role("radio", name="Another number:").check()
    with estimate_answer(page, 2, 120):
        page.get_by_label("Battle limit").fill("120")  # asked once the typing stops
    expect(chart.locator("text.end")).to_have_text("120 battles: a draw")
    expect(chart).to_have_attribute("aria-label", re.compile("limit of 120 battles"))
    with estimate_answer(page, 2, 1000):
        page.get_by_label("Battle limit").fill("0")  # out of bounds: the usual limit's figures
    expect(chart.locator("text.end")).to_have_text("1,000 battles: a draw")
    with estimate_answer(page, 3, 90):
        page.get_by_label("Battle limit").fill("90")
        page.get_by_role("radio", name="3 players", exact=True).check()
    # Three players rarely finish within 90 battles: the usual length is the limit itself.
    expect(page.locator(".estimate")).to_contain_text(
        "Most games reach the limit of 90 battles and end in a draw."
    )
    expect(chart.locator("text.end")).to_have_text("90 battles: a draw")
    with estimate_answer(page, 3, 200):
        page.get_by_label("Battle limit").fill("200")
    expect(page.locator(".estimate")).to_contain_text("A game of War with 3 players")
    expect(chart.locator("text.end")).to_have_text("200 battles: a draw")


def test_a_limit_chosen_before_the_script_ran_gets_its_figures(page: Page) -> None:
    """On a slow phone a parent may tick "500" before estimate.js has arrived: no change event
    reaches the script, yet the figures must be the 500-battle ones once it runs."""
    held: list[Route] = []
    page.route("**/static/estimate.js?*", lambda route: held.append(route))  # held until let go
    open_setup(page, "Full")
    page.get_by_role("radio", name="500", exact=True).check()
    chart = page.locator(".estimate svg.histogram")
    expect(chart.locator("text.end")).to_have_text("1,000 battles: a draw")
    assert len(held) == 1
    held[0].continue_()
    expect(chart.locator("text.end")).to_have_text("500 battles: a draw")


def test_a_number_typed_for_another_number_chooses_it(page: Page) -> None:
    """A parent who types 120 into the battle limit's box, leaving "1,000" ticked, plays 120
    battles at most: the box chooses its radio, so the form sends what was typed."""
    open_setup(page, "Full")
    other = page.locator("input[name=limit][value=other]")
    expect(other).not_to_be_checked()
    page.get_by_label("Battle limit").fill("120")
    expect(other).to_be_checked()
    expect(page.locator(".estimate svg.histogram text.end")).to_have_text("120 battles: a draw")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".battle-limit")).to_contain_text("A draw after 120 battles")


def test_a_number_typed_before_the_scripts_ran_chooses_it(page: Page) -> None:
    """The same parent on a slow phone, typing before the page's scripts arrived."""
    held: list[Route] = []
    page.route("**/static/number-choice.js?*", lambda route: held.append(route))
    open_setup(page, "Full")
    other = page.locator("input[name=limit][value=other]")
    page.get_by_label("Battle limit").fill("120")
    expect(other).not_to_be_checked()
    assert len(held) == 1
    held[0].continue_()
    expect(other).to_be_checked()
    expect(page.locator(".estimate svg.histogram text.end")).to_have_text("120 battles: a draw")
