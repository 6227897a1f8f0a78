"""How often a shared table looks for news (issue 33, kidswar/web/static/table.js): soon while
something is afoot (a seat waits for another, or a move came from elsewhere), every 3 s in a
quiet game, and never while the page is hidden.

The other device's page runs on Playwright's fake clock, so its looks are counted by the time
it is moved on, never by waiting.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, Request, Response, expect

from .browserhelpers import TURN_CARDS, play, start_easy, table, wait_for_new_table

SOON = 800  # ms: table.js's looks while something is afoot
EVERY = 3000  # ms: its looks at a quiet game
HIDE = """() => {
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def is_look(asked: Request | Response) -> bool:
    """True for a look for news (its request or its answer): the game's version."""
    return asked.url.endswith("/version")


def test_news_from_elsewhere_makes_the_looks_soon_and_a_hidden_tab_stops(
    page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    start_easy(page, who="two")
    other = new_context().new_page()
    other.clock.install()
    looks: list[str] = []
    other.on("request", lambda request: looks.append(request.url) if is_look(request) else None)
    other.goto(page.url)
    wait_for_new_table(other)

    # A quiet game: no look before 3 s have passed, one when they have.
    other.clock.run_for(SOON * 2)
    assert looks == []
    with other.expect_response(is_look):
        other.clock.run_for(EVERY)

    # A move elsewhere: seen at the next look, and from then on the looks come soon.
    play(page, TURN_CARDS)
    with other.expect_response(is_look):
        other.clock.run_for(EVERY)
    expect(table(other)).to_have_attribute("data-next-battle", "2")
    with other.expect_response(is_look):
        other.clock.run_for(SOON)

    # Hidden (another tab, a locked tablet): no more looks, however long.
    other.evaluate(HIDE)
    seen = len(looks)
    other.clock.run_for(60_000)
    assert len(looks) == seen
