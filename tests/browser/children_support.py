"""The children kept on a browser (static/children.mjs), for the browser tests: a child added
and chosen, its progress as the browser keeps it, a day passed for it, and a whole drill of
close pairs answered right."""

from __future__ import annotations

import random
import re
from typing import Any

from playwright.sync_api import Page, expect
from progress_days import a_day_earlier

from kidswar.game.ladder import DRILL_QUESTIONS
from kidswar.game.progress import Progress
from kidswar.words.catalogs import load
from kidswar.words.levels import level_names

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}


def count_persist_requests(page: Page) -> None:
    """From the next page on, navigator.storage.persist() (the browser asked to keep the
    children's progress) answers yes and counts its calls in window.kidswarPersistAsked."""
    page.add_init_script(
        """(() => {
            window.kidswarPersistAsked = 0;
            if (navigator.storage) {
                navigator.storage.persist = () => {
                    window.kidswarPersistAsked += 1;
                    return Promise.resolve(true);
                };
            }
        })();"""
    )


def add_child(page: Page, animal: str = "cat", name: str = "Ana") -> None:
    """A child on this device, chosen, as the picker makes one (children.mjs)."""
    page.evaluate(
        """async ([animal, name]) => {
            const store = await import("/static/children.mjs");
            store.addChild(animal, name);
        }""",
        [animal, name],
    )


def stored_progress(page: Page) -> Any:
    """The current child's progress as this browser keeps it."""
    return page.evaluate(
        """async () => {
            const store = await import("/static/children.mjs");
            const child = store.currentChild();
            return child ? store.progressOf(child.id) : null;
        }"""
    )


def save_progress(page: Page, progress: dict[str, Any]) -> None:
    """Keep `progress` (as `Progress.to_json` writes it) as the current child's, on this
    browser."""
    page.evaluate(
        """async (progress) => {
            const store = await import("/static/children.mjs");
            store.saveProgress(store.currentChild().id, progress);
        }""",
        progress,
    )


def pass_a_day(page: Page) -> None:
    """Tomorrow for the current child: the days its progress keeps moved back by one."""
    save_progress(page, a_day_earlier(stored_progress(page)))


# A whole drill's close pairs (the level of close numbers: one or two apart, and a tie), as a
# child who answers them all right meets them.
CLOSE_PAIRS = ((7, 8), (5, 3), (9, 9), (2, 4), (6, 5), (10, 9), (3, 4), (8, 6), (1, 2), (4, 6))


def one_drill_short_of_the_offer(today: int) -> dict[str, Any]:
    """The progress of a child on the level of close numbers who answered three whole drills
    right, two yesterday and one `today` (the server's: the `server_day` fixture), as the
    drill page records them: the mastery rule (docs/learning.md) offers the next level at the
    end of one more such drill today. `test_a_child_climbs_a_level_and_keeps_it` plays the
    four drills through the page."""
    assert len(CLOSE_PAIRS) == DRILL_QUESTIONS
    progress, rng = Progress().choose("close"), random.Random(0)  # right answers draw nothing
    for day in (today - 1, today - 1, today):
        for number, values in enumerate(CLOSE_PAIRS, start=1):
            progress = progress.record(values, True, day, rng, number)
    return progress.to_json()


def numbers(page: Page) -> tuple[int, int]:
    """The two numbers of the question now, as the sign row names them (in any language)."""
    shown = page.locator(".signs .sign-number").all_text_contents()
    assert len(shown) == 2, shown
    return int(shown[0]), int(shown[1])


def start_level(page: Page, lang: str, level: str) -> None:
    """Start a drill on a level (a rung's key), from the start page: the radio named so."""
    page.goto(f"/{lang}/drill")
    name = level_names(load(lang))[level].replace("\u00a0", " ")  # names read spaces plainly
    page.get_by_role("radio", name=re.compile(f"^{re.escape(name)}")).check()
    page.locator("#drill-start button[type=submit]").click()
    page.wait_for_url(re.compile(r"/drill/play$"))  # loaded: the keys are listened to


def close_drill_right(page: Page) -> None:
    """Start a drill of close pairs and answer all of it right, by keyboard, as a child's
    progress is kept after each answer; the offer, if any, left on the last reply."""
    start_level(page, "en", "close")
    for number in range(1, DRILL_QUESTIONS + 1):
        expect(page.locator(".progress")).to_have_text(f"Question {number} of 10")
        expect(page.locator(".level-now")).to_have_text("Level: Close numbers")
        left, right = numbers(page)
        assert abs(left - right) <= 2  # the level of close pairs
        if number == 1:
            expect(page.locator(".adult-prompt")).to_contain_text("Ask: “How do you know?”")
        page.keyboard.press("=" if left == right else "1" if left > right else "2")
        expect(page.locator(".reply-right")).to_be_visible()
        kept = stored_progress(page)
        assert kept["rung"] == "close" and kept["attempts"][-1][4] == number  # kept each time
        if number < DRILL_QUESTIONS:
            expect(page.locator(".level-offer")).to_have_count(0)
            page.keyboard.press("Enter")
