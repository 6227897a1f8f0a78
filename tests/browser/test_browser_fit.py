"""A table that fits: on a phone both turned cards, what they say and "Turn cards" are on the
screen after every turn, war included, and the view never jumps; four players fit a tablet."""

from __future__ import annotations

import re
from typing import Any

import pytest
from deals import redeal, whole_deck, with_wars
from flask import Flask
from playwright.sync_api import Page, expect

from kidswar.game.rules import Variant
from kidswar.words.catalogs import LANGUAGES

from .browserhelpers import (
    PEACE_LETTERS,
    Photograph,
    check_axe,
    game_id,
    next_battle,
    open_table,
    set_up_dealt,
    set_up_table,
    start_easy,
    table,
    table_id,
)
from .practice_support import start_practice, values

# Turns checked after each deal: its wars come in the first six (`with_wars`, or `war_at`);
# the ordinary turns between are the same layout again (ten cost a fifth more CPU).
TURNS = 6
# Everything the child must see after a turn: the cards turned (war cards too, face down and
# up), what is said about them, and the button.
MUST_SEE = ".showing .card, .backs .card, .war-up .card, .said .sentence, .controls .primary"


def layout(page: Page, selector: str = MUST_SEE) -> dict[str, Any]:
    """Where the things a child must see are, and how far the page is scrolled."""
    seen: dict[str, Any] = page.evaluate(
        """(selector) => ({
            scrolled: window.scrollY, height: window.innerHeight, width: window.innerWidth,
            // Drawn only: where one back stands for a war's cards face down, the others are
            // not drawn (display: none), and their count says how many there are.
            boxes: Array.from(document.querySelectorAll(selector))
              .filter((element) => element.getClientRects().length > 0).map((element) => {
                const box = element.getBoundingClientRect();
                // Covered: what lies on top at its middle is something else (a bar over it).
                const top = document.elementFromPoint(
                    (box.left + box.right) / 2, (box.top + box.bottom) / 2);
                return {what: element.className.baseVal ?? element.className,
                        top: box.top, bottom: box.bottom, left: box.left, right: box.right,
                        covered: top !== null && !element.contains(top)};
            }),
        })""",
        selector,
    )
    return seen


def turn_and_check(page: Page, turns: int) -> int:
    """Press Space `turns` times, as a child at a keyboard would; after each turn everything
    the child must see lies inside the viewport, uncovered, and the page has not scrolled.
    Returns the number of wars seen."""
    wars = 0
    for _turn in range(turns):
        before = next_battle(page)
        page.keyboard.press("Space")
        expect(table(page)).to_have_attribute("data-next-battle", str(before + 1))
        seen = layout(page)
        assert seen["scrolled"] == 0, f"the view jumped after battle {before}"
        for box in seen["boxes"]:
            inside = box["top"] >= 0 and box["bottom"] <= seen["height"] + 0.5
            inside = inside and box["left"] >= 0 and box["right"] <= seen["width"] + 0.5
            assert inside, (
                f"after battle {before}: {box} is outside {seen['width']}x{seen['height']}"
            )
            assert not box["covered"], f"after battle {before}: {box} is covered"
        wars += page.locator(".war-lay").count() > 0
    return wars


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_an_easy_game_fits_a_phone(page: Page, live_app: Flask, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    deal = whole_deck(2, seed=3, war_at=4)  # the deal is of the whole deck
    open_table(page, set_up_dealt(page, live_app, deal, "/en/easy", deck="full"))
    assert turn_and_check(page, TURNS) >= 1  # the war of battle 4 fitted too


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_an_easy_game_with_its_clock_fits_a_phone_in_long_languages(
    page: Page, live_app: Flask, lang: str
) -> None:
    """The easy game's default 10 minutes: the clock is one slim strip above the table, so with
    the longer Spanish and French sentences a war and "Turn cards" still fit 360x640."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/{lang}/easy")
    page.locator('input[name="deck"][value="full"]').check()  # the deal is of the whole deck
    page.locator("form button[type=submit]").last.click()  # else the defaults, the clock on
    page.wait_for_url("**/game/**")
    redeal(live_app.config["DATABASE"], game_id(page), whole_deck(2, seed=3, war_at=4))
    page.reload()
    countdown = page.locator(".table-clock .countdown")
    expect(countdown).to_have_attribute("data-state", "running")
    expect(countdown.get_by_role("progressbar")).to_be_visible()
    assert turn_and_check(page, 5) >= 1  # the war of battle 4
    box = countdown.bounding_box()
    assert box is not None and box["y"] >= 0 and box["height"] <= 32  # in sight, and slim


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
@pytest.mark.parametrize("variant", ["three-down", "peace"])
def test_a_war_with_many_cards_down_fits_a_phone(
    page: Page, live_app: Flask, variant: str, width: int, height: int
) -> None:
    """Three cards face down (Three down), or five lettered P-E-A-C-E: they lie in a row across
    the seat, so the war still fits the screen with "Turn cards" under it."""
    page.set_viewport_size({"width": width, "height": height})
    deal = whole_deck(2, seed=3, war_at=4)
    open_table(page, set_up_dealt(page, live_app, deal, variant=variant))
    assert turn_and_check(page, 5) >= 1  # the war of battle 4


def in_sight(page: Page, selector: str) -> bool:
    """True if the element is wholly inside the viewport as the page is scrolled now."""
    box: dict[str, float] = page.locator(selector).evaluate(
        "(element) => { const b = element.getBoundingClientRect();"
        " return {top: b.top, bottom: b.bottom}; }"
    )
    return box["top"] >= 0 and box["bottom"] <= page.viewport_size["height"] + 0.5  # type: ignore[index]


def test_the_end_of_a_game_comes_into_sight_on_a_phone(page: Page, live_app: Flask) -> None:
    """A war ends the game: under its cards and sentences the end (who won, "Play again")
    would lie below a 360x640 screen, so the view moves to it, this once."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_table(
        page, set_up_dealt(page, live_app, [["7H", "2C", "3D"], ["7S", "3C", "4D"]], "/en/easy")
    )
    page.keyboard.press("Space")
    expect(page.locator(".end")).to_be_visible()
    expect(page.locator(".end button")).to_be_focused()
    assert in_sight(page, ".end")
    assert page.evaluate("window.scrollY") > 0  # it was below the screen


