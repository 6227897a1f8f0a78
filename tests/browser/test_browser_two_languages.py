"""The two-language table in the browser (issue 36).

A family between two languages (Turkish at home, German at school; Spanish and French) plays an
easy game by taps with `?also=`: after every battle the table shows its comparison sentence in
the page's language and the second one beneath it, each in its own `lang`, and the voice asks
for both clips, the page's first. The device keeps the choice (a cookie) between visits, the
menu changes it, `?also=` forgets it. axe finds nothing on the two-language menu, table,
practice table and drill.

The clips are served here (page.route) as a short real MP3, so what the page asks for is seen
in order and each clip plays and ends; the page itself writes each clip that ended on
<html data-ended> (an init script: the pages' CSP forbids the eval of wait_for_function).
"""

from __future__ import annotations

import html
import re

import pytest
from flask import Flask
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from kidswar.sound.phrases import phrase_text
from kidswar.words import catalogs

from .browserhelpers import (
    SIZES,
    VIEWPORTS,
    check_axe,
    is_over,
    next_battle,
    open_table,
    set_up_dealt,
    wait_for_battle_after,
    wait_for_new_table,
)
from .speech_support import CLIP, RECORD_ENDED, clip_of, ended_count

BATTLES = 6
TYPED_NAME = "Ada"  # shown in both languages, said in neither (the seat's own name is said)


def text_of(sentence: Locator) -> str:
    """A shown sentence's words, as a reader sees them."""
    return html.unescape(sentence.inner_text()).strip()


def start_easy_by_taps(page: Page, lang: str, also: str) -> None:
    """From `/{lang}/?also={also}`, the easy game's tile and its form's defaults, as a parent
    taps them in the page's language, the child's name typed; switch the voice on."""
    t = catalogs.load(lang)
    page.goto(f"/{lang}/?also={also}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.locator(f'a.choice[href="/{lang}/easy"]').click()
    page.locator("#name-1").fill(TYPED_NAME)
    page.get_by_role("button", name=t.gettext("Start the game")).click()
    wait_for_new_table(page)
    read_aloud = page.get_by_role("button", name=t.gettext("Read aloud"))
    read_aloud.click()
    expect(read_aloud).to_have_attribute("aria-pressed", "true")


@pytest.mark.parametrize(("lang", "also"), [("tr", "de"), ("es", "fr")])
def test_each_battle_is_shown_and_said_in_both_languages(
    page: Page, short_clip: bytes, lang: str, also: str
) -> None:
    asked: list[str] = []

    def serve(route: Route) -> None:
        asked.append(clip_of(route.request.url))
        route.fulfill(status=200, body=short_clip, headers={"Content-Type": "audio/mpeg"})

    page.add_init_script(RECORD_ENDED)
    page.route(CLIP, serve)
    start_easy_by_taps(page, lang, also)
    expect(page.locator("html")).to_have_attribute("data-ended-count", "1")  # "The voice is on."
    turn_cards = page.get_by_role("button", name=catalogs.load(lang).gettext("Turn cards"))
    for _battle in range(BATTLES):
        before, ended, fetched = next_battle(page), ended_count(page), len(asked)
        turn_cards.click()
        wait_for_battle_after(page, before)
        # The battle's first sentence (its comparison, or the tie that starts a war), then
        # its twin beneath it: each in its own language.
        first = page.locator("#said > p.sentence").first
        twin = page.locator("#said > p.sentence + p.sentence.also").first
        expect(first).to_have_attribute("lang", lang)
        expect(twin).to_have_attribute("lang", also)
        shown, shown_twin = text_of(first), text_of(twin)
        assert shown != shown_twin
        # What the page says for the battle, in order: that sentence's own clip in the page's
        # language first, its twin's in the second language next.
        speech = page.locator("#table").get_attribute("data-speech") or ""
        clips = [clip_of(url) for url in speech.split()]
        key = clips[0].split("/", 1)[1]
        assert clips[:2] == [f"{lang}/{key}", f"{also}/{key}"], clips
        assert phrase_text(lang, key) == shown
        assert phrase_text(also, key) == shown_twin
        # Every clip was asked for and played to its end, in that order, before the next tap.
        expect(page.locator("html")).to_have_attribute("data-ended-count", str(ended + len(clips)))
        assert asked[fetched:] == clips
        ended_now = (page.locator("html").get_attribute("data-ended") or "").split()
        assert ended_now[-len(clips) :] == clips
        for clip in clips:
            assert TYPED_NAME not in phrase_text(*clip.split("/", 1)), clip
        if page.locator("#said .sentence bdi", has_text=TYPED_NAME).count():
            named = page.locator(f'#said .sentence.also[lang="{also}"] bdi', has_text=TYPED_NAME)
            expect(named).to_have_count(1)  # who takes the cards, in the second language too
        if is_over(page):
            break
    assert next_battle(page) > 2, "the game ended before a second battle"


def second_language_menu(page: Page) -> Locator:
    """The language menu's list of second languages, the menu opened."""
    page.locator(".lang-menu > summary").click()
    return page.locator('ul[aria-labelledby="also-title"]')


def test_the_menu_chooses_it_a_new_visit_keeps_it_and_an_empty_also_clears_it(
    context: BrowserContext, page: Page
) -> None:
    de = catalogs.load("de")
    page.goto("/tr/")
    choices = second_language_menu(page)
    expect(choices.locator("a[aria-current]")).to_have_count(1)  # "none" until chosen
    choices.get_by_role("link", name="Deutsch").click()
    expect(page.locator(".also-mark abbr[lang=de]")).to_have_text("DE")
    # A new visit on the same device (a new page of the same browser) keeps it: the table
    # shows each battle's sentence in German too.
    later = context.new_page()
    later.goto("/tr/easy")
    later.get_by_role("button", name=catalogs.load("tr").gettext("Start the game")).click()
    wait_for_new_table(later)
    table = later.url
    expect(second_language_menu(later).get_by_role("link", name="Deutsch")).to_have_attribute(
        "aria-current", "true"
    )
    later.locator(".lang-menu > summary").click()  # closed again
    before = next_battle(later)
    later.get_by_role("button", name=catalogs.load("tr").gettext("Turn cards")).click()
    wait_for_battle_after(later, before)
    expect(later.locator('#said p.sentence.also[lang="de"]').first).to_be_visible()
    expect(later.locator('#said p.sentence.also[lang="de"]').first).not_to_be_empty()
    # `?also=` forgets it: this page, the next visit and the cookie.
    later.goto(f"{table}?also=")
    expect(later.locator('#said p.sentence[lang="tr"]')).to_have_count(0)
    expect(later.locator("#said p.sentence").first).to_be_visible()
    expect(later.locator("#said .also")).to_have_count(0)
    assert not [cookie for cookie in context.cookies() if cookie["name"] == "also"]
    page.goto(table)
    expect(page.locator("#said .also")).to_have_count(0)
    expect(page.locator(".also-mark")).to_have_count(0)
    # Chosen again by an address, in another language: the page's language stays the page's.
    page.goto(f"{table.replace('/tr/', '/de/')}?also=tr")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator('#said p.sentence.also[lang="tr"]').first).to_be_visible()
    expect(page.get_by_role("button", name=de.gettext("Turn cards"))).to_be_visible()


