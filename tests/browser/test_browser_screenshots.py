"""Screenshots of the table in the middle of a war, for people to look at.

They go to $KIDSWAR_SCREENSHOTS when it is set (e.g. KIDSWAR_SCREENSHOTS=/tmp/kidswar-shots),
else to the test's temporary folder. Motion is reduced, so no card is caught mid-slide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from deals import with_wars
from flask import Flask
from playwright.sync_api import Page, expect

from kidswar.game.cards import Card
from kidswar.game.rules import Deck

from .browserhelpers import (
    SIZES,
    VIEWPORTS,
    is_over,
    open_table,
    play_until_war,
    set_up_table,
    table_id,
    wait_for_new_table,
)


def catch_a_war_mid_game(
    page: Page,
    setup: str,
    choices: Mapping[str, str],
    database: str,
    cards: Sequence[Card],
    games: int = 5,
) -> None:
    """Start a game (set up as its `setup` page's form sends `choices`, without drawing the
    form), deal it (of `cards`) with a war in its first ten battles, and turn cards until a war
    shows while the game goes on.

    A war can end a game (rarely: a big 4-player one can take every card); then play again.
    """
    address = set_up_table(page, setup, **choices)
    with_wars(database, table_id(address), 10, wars=1, cards=cards)
    open_table(page, address)
    for _game in range(games):
        found = play_until_war(page)
        if found and not is_over(page):
            return
        if is_over(page):
            page.get_by_role("button", name="Play again").click()
            wait_for_new_table(page)
    raise AssertionError(f"no war in the middle of a game in {games} tries")


@pytest.mark.parametrize("size", SIZES)
def test_screenshots_of_a_war(page: Page, screenshot_dir: Path, size: str, live_app: Flask) -> None:
    """An easy game (the little deck) and a 4-player Peace game, each caught just after a war."""
    page.set_viewport_size(VIEWPORTS[size])
    # The easy page as it comes, Ana typed; the full page for 4-player Peace, Ana in seat 1.
    games: dict[str, tuple[str, Mapping[str, str], Sequence[Card]]] = {
        "easy": ("/en/easy", {"name-1": "Ana"}, Deck.NUMBERS.cards),
        "peace4": (
            "/en/full",
            {"players": "4", "variant": "peace", "name-1": "Ana"},
            Deck.FULL.cards,
        ),
    }
    for name, (setup, choices, cards) in games.items():
        catch_a_war_mid_game(page, setup, choices, live_app.config["DATABASE"], cards)
        expect(page.locator(".war-lay").first).to_be_visible()
        expect(page.get_by_role("button", name="Turn cards")).to_be_visible()
        path = screenshot_dir / f"table-war-{name}-{size}.png"
        page.screenshot(path=str(path), full_page=True)
        assert path.stat().st_size > 10_000, f"{path} looks empty"
