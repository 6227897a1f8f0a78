"""The projector on a classroom wall: the code and the QR code are seen without scrolling.

A child joining reads the code (or scans the QR code) off the wall; nobody scrolls a projector.
So at the common projector sizes the countdown, the code and the QR code must all lie inside
the viewport, on the page as it opens and in full screen, while the round waits, runs and is
paused.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from .browserhelpers import check_axe
from .classsteps import PROJECTORS, create_round, end_round

SEEN = (".countdown-time", ".join-code", ".join-qr svg[role=img]")


def assert_on_the_wall(page: Page, what: str) -> None:
    """The countdown, the code and the QR code are whole inside the viewport (no scrolling)."""
    viewport = page.viewport_size
    assert viewport is not None
    for selector in SEEN:
        element: Locator = page.locator(selector)
        expect(element).to_be_visible()
        box = element.bounding_box()
        assert box is not None, f"{selector}: no box ({what})"
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= viewport["width"]
            and box["y"] + box["height"] <= viewport["height"]
        )
        assert inside, f"{selector} at {box} is off a {viewport} screen ({what})"


def test_the_code_and_the_qr_code_are_on_the_wall(page: Page) -> None:
    """At 1280x720, 1366x768 and 1920x1080, before the start, running, paused, full screen
    or not; the full screen button says what it will do; once time is up, joining is gone."""
    code = create_round(page)
    teacher = page
    projector = page.context.new_page()
    projector.set_viewport_size(PROJECTORS["1280x720"])
    projector.goto(f"/en/class/{code}/screen")
    countdown = projector.locator(".countdown")
    for name, size in PROJECTORS.items():
        projector.set_viewport_size(size)
        assert_on_the_wall(projector, f"{name}, before the start")

    projector.set_viewport_size(PROJECTORS["1280x720"])
    teacher.get_by_role("button", name="Start the round").click()
    expect(countdown).to_have_class(re.compile("state-running"), timeout=15_000)
    assert_on_the_wall(projector, "1280x720, running")
    teacher.get_by_role("button", name="Pause").click()
    expect(countdown).to_have_class(re.compile("state-paused"), timeout=15_000)
    assert_on_the_wall(projector, "1280x720, paused")

    projector.get_by_role("button", name="Full screen").click()
    leave = projector.get_by_role("button", name="Leave full screen")
    expect(leave).to_be_visible()
    assert_on_the_wall(projector, "1280x720, full screen")
    check_axe(projector, "the projector in full screen")
    leave.click()
    expect(projector.get_by_role("button", name="Full screen", exact=True)).to_be_visible()

    end_round(teacher)
    expect(projector.get_by_role("heading", name="Count your cards!")).to_be_visible(timeout=15_000)
    expect(projector.locator(".join-code")).to_be_hidden()
    expect(projector.locator(".join-qr")).to_be_hidden()
