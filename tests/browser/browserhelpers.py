"""Helpers for the browser tests: set games up, play, wait, run axe, watch the pages.

Nothing here sleeps: every step waits on something the page shows, through Playwright's
auto-waiting locators and `expect`. (The pages forbid eval in their Content-Security-Policy,
so `page.wait_for_function` with a string cannot be used; attribute selectors can.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.base import AxeResults
from axe_playwright_python.sync_playwright import Axe
from deals import redeal
from flask import Flask
from playwright.sync_api import (
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    Request,
    ViewportSize,
    expect,
)
from webhelpers import TOKEN

from kidswar.game.cards import Card
from kidswar.web.setup.forms import EASY_DEFAULTS, FULL_DEFAULTS

TURN_CARDS = "Turn cards"
PLAY_TEN = "Play 10 battles"
PEACE_LETTERS = "PEACE"
MAX_CLICKS_TO_WAR = 300  # a war in a 2-player game comes every ~17 battles on average
VIEWPORTS: dict[str, ViewportSize] = {
    "390x844": {"width": 390, "height": 844},
    "1024x768": {"width": 1024, "height": 768},
}
# The sizes a test runs at: the phone in every run; the tablet, which sees the same pages with
# more room, in the slow run that `.ci/run` adds (docs/developing.md, "Test it"), so the
# README's command stays within its minutes.
SIZES = [pytest.param("390x844"), pytest.param("1024x768", marks=pytest.mark.slow)]

AXE = Axe()
# Everything axe runs by default, plus WCAG 2.2's target size (24px), which is off by default.
AXE_OPTIONS = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}


def table(page: Page) -> Locator:
    """The live part of the table page (replaced in place after every move)."""
    return page.locator("#table")


def next_battle(page: Page) -> int:
    """The number of the battle the table will play next (waits for the table)."""
    return int(table(page).get_attribute("data-next-battle") or "0")


def is_over(page: Page) -> bool:
    """Whether the game on the table has ended."""
    return table(page).get_attribute("data-over") == "yes"


def wait_for_new_table(page: Page) -> None:
    """Wait for a freshly loaded table, with its script running (it takes Space, 1 to 4...).

    The table shows while table.js (deferred) may still be on its way; deferred scripts have
    run once the document is "domcontentloaded", so that is the moment keys start to work.
    """
    expect(table(page)).to_have_attribute("data-next-battle", "1")
    page.wait_for_load_state("domcontentloaded")


def wait_for_battle_after(page: Page, before: int) -> int:
    """Wait until the table has moved past battle `before`; return the new next battle."""
    expect(page.locator(f'#table:not([data-next-battle="{before}"])')).to_be_attached()
    after = next_battle(page)
    assert after > before, f"the battles went backwards: {before} -> {after}"
    return after


def play(page: Page, button: str = TURN_CARDS) -> int:
    """Click a table button and wait for the battles it plays; return the new next battle."""
    before = next_battle(page)
    page.get_by_role("button", name=button, exact=True).click()
    return wait_for_battle_after(page, before)


def play_until_war(page: Page, bound: int = MAX_CLICKS_TO_WAR) -> bool:
    """Turn cards until the last battle was a war (True), or the game or the bound ends."""
    for _click in range(bound):
        if page.locator(".war-lay").count():
            return True
        if is_over(page):
            return False
        play(page, TURN_CARDS)
    return bool(page.locator(".war-lay").count())


def play_to_the_end(page: Page, bound: int = 101) -> int:
    """Click "Play 10 battles" until the game is over; return how many clicks it took."""
    for clicks in range(bound):
        if is_over(page):
            return clicks
        before = next_battle(page)
        after = play(page, PLAY_TEN)
        assert after == before + 10 or is_over(page), (
            f"Play 10 battles went from battle {before} to {after} and the game is not over"
        )
    raise AssertionError(f"the game was not over after {bound} clicks of {PLAY_TEN!r}")


def open_setup(page: Page, mode: str) -> None:
    """Open the "Easy" or "Full" setup page the way a visitor does: from the home page."""
    page.goto("/")
    page.get_by_role("link", name=re.compile(f"^{mode}")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"{mode} game")


ALL_THE_CARDS = "All the cards"  # the easy page's whole deck (its default is the little deck)


def start_easy(
    page: Page, who: str = "computer", first: str = "", second: str = "", all_cards: bool = False
) -> None:
    """Start an easy game through its form and wait for the table: with the little deck, the
    page's default, or with `all_cards` (for a deal with face cards)."""
    open_setup(page, "Easy")
    label = {"computer": "One child against the computer", "two": "Two children on this device"}[
        who
    ]
    page.get_by_role("radio", name=label).check()
    if all_cards:
        page.get_by_role("radio", name=ALL_THE_CARDS).check()
    page.get_by_label("First player's name").fill(first)
    page.get_by_label("Second child's name").fill(second)
    page.get_by_role("button", name="Start the game").click()
    wait_for_new_table(page)


