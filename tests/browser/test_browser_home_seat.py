"""The cat chosen on the home page sits at the first seat of "Play War" and "Play with a
friend" (issue 32): the home tiles send the child's animal as the setup forms do."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from .browserhelpers import wait_for_new_table


@pytest.mark.parametrize(
    ("tile", "second"), [("Play War", "Computer"), ("Play with a friend", "Player 2")]
)
def test_the_chosen_childs_animal_sits_at_the_first_seat(
    page: Page, tile: str, second: str
) -> None:
    page.goto("/en/")
    page.get_by_role("button", name="New child: Cat").click()
    expect(page.get_by_role("button", name="New child: Cat")).to_have_count(0)  # chosen now
    page.locator(".tile-go").filter(has_text=tile).click()
    wait_for_new_table(page)
    seats = page.locator(".seat-name")
    expect(seats.first.locator("svg.seat-animal.animal-cat")).to_have_count(1)
    expect(seats.first).to_have_text("Cat")
    expect(seats.nth(1)).to_have_text(second)
    expect(seats.nth(1).locator("svg.seat-animal")).to_have_count(0)
