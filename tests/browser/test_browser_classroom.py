"""The timed game and the classroom in a real browser: every page axe-clean, at both sizes.

The live server runs on the real clock, so nothing here waits for minutes to pass: the teacher
ends the round with a button, which is the same "time is up" the clock would bring.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .browserhelpers import (
    SIZES,
    VIEWPORTS,
    Photograph,
    check_axe,
    open_setup,
    play,
    table,
    wait_for_new_table,
)
from .classsteps import create_round, end_round, join_round
from .practice_support import turn_and_wait_for_the_question


@pytest.fixture(params=SIZES)
def size(request: pytest.FixtureRequest) -> str:
    """A phone size (390x844) or a small laptop size (1024x768)."""
    return str(request.param)


def test_a_class_round_from_setup_to_count_your_cards(
    page: Page, new_context: Callable[..., BrowserContext], size: str, photograph: Photograph
) -> None:
    """Teacher, projector and a table, each checked with axe at every step that changes them."""
    page.set_viewport_size(VIEWPORTS[size])
    page.goto("/en/class/")
    check_axe(page, "the new-round form")
    code = create_round(page)
    expect(page.locator(".join-qr svg[role=img]")).to_be_visible()
    check_axe(page, "the teacher's page before the start")

    projector = page.context.new_page()
    projector.set_viewport_size(VIEWPORTS[size])
    projector.goto(f"/en/class/{code}/screen")
    expect(projector.locator(".countdown-time")).to_have_text("10:00")
    expect(projector.get_by_role("button", name="Full screen")).to_be_visible()
    check_axe(projector, "the projector before the start")

    device = new_context(viewport=VIEWPORTS[size]).new_page()
    device.goto("/en/join/")
    check_axe(device, "the join page")
    device.get_by_label("The code on the board").fill(code)
    device.get_by_role("button", name="Next").click()
    check_axe(device, "the naming page")
    device.goto("/en/join/")
    join_round(device, code, "Owls")
    expect(device.locator(".waiting")).to_have_text(re.compile("has not started yet"))
    expect(device.get_by_role("button", name="Turn cards")).to_have_count(0)
    check_axe(device, "a class table before the start")

    page.get_by_role("button", name="Start the round").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()
    check_axe(page, "the teacher's page while the round runs")
    expect(device.get_by_role("button", name="Turn cards")).to_be_visible(timeout=15_000)
    play(device)  # the table's poll saw the start, and its controls appeared
    check_axe(device, "a class table while the round runs")
    photograph(device, f"class-table-running-{size}.png", full_page=True)
    expect(projector.locator(".board-table")).to_contain_text("Owls", timeout=15_000)
    expect(projector.locator(".countdown-time")).not_to_have_text("10:00", timeout=15_000)
    check_axe(projector, "the projector while the round runs")
    for name, shot in (("teacher", page), ("projector", projector)):
        photograph(shot, f"class-{name}-running-{size}.png", full_page=True)

    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("button", name="Resume")).to_be_visible()
    expect(device.locator(".waiting")).to_have_text(re.compile("paused"), timeout=15_000)
    end_round(page)
    expect(page.get_by_role("heading", name="Count your cards!")).to_be_visible()
    check_axe(page, "the teacher's page after the round")
    expect(projector.get_by_role("heading", name="Count your cards!")).to_be_visible(timeout=15_000)
    expect(projector.locator(".board-result")).to_contain_text("Time is up")
    check_axe(projector, "the projector after the round")
    expect(device.locator(".outcome")).to_contain_text("Time is up", timeout=15_000)
    expect(device.locator(".final-counts li")).to_have_count(2)
    check_axe(device, "a class table after the round")
    photograph(device, f"class-table-over-{size}.png", full_page=True)
    for name, shot in (("teacher", page), ("projector", projector)):
        photograph(shot, f"class-{name}-over-{size}.png", full_page=True)


def test_a_practice_round_tells_the_answers_when_it_is_over(
    page: Page, new_context: Callable[..., BrowserContext], size: str, photograph: Photograph
) -> None:
    """A table answers wrongly; only once the round is over do the teacher and the projector
    see its answers and what the class missed (issue 11)."""
    page.set_viewport_size(VIEWPORTS[size])
    code = create_round(page, practice=True)
    projector = page.context.new_page()
    projector.set_viewport_size(VIEWPORTS[size])
    projector.goto(f"/en/class/{code}/screen")
    device = new_context(viewport=VIEWPORTS[size]).new_page()
    join_round(device, code, "Owls")
    page.get_by_role("button", name="Start the round").click()
    expect(device.get_by_role("button", name="Turn cards")).to_be_visible(timeout=15_000)
    first, second = turn_and_wait_for_the_question(device)
    device.keyboard.press("2" if first >= second else "1")  # the card that is not bigger
    expect(device.locator(".reply-wrong .call")).to_have_text("Let's count!")
    page.reload()
    for shown in (page, projector):  # while the round runs: the cards only
        expect(shown.locator(".board-table")).to_contain_text("Owls", timeout=15_000)
        expect(shown.locator(".board-answers, .class-practice")).to_have_count(0)

    end_round(page)
    high, low = max(first, second), min(first, second)
    chain = f"{high} = {low}" if high == low else f"{high} > {low}"
    for shown in (page, projector):
        board = shown.locator("#board")
        expect(board.locator(".board-answers")).to_have_text("0 of 1 answer right.", timeout=15_000)
        expect(board.locator(".class-answers")).to_have_text(
            "The class answered 0 of 1 question right."
        )
        expect(board.get_by_role("heading", name="What the class missed most")).to_be_visible()
        expect(board.locator(".class-missed .chain")).to_have_text(chain)
        expect(board.locator(".class-missed-tables")).to_have_text("1 table got this wrong.")
    check_axe(page, "the teacher's page after a practice round")
    check_axe(projector, "the projector after a practice round")
    for name, shot in (("teacher", page), ("projector", projector)):
        photograph(shot, f"class-{name}-practice-{size}.png", full_page=True)


def test_a_timed_family_game(page: Page, size: str) -> None:
    """The setup's time limit and game lengths, then the countdown on the table."""
    page.set_viewport_size(VIEWPORTS[size])
    open_setup(page, "Full")
    estimate = page.locator(".estimate")
    expect(estimate).to_contain_text("A game of War with 2 players usually lasts")
    page.get_by_role("radio", name="4 players").check()
    page.get_by_role("radio", name=re.compile("^Peace:")).check()
    # The first ask of a game simulates its 500 games (about a second on a quiet machine,
    # several with the whole suite running): the page waits for the server's answer.
    expect(estimate).to_contain_text("A game of Peace with 4 players usually lasts", timeout=15_000)
    expect(estimate.locator("svg[role=img]")).to_have_attribute(
        "aria-label", re.compile("bar chart")
    )
    page.get_by_role("group", name="Time limit").get_by_role(
        "radio", name="5 minutes", exact=True
    ).check()
    check_axe(page, "the full setup with a time limit")
    page.get_by_role("radio", name="2 players").check()
    page.get_by_role("group", name="Seat 1 is played by").get_by_role(
        "radio", name="a person"
    ).check()
    page.get_by_role("button", name="Start the game").click()
    wait_for_new_table(page)
    countdown = page.locator(".countdown")
    expect(countdown.locator(".countdown-time")).to_have_text(re.compile(r"^[45]:\d\d$"))
    expect(countdown.locator("progress")).to_have_attribute("max", re.compile(r"^300(\.0)?$"))
    chime = page.get_by_role("checkbox", name="Chime when time is up")
    expect(chime).to_be_checked()
    chime.uncheck()  # muted, and remembered on this device
    play(page)
    check_axe(page, "a timed table")
    page.reload()
    page.wait_for_load_state("domcontentloaded")  # countdown.js (deferred) has run
    expect(page.get_by_role("checkbox", name="Chime when time is up")).not_to_be_checked()
    expect(table(page)).to_have_attribute("data-over", "no")


