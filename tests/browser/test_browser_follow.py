"""A shared link follows the game: moves made on another device show without a reload."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page, Request, expect

from .browserhelpers import (
    PLAY_TEN,
    TURN_CARDS,
    is_over,
    next_battle,
    play,
    start_easy,
    table,
    wait_for_new_table,
)

SEEN = 10_000  # ms: a look every 3 seconds, then the table fetched


def test_a_move_on_one_device_shows_on_the_other_without_a_reload(
    page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    start_easy(page)
    other = new_context(viewport={"width": 390, "height": 600}).new_page()
    documents: list[str] = []
    versions: list[str] = []

    def seen(request: Request) -> None:
        if request.resource_type == "document":
            documents.append(request.url)
        elif request.url.endswith("/version"):
            versions.append(request.url)

    other.on("request", seen)
    other.goto(page.url)
    wait_for_new_table(other)
    assert len(documents) == 1

    # Someone reading the page elsewhere keeps their focus and their place.
    share = other.get_by_text("Share this game")
    share.focus()
    assert other.evaluate("() => window.scrollY") > 0  # the table's top is out of sight
    before = share.bounding_box()
    play(page, TURN_CARDS)
    expect(table(other)).to_have_attribute("data-next-battle", "2", timeout=SEEN)
    expect(share).to_be_focused()
    after = share.bounding_box()  # the cards came in above: what is read stays in place
    assert before and after and abs(after["y"] - before["y"]) < 1
    expect(other.locator("#announcer")).not_to_be_empty()  # a screen reader hears the battle

    # A child about to press "Turn cards" here keeps it under the finger (and the keyboard).
    other.get_by_role("button", name=TURN_CARDS).focus()
    play(page, TURN_CARDS)
    expect(table(other)).to_have_attribute("data-next-battle", "3", timeout=SEEN)
    expect(other.get_by_role("button", name=TURN_CARDS)).to_be_focused()

    # And the other way round: a move here shows there.
    play(other, TURN_CARDS)
    expect(table(page)).to_have_attribute("data-next-battle", "4", timeout=SEEN)
    assert len(documents) == 1 and versions  # followed by looking, never by reloading

    # Once the game is over, nobody looks any more.
    while not is_over(page):
        play(page, PLAY_TEN)
    expect(table(other)).to_have_attribute("data-over", "yes", timeout=SEEN)
    assert next_battle(other) == next_battle(page)
    looked = len(versions)
    other.wait_for_timeout(4000)  # longer than between two looks
    assert len(versions) == looked and len(documents) == 1
