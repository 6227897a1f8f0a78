"""A table that the teacher takes out of the round while its page is open (issue 23): its clock
stops where it stood and the page says it was removed, by itself, with no move to play."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, expect

from .browserhelpers import check_axe
from .classsteps import create_round, join_round

REMOVED = "Your teacher took this table out of the class round"


def test_an_open_table_is_told_it_was_removed_and_its_clock_stops(
    page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    code = create_round(page)
    device = new_context().new_page()
    join_round(device, code, "Owls")
    page.get_by_role("button", name="Start the round").click()
    clock = device.locator(".countdown")
    expect(clock).to_have_attribute("data-state", "running", timeout=10_000)
    expect(device.get_by_role("button", name="Turn cards")).to_be_visible()

    page.get_by_role("link", name="Remove the table Owls").click()
    page.get_by_role("button", name="Remove the table").click()
    expect(page.locator(".board-table")).to_have_count(0)

    # The table's page learns it from its next look at the clock (every few seconds).
    expect(clock).to_have_attribute("data-state", "stopped", timeout=15_000)
    expect(device.locator("#table .notice")).to_contain_text(REMOVED, timeout=15_000)
    expect(device.locator("#announcer")).to_contain_text(REMOVED)  # a screen reader hears it
    expect(device.get_by_role("button", name="Turn cards")).to_have_count(0)
    # The clock stays where it stopped: after another look at the server, the same time.
    stopped_at = device.locator(".countdown-time").inner_text()
    with device.expect_response(lambda response: response.url.endswith("/clock")):
        pass
    expect(device.locator(".countdown-time")).to_have_text(stopped_at)
    check_axe(device, "a table taken out of the round")
