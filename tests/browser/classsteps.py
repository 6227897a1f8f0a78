"""Steps of a class round in the browser, shared by the classroom's browser tests."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def create_round(page: Page, minutes: str = "10 minutes") -> str:
    """Set a round up on the teacher's form; return its join code."""
    page.goto("/en/class/")
    page.get_by_role("radio", name=minutes, exact=True).check()
    page.get_by_role("button", name="Create the round").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Teacher's page")
    return page.locator(".join-code").first.inner_text().strip()


def open_projector(page: Page, code: str) -> Page:
    """The projector view of the round, in a new tab of the teacher's browser."""
    projector = page.context.new_page()
    projector.goto(f"/en/class/{code}/screen")
    return projector