def test_a_wrong_code_is_explained(page: Page, page_watch) -> None:  # type: ignore[no-untyped-def]
    """A code nobody uses gets a clear message, as accessible as the rest."""
    page_watch.expect_http_error(404)
    page.goto("/en/join/")
    page.get_by_label("The code on the board").fill("ACDEF")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("alert")).to_have_text(re.compile("No class round has that code"))
    expect(page.get_by_label("The code on the board")).to_have_attribute("aria-invalid", "true")
    check_axe(page, "the join page with a wrong code")


def test_a_tablet_shared_in_turns_and_a_table_removed(
    page: Page, new_context: Callable[..., BrowserContext], size: str
) -> None:
    """Issue 13: a device that joined is sent back to its table and may start one more; the
    teacher removes a table after confirming, and its children are told on their page."""
    page.set_viewport_size(VIEWPORTS[size])
    code = create_round(page)
    page.get_by_role("button", name="Start the round").click()
    tablet = new_context(viewport=VIEWPORTS[size]).new_page()
    join_round(tablet, code, "Owls")
    tablet.goto(f"/en/join/{code}")
    expect(tablet.get_by_role("link", name="Go back to your table Owls")).to_be_visible()
    check_axe(tablet, "the join page of a device that has a table")
    tablet.get_by_label("Your table's name").fill("Foxes")
    tablet.get_by_role("button", name="Start another table").click()
    wait_for_new_table(tablet)
    tablet.goto(f"/en/join/{code}")
    expect(tablet.get_by_role("link", name=re.compile("Go back to your table"))).to_have_count(2)
    expect(tablet.get_by_text("One device can have 2 tables")).to_be_visible()
    check_axe(tablet, "the join page of a device at its limit")
    tablet.get_by_role("link", name="Go back to your table Foxes").click()
    expect(tablet.get_by_role("button", name="Turn cards")).to_be_visible()

    board = page.locator("#board")
    expect(board.get_by_role("link", name="Remove the table Foxes")).to_be_visible(
        timeout=15_000
    )  # the teacher's board, kept live, lists the new table with its link
    check_axe(page, "the teacher's page with tables to remove")
    # The board is redrawn as the tables play; a link the keyboard was on keeps the focus.
    owls_link = board.get_by_role("link", name="Remove the table Owls")
    owls_link.focus()
    play(tablet)
    foxes = board.locator(".board-table", has_text="Foxes")
    expect(foxes).not_to_contain_text("26 cards", timeout=15_000)
    expect(owls_link).to_be_focused()
    board.get_by_role("link", name="Remove the table Foxes").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Remove the table Foxes")
    check_axe(page, "the confirmation of removing a table")
    page.get_by_role("button", name="Remove the table").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Teacher's page")
    expect(page.locator(".board-table")).to_have_count(1)
    expect(page.locator(".board-table")).to_contain_text("Owls")
    # The table's page follows its game's version: it redraws and says what happened.
    expect(tablet.locator(".waiting")).to_contain_text(
        "Your teacher took this table out", timeout=15_000
    )
    expect(tablet.get_by_role("button", name="Turn cards")).to_have_count(0)
    check_axe(tablet, "a table the teacher removed")


