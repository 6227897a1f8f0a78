"""A child taps "Turn cards" every 1.2 s with the voice on (issue 32).

Each battle's clips start with the page's own comparison sentence, so however soon the next
tap cuts the voice, every battle's sentence is asked for; and once the child stops, the last
battle's clips are said to their end. The clips are served here (page.route) as a short real
MP3, so what the page asks for is seen in order and each clip really plays and ends; the taps
keep their 1.2 s on the page's clock.
"""

from __future__ import annotations

import html
import re

from playwright.sync_api import Page, Route, expect

from kidswar.sound.phrases import phrase_text

from .browserhelpers import TURN_CARDS, next_battle, start_easy, wait_for_battle_after
from .speech_support import CLIP, RECORD_ENDED, clip_of

BATTLES = 20
TAP_EVERY_MS = 1200


def key_of(address: str) -> str:
    """The phrase key of an English clip's address."""
    lang, key = clip_of(address).split("/")
    assert lang == "en", address
    return key


def test_tapping_every_second_still_says_each_battles_sentence(
    page: Page, short_clip: bytes
) -> None:
    asked: list[str] = []

    def serve(route: Route) -> None:
        asked.append(key_of(route.request.url))
        route.fulfill(status=200, body=short_clip, headers={"Content-Type": "audio/mpeg"})

    page.clock.install()
    page.add_init_script(RECORD_ENDED)
    page.route(CLIP, serve)
    start_easy(page)
    page.get_by_role("button", name="Read aloud").click()
    expect(page.get_by_role("button", name="Read aloud")).to_have_attribute("aria-pressed", "true")
    battles: list[list[str]] = []
    for _tap in range(BATTLES):
        before = next_battle(page)
        page.get_by_role("button", name=TURN_CARDS).click()
        wait_for_battle_after(page, before)
        table = page.locator("#table")
        keys = [key_of(url) for url in (table.get_attribute("data-speech") or "").split()]
        first = page.locator("#said .sentence").first.inner_text()
        # The first clip is the sentence the page shows first, word for word.
        assert phrase_text("en", keys[0]) == html.unescape(first).strip()
        battles.append(keys)
        if table.get_attribute("data-over") == "yes":
            break
        page.clock.run_for(TAP_EVERY_MS)  # the child's next tap, 1.2 s later
    assert len(battles) == BATTLES
    for keys in battles:  # each battle's sentence was asked for, however soon the next tap came
        assert keys[0] in asked
    last = battles[-1]
    # Once the child stops, the last battle is said to its end: every clip, in order, ended.
    expect(page.locator("#table")).to_have_attribute("data-speech", re.compile(last[-1]))
    said_to_the_end = " ".join(f"en/{key}" for key in last)
    expect(page.locator("html")).to_have_attribute(
        "data-ended", re.compile("(^| )" + re.escape(said_to_the_end) + "$")
    )
    assert asked[-len(last) :] == last