def test_four_players_fit_a_tablet(page: Page, live_app: Flask) -> None:
    page.set_viewport_size({"width": 768, "height": 1024})
    deal = whole_deck(4, seed=5, war_at=2)
    open_table(page, set_up_dealt(page, live_app, deal, players="4"))
    assert turn_and_check(page, TURNS) >= 1


@pytest.mark.parametrize("lang", ["tr", "fr", "es"])
def test_four_seats_names_keep_one_line_on_a_tablet(page: Page, live_app: Flask, lang: str) -> None:
    """At 768 px "Bilgisayar 2" broke before its number, and the four stacks stood at two
    heights."""
    page.set_viewport_size({"width": 768, "height": 1024})
    address = set_up_table(page, f"/{lang}/full", players="4")
    page.goto(address)
    names = page.locator(".seat-name")
    expect(names).to_have_count(4)
    heights = [box["height"] for box in (name.bounding_box() for name in names.all()) if box]
    line = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.seat-name')).lineHeight)"
        " || 1.2 * parseFloat(getComputedStyle(document.querySelector('.seat-name')).fontSize)"
    )
    assert len(heights) == 4 and max(heights) < 1.5 * line, (heights, line)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_table_is_no_wider_than_a_phone_in_every_language(
    page: Page, live_app: Flask, lang: str
) -> None:
    """The header (brand, Rules, the speaker, the language menu) and the table fit 360 px: a
    page that scrolls sideways hides the language menu's edge and shakes under a child's thumb."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(f"/{lang}/easy")
    page.locator("form button[type=submit]").last.click()
    page.wait_for_url("**/game/**")
    expect(page.locator("#table")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_pages_with_a_second_language_are_no_wider_than_a_phone(page: Page) -> None:
    """Issue 36: the language menu says "Español + FR"; beside the brand and the speaker (a
    table), or the brand and "Rules" (the home page, the rules), it still fits 360 px in every
    language, with the second language whose name is longest."""
    page.set_viewport_size({"width": 360, "height": 640})
    start_easy(page)
    table = f"/game/{game_id(page)}"
    for lang, also in [("en", "fr"), ("tr", "de"), ("de", "fr"), ("es", "fr"), ("fr", "de")]:
        for path in (table, "/", "/rules/easy"):
            page.goto(f"/{lang}{path}?also={also}")
            expect(page.locator(f'.also-mark abbr[lang="{also}"]')).to_be_visible()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"/{lang}{path}?also={also} is {width} px wide"
            menu = page.locator(".lang-menu > summary").bounding_box()
            assert menu is not None and menu["x"] + menu["width"] <= 360, (lang, path, menu)


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_no_bar_covers_a_long_practice_reply(
    page: Page, live_app: Flask, width: int, height: int
) -> None:
    """A wrong answer's reply (what was chosen, the cards counted, a number line) is taller than
    a 360x640 phone: nothing sticks over it, at any place the child scrolls to, and "Turn
    cards" follows it, with the focus (Space turns); the view stays where the reply starts.
    The drill's "Next question" follows its reply the same way: no bar sticks over the
    counting on or the offers, and the focus lets Space go on."""
    page.set_viewport_size({"width": width, "height": height})
    start_practice(page)
    redeal(live_app.config["DATABASE"], game_id(page), [["QC", "2D", "3D"], ["AS", "4D", "5D"]])
    page.reload()
    page.keyboard.press("Space")
    expect(page.locator(".question-text")).to_be_visible()
    page.locator('button[value="gt"]').click()  # 12 > 14 is not true
    expect(page.locator(".reply-wrong .number-line")).to_be_attached()
    expect(page.locator(".controls .primary")).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    if height < 700:
        assert not in_sight(page, ".reply")  # taller than the screen
    bottom = page.evaluate("document.documentElement.scrollHeight - window.innerHeight")
    for y in range(0, bottom + 1, 120):  # every place the child may scroll to
        page.evaluate(f"window.scrollTo(0, {y})")
        assert covered_on_screen(page) == [], f"scrolled to {y}"
    check_axe(page, f"a long practice reply on a {width}x{height} phone")
    page.evaluate("window.scrollTo(0, 0)")
    before = next_battle(page)
    page.locator(".controls .primary").click()  # scrolled into reach, as a child's finger does
    expect(table(page)).to_have_attribute("data-next-battle", str(before + 1))

    page.goto("/en/drill")
    page.get_by_role("radio", name=re.compile("^With the picture cards")).check()
    page.get_by_role("button", name="Start practising").click()
    expect(page.locator(".progress")).to_have_text("Question 1 of 10")
    left, right = values(page.locator(".pair .card-button svg"))
    page.locator(f'.drill button[value="{"lt" if left >= right else "gt"}"]').click()  # wrong
    expect(page.locator(".reply-wrong")).to_be_visible()
    next_question = page.get_by_role("button", name="Next question")
    expect(next_question).to_be_focused()
    assert page.evaluate("window.scrollY") == 0
    # The drill's pairs are drawn at random, so its reply may or may not be taller than the
    # screen: at every place the child may scroll to, nothing covers it.
    bottom = page.evaluate("document.documentElement.scrollHeight - window.innerHeight")
    for y in range(0, bottom + 1, 120):
        page.evaluate(f"window.scrollTo(0, {y})")
        assert covered_on_screen(page) == [], f"drill scrolled to {y}"
    page.keyboard.press("Space")
    expect(page.locator(".progress")).to_have_text("Question 2 of 10")


# Every table a phone may show: 2, 3 and 4 players, each game, two phones, English and German
# (the longest sentences). Each deal is known (`with_wars`): two wars in the first 6 turns,
# with 3 or 4 players one of them fought by three seats, whose face-down cards fill the seats.
PHONES = [(360, 640), (390, 844)]
VARIANTS = [variant.value for variant in Variant]  # as the full form sends them


def check_a_table_fits(
    page: Page, live_app: Flask, players: int, variant: str, lang: str, size: tuple[int, int]
) -> None:
    """Set the game up, deal it with wars, and play TURNS turns, each checked."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    address = set_up_table(page, f"/{lang}/full", players=str(players), variant=variant)
    with_wars(live_app.config["DATABASE"], table_id(address), TURNS, seats_at_war=min(players, 3))
    open_table(page, address)
    assert turn_and_check(page, TURNS) >= 2