def test_the_teachers_page_protects_the_class(page: Page) -> None:
    """The secret teacher link is hidden until "Show", beside a warning not to project it; "End
    the round" asks first, and "Keep playing" leaves the round running (issue 23)."""
    page.set_viewport_size(VIEWPORTS["1024x768"])
    create_round(page)
    link = page.locator(".share-link")
    expect(link).to_be_hidden()
    expect(page.get_by_text("Never show this link on the projector")).to_be_hidden()
    check_axe(page, "the teacher's page with its link hidden")
    page.get_by_text("Show the teacher's link").click()
    expect(link).to_be_visible()
    # The link the teacher keeps opens this page on another device; this page's own address
    # holds no secret (issue 34).
    expect(link).to_have_text(re.compile(r"/en/class/teacher\?token=[\w-]{16,}$"))
    assert (link.text_content() or "").rsplit("=", 1)[1] not in page.url
    expect(page.get_by_text("Never show this link on the projector")).to_be_visible()
    check_axe(page, "the teacher's page with its link shown")

    page.get_by_role("button", name="Start the round").click()
    page.get_by_role("link", name="End the round now").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("now?")
    check_axe(page, "the page asking to end the round")
    page.get_by_role("link", name="Keep playing").click()
    expect(page.get_by_role("button", name="Pause")).to_be_visible()  # still running
    end_round(page)
    expect(page.get_by_role("heading", name="Count your cards!")).to_be_visible()


