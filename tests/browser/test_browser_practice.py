"""Practice in a real browser: answering at the table by keyboard and by tapping, the drill.

The test never knows the deal in advance: it reads the cards the page shows (their accessible
names), works out the answer itself, and checks that the server's reply agrees. The page never
decides what is right; only the server's reply is looked for.
"""

from __future__ import annotations

import re

import pytest
from deals import redeal, whole_deck
from flask import Flask
from playwright.sync_api import Page, expect

from kidswar.words.isolate import isolate

from .browserhelpers import (
    SIZES,
    VIEWPORTS,
    Photograph,
    check_axe,
    open_setup,
    open_table,
    table_id,
)
from .practice_support import (
    set_up_practice,
    start_practice,
    turn_and_wait_for_the_question,
    values,
)


def test_a_practice_game_answered_with_the_keyboard(page: Page) -> None:
    """Space turns the cards; a sign key answers right, a card key answers wrong."""
    start_practice(page)
    shown = turn_and_wait_for_the_question(page, "Space")
    expect(page.locator("[data-focus]")).to_be_focused()
    expect(page.get_by_role("button", name="Turn cards")).to_have_count(0)  # answer first
    first, second = shown
    page.keyboard.press("=" if first == second else ">" if first > second else "<")
    expect(page.locator(".reply-right .call")).to_have_text(
        re.compile(r"^(Yes!|Well done!|That's right!)$")
    )
    expect(page.get_by_role("button", name="Turn cards")).to_be_focused()
    expect(page.locator("#announcer")).to_contain_text(
        page.locator(".practice-sentence").inner_text()
    )

    first, second = turn_and_wait_for_the_question(page, "Space")
    page.keyboard.press("2" if first >= second else "1")  # the card that is not bigger
    expect(page.locator(".reply-wrong .call")).to_have_text("Let's count!")
    expect(page.locator(".number-line")).to_be_visible()
    if min(first, second) <= 10:  # pips to count (the face cards have none)
        expect(page.locator(".reply-wrong .counted").first).to_be_attached()


def test_four_players_tap_the_biggest_card(page: Page) -> None:
    """With four cards the child taps the biggest; a shared biggest is "The same"."""
    start_practice(page, players=4)
    shown = turn_and_wait_for_the_question(page)
    expect(page.locator(".question-text")).to_have_text("Which card is the biggest?")
    buttons = page.locator(".seat .card-button")
    best = max(shown)
    if shown.count(best) > 1:
        page.get_by_role("button", name="The same").click()
    else:
        buttons.nth(shown.index(best)).click()
    expect(page.locator(".reply-right")).to_be_visible()
    expect(page.locator(".seat .card-button")).to_have_count(0)


@pytest.fixture(params=SIZES)
def size(request: pytest.FixtureRequest, page: Page) -> str:
    """Each test runs at a phone size and at a small laptop size."""
    page.set_viewport_size(VIEWPORTS[request.param])
    return str(request.param)


def test_practice_pages_pass_axe_and_are_photographed(
    page: Page, size: str, photograph: Photograph, live_app: Flask
) -> None:
    """The question, a right and a wrong answer at the table (2 and 4 players, Peace).

    Known deals: a random one can open with wars that end a four-player game of Peace at once.
    """
    open_setup(page, "Easy")
    check_axe(page, "the easy setup with its Practice box")
    for players, variant in ((2, "standard"), (4, "peace")):
        address = set_up_practice(page, players, variant)
        redeal(live_app.config["DATABASE"], table_id(address), whole_deck(players, 7))
        open_table(page, address)
        shown = turn_and_wait_for_the_question(page)
        check_axe(page, f"a practice question, {players} players")
        photograph(page, f"practice-question-{players}-{size}.png", full_page=True)
        low, high = min(shown), max(shown)
        worst = shown.index(high if variant == "peace" else low)
        if low == high:
            page.locator(".seat .card-button").first.click()
        else:
            page.locator(".seat .card-button").nth(worst).click()
        expect(page.locator(".reply-wrong")).to_be_visible()
        check_axe(page, f"a wrong answer, {players} players")
        photograph(page, f"practice-wrong-{players}-{size}.png", full_page=True)
        shown = turn_and_wait_for_the_question(page)
        best = min(shown) if variant == "peace" else max(shown)
        if shown.count(best) > 1:
            page.locator('[data-key="same"]').click()
        else:
            page.locator(".seat .card-button").nth(shown.index(best)).click()
        expect(page.locator(".reply-right")).to_be_visible()
        check_axe(page, f"a right answer, {players} players")
        photograph(page, f"practice-right-{players}-{size}.png", full_page=True)