@pytest.mark.parametrize("size", [(360, 640)], ids=["360x640"])
@pytest.mark.parametrize("variant", ["standard", "peace"])
@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_fit_a_phone_after_every_war(
    page: Page, live_app: Flask, players: int, variant: str, size: tuple[int, int]
) -> None:
    """The few of the whole matrix below that every run checks: the small phone, the most
    seats, one card down (Standard) and five (Peace)."""
    check_a_table_fits(page, live_app, players, variant, "en", size)


def drawn_letters(page: Page) -> list[str]:
    """The letters on each war round's cards face down, as drawn (a back not drawn, or one
    drawn smaller than a finger can tell, is left out): one word per round per seat."""
    words: list[str] = page.evaluate(
        """() => Array.from(document.querySelectorAll(".war-lay .backs"), (backs) =>
              Array.from(backs.querySelectorAll(".card"))
                .filter((card) => card.getClientRects().length > 0)
                .filter((card) => card.getBoundingClientRect().width >= 16)
                .map((card) => card.querySelector(".back-letter")?.textContent ?? "")
                .join(""))"""
    )
    return words


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("players", [3, 4])
def test_peace_spells_its_word_with_three_and_four_players_on_a_phone(
    page: Page, live_app: Flask, players: int, size: tuple[int, int]
) -> None:
    """Peace's five cards face down spell P-E-A-C-E: with three or four seats on a phone they
    are all drawn (small, in a row), not one back with "×5", and the table still fits."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    address = set_up_table(page, players=str(players), variant="peace")
    with_wars(live_app.config["DATABASE"], table_id(address), TURNS, seats_at_war=3)
    open_table(page, address)
    wars = 0
    for _turn in range(TURNS):
        wars += turn_and_check(page, 1)
        if page.locator(".war-lay:not(.no-backs)").count():
            words = drawn_letters(page)  # a seat short of cards lays fewer: "PEA"
            assert all(PEACE_LETTERS.startswith(word) for word in words), words
            assert PEACE_LETTERS in words
            expect(page.locator(".backs-count").first).to_be_hidden()
            if wars == 1:
                check_axe(page, f"Peace at war, {players} seats on a {width}x{height} phone")
    assert wars >= 2


@pytest.mark.slow
@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_table_fits_a_phone_after_every_war(
    page: Page,
    live_app: Flask,
    players: int,
    variant: str,
    lang: str,
    size: tuple[int, int],
) -> None:
    check_a_table_fits(page, live_app, players, variant, lang, size)


TARGETS = "button, a[href], summary, select, input:not([type=hidden])"


def small_targets(page: Page) -> list[dict[str, Any]]:
    """Every control on the table, its clock and its sounds switch that a finger can tap, drawn
    less than 44 px wide or high. A checkbox inside its label is tapped through the label: the
    label's box."""
    small: list[dict[str, Any]] = page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(
              `:is(#table, .table-clock, .sound-control) :is(${selector})`))
            .filter((element) => element.getClientRects().length > 0)
            .map((element) => {
                const target = element.matches("input") && element.closest("label") || element;
                const box = target.getBoundingClientRect();
                return {what: element.outerHTML.slice(0, 80), width: box.width, height: box.height};
            })
            .filter((target) => target.width < 44 || target.height < 44)""",
        TARGETS,
    )
    return small


@pytest.mark.parametrize(("width", "height"), [(360, 640), (390, 844)])
def test_no_target_on_the_table_is_under_44_px(
    page: Page, live_app: Flask, width: int, height: int
) -> None:
    """The easy game (its clock and bell), a practice question (cards and signs to tap) and
    four seats at war in Three down (the player's stack beside the war's cards, one back for
    the three face down): every target a finger's size, and axe finds nothing."""
    page.set_viewport_size({"width": width, "height": height})
    page.goto("/en/easy")
    page.locator("form button[type=submit]").last.click()  # the form's defaults, the clock on
    page.wait_for_url("**/game/**")
    expect(page.locator(".table-clock .chime")).to_be_visible()
    expect(page.get_by_role("button", name="Sounds")).to_be_visible()
    assert small_targets(page) == []
    page.keyboard.press("Space")
    expect(table(page)).to_have_attribute("data-next-battle", "2")
    assert small_targets(page) == []

    start_practice(page, players=4)
    page.keyboard.press("Space")
    expect(page.locator(".question-text")).to_be_visible()
    assert small_targets(page) == []

    address = set_up_table(page, players="4", variant="three-down")
    with_wars(live_app.config["DATABASE"], table_id(address), TURNS, seats_at_war=3)
    open_table(page, address)
    while not page.locator(".war-lay").count():
        before = next_battle(page)
        page.keyboard.press("Space")
        expect(table(page)).to_have_attribute("data-next-battle", str(before + 1))
    assert small_targets(page) == []
    expect(page.locator(".backs-count").first).to_be_visible()  # one back for the war's three
    check_axe(page, f"four seats at war on a {width}x{height} phone")


