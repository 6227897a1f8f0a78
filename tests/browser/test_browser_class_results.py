"""A teacher's round, as the class meets it (issue 33): the join page offers the device's
animal as the table's name, and after Resume the screen readers hear that the round goes on."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from .classsteps import create_round, open_projector

OWL_CHILD = {"version": 1, "current": "c1", "children": [{"id": "c1", "animal": "owl", "name": ""}]}


def test_the_join_form_offers_the_devices_animal_as_the_tables_name(page: Page) -> None:
    code = create_round(page)
    tablet = page.context.new_page()
    tablet.goto("/en/")
    tablet.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        ["kidswar.children", json.dumps(OWL_CHILD)],
    )
    tablet.goto(f"/en/join/{code}")
    expect(tablet.get_by_label("Your table's name")).to_have_value("Owl table")
    expect(tablet.get_by_label("Your table's name")).to_have_accessible_description(
        re.compile("Use first names only")
    )


def test_after_resume_the_live_status_says_the_round_goes_on(page: Page) -> None:
    code = create_round(page)
    projector = open_projector(page, code)
    countdown = projector.locator(".countdown")
    said = projector.locator(".countdown-said")
    page.get_by_role("button", name="Start the round").click()
    expect(countdown).to_have_class(re.compile("state-running"), timeout=15_000)
    page.get_by_role("button", name="Pause").click()
    expect(said).to_have_text("Paused", timeout=15_000)
    page.get_by_role("button", name="Resume").click()
    expect(countdown).to_have_class(re.compile("state-running"), timeout=15_000)
    expect(said).to_have_text("The round goes on.")