# How many lines the code's characters lie on, inside the address element (its text nodes,
# however the page splits them).
CODE_LINES = """(element, code) => {
  const nodes = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const at = element.textContent.lastIndexOf(code);
  const last = at + code.length;
  const range = document.createRange();
  let seen = 0;
  for (const node of nodes) {
    const end = seen + node.length;
    if (at >= seen && at < end) range.setStart(node, at - seen);
    if (last > seen && last <= end) range.setEnd(node, last - seen);
    seen = end;
  }
  return new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size;
}"""


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 720)])
def test_the_join_address_keeps_its_code_in_one_piece(page: Page, width: int, height: int) -> None:
    """The address a class copies off the teacher's page or the projector may wrap on a narrow
    screen, but never inside its code ("G4CA-" on one line and "D4RU" on the next)."""
    page.set_viewport_size({"width": width, "height": height})
    code = create_round(page)
    for where in (None, f"/en/class/{code}/screen"):  # the teacher's page, then the projector
        if where:
            page.goto(where)
        shown = page.locator(".join-address").first
        expect(shown).to_contain_text(code)
        lines = shown.evaluate(CODE_LINES, code)
        assert lines == 1, f"{page.url}: the code spans {lines} lines"


def test_a_table_in_two_languages_while_the_teacher_and_projector_stay_in_one(
    page: Page, new_context: Callable[..., BrowserContext]
) -> None:
    """Issue 36: a Turkish table adds German on the join form and plays in both; the teacher's
    page and the projector, on a device that keeps German too, show English only. Each page
    axe-clean."""
    page.set_viewport_size(VIEWPORTS["390x844"])
    page.goto("/en/?also=de")  # the teacher's device keeps a second language of its own
    code = create_round(page)
    device = new_context(viewport=VIEWPORTS["390x844"]).new_page()
    device.goto(f"/tr/join/{code}")
    choice = device.locator("select#also")
    expect(choice.locator("option:checked")).to_have_attribute("value", "")
    choice.select_option("de")
    device.locator("#name-1").fill("Ada")
    device.locator("#name-2").fill("Ben")
    check_axe(device, "the join page with a second language chosen")
    device.locator("form.setup button[type=submit]").click()
    wait_for_new_table(device)
    page.get_by_role("button", name="Start the round").click()
    turn = device.locator('#table button[data-key="space"]')  # "Turn cards", in Turkish
    expect(turn).to_be_visible(timeout=15_000)  # the table's poll saw the start
    before = int(table(device).get_attribute("data-next-battle") or "0")
    turn.click()
    expect(device.locator(f'#table:not([data-next-battle="{before}"])')).to_be_attached()
    expect(device.locator('#table p.sentence[lang="tr"]').first).to_be_visible()
    expect(device.locator('#table p.sentence.also[lang="de"]').first).to_be_visible()
    check_axe(device, "a class table in Turkish and German")
    projector = page.context.new_page()
    projector.goto(f"/en/class/{code}/screen")
    expect(projector.locator(".board-table")).to_have_count(1, timeout=15_000)
    for shown, where in ((page, "the teacher's page"), (projector, "the projector")):
        expect(shown.locator('main [lang="de"], .also-mark, #also-title')).to_have_count(0)
        check_axe(shown, f"{where} on a device with a second language")
