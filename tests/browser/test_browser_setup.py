"""The full setup page in a real browser: the seats in use, the game-length estimate (issue 11)."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

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

    page.get_by_role("radio", name="3 players", exact=True).check()
    expect(seat(page, 3)).to_be_visible()
    expect(seat(page, 4)).to_be_hidden()
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