# A practice reply's explanations: what was chosen and what is true, the cards, the number
# line, the counting and the sentence that says who takes the cards.
EXPLAINED = (
    ".said .sentence, .reply .answer-box, .reply .strip-card, .number-line, .count-on .sentence"
)


def covered_on_screen(page: Page) -> list[dict[str, Any]]:
    """The explanations on the screen (as it is scrolled now) that something lies over."""
    seen = layout(page, EXPLAINED)
    return [box for box in seen["boxes"] if box["top"] < seen["height"] and box["covered"]]


def test_no_bar_covers_an_explanation_on_a_phone(page: Page, live_app: Flask) -> None:
    """On a 390x844 phone a wrong answer's reply and "Turn cards" fit the screen together, so
    "Turn cards" waits under the reply, covering nothing; so does "Next question" under the
    drill's counting on in the adding level."""
    page.set_viewport_size({"width": 390, "height": 844})
    start_practice(page)
    redeal(live_app.config["DATABASE"], game_id(page), [["8C", "2D", "3D"], ["7S", "4D", "5D"]])
    page.reload()
    page.keyboard.press("Space")
    expect(page.locator(".question-text")).to_be_visible()
    page.locator('button[value="lt"]').click()  # 8 < 7 is not true
    reply = page.locator(".reply-wrong .practice-sentence")
    expect(reply).to_have_text("Eight is bigger than seven.")
    expect(page.locator(".said > .sentence")).to_have_text("Player 1 takes 2 cards.")
    assert covered_on_screen(page) == []
    assert in_sight(page, ".reply") and in_sight(page, ".controls .primary")

    page.goto("/en/drill")
    page.get_by_role("radio", name=re.compile("^Adding two cards")).check()
    page.get_by_role("button", name="Start practising").click()
    expect(page.locator(".progress")).to_have_text("Question 1 of 10")
    sides = page.locator(".pair-sums .side-button")
    left, right = (sum(values(sides.nth(side).locator("svg"), ace=1)) for side in (0, 1))
    page.locator(f'.drill button[value="{"lt" if left >= right else "gt"}"]').click()  # wrong
    expect(page.locator(".count-on .sentence")).to_have_count(2)
    assert covered_on_screen(page) == []