def test_the_drill_from_the_home_page_to_its_end(
    page: Page, size: str, photograph: Photograph
) -> None:
    """Ten questions by keyboard: right, then wrong, in turn; the score at the end."""
    page.goto("/")
    # The grown-ups' link to the list of levels (the picture tile starts the child's level at
    # once: tests/browser/test_browser_look.py).
    page.get_by_role("link", name=re.compile("^Quick practice")).click()
    check_axe(page, "the drill's start")
    page.get_by_role("radio", name=re.compile("^Finding the smaller card")).check()
    page.get_by_role("button", name="Start practising").click()
    page.wait_for_url(re.compile(r"/drill/play$"))  # loaded: the keys are listened to
    missed: set[tuple[int, int]] = set()
    for number in range(1, 11):
        expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
        expect(page.locator(".question-text")).to_have_text("Which card is smaller?")
        left, right = values(page.locator(".pair .card-button svg"), ace=1)  # the little deck
        if number == 1:
            check_axe(page, "a drill question")
            photograph(page, f"drill-question-{size}.png", full_page=True)
        if number % 2:  # right: the smaller card, or "=" for the same
            page.keyboard.press("=" if left == right else "1" if left < right else "2")
            expect(page.locator(".reply-right")).to_be_visible()
        else:  # wrong: the sign that is not true
            page.keyboard.press(">" if left <= right else "<")
            expect(page.locator(".reply-wrong")).to_be_visible()
            expect(page.locator(".number-line")).to_be_visible()
            missed.add((min(left, right), max(left, right)))
            if number == 2:
                check_axe(page, "a wrong answer in the drill")
                photograph(page, f"drill-wrong-{size}.png", full_page=True)
        page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="All done!")).to_be_focused()
    expect(page.locator(".score")).to_contain_text("You answered 5 of 10 questions right.")
    expect(page.locator(".missed li")).to_have_count(len(missed))  # each pair listed once
    check_axe(page, "the end of the drill")
    photograph(page, f"drill-end-{size}.png", full_page=True)
    page.get_by_role("button", name="Practise again", exact=True).click()
    expect(page.locator(".progress")).to_have_text("Question 1 of 10")


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        (
            "en",
            [
                f"Choose {isolate('Player 1')}'s 7 of hearts (key 1)",
                f"Choose {isolate('Computer 2')}'s queen of spades (Q = 12) (key 2)",
                f"Choose {isolate('Computer 3')}'s 2 of clubs (key 3)",
                f"Choose {isolate('Computer 4')}'s ace of diamonds (A = 14) (key 4)",
            ],
        ),
        (
            "de",
            [
                f"Karte von {isolate('Spieler 1')} wählen: Herz 7 (Taste 1)",
                f"Karte von {isolate('Computer 2')} wählen: Pikdame (D = 12) (Taste 2)",
                f"Karte von {isolate('Computer 3')} wählen: Kreuz 2 (Taste 3)",
                f"Karte von {isolate('Computer 4')} wählen: Karoass (A = 14) (Taste 4)",
            ],
        ),
    ],
)
def test_every_card_button_is_named_with_its_card(
    page: Page, live_app: Flask, lang: str, names: list[str]
) -> None:
    """A screen reader hears which card each button chooses, and whose, in a whole sentence."""
    address = set_up_practice(page, players=4)
    redeal(
        live_app.config["DATABASE"],
        table_id(address),
        [["7H", "2D"], ["QS", "3D"], ["2C", "4D"], ["AD", "5D"]],
    )
    open_table(page, address.replace("/en/", f"/{lang}/"))
    page.keyboard.press("Space")
    expect(page.locator(".seat .card-button")).to_have_count(4)
    for name in names:
        expect(page.get_by_role("button", name=name, exact=True)).to_be_visible()
