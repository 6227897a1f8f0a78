"""Starting a practice game and reading its cards, for the browser tests of practice tables
(test_browser_practice.py, and the fit, feedback and sounds tests that play one)."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .browserhelpers import (
    ALL_THE_CARDS,
    next_battle,
    open_setup,
    set_up_table,
    wait_for_battle_after,
    wait_for_new_table,
)

PRACTICE_BOX = "Ask “Which card is bigger?” before the cards are taken"
QUESTIONS = re.compile(r"^Which card is (bigger|smaller|the biggest|the smallest)\?$")
VALUES = {"jack": 11, "queen": 12, "king": 13, "ace": 14}


def value_of(label: str, ace: int = 14) -> int:
    """The number of a card from its accessible name: "7 of hearts" -> 7, "king of ..." -> 13;
    an ace counts `ace` (1 in the little deck)."""
    match = re.search(r"(\d+|jack|queen|king|ace) of ", label)
    assert match, label
    word = match.group(1)
    return int(word) if word.isdigit() else {**VALUES, "ace": ace}[word]


def values(cards: Locator, ace: int = 14) -> list[int]:
    """The numbers of the cards a locator finds, in page order (an ace counts `ace`)."""
    return [value_of(svg.get_attribute("aria-label") or "", ace) for svg in cards.all()]


def start_practice(page: Page, players: int = 2, variant: str = "Standard") -> None:
    """Start a practice game through a setup form (easy for two players, else full)."""
    if players == 2 and variant == "Standard":
        open_setup(page, "Easy")
        # All the cards, as the full setup deals: the deals here have face cards, and an ace
        # counts 14 (the easy page's own default is the little deck).
        page.get_by_role("radio", name=ALL_THE_CARDS).check()
    else:
        open_setup(page, "Full")
        page.get_by_role("radio", name=f"{players} players", exact=True).check()
        page.get_by_role("radio", name=re.compile(f"^{variant}:")).check()
        page.get_by_role("group", name="Seat 1 is played by").get_by_role(
            "radio", name="a person"
        ).check()
    page.get_by_role("checkbox", name=PRACTICE_BOX).check()
    page.get_by_role("button", name="Start the game").click()
    wait_for_new_table(page)


def set_up_practice(
    page: Page, players: int = 2, variant: str = "standard", lang: str = "en"
) -> str:
    """A practice table set up as `start_practice`'s form sends it, without drawing the form
    (`set_up_table`, for a test that replaces its deal before it opens it); its address."""
    if players == 2 and variant == "standard":
        # The easy page as it comes (its timer too), with all the cards, as `start_practice`.
        easy = {"deck": "full", "practice": "on"}
        return set_up_table(page, f"/{lang}/easy", **easy)
    return set_up_table(page, f"/{lang}/full", players=str(players), variant=variant, practice="on")


def turn_and_wait_for_the_question(page: Page, key: str | None = None) -> list[int]:
    """Turn the cards (a key, or the button) and wait for the question; return the values."""
    before = next_battle(page)
    if key:
        page.keyboard.press(key)
    else:
        page.get_by_role("button", name="Turn cards", exact=True).click()
    wait_for_battle_after(page, before)
    expect(page.locator(".question-text")).to_have_text(QUESTIONS)
    return values(page.locator(".seat .card-button svg"))
