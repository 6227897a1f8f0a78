"""The pages a parent or teacher reads fit the phones and tablets they hold, and every control
on them is a target a finger can hit (44 px), in every language (found using the merged app by
hand: the setup pages scrolled sideways on a 360 px phone, the practice level's list was 19 px
high, the progress link and the short rules links were thin)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from kidswar.sound.phrases import phrase_text
from kidswar.words import catalogs
from kidswar.words.catalogs import load
from kidswar.words.isolate import isolate

TARGET = 44  # px: the smallest a finger's target may be
PAGES = ("", "easy", "full", "drill", "rules/", "rules/peace")
# English and the longest words (German) in every run, the others in the slow run.
LANGUAGES = [
    pytest.param(language, marks=[] if language in ("en", "de") else pytest.mark.slow)
    for language in catalogs.LANGUAGES
]

# Every control that is not a link inside a sentence (WCAG's inline exception), with its size
# (a checkbox or radio counts the label around it, which is what a finger presses).
SMALL_TARGETS = """(target) => {
  const small = [];
  for (const element of document.querySelectorAll("a, button, input, select, summary")) {
    if (element.closest(".skip, .visually-hidden, [hidden]")) { continue; }
    let box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) { continue; }
    const label = element.closest("label");
    if (label) { box = label.getBoundingClientRect(); }
    const style = getComputedStyle(element);
    const sentence = element.parentElement.textContent.trim();
    const inline = element.tagName === "A" && style.display === "inline"
      && sentence.length > element.textContent.trim().length + 3;
    if (!inline && (box.width < target - 0.5 || box.height < target - 0.5)) {
      small.push(`${element.tagName} "${element.textContent.trim().slice(0, 30)}" `
        + `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
def test_pages_fit_a_small_phone_with_big_targets(page: Page, language: str) -> None:
    """At 360x640 no page is wider than the screen, and no control is smaller than 44 px."""
    page.set_viewport_size({"width": 360, "height": 640})
    for address in PAGES:
        page.goto(f"/{language}/{address}")
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= 360, f"/{language}/{address} is {wide} px wide on a 360 px phone"
        small = page.evaluate(SMALL_TARGETS, TARGET)
        assert not small, f"/{language}/{address}: targets under {TARGET} px: {small}"


def test_the_practice_tile_goes_on_at_the_childs_own_level(page: Page) -> None:
    """A child who cannot read taps the "3 < 5" tile and is at the first question at once, on
    the level this device keeps for the current child (not the start page's list of levels)."""
    page.goto("/en/")
    page.locator("#picker-list button").first.click()  # the cat: a new child, chosen
    tile = page.get_by_role("listitem").filter(has=page.locator('[data-picture="practice"]'))
    tile.locator(".tile-go").click()
    expect(page.locator(".progress")).to_have_text("Question 1 of 10")
    expect(page.locator(".level-now")).to_have_text("Level: First numbers (1 to 5)")
    # A grown-up chooses another level on the start page; the child's device keeps it.
    page.goto("/en/drill")
    page.get_by_role("radio", name=re.compile("^Close numbers")).check()
    page.locator("#drill-start button[type=submit]").click()
    page.wait_for_url(re.compile(r"/drill/play$"))  # loaded: the keys are listened to
    expect(page.locator(".level-now")).to_have_text("Level: Close numbers")
    page.keyboard.press("=")  # any answer: the child's progress is kept with its level
    expect(page.locator(".reply")).to_be_visible()
    page.goto("/en/")
    tile.locator(".tile-go").click()
    expect(page.locator(".progress")).to_have_text("Question 1 of 10")
    expect(page.locator(".level-now")).to_have_text("Level: Close numbers")


@pytest.mark.parametrize("language", ["en", "tr"])
def test_a_child_who_taps_its_animal_hears_who_is_playing(page: Page, language: str) -> None:
    """With the voice on, a tap on an animal says the status it shows ("Cat is playing now."),
    with the animal's name where the status shows a typed name; with the voice off, nothing."""
    page.goto(f"/{language}/")
    page.evaluate(
        """() => {
            window.kidswarPlayed = [];
            const play = window.kidswarSpeech.play;
            window.kidswarSpeech.play = (items) => {
                window.kidswarPlayed.push(...items.map((item) => item.url || item));
                return play(items);
            };
        }"""
    )
    page.locator("#picker-list button").first.click()  # the voice is off: nothing is said
    expect(page.locator("#picker-status")).not_to_be_empty()
    assert page.evaluate("window.kidswarPlayed") == []
    page.locator("#speech-first").click()  # "The voice is on."
    page.locator("#picker-name summary").click()
    page.locator("#picker-name-input").fill("Ada")
    page.locator("#picker-name-save").click()
    page.locator("#picker-list button.picker-new").first.click()  # a new child: the dog
    page.locator("#picker-list button").first.click()  # Ada, the cat, again
    shown = page.locator("#picker-status")
    expect(shown).to_contain_text("Ada")
    played = [url.split("?")[0] for url in page.evaluate("window.kidswarPlayed")]
    assert played == [  # ("The voice is on." is played inside speech.js, not through play)
        f"/speech/{language}/playing-dog.mp3",
        f"/speech/{language}/playing-cat.mp3",
    ]
    catalog = load(language)
    said = phrase_text(language, "playing-cat")
    assert said == catalog.gettext("%(child)s is playing now.") % {
        "child": catalog.pgettext("animal", "Cat")
    }
    # What is shown is the same sentence, with the typed name (isolated) beside the animal.
    expect(shown).to_have_text(
        catalog.gettext("%(child)s is playing now.")
        % {
            "child": catalog.gettext("%(name)s (%(animal)s)")
            % {"name": isolate("Ada"), "animal": catalog.pgettext("animal", "Cat")}
        }
    )
