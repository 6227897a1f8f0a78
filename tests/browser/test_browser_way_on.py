"""The way on is always on a phone's first screen (issue 32), at 360x640 and 390x844.

After each of 20 drill replies (ten right, then ten wrong), after each offer of the ladder
and after "All done!", the button that goes on is within the screen without scrolling, and
nothing lies over it; a practice table's sign row keeps both numbers on its one line; with a
child chosen, the home page's three tiles begin on the first screen.

The test reads the numbers the page shows (the sign row's), so it knows the right answer;
the page never decides.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from .browserhelpers import TURN_CARDS
from .children_support import PHONES, add_child

FIRST_SCREEN = 640  # px: the tiles begin within the smallest phone's screen
GOES_ON = ("Next question", "See how you did", "Stay on this level", "Practise again")


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, page: Page) -> str:
    """Each check runs at both phone sizes."""
    page.set_viewport_size(PHONES[request.param])  # type: ignore[arg-type]
    return str(request.param)


def assert_on_screen(page: Page, button: Locator) -> None:
    """The button lies wholly within the screen as it is now, and is what a tap there hits."""
    expect(button).to_be_visible()
    seen = button.evaluate(
        """(element) => {
            const box = element.getBoundingClientRect();
            const hit = document.elementFromPoint(
                (box.left + box.right) / 2, (box.top + box.bottom) / 2);
            return {top: box.top, bottom: box.bottom, height: window.innerHeight,
                    hit: hit !== null && element.contains(hit)};
        }"""
    )
    assert seen["top"] >= 0 and seen["bottom"] <= seen["height"], seen
    assert seen["hit"], seen


def numbers(page: Page) -> tuple[int, int]:
    """The two numbers of the question now, as the sign row names them."""
    shown = page.locator(".signs .sign-number").all_text_contents()
    assert len(shown) == 2, shown
    return int(shown[0]), int(shown[1])


def answer(page: Page, right: bool) -> None:
    """Answer the question now with a sign, right or wrong, and wait for the reply."""
    left, other = numbers(page)
    true = "=" if left == other else ">" if left > other else "<"
    key = true if right else ("<" if true != "<" else ">")
    page.keyboard.press(key)
    expect(page.locator(".reply-right" if right else ".reply-wrong")).to_be_visible()


def go_on(page: Page) -> None:
    """After a reply: check the way on is on the screen, then take it (staying on the level
    when the ladder offers another, its choices checked on the screen too)."""
    choices = page.locator(".offer-buttons")
    if choices.count():
        for button in choices.get_by_role("button").all():
            assert_on_screen(page, button)
        tap = choices.get_by_role("button", name="Stay on this level", exact=True)
    else:
        tap = page.locator("#drill-next").get_by_role("button")
    expect(tap).to_have_text(re.compile("|".join(GOES_ON)))
    assert_on_screen(page, tap)
    tap.click()


def test_the_drill_always_shows_the_way_on(page: Page, phone: str) -> None:
    page.goto("/en/drill")
    add_child(page)
    page.goto("/en/drill")
    page.get_by_role("radio", name=re.compile("^Close numbers")).check()
    page.locator("#drill-start button[type=submit]").click()
    page.wait_for_url(re.compile(r"/drill/play$"))
    replies = 0
    for right in (True, False):  # ten right (the level-up is offered), then ten wrong
        for number in range(1, 11):
            expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
            answer(page, right)
            replies += 1
            go_on(page)
        expect(page.locator(".done-title")).to_have_text("All done!")
        again = page.get_by_role("button", name="Practise again", exact=True)
        assert_on_screen(page, again)
        assert_on_screen(page, page.get_by_role("link", name="Choose other numbers"))
        if right:
            again.click()
    assert replies == 20


def test_a_practice_tables_sign_row_is_one_line(page: Page, phone: str) -> None:
    page.goto("/en/easy")
    page.get_by_role("checkbox", name=re.compile("Ask")).check()
    page.get_by_role("button", name="Start the game").click()
    for _turn in range(5):
        page.get_by_role("button", name=TURN_CARDS).click()
        row = page.locator(".signs")
        expect(row).to_be_visible()
        parts = row.evaluate(
            """(row) => Array.from(row.children, (part) => {
                const box = part.getBoundingClientRect();
                return {middle: (box.top + box.bottom) / 2, right: box.right, top: box.top,
                        bottom: box.bottom};
            })"""
        )
        assert len(parts) == 5  # a number, the three signs, the other number
        middles = [part["middle"] for part in parts]
        assert max(middles) - min(middles) < 12, parts  # one line
        assert max(part["right"] for part in parts) <= PHONES[phone]["width"], parts
        page.keyboard.press("=" if len(set(numbers(page))) == 1 else "<")
        expect(page.locator(".reply")).to_be_visible()
        if page.locator('#table[data-over="yes"]').count():
            break


def test_with_a_child_chosen_the_three_tiles_begin_on_the_first_screen(
    page: Page, phone: str
) -> None:
    page.goto("/en/")
    add_child(page)
    page.reload()
    expect(page.locator(".picker-button[aria-pressed=true]")).to_have_count(1)
    tiles = page.locator(".tiles .tile")
    expect(tiles).to_have_count(3)
    tops = [tile.bounding_box()["y"] for tile in tiles.all()]  # type: ignore[index]
    assert max(tops) < FIRST_SCREEN, tops
    for button in page.locator(".picker-button").all():  # still big enough for a finger
        box = button.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
