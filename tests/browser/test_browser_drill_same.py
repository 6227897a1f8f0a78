"""Ties taught (issue 31): on a 360x640 phone, a child who does not know "=" taps "The same"
on two cards of one value and is told it is right, with what "=" means, said as shown.

The test reads the numbers the page shows (the sign row's), so it knows when a pair is a tie;
the page never decides.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from kidswar.sound.phrases import phrase_text

PHONE = {"width": 360, "height": 640}


def numbers(page: Page) -> tuple[int, int]:
    """The two numbers of the question now, as the sign row names them."""
    shown = page.locator(".signs .sign-number").all_text_contents()
    assert len(shown) == 2, shown
    return int(shown[0]), int(shown[1])


def test_the_same_answers_a_tie_and_the_reply_says_what_equals_means(page: Page) -> None:
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    page.goto("/en/drill")
    page.evaluate(
        """async () => {
            const store = await import("/static/children.mjs");
            store.addChild("cat", "Ana");
            localStorage.setItem("kidswar-speech", "on");
        }"""
    )
    page.goto("/en/drill")
    page.get_by_role("radio", name=re.compile("^Close numbers")).check()
    page.locator("#drill-start button[type=submit]").click()
    page.wait_for_url(re.compile(r"/drill/play$"))
    ties = 0
    for _question in range(40):  # four drills at most
        expect(page.locator(".signs, .done-title")).to_be_visible()
        if page.locator(".done-title").count():
            page.get_by_role("button", name="Practise again", exact=True).click()
        expect(page.locator(".signs")).to_be_visible()
        same = page.locator(".drill-same-pair .button.same")
        expect(same).to_have_accessible_name("The same")
        box = same.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, box
        assert box["y"] + box["height"] <= PHONE["height"], box  # on the first screen
        left, right = numbers(page)
        if left != right:
            page.keyboard.press(">" if left > right else "<")
            expect(page.locator(".reply-right")).to_be_visible()
        else:
            ties += 1
            speaker = page.get_by_role("button", name="Hear “The same”")
            expect(speaker).to_have_attribute("data-speak", re.compile(r"/speech/en/the-same\."))
            if ties == 1:  # heard (once: the browser keeps the clip), then tapped
                with page.expect_response(re.compile(r"/speech/en/the-same\.mp3")) as clip:
                    speaker.click()
                assert clip.value.status in (200, 206)
                same.click()
            else:  # reached by the keyboard
                for _tab in range(40):
                    if same.evaluate("(button) => document.activeElement === button"):
                        break
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")
            expect(page.locator(".reply-right")).to_be_visible()
            sentence = page.locator(".reply .practice-sentence")
            expect(sentence).to_have_text(re.compile(r"^The cards are the same\. \w+ is equal"))
            expect(page.locator(".reply .chain-line")).to_have_text(f"{left} = {left}")
            speech = page.locator("#drill").get_attribute("data-speech") or ""
            said = re.findall(r"/speech/en/([a-z0-9-]+)\.mp3", speech)
            assert said[-1] == f"same-cards-{left}", said
            assert phrase_text("en", said[-1]) == sentence.text_content()
            if ties == 2:
                break
        offer = page.locator(".offer-buttons")
        if offer.count():
            offer.get_by_role("button", name="Stay on this level", exact=True).click()
        else:
            page.locator("#drill-next").get_by_role("button").click()
    assert ties == 2
