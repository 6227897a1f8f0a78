"""The drill's choices are pictures a child taps, each with a speaker that names it (issue 32).

With the voice on, on a 360x640 phone: a whole drill of close pairs answered right by a child
one drill short of the mastery rule brings the level-up offer, said without brackets; each
choice's speaker says its words; a tap on a picture climbs, or stays and reaches "All done!",
whose pictures (practise again, other numbers) speak too.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from kidswar.sound.phrases import phrase_text

from .children_support import close_drill_right, one_drill_short_of_the_offer, save_progress

PHONE = {"width": 360, "height": 640}


def add_child_with_the_voice_on(page: Page) -> None:
    """A child chosen on this device (children.mjs), and the voice switched on here."""
    page.evaluate(
        """async () => {
            const store = await import("/static/children.mjs");
            store.addChild("cat", "Ana");
            localStorage.setItem("kidswar-speech", "on");
        }"""
    )


def picture(page: Page, words: str) -> Locator:
    """The choice drawn as a picture with these words: its button (or link)."""
    found = page.locator(".choice-button").filter(has_text=words)
    expect(found).to_have_count(1)
    expect(found.locator("svg.choice-picture")).to_have_count(1)
    return found


def hear(page: Page, words: str, key: str) -> None:
    """Tap the speaker beside a choice: its own clip is played."""
    speaker = page.get_by_role("button", name=f"Hear “{words}”")
    with page.expect_response(re.compile(rf"/speech/en/{key}\.mp3")) as clip:
        speaker.click()
    assert clip.value.status in (200, 206)
    assert phrase_text("en", key) == words  # said in the words the picture shows


def reach_the_offer(page: Page, today: int) -> None:
    """A child one whole drill short of the mastery rule answers a drill of close pairs right
    (`today`: the server's, held still): the level-up offer at its end."""
    page.goto("/en/drill")
    add_child_with_the_voice_on(page)
    save_progress(page, one_drill_short_of_the_offer(today))
    close_drill_right(page)
    expect(page.locator(".level-offer-climb")).to_be_visible()
    offer = re.search(
        r"/speech/en/(offer-climb-close)\.mp3",
        page.locator("#drill").get_attribute("data-speech") or "",
    )
    assert offer is not None
    said = phrase_text("en", offer.group(1))
    assert "(" not in said and "counts 1" not in said  # a child's words: no brackets


@pytest.mark.parametrize("choice", ["climb", "stay"])
def test_the_level_up_and_the_end_are_chosen_by_pictures(
    page: Page, choice: str, server_day: int
) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    reach_the_offer(page, server_day)
    hear(page, "Yes, the next level!", "choice-climb")
    hear(page, "Stay on this level", "choice-stay")
    if choice == "climb":
        picture(page, "Yes, the next level!").click()
        expect(page.locator(".level-now")).to_have_text("Level: Finding the smaller card")
        expect(page.locator(".progress")).to_have_text("Question 1 of 10")
        return
    picture(page, "Stay on this level").click()
    expect(page.locator(".done-title")).to_have_text("All done!")
    hear(page, "Practise again", "choice-again")
    hear(page, "Choose other numbers", "choice-other")
    expect(picture(page, "Choose other numbers")).to_have_attribute("href", re.compile("/drill$"))
    picture(page, "Practise again").click()
    expect(page.locator(".progress")).to_have_text("Question 1 of 10")
    expect(page.locator(".level-now")).to_have_text("Level: Close numbers")