@pytest.fixture(params=SIZES)
def sized_page(request: pytest.FixtureRequest, page: Page) -> Page:
    """The page at a phone size (390x844) or a small laptop size (1024x768, the slow run)."""
    page.set_viewport_size(VIEWPORTS[request.param])
    return page


def test_two_language_pages_pass_axe(sized_page: Page, live_app: Flask) -> None:
    """The menu with a second language chosen, a table after a battle, a practice table's
    question and wrong reply, and the drill's question and reply: Turkish with German."""
    page = sized_page
    tr = catalogs.load("tr")
    page.goto("/tr/?also=de")
    second_language_menu(page)
    expect(page.locator(".lang-panel")).to_be_visible()
    check_axe(page, "the language menu with a second language")

    # The Turkish easy page as it comes, its Practice box ticked (set up without its form).
    practice = {"practice": "on"}
    open_table(
        page,
        set_up_dealt(
            page, live_app, [["7H", "2C", "9D"], ["4S", "3C", "8D"]], "/tr/easy", **practice
        ),
    )
    check_axe(page, "a two-language practice table before its first battle")
    before = next_battle(page)
    page.get_by_role("button", name=tr.gettext("Turn cards")).click()
    wait_for_battle_after(page, before)
    expect(page.locator('.question-text.also[lang="de"]')).to_be_visible()
    check_axe(page, "a two-language practice question")
    page.locator('button[value="lt"]').click()  # wrong: 7 > 4
    expect(page.locator('.reply-wrong .sentence.also[lang="de"]').first).to_be_visible()
    check_axe(page, "a two-language practice reply")
    page.get_by_role("button", name=tr.gettext("Turn cards")).click()
    expect(page.locator('.question-text.also[lang="de"]')).to_be_visible()

    page.goto("/tr/easy")
    page.get_by_role("button", name=tr.gettext("Start the game")).click()
    wait_for_new_table(page)
    play_one = page.get_by_role("button", name=tr.gettext("Turn cards"))
    before = next_battle(page)
    play_one.click()
    wait_for_battle_after(page, before)
    expect(page.locator('#said .sentence.also[lang="de"]').first).to_be_visible()
    check_axe(page, "a two-language table after a battle")

    page.goto("/tr/drill")
    page.get_by_role("button", name=tr.gettext("Start practising")).click()
    page.wait_for_url(re.compile(r"/drill/play$"))
    expect(page.locator('.question-text.also[lang="de"]')).to_be_visible()
    check_axe(page, "a two-language drill question")
    page.locator('.drill button[value="gt"]').click()
    expect(page.locator('.reply .sentence.also[lang="de"]').first).to_be_visible()
    check_axe(page, "a two-language drill reply")
