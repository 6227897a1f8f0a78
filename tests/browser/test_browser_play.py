"""Whole games in a real browser: by mouse to the end, a 4-player Peace war, keyboard only."""

from __future__ import annotations

import re

import pytest
from deals import one_sided, redeal, with_wars
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from kidswar.game.rules import Deck

from .browserhelpers import (
    PEACE_LETTERS,
    PLAY_TEN,
    TURN_CARDS,
    game_id,
    is_over,
    next_battle,
    play,
    play_to_the_end,
    play_until_war,
    start_easy,
    start_full,
    table,
    wait_for_battle_after,
    wait_for_new_table,
)

LITTLE_DECK = Deck.NUMBERS.cards  # the easy page's default deck


def test_an_easy_game_played_to_its_end_then_played_again(page: Page, live_app: Flask) -> None:
    """From the home page to the end with "Play 10 battles", then a fresh game."""
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Play War")
    page.get_by_role("link", name=re.compile("^Easy")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Easy game")
    page.get_by_role("button", name="Start the game").click()
    wait_for_new_table(page)
    expect(page.get_by_text("0 battles played")).to_be_visible()
    expect(page.get_by_text("Turn your cards over to start!")).to_be_visible()
    first_address = page.url
    # The little deck dealt so that the first player wins every battle: the end after 20
    # battles, where a random deal took up to 100 clicks to get there.
    redeal(live_app.config["DATABASE"], game_id(page), one_sided(LITTLE_DECK, Deck.NUMBERS))
    page.reload()
    wait_for_new_table(page)

    clicks = play_to_the_end(page)
    assert clicks == 2  # 20 battles, the battle limit (1000) far off

    end = page.locator("section.end")
    expect(end.get_by_role("heading", name="The game is over")).to_be_visible()
    expect(end.locator(".outcome")).to_have_text(re.compile(r"\w.*[.!]$"))
    battles = next_battle(page) - 1
    expect(end).to_contain_text(f"{battles:,} battles were played.")  # 1,000 at the limit
    expect(page.get_by_role("button", name=PLAY_TEN)).to_have_count(0)
    expect(page.get_by_role("button", name="Play again")).to_be_focused()
    # With reduced motion asked for, the new cards do not slide in.
    expect(table(page)).to_have_class(re.compile(r"\banimate\b"))
    if page.locator("#table .showing .card").count():
        expect(page.locator("#table .showing .card").first).to_have_css("animation-name", "none")

    page.get_by_role("button", name="Play again").click()
    expect(page.get_by_text("0 battles played")).to_be_visible()
    wait_for_new_table(page)
    expect(table(page)).to_have_attribute("data-over", "no")
    expect(page.get_by_role("button", name=TURN_CARDS)).to_be_visible()
    assert page.url != first_address
    # Played again with the same cards: the easy page's little deck, 40 cards, 20 each.
    expect(page.locator(".count")).to_have_text(["20 cards", "20 cards"])


@pytest.mark.browser_context_args(reduced_motion="no-preference")
def test_new_cards_slide_in_when_motion_is_allowed(page: Page) -> None:
    """Without a reduced-motion wish, the cards just turned get the deal-in animation."""
    start_easy(page)
    expect(table(page)).not_to_have_class(re.compile(r"\banimate\b"))  # nothing on first load
    play(page, TURN_CARDS)
    expect(table(page)).to_have_class(re.compile(r"\banimate\b"))
    expect(page.locator("#table .showing .card").first).to_have_css("animation-name", "deal-in")


def test_four_player_peace_with_a_person_in_seat_one(page: Page, live_app: Flask) -> None:
    """The full form for 4-player Peace; a peace round shows backs lettered P, E, A, C, E."""
    start_full(page, players=4, variant="Peace", names=("Ana",))
    expect(table(page)).to_have_class(re.compile(r"\bvariant-peace\b"))
    expect(page.locator(".seat-name")).to_have_text(
        ["Ana", "Computer 2", "Computer 3", "Computer 4"]
    )
    expect(page.locator(".count")).to_have_text(["13 cards"] * 4)
    # Seat 1 is a person: their stack is a button; the computers' stacks are not.
    expect(
        page.get_by_role("button", name=re.compile(r"^Turn the card of \u2068Ana"))
    ).to_be_visible()
    expect(page.locator(".stack-button")).to_have_count(1)

    # Dealt with a peace round in its first ten battles, instead of playing a random deal until
    # one comes (up to 300 battles): the round's letters are now always checked.
    with_wars(live_app.config["DATABASE"], game_id(page), 10, wars=1)
    page.reload()
    assert play_until_war(page, 10)
    expect(page.locator(".sentence").first).to_contain_text("peace")
    # Each player's face-down cards spell P, E, A, C, E (or its start, when they run
    # short; a player laying only their last card, face up, has none).
    lays = [
        [svg.get_attribute("aria-label") or "" for svg in backs.locator("svg").all()]
        for backs in page.locator(".war-lay .backs").all()
    ]
    assert len(lays) >= 2, lays  # at least two players lay cards in a peace round
    assert any(lays), lays
    for labels in lays:
        assert len(labels) <= len(PEACE_LETTERS), labels
        assert labels == [
            f"a card face down, letter {letter}" for letter in PEACE_LETTERS[: len(labels)]
        ], labels
    expect(page.locator(".war-lay .back-letter").first).to_have_text("P")


def tab_to(page: Page, target: Locator, bound: int = 30) -> None:
    """Press Tab until `target` has the focus (Playwright's `:focus` check, no script)."""
    focused = target.and_(page.locator(":focus"))
    for _press in range(bound):
        page.keyboard.press("Tab")
        if focused.count():
            return
    raise AssertionError(f"{target} never got the focus in {bound} presses of Tab")


def expect_visible_focus(page: Page) -> None:
    """Some element other than the page itself has the focus, and shows it."""
    expect(page.locator("body")).not_to_be_focused()
    expect(page.locator(":focus")).to_have_count(1)
    expect(page.locator(":focus-visible")).to_have_count(1)
    expect(page.locator(":focus")).to_have_css("outline-style", "solid")


def test_a_game_played_with_the_keyboard_only(page: Page) -> None:
    """Two children, keyboard only: Tab and Enter to set up, Space, 1 and 2 to play."""
    page.goto("/")
    tab_to(page, page.get_by_role("link", name=re.compile("^Easy")))
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Easy game")

    # Tab enters the group on its checked radio.
    tab_to(page, page.get_by_role("radio", name="One child against the computer"))
    page.keyboard.press("ArrowDown")
    two = page.get_by_role("radio", name="Two children on this device")
    expect(two).to_be_focused()
    expect(two).to_be_checked()
    page.keyboard.press("Tab")
    expect(page.get_by_label("First player's name")).to_be_focused()
    page.keyboard.type("Ana")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Second child's name")).to_be_focused()
    page.keyboard.type("Ben")
    page.keyboard.press("Enter")  # submits the form from a text field

    wait_for_new_table(page)
    expect(page.locator(".seat-name")).to_have_text(["Ana", "Ben"])
    expect(page.locator(":focus")).to_have_count(0)  # a fresh page: nothing focused yet

    for _press in range(3):  # Space: first on the page itself, then on the focused button
        before = next_battle(page)
        page.keyboard.press("Space")
        wait_for_battle_after(page, before)
        assert not is_over(page)
        expect(page.locator("input:focus")).to_have_count(0)
        expect_visible_focus(page)
        expect(page.get_by_role("button", name=TURN_CARDS)).to_be_focused()

    before = next_battle(page)
    page.keyboard.press("1")  # Ana turns her card; Ben has not yet
    ana, ben = page.locator(".seat").nth(0), page.locator(".seat").nth(1)
    expect(ana.get_by_text("Turned, waiting for the others")).to_be_visible()
    expect(ben.get_by_text("Turned, waiting for the others")).to_have_count(0)
    expect(
        page.get_by_role("button", name=re.compile("^Turn the card of \u2068Ana"))
    ).to_have_count(0)
    expect(
        page.get_by_role("button", name=re.compile("^Turn the card of \u2068Ben"))
    ).to_be_visible()
    assert next_battle(page) == before
    expect_visible_focus(page)

    page.keyboard.press("2")  # Ben turns his: the battle is played
    assert wait_for_battle_after(page, before) == before + 1
    expect(page.get_by_text("Turned, waiting for the others")).to_have_count(0)
    expect(page.locator(".said .sentence").first).not_to_be_empty()
    expect_visible_focus(page)
    expect(
        page.get_by_role("button", name=re.compile("^Turn the card of \u2068Ben"))
    ).to_be_focused()
