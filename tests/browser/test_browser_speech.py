"""Speech in the browser: switched on, a battle plays its own clip, and rules are read aloud."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Page, expect

from .browserhelpers import TURN_CARDS, next_battle, start_easy, wait_for_battle_after


def test_with_speech_on_a_battle_plays_its_clip(page: Page) -> None:
    start_easy(page)
    toggle = page.get_by_role("button", name="Read aloud")
    expect(toggle).to_have_attribute("aria-pressed", "false")  # off until switched on
    with page.expect_response(re.compile(r"/speech/en/voice-on\.mp3")) as said:
        toggle.click()  # switched on, the voice says so first
    assert said.value.status in (200, 206)
    expect(toggle).to_have_attribute("aria-pressed", "true")
    before = next_battle(page)
    with page.expect_response(re.compile(r"/speech/en/[a-z0-9-]+\.mp3")) as clip:
        page.get_by_role("button", name=TURN_CARDS).click()
    wait_for_battle_after(page, before)
    response = clip.value
    # 206: the browser asks for the audio in ranges, as media elements do.
    assert response.status in (200, 206) and response.headers["content-type"] == "audio/mpeg"
    address = urlsplit(response.url)
    spoken = (page.locator("#table").get_attribute("data-speech") or "").split()
    assert f"{address.path}?{address.query}" == spoken[0]
    expect(page.locator("#speech-unavailable")).to_be_hidden()
    page.reload()  # the choice is remembered on this device
    expect(page.get_by_role("button", name="Read aloud")).to_have_attribute("aria-pressed", "true")


def test_read_all_reads_the_easy_rules_step_by_step(page: Page) -> None:
    page.goto("/en/rules/easy")
    with page.expect_response(re.compile(r"/speech/en/rules-war-easy-1\.mp3")) as clip:
        page.get_by_role("button", name="Read all").click()
    assert clip.value.status in (200, 206)
    expect(page.locator(".steps-list li.reading")).to_have_count(1)
    expect(page.locator(".steps-list li").first).to_have_class(re.compile("reading"))


def test_a_second_tap_on_read_all_stops_the_voice(page: Page) -> None:
    # Issue 32: a second tap started the reading again from step 1; now the button says "Stop"
    # while it reads, and a tap on it stops the voice (no step is marked as read any more).
    asked: list[str] = []
    page.on(
        "request", lambda request: asked.append(request.url) if "/speech/" in request.url else None
    )
    page.goto("/en/rules/easy")
    read_all = page.get_by_role("button", name="Read all")
    with page.expect_response(re.compile(r"/speech/en/rules-war-easy-1\.mp3")):
        read_all.click()
    stop = page.get_by_role("button", name="Stop")
    expect(stop).to_be_visible()
    expect(stop).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".steps-list li.reading")).to_have_count(1)
    stop.click()
    expect(page.locator(".steps-list li.reading")).to_have_count(0)
    expect(page.get_by_role("button", name="Read all")).to_have_attribute("aria-pressed", "false")
    assert [url for url in asked if "rules-war-easy-1." in url][:1]  # read from its first step
    assert not [url for url in asked if "rules-war-easy-7." in url]  # and stopped before its end