# Issue 36: with a second language every sentence has its twin beneath it. The pairs: a
# family's (Turkish with German, Spanish with French) and the longest sentences (German with
# French).
TWO_LANGUAGES = [("tr", "de"), ("es", "fr"), ("de", "fr")]


@pytest.mark.parametrize("variant", ["standard", "peace"])
@pytest.mark.parametrize(("lang", "also"), TWO_LANGUAGES)
def test_four_players_in_two_languages_fit_a_phone_after_every_war(
    page: Page, live_app: Flask, lang: str, also: str, variant: str, photograph: Photograph
) -> None:
    """At 360x640 a 4-player war's sentences, each with its twin, and "Turn cards" fit the
    first screen after every turn."""
    page.set_viewport_size({"width": 360, "height": 640})
    address = set_up_table(page, f"/{lang}/full", players="4", variant=variant)
    with_wars(live_app.config["DATABASE"], table_id(address), TURNS, seats_at_war=3)
    page.goto(f"{address}?also={also}")
    shot = f"two-languages-{lang}-{also}-{variant}-360x640.png"
    wars = 0
    for _turn in range(TURNS):
        try:
            at_war = turn_and_check(page, 1)
        except AssertionError:
            photograph(page, shot)  # what did not fit, to look at
            raise
        expect(page.locator(f'#said .sentence.also[lang="{also}"]').first).to_be_visible()
        if at_war and not wars:  # the first war: photographed, and axe finds nothing
            photograph(page, shot)
            check_axe(page, f"4 players at war in {lang} with {also} on a 360x640 phone")
        wars += at_war
    assert wars >= 2


def test_an_easy_war_in_two_languages_fits_a_phone(
    page: Page, live_app: Flask, photograph: Photograph
) -> None:
    """The easy game with its clock, Spanish with French (the longer sentences): a war's
    sentences, each with its twin, and "Turn cards" fit 360x640."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/es/easy?also=fr")
    page.locator('input[name="deck"][value="full"]').check()  # the deal is of the whole deck
    page.locator("form button[type=submit]").last.click()  # else the defaults, the clock on
    page.wait_for_url("**/game/**")
    redeal(live_app.config["DATABASE"], game_id(page), whole_deck(2, seed=3, war_at=4))
    page.reload()
    try:
        assert turn_and_check(page, 4) >= 1  # the war of battle 4
    finally:
        photograph(page, "two-languages-es-fr-easy-war-360x640.png")
    check_axe(page, "an easy war in es with fr on a 360x640 phone")
    expect(page.locator('#said .sentence.also[lang="fr"]').first).to_be_visible()
