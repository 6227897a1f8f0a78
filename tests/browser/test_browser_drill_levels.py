"""The drill's addition and little-deck levels in a real browser (issue 12), by keyboard.

The test reads the cards the page shows (their accessible names), adds them up itself (the
little deck's ace is 1), and checks that the server's reply agrees; the page never decides.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .browserhelpers import Photograph, check_axe
from .practice_support import value_of, values

# The sizes a child's phone and a parent's phone have: the pairs must fit side by side.
PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}


def little_value(label: str) -> int:
    """A card's number in the little deck, from its accessible name: "ace of hearts" -> 1."""
    return value_of(label, ace=1)


def side_values(side: Locator) -> list[int]:
    """The numbers of one side's cards, in page order (the little deck: an ace is 1)."""
    return values(side.locator("svg"), ace=1)


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, page: Page) -> str:
    """Each test runs at two phone sizes."""
    page.set_viewport_size(PHONES[request.param])  # type: ignore[arg-type]
    return str(request.param)


def start(page: Page, level: str) -> None:
    """Open the drill's start page from the home page and start a level."""
    page.goto("/")
    # The grown-ups' link to the levels (the picture tile starts the child's level at once).
    page.get_by_role("link", name=re.compile("^Quick practice")).click()
    page.get_by_role("radio", name=re.compile(f"^{re.escape(level)}")).check()
    page.get_by_role("button", name="Start practising").click()
    page.wait_for_url(re.compile(r"/drill/play$"))  # loaded: the keys are listened to


def test_the_addition_level_to_its_end_by_keyboard(
    page: Page, phone: str, photograph: Photograph
) -> None:
    """Ten questions about two pairs: right, then wrong, in turn; the sums to try again."""
    page.goto("/en/drill")
    check_axe(page, "the drill's start with its levels")
    photograph(page, f"drill-levels-{phone}.png", full_page=True)
    start(page, "Adding two cards")
    missed: set[tuple[int, int]] = set()
    for number in range(1, 11):
        expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
        expect(page.locator(".question-text")).to_have_text("Which sum is bigger?")
        sides = page.locator(".pair-sums .side-button")
        expect(sides).to_have_count(2)
        left, right = side_values(sides.nth(0)), side_values(sides.nth(1))
        assert len(left) == len(right) == 2 and all(1 <= v <= 10 for v in left + right)
        first, second = sum(left), sum(right)
        # The sums are the question: "3 + 4 = ?" until the answer, which shows them.
        expect(sides.nth(0).locator(".side-sum")).to_have_text(f"{left[0]} + {left[1]} = ?")
        expect(sides.nth(1).locator(".side-sum")).to_have_text(f"{right[0]} + {right[1]} = ?")
        if number == 1:
            check_axe(page, "an addition question")
            photograph(page, f"drill-sums-{phone}.png", full_page=True)
            # Both pairs side by side on a phone: neither pushes the page sideways.
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONES[phone]["width"]
        if number % 2:  # right: the bigger pair by its key, or "=" for equal sums
            page.keyboard.press("=" if first == second else "1" if first > second else "2")
            expect(page.locator(".reply-right")).to_be_visible()
            expect(page.locator(".reply .strip-sum")).to_have_text(
                [f"{left[0]} + {left[1]} = {first}", f"{right[0]} + {right[1]} = {second}"]
            )
            expect(page.locator(".count-on")).to_have_count(0)
        else:  # wrong: the sign that is not true
            page.keyboard.press("<" if first >= second else ">")
            expect(page.locator(".reply-wrong")).to_be_visible()
            expect(page.locator(".number-line")).to_be_visible()
            big, small = max(left), min(left)
            expect(page.locator(".count-on")).to_contain_text(
                f"Start at {big} and count on {small}:"
            )
            missed.add((max(first, second), min(first, second)))
            if number == 2:
                # The reply keeps both pairs on one row, the true sign between them.
                boxes = [pair.bounding_box() for pair in page.locator(".reply .strip-pair").all()]
                assert len(boxes) == 2 and boxes[0] and boxes[1], boxes
                assert abs(boxes[0]["y"] - boxes[1]["y"]) < boxes[0]["height"] / 2, boxes
                check_axe(page, "a wrong answer about sums")
                photograph(page, f"drill-sums-wrong-{phone}.png", full_page=True)
        page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="All done!")).to_be_focused()
    expect(page.locator(".score")).to_contain_text("You answered 5 of 10 questions right.")
    # Each pair of sums missed, once, best first (the ones past three folded away).
    expect(page.locator(".missed li")).to_have_count(len(missed))
    chains = {text.strip() for text in page.locator(".missed li .chain").all_text_contents()}
    assert chains == {f"{a} {'=' if a == b else '>'} {b}" for a, b in missed}
    check_axe(page, "the end of the addition drill")
    photograph(page, f"drill-sums-end-{phone}.png", full_page=True)


def test_the_little_deck_level_shows_the_ace_as_one(page: Page, phone: str) -> None:
    """Ten questions about the little deck: every card is A to 10, an ace is badged "A = 1"."""
    start(page, "The little deck")
    for number in range(1, 11):
        expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
        cards = page.locator(".pair .card-button svg")
        left, right = (little_value(c.get_attribute("aria-label") or "") for c in cards.all())
        assert 1 <= left <= 10 and 1 <= right <= 10
        if 1 in (left, right):
            expect(page.locator(".pair .badge")).to_have_text(["A = 1"] * [left, right].count(1))
            check_axe(page, "a little-deck question with an ace")
        page.keyboard.press("=" if left == right else "1" if left > right else "2")
        expect(page.locator(".reply-right")).to_be_visible()
        page.keyboard.press("Enter")
    expect(page.locator(".score")).to_contain_text("You answered 10 of 10 questions right.")
