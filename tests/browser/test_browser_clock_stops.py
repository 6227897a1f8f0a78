"""A timed game won before its time was up: the clock on its table stops at once, whether the
winning battle was played on this page or on another device, and never counts on to 0:00 (nor
chimes) however long the page stays open. The page's timers are Playwright's fake clock, so
minutes pass at once; the server's deadline is far away on the real clock."""

from __future__ import annotations

import re

from flask import Flask
from playwright.sync_api import BrowserContext, Page, expect

from .browserhelpers import open_table, set_up_dealt, table

# The ten takes the two: the computer has no card left. (Cards of the little deck, the easy
# game's deck unless a grown-up chooses all the cards.)
ONE_BATTLE = [["10S"], ["2H"]]


def expect_stopped_for_good(page: Page) -> None:
    """The clock says it stopped, with the time it showed; ten minutes later it shows the same,
    and it never reached "time is up" (which is when it would chime)."""
    countdown = page.locator(".countdown")
    expect(countdown).to_have_attribute("data-state", "stopped")
    expect(countdown).to_have_class(re.compile(r"\bstate-stopped\b"))
    shown = page.locator(".countdown-time").inner_text()
    assert re.fullmatch(r"(10|9):\d\d", shown), shown  # stopped near where it started
    page.clock.fast_forward("10:00")  # past the 10 minutes the game had
    expect(countdown).to_have_attribute("data-state", "stopped")
    expect(page.locator(".countdown-time")).to_have_text(shown)
    expect(countdown).not_to_have_class(re.compile(r"\blast-minute\b"))


def test_the_clock_stops_when_the_game_is_won_on_this_page(page: Page, live_app: Flask) -> None:
    page.clock.install()
    # The easy game as its page comes: the clock's default, 10 minutes.
    open_table(page, set_up_dealt(page, live_app, ONE_BATTLE, "/en/easy"))
    expect(page.locator(".countdown")).to_have_attribute("data-state", "running")
    page.keyboard.press("Space")
    expect(table(page)).to_have_attribute("data-over", "yes")
    expect_stopped_for_good(page)


def test_the_clock_stops_when_the_game_is_won_on_another_device(
    context: BrowserContext, page: Page, live_app: Flask
) -> None:
    address = set_up_dealt(page, live_app, ONE_BATTLE, "/en/easy")
    watcher = context.new_page()  # the shared link, open on a second device
    watcher.clock.install()
    watcher.goto(address)
    expect(watcher.locator(".countdown")).to_have_attribute("data-state", "running")
    open_table(page, address)
    page.keyboard.press("Space")
    expect(table(page)).to_have_attribute("data-over", "yes")
    watcher.clock.fast_forward(4000)  # the watcher's next look at the game's version
    expect(table(watcher)).to_have_attribute("data-over", "yes")
    expect_stopped_for_good(watcher)


def test_a_reloaded_won_game_shows_no_clock(page: Page, live_app: Flask) -> None:
    open_table(page, set_up_dealt(page, live_app, ONE_BATTLE, "/en/easy"))
    page.keyboard.press("Space")
    expect(table(page)).to_have_attribute("data-over", "yes")
    page.reload()
    expect(page.locator("#end-title")).to_be_visible()
    expect(page.locator(".countdown")).to_have_count(0)
