"""Steps of a class round in the browser, shared by the classroom's browser tests."""

from __future__ import annotations

import re

from playwright.sync_api import Page, ViewportSize, expect

from .browserhelpers import wait_for_new_table
from .practice_support import PRACTICE_BOX

# The projectors a class round is shown on: its board must fit each whole.
PROJECTORS: dict[str, ViewportSize] = {
    "1280x720": {"width": 1280, "height": 720},
    "1366x768": {"width": 1366, "height": 768},
    "1920x1080": {"width": 1920, "height": 1080},
}


def open_projector(page: Page, code: str) -> Page:
    """The projector view of the round, in a new tab of the teacher's browser."""
    projector = page.context.new_page()
    projector.goto(f"/en/class/{code}/screen")
    return projector


def create_round(page: Page, minutes: str = "10 minutes", practice: bool = False) -> str:
    """Set a round up on the teacher's form; return its join code."""
    page.goto("/en/class/")
    expect(page.get_by_role("heading", level=1)).to_have_text("A class round")
    page.get_by_role("radio", name=minutes, exact=True).check()
    if practice:
        page.get_by_role("checkbox", name=PRACTICE_BOX).check()
    page.get_by_role("button", name="Create the round").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Teacher's page")
    return page.locator(".join-code").first.inner_text().strip()


def end_round(teacher: Page) -> None:
    """The teacher ends the round: the link asks first (issue 23), the button there ends it."""
    teacher.get_by_role("link", name=re.compile("^End the round")).click()
    expect(teacher.get_by_role("heading", level=1)).to_contain_text("now?")
    teacher.get_by_role("button", name="End the round").click()
    expect(teacher.get_by_role("heading", level=1)).to_contain_text("Teacher's page")


def join_round(page: Page, code: str, table_name: str) -> None:
    """A table joins from the home page with the code, names itself and gets its table."""
    page.goto("/")
    page.get_by_role("link", name="Join a class round").click()
    page.get_by_label("The code on the board").fill(code.lower())
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Join class round {code}")
    page.get_by_label("Your table's name").fill(table_name)
    page.get_by_label("Player 1: name").fill("Ana")
    page.get_by_label("Player 2: name").fill("Ben")
    page.get_by_role("button", name="Join and play").click()
    wait_for_new_table(page)
