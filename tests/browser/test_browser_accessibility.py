"""axe finds nothing wrong on any page, on a phone and on a small laptop screen.

axe runs its default rules (WCAG 2.0-2.2 A/AA and best practices: contrast, labels, landmarks,
heading order, one h1, ...) plus WCAG 2.2's 24px target size, which it leaves off by default.
"""

from __future__ import annotations

import pytest
from deals import with_wars
from flask import Flask
from playwright.sync_api import Page, expect

from kidswar.game.rules import Deck

from .browserhelpers import (
    SIZES,
    VIEWPORTS,
    PageWatch,
    check_axe,
    fill_full_form,
    open_setup,
    open_table,
    play,
    play_to_the_end,
    play_until_war,
    set_up_table,
    start_easy,
    start_full,
    table,
    table_id,
    wait_for_new_table,
)


@pytest.fixture(params=SIZES)
def sized_page(request: pytest.FixtureRequest, page: Page) -> Page:
    """The page at a phone size (390x844) or a small laptop size (1024x768)."""
    page.set_viewport_size(VIEWPORTS[request.param])
    return page


TURNS = 10  # the first battles of a deal, among which `with_wars` finds a war
LITTLE_DECK = Deck.NUMBERS.cards  # the easy page's default deck


def test_every_page_passes_axe(sized_page: Page, page_watch: PageWatch, live_app: Flask) -> None:
    """Home, both setups, a refused setup, the table before, during and after a game."""
    page = sized_page
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Play War")
    check_axe(page, "the home page")
    open_setup(page, "Easy")
    check_axe(page, "the easy setup")
    open_setup(page, "Full")
    check_axe(page, "the full setup")

    page_watch.expect_http_error(400)  # the refused form comes back with 400 Bad Request
    fill_full_form(page, players=3, shortage="You lose the game (two players only)")
    expect(page.get_by_role("alert")).to_contain_text("Please check the form")
    expect(page.get_by_role("group", name="Running out of cards in a war")).to_have_attribute(
        "aria-invalid", "true"
    )
    check_axe(page, "the full setup after a refused submit")

    # The tables are set up as their forms send them (the forms are checked above): the easy
    # page as it comes, Ana typed. Dealt with a war in its first turns (the little deck),
    # instead of playing a random deal until one comes (some 17 battles, 300 at most): the war
    # is now certain.
    address = set_up_table(page, "/en/easy", **{"name-1": "Ana"})
    with_wars(live_app.config["DATABASE"], table_id(address), TURNS, wars=1, cards=LITTLE_DECK)
    open_table(page, address)
    check_axe(page, "the easy table before any battle")
    assert play_until_war(page, TURNS)
    expect(page.locator(".said .sentence").first).not_to_be_empty()
    check_axe(page, "the easy table after a war")

    address = set_up_table(page, players="4", variant="peace", **{"name-1": "Ana"})
    with_wars(live_app.config["DATABASE"], table_id(address), TURNS, wars=1)
    open_table(page, address)
    check_axe(page, "the 4-player Peace table before any battle")
    assert play_until_war(page, TURNS)
    check_axe(page, "the 4-player Peace table after a peace round")

    start_full(page, players=3, limit=20)
    play_to_the_end(page)
    expect(page.get_by_role("heading", name="The game is over")).to_be_visible()
    check_axe(page, "the end of a game")
    page.get_by_text("Share this game").click()  # open the share details too
    expect(page.locator(".share-link")).to_be_visible()
    check_axe(page, "the end of a game with the share link open")


def test_the_404_page_passes_axe(sized_page: Page, page_watch: PageWatch) -> None:
    """A wrong game link gets a friendly page that is as accessible as the rest."""
    page_watch.expect_http_error(404)
    response = sized_page.goto("/game/no-such-game")
    assert response is not None and response.status == 404
    expect(sized_page.get_by_role("heading", level=1)).to_have_text("Oops")
    expect(sized_page.get_by_role("link", name="Back to the start")).to_be_visible()
    check_axe(sized_page, "the 404 page")


def test_the_stale_move_page_passes_axe(sized_page: Page, page_watch: PageWatch) -> None:
    """A move from an out-of-date second tab is refused, and the table shown with a notice."""
    first = sized_page
    start_easy(first)
    second = first.context.new_page()
    second.set_viewport_size(first.viewport_size or VIEWPORTS["1024x768"])
    second.goto(first.url)
    wait_for_new_table(second)

    play(first)  # the first tab plays battle 1 ...
    page_watch.expect_http_error(409)  # ... so the second tab's move for battle 1 is refused
    second.get_by_role("button", name="Turn cards", exact=True).click()
    expect(second.locator("#table .notice")).to_have_text(
        "That move was already played. Here is the game now."
    )
    expect(table(second)).to_have_attribute("data-next-battle", "2")
    check_axe(second, "the table after a refused (stale) move")