def fill_full_form(
    page: Page,
    players: int = 2,
    variant: str = "Standard",
    names: tuple[str, ...] = (),
    limit: int | None = None,
    shortage: str | None = None,
) -> None:
    """Fill the full-mode form (seat 1 a person, the rest the computer) and submit it."""
    open_setup(page, "Full")
    page.get_by_role("radio", name=f"{players} players", exact=True).check()
    page.get_by_role("radio", name=re.compile(f"^{variant}:")).check()
    for number, name in enumerate(names, start=1):
        page.get_by_label(f"Seat {number}: name").fill(name)
    page.get_by_role("group", name="Seat 1 is played by").get_by_role(
        "radio", name="a person"
    ).check()
    if limit is not None:
        page.get_by_role("radio", name="Another number:").check()
        page.get_by_label("Battle limit").fill(str(limit))
    if shortage is not None:
        page.get_by_role("radio", name=shortage).check()
    page.get_by_role("button", name="Start the game").click()


def start_full(
    page: Page,
    players: int = 2,
    variant: str = "Standard",
    names: tuple[str, ...] = (),
    limit: int | None = None,
) -> None:
    """Start a full-mode game through its form and wait for the table."""
    fill_full_form(page, players, variant, names, limit)
    wait_for_new_table(page)
    expect(page.locator(".seat")).to_have_count(players)


def set_up_table(page: Page, setup: str = "/en/full", **choices: str) -> str:
    """A table set up as its form would send it, without drawing the form; its address.

    The setup page's HTML is fetched for the session's CSRF token and the form posted, both
    through the page's own browser context (its cookies), so the table then opens as it would
    after the form. For the tests about a table whose first deal they replace (`redeal`,
    `with_wars`) before they open it: each page drawn costs the suite CPU time (issue 35), and
    the setup pages' forms are tested as a visitor fills them in `start_easy`, `start_full` and
    test_browser_setup.py. `choices` are the form's fields over the page's own defaults, as it
    comes (`EASY_DEFAULTS`: the little deck, the 10-minute clock; `FULL_DEFAULTS`: the family
    game, seat 1 a person, the others the computer).
    """
    found = TOKEN.search(page.request.get(setup).text())
    assert found, f"no CSRF token on {setup}"
    form = (FULL_DEFAULTS if setup.endswith("/full") else EASY_DEFAULTS).to_dict()
    response = page.request.post(
        setup, form={**form, **choices, "csrf_token": found.group(1)}, max_redirects=0
    )
    assert response.status == 303, response.text()
    return response.headers["location"]


def table_id(address: str) -> str:
    """The id of the game at a table's address."""
    return address.rstrip("/").rsplit("/", 1)[1]


def set_up_dealt(
    page: Page,
    app: Flask,
    hands: list[list[Card]] | list[list[str]],
    setup: str = "/en/full",
    **choices: str,
) -> str:
    """A table set up as its `setup` form sends `choices` (`set_up_table`), dealt `hands` (top
    card first); its address, not opened yet (a test may install a clock or spies first)."""
    address = set_up_table(page, setup, **choices)
    redeal(app.config["DATABASE"], table_id(address), hands)
    return address


def open_table(page: Page, address: str) -> None:
    """Open the table at `address` and wait for it, as after its setup form."""
    page.goto(address)
    wait_for_new_table(page)


# axe-playwright-python's Axe.run evaluates axe's whole script (570 KB) before every run;
# a page keeps it until it navigates, so a second check of the same document (a dialog opened,
# a battle played) runs the axe already there. Its options go in as an argument, not as text.
AXE_RUN = "(options) => axe.run(document, options)"


def has_axe(page: Page) -> bool:
    """Whether axe's script is already in the page's document."""
    return bool(page.evaluate("() => typeof window.axe === 'object' && window.axe !== null"))


def pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF that Chromium printed has (one /Type /Page object each)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def check_axe(page: Page, where: str) -> None:
    """Run axe on the page as it is now; fail with axe's report if anything is violated."""
    # axe measures the layout (target sizes, contrast): a page just reached through a click
    # may still be fetching its stylesheet on a loaded machine, and would be measured bare.
    page.wait_for_load_state("load")
    if not has_axe(page):
        page.evaluate(AXE.axe_script)
    results = AxeResults(page.evaluate(AXE_RUN, AXE_OPTIONS))
    if results.violations_count:
        report = results.generate_report()
        print(f"axe on {where} ({page.url}):\n{report}")
        raise AssertionError(
            f"axe found {results.violations_count} violation(s) on {where} ({page.url}):\n{report}"
        )


class Photograph:
    """Screenshots taken for people to look at (the pages at a phone's size, say), written to
    a folder only when $KIDSWAR_SCREENSHOTS names one: a full page costs Chromium a paint and
    a PNG, about a fifth of a second each, and nobody looks at those of a plain run. A test
    whose screenshot is what it checks uses the `screenshot_dir` fixture instead."""

    def __init__(self, folder: Path | None) -> None:
        """Photographs go to `folder`; None takes none."""
        self.folder = folder
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, page: Page, name: str, *, full_page: bool = False) -> None:
        """Photograph the page as it is now, as `name` (a PNG file's name)."""
        if self.folder is not None:
            page.screenshot(path=str(self.folder / name), full_page=full_page)


class PageWatch:
    """Records what every watched page asks for off the app's origin, and complains about.

    Requests must stay on the app's own origin (or be `data:` / `about:`): one that leaves it
    fails, as the browser's proxy refuses it (conftest.py), and its failure is recorded, so
    the requests that stay are never sent to the test one by one. Console errors and uncaught
    page errors are collected, except the HTTP error statuses a test says it expects.
    """

    def __init__(self, origin: str) -> None:
        """Watch pages of the app served at `origin` (scheme://host:port)."""
        self.origin = origin
        self.foreign_requests: list[str] = []
        self.console_errors: list[str] = []
        self.page_errors: list[str] = []
        self._allowed: list[re.Pattern[str]] = []
        self._watched: list[Page] = []

    def watch(self, page: Page) -> None:
        """Start recording one page's foreign requests, console errors and page errors
        (once)."""
        if any(page is seen for seen in self._watched):
            return
        self._watched.append(page)
        page.on("requestfailed", self._on_failed_request)
        page.on("console", self._on_console)
        page.on("pageerror", self._on_page_error)

    def watch_context(self, context: BrowserContext) -> None:
        """Watch every page the context opens, and the ones it has already."""
        context.on("page", self.watch)
        for page in context.pages:
            self.watch(page)

    def expect_http_error(self, status: int) -> None:
        """Allow Chromium's console line for a response with this status (a tested error)."""
        self._allowed.append(
            re.compile(
                rf"^Failed to load resource: the server responded with a status of {status}\b"
            )
        )

    def expect_network_failure(self) -> None:
        """Allow Chromium's console line for a request that failed on the way (a tested one)."""
        self._allowed.append(re.compile(r"^Failed to load resource: net::"))

    def _on_failed_request(self, request: Request) -> None:
        """Keep the address of a failed request that left the app's origin (every such
        request fails: the browser's proxy refuses it)."""
        url = request.url
        if url.startswith(("data:", "about:")):
            return
        if url == self.origin or url.startswith(self.origin + "/"):
            return
        self.foreign_requests.append(url)

    def _on_console(self, message: ConsoleMessage) -> None:
        """Keep console errors that no test said to expect."""
        if message.type != "error":
            return
        if any(pattern.search(message.text) for pattern in self._allowed):
            return
        self.console_errors.append(f"{message.text} ({message.location.get('url', '?')})")

    def _on_page_error(self, error: Error) -> None:
        """Keep uncaught exceptions thrown by the page's script."""
        self.page_errors.append(f"{error.name}: {error.message}")

    def problems(self) -> list[str]:
        """Everything recorded that should not have happened, one line each."""
        return (
            [f"request off the app's origin: {url}" for url in self.foreign_requests]
            + [f"console error: {text}" for text in self.console_errors]
            + [f"page error: {text}" for text in self.page_errors]
        )


def game_id(page: Page) -> str:
    """The id of the game on the table page."""
    return table_id(page.url)
