"""Sound and motion at the table (issue 22): a move taps and its won cards slide to the winner,
the end plays a fanfare for a child who won and a kind tune (and word) for one who did not;
the mute switch silences it and is remembered, a class table starts muted, and
`prefers-reduced-motion` keeps every card still.

What the page plays is seen through spies put in before its scripts run (`add_init_script`):
every oscillator started and every animation of a card's copy on its way is counted on the
page's root element, where a locator can wait for it (the pages' CSP forbids eval).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from deals import redeal
from flask import Flask
from playwright.sync_api import BrowserContext, Page, expect

from .browserhelpers import (
    check_axe,
    next_battle,
    open_table,
    set_up_dealt,
    start_full,
    table,
    table_id,
)
from .classsteps import create_round, join_round
from .practice_support import set_up_practice

SPIES = """
(() => {
  const counted = { tones: 0, flights: 0 };
  window.kidswarTones = [];
  function count(what) {
    counted[what] += 1;
    document.documentElement.setAttribute("data-" + what, String(counted[what]));
  }
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.kidswarTones.push(this.frequency.value);
    count("tones");
    return start.apply(this, args);
  };
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const animation = animate.apply(this, args);
    if (this.closest(".flight-layer")) { count("flights"); }
    return animation;
  };
})();
"""
MOVING = {"reduced_motion": "no-preference"}
SOUND_SWITCH = "Sounds"
HANDS = [["9H", "2C", "3D"], ["4S", "5C", "6D"]]  # seat 1's 9 takes the first battle


def spied(page: Page) -> Page:
    """The page with its sounds and animations counted from its next load on."""
    page.add_init_script(SPIES)
    return page


def counted(page: Page, what: str) -> int:
    """How many tones (oscillators) or flights (cards' copies animated) the page started."""
    return int(page.locator("html").get_attribute(f"data-{what}") or 0)


def turn(page: Page) -> None:
    """Tap "Turn cards" and wait for the battle it plays."""
    before = next_battle(page)
    page.get_by_role("button", name="Turn cards", exact=True).click()
    expect(table(page)).to_have_attribute("data-next-battle", str(before + 1))


def sounds_of(page: Page) -> dict[str, list[dict[str, Any]]]:
    """The notes of each sound, as the page's own module has them."""
    notes: dict[str, list[dict[str, Any]]] = page.evaluate(
        "async () => (await import('/static/sounds.mjs')).SOUNDS"
    )
    return notes


def tones(page: Page) -> list[float]:
    """The pitch of every oscillator the page started, in order (to the hundredth of a Hz:
    an AudioParam keeps a 32-bit float)."""
    played: list[float] = page.evaluate("window.kidswarTones")
    return [round(tone, 2) for tone in played]


def pitches(notes: list[dict[str, Any]]) -> list[float]:
    """The pitches of a sound's notes, in order, as `tones` rounds them."""
    return [round(note["frequency"], 2) for note in notes]


@pytest.mark.browser_context_args(**MOVING)
def test_a_move_taps_and_its_cards_slide_to_the_winner(page: Page, live_app: Flask) -> None:
    open_table(spied(page), set_up_dealt(page, live_app, HANDS))
    assert counted(page, "tones") == 0  # nothing plays on a page nobody acted on
    turn(page)
    expect(page.locator("html")).to_have_attribute("data-tones", re.compile(r"^[1-9]"))
    assert tones(page) == pitches(sounds_of(page)["turn"])
    # Both turned cards fly to the winner's stack, and the turned cards slid in.
    expect(page.locator("html")).to_have_attribute("data-flights", "2")
    assert page.locator(".seat.took .seat-name").inner_text() == "Player 1"
    dealt = page.locator(".showing .card").first.evaluate(
        "(card) => getComputedStyle(card).animationName"
    )
    assert dealt == "deal-in"
    # The copies let every tap through and leave when they land.
    expect(page.locator(".flight-layer")).to_have_count(0)
    turn(page)
    expect(page.locator("html")).to_have_attribute("data-flights", "4")


def test_with_reduced_motion_nothing_moves_but_the_sound_plays(page: Page, live_app: Flask) -> None:
    """The browser context asks for reduced motion (conftest): no slide in, no flight."""
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    open_table(spied(page), set_up_dealt(page, live_app, HANDS))
    turn(page)
    expect(page.locator("html")).to_have_attribute("data-tones", re.compile(r"^[1-9]"))
    assert counted(page, "flights") == 0
    still = page.locator(".showing .card").first.evaluate(
        "(card) => getComputedStyle(card).animationName"
    )
    assert still == "none"
    assert page.evaluate("document.getAnimations().length") == 0


@pytest.mark.browser_context_args(**MOVING)
def test_the_mute_switch_silences_the_table_and_is_remembered(page: Page, live_app: Flask) -> None:
    open_table(spied(page), set_up_dealt(page, live_app, HANDS))
    switch = page.get_by_role("button", name=SOUND_SWITCH)
    expect(switch).to_have_attribute("aria-pressed", "true")  # on at home
    box = switch.bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    switch.focus()
    page.keyboard.press("Space")  # the keyboard works it too
    expect(switch).to_have_attribute("aria-pressed", "false")
    turn(page)
    expect(page.locator("html")).to_have_attribute("data-flights", "2")  # the move was seen
    assert counted(page, "tones") == 0
    page.reload()
    expect(switch).to_have_attribute("aria-pressed", "false")
    turn(page)
    assert counted(page, "tones") == 0
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    turn(page)
    expect(page.locator("html")).to_have_attribute("data-tones", re.compile(r"^[1-9]"))
    check_axe(page, "the table with its sounds switch")


def test_the_end_plays_a_fanfare_for_the_winner_and_is_kind_to_the_one_who_lost(
    page: Page, live_app: Flask
) -> None:
    """Against the computer: a child who wins hears the fanfare; a child who loses sees and
    hears the kind word, with the kind tune, and no fanfare for the computer."""
    open_table(spied(page), set_up_dealt(page, live_app, [["9H"], ["4S"]], "/en/easy"))
    turn(page)
    expect(page.locator(".end .outcome")).to_contain_text("collected every card")
    expect(page.locator(".kind-word")).to_have_count(0)
    notes = sounds_of(page)
    assert tones(page) == pitches(notes["fanfare"])

    open_table(page, set_up_dealt(page, live_app, [["4S"], ["9H"]], "/en/easy"))
    turn(page)
    kind = page.locator(".end .kind-word")
    expect(kind).to_have_text("Well played! Next time the cards may come your way.")
    assert "/speech/en/kind-word." in (table(page).get_attribute("data-speech") or "")
    expect(page.locator("#announcer")).to_contain_text("Next time the cards may come your way.")
    assert tones(page) == pitches(notes["kind"])
    check_axe(page, "the end of a game lost to the computer")


def test_a_class_table_starts_muted(
    page: Page, new_context: Callable[..., BrowserContext], live_app: Flask
) -> None:
    """The projector chimes for the class; the tables are quiet (their sounds and their clock's
    chime) until someone turns them on, and a choice made at home does not unmute them."""
    code = create_round(page, minutes="5 minutes")
    device = spied(new_context().new_page())
    start_full(device)
    at_home = device.get_by_role("button", name=SOUND_SWITCH)
    at_home.click()
    at_home.click()  # chosen "on" at home, and remembered
    expect(at_home).to_have_attribute("aria-pressed", "true")
    join_round(device, code, "Owls")
    page.get_by_role("button", name="Start the round").click()
    expect(device.get_by_role("button", name="Turn cards")).to_be_visible(timeout=15_000)
    switch = device.get_by_role("button", name=SOUND_SWITCH)
    expect(switch).to_have_attribute("aria-pressed", "false")
    expect(device.get_by_role("checkbox", name="Chime when time is up")).not_to_be_checked()
    turn(device)
    assert counted(device, "tones") == 0
    switch.click()
    turn(device)
    expect(device.locator("html")).to_have_attribute("data-tones", re.compile(r"^[1-9]"))
    # Time is up: both children hear who has the most cards, and the kind word after it.
    page.get_by_role("link", name=re.compile("^End the round")).click()  # it asks first
    page.get_by_role("button", name="End the round").click()
    kind = "Next time the cards may come your way."
    expect(device.locator(".end .kind-word")).to_contain_text(kind, timeout=15_000)
    expect(device.locator(".countdown-said")).to_contain_text(kind)


@pytest.mark.browser_context_args(**MOVING)
def test_a_practice_answer_sends_the_cards_to_the_winner_without_a_tap(
    page: Page, live_app: Flask
) -> None:
    """While the table asks, nobody has taken the cards: they fly once the child answered."""
    address = set_up_practice(page)
    redeal(live_app.config["DATABASE"], table_id(address), [["QC", "2D", "3D"], ["AS", "4D", "5D"]])
    open_table(spied(page), address)
    page.keyboard.press("Space")
    expect(page.locator(".question-text")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-tones", re.compile(r"^[1-9]"))
    tapped = counted(page, "tones")
    assert counted(page, "flights") == 0
    page.locator('button[value="lt"]').click()  # 12 < 14: right
    expect(page.locator(".reply-right")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-flights", "2")
    assert counted(page, "tones") == tapped  # an answer turns no card


def test_a_move_made_on_another_device_plays_nothing_here(
    page: Page, new_context: Callable[..., BrowserContext], live_app: Flask
) -> None:
    """The shared link shows the move without a reload, silently: its child did nothing."""
    start_full(spied(page))
    follower = spied(new_context().new_page())
    follower.goto(page.url)
    expect(table(follower)).to_have_attribute("data-next-battle", "1")
    follower.locator(".battle-count").click()  # a tap: the page may make sound from now on
    turn(page)
    expect(page.locator("html")).to_have_attribute("data-tones", re.compile(r"^[1-9]"))
    expect(table(follower)).to_have_attribute("data-next-battle", "2", timeout=15_000)
    assert counted(follower, "tones") == 0
