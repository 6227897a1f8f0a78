"""A child who cannot read yet starts an easy game from the home page by pictures alone, with the
voice on (issue 22), on the phones children hold.

The child's taps find their targets by role and picture (the tile holding the cards' picture,
the button in its corner), never by words a child would have to read. The one labelled button
a grown-up reads, "Turn on the voice", is found by its label. Every clip the page asks for is
seen through a Playwright route, then served by the app as usual.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from kidswar.game.rules import Deck
from kidswar.storage.database import connect
from kidswar.storage.games import StoredGame, load_game

from .browserhelpers import check_axe, table, wait_for_new_table

PHONES = {"360x640": (360, 640), "390x844": (390, 844)}
TARGET = 44  # px: the smallest a finger's target may be


def stored(app: Flask, table: str) -> StoredGame:
    """The game behind a table address, read straight from the database."""
    game = load_game(connect(app.config["DATABASE"]), table.rstrip("/").rsplit("/", 1)[1])
    assert game is not None, table
    return game


def phone(new_context: Callable[..., BrowserContext], size: str) -> Page:
    """A fresh phone (touch, nothing chosen yet on this device) at `size`."""
    width, height = PHONES[size]
    context = new_context(viewport={"width": width, "height": height}, has_touch=True)
    return context.new_page()


def clips_asked(page: Page) -> list[str]:
    """The phrase keys of the clips the page asks for, in order, as they are asked."""
    asked: list[str] = []

    def note(route: Route) -> None:
        """Write down the clip's key, then let the app serve it."""
        asked.append(urlsplit(route.request.url).path.rsplit("/", 1)[1].removesuffix(".mp3"))
        route.continue_()

    page.route(re.compile(r"/speech/[a-z]{2}/[a-z0-9-]+\.mp3"), note)
    return asked


def tile_with(page: Page, picture: str) -> Locator:
    """The home page's tile that shows `picture` (a data-picture name)."""
    return page.get_by_role("listitem").filter(has=page.locator(f'[data-picture="{picture}"]'))


def in_view_and_big_enough(page: Page, target: Locator) -> None:
    """The target is on the first screen, at least a finger's size."""
    box = target.bounding_box()
    viewport = page.viewport_size
    assert box and viewport
    assert box["width"] >= TARGET and box["height"] >= TARGET, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], box


@pytest.mark.parametrize("size", list(PHONES))
def test_a_child_starts_an_easy_game_by_pictures_with_the_voice_on(
    new_context: Callable[..., BrowserContext], live_app: Flask, size: str
) -> None:
    page = phone(new_context, size)
    asked = clips_asked(page)
    page.goto("/")  # the visitor's language: English here
    check_axe(page, f"the home page the first time ({size})")

    # The first time, one labelled button turns the voice on, and the voice says so.
    voice = page.get_by_role("button", name="Turn on the voice")
    in_view_and_big_enough(page, voice)
    switch = page.locator("#speech-toggle")
    expect(switch).to_be_hidden()  # one button, not two
    with page.expect_request(re.compile(r"/speech/en/voice-on\.mp3")):
        voice.tap()
    expect(voice).to_have_count(0)
    expect(switch).to_be_visible()  # from now on the usual switch, on, and labelled
    expect(switch).to_have_attribute("aria-pressed", "true")
    expect(switch.locator(".speech-label")).to_be_visible()
    in_view_and_big_enough(page, switch)
    check_axe(page, f"the home page with the voice on ({size})")

    # The tile with the cards: its speaker corner says its name, the tile itself goes.
    war = tile_with(page, "war")
    expect(war).to_have_count(1)
    speaker = war.get_by_role("button").filter(has_not=page.locator("[data-picture]"))
    go = war.get_by_role("button").filter(has=page.locator('[data-picture="war"]'))
    in_view_and_big_enough(page, speaker)
    in_view_and_big_enough(page, go)
    home = page.url
    with page.expect_request(re.compile(r"/speech/en/tile-play-war\.mp3")):
        speaker.tap()
    assert page.url == home  # the corner only speaks
    go.tap()

    wait_for_new_table(page)
    assert asked[:2] == ["voice-on", "tile-play-war"], asked
    game = stored(live_app, page.url)
    assert game.setup.mode == "easy" and game.setup.rules.deck is Deck.NUMBERS
    expect(table(page).locator(".seat .count")).to_have_text(["20 cards", "20 cards"])  # 40 cards
    expect(page.locator("#speech-toggle")).to_have_attribute("aria-pressed", "true")  # still on


@pytest.mark.parametrize("size", list(PHONES))
def test_the_easy_setup_chooses_by_pictures_and_passes_axe(
    new_context: Callable[..., BrowserContext], live_app: Flask, size: str
) -> None:
    page = phone(new_context, size)
    page.goto("/en/easy")
    check_axe(page, f"the easy setup ({size})")
    little = page.locator('label:has([data-picture="little-deck"]) input[type="radio"]')
    full = page.locator('label:has([data-picture="full-deck"]) input[type="radio"]')
    expect(little).to_be_checked()  # the little deck unless a grown-up chooses all the cards
    page.locator('[data-picture="full-deck"]').tap()  # a tap on the picture chooses it
    expect(full).to_be_checked()
    page.locator('[data-picture="little-deck"]').tap()
    expect(little).to_be_checked()
    page.locator('[data-picture="friend"]').tap()
    expect(page.locator('label:has([data-picture="friend"]) input')).to_be_checked()
    page.locator("form.setup button.primary").tap()
    wait_for_new_table(page)
    game = stored(live_app, page.url)
    assert game.setup.rules.deck is Deck.NUMBERS
    assert [seat.computer for seat in game.setup.seats] == [False, False]


def test_once_the_device_has_chosen_only_the_switch_shows(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = phone(new_context, "390x844")
    page.goto("/en/")
    page.get_by_role("button", name="Turn on the voice").tap()
    switch = page.locator("#speech-toggle")
    switch.tap()  # off again: a choice all the same
    expect(switch).to_have_attribute("aria-pressed", "false")
    page.reload()
    expect(switch).to_be_visible()
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("button", name="Turn on the voice")).to_have_count(0)
