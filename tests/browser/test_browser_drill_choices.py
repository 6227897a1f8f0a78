"""The drill's choices are pictures a child taps, each with a speaker that names it (issue 32).

With the voice on, on a 360x640 phone: two drills of close pairs answered right on each of two
days bring the level-up offer, said without brackets; each choice's speaker says its words; a tap on
a picture climbs, or stays and reaches "All done!", whose pictures (practise again, other
numbers) speak too.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from kidswar.sound.phrases import phrase_text

from .children_support import pass_a_day

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


def close_drill_right(page: Page) -> None:
    """A whole drill of close pairs answered right, each "Next question" tapped."""
    page.goto("/en/drill")
    page.get_by_role("radio", name=re.compile("^Close numbers")).check()
    page.locator("#drill-start button[type=submit]").click()
    page.wait_for_url(re.compile(r"/drill/play$"))
    for number in range(1, 11):
        expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
        left, right = (int(n) for n in page.locator(".signs .sign-number").all_text_contents())
        page.keyboard.press("=" if left == right else ">" if left > right else "<")
        expect(page.locator(".reply-right")).to_be_visible()
        if number < 10:
            page.locator("#drill-next").get_by_role("button").click()


def reach_the_offer(page: Page) -> None:
    """Two whole drills of close pairs answered right on each of two days (the mastery rule):
    the level-up offer at the end of the fourth."""
    page.goto("/en/drill")
    add_child_with_the_voice_on(page)
    close_drill_right(page)
    close_drill_right(page)
    pass_a_day(page)
    close_drill_right(page)
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
def test_the_level_up_and_the_end_are_chosen_by_pictures(page: Page, choice: str) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    reach_the_offer(page)
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
