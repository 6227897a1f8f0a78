"""Progress that cannot be lost, on the progress page in a real browser (issue 31): when each
child was last saved to a file, saved in one tap; a stored progress the server refuses drawn
beside the other children, its copy saved or deleted, and the drill going on after "start
afresh"; a child who keeps missing shown to the adult with one thing to try; and Safari on an
iPhone told once to add kidswar to the Home Screen."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from babel.dates import format_skeleton
from playwright.sync_api import BrowserContext, Dialog, Page, expect

from kidswar.game.progress import VERSION, Progress
from kidswar.words.isolate import isolate

from .browserhelpers import PageWatch, Photograph, check_axe
from .children_support import PHONES

KEY = "kidswar.children"  # static/children.mjs
ADA = f"{isolate('Ada')} (Cat)"
BO = f"{isolate('Bo')} (Owl)"
IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1"
)
REFUSED = {
    "newer": (
        {**Progress().to_json(), "v": VERSION + 1},
        "This child's progress was saved by a newer kidswar, so it cannot be read here.",
    ),
    "too big": (
        {**Progress().to_json(), "pad": "x" * 20_000},
        "This child's progress is too big to be one kidswar keeps, so it cannot be read.",
    ),
}


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, page: Page) -> str:
    """The page at two phone sizes."""
    page.set_viewport_size(PHONES[request.param])  # type: ignore[arg-type]
    return str(request.param)


def keep(page: Page, *children: dict[str, Any]) -> None:
    """These children on this device, the first chosen, as children.mjs keeps them."""
    data = {"version": 1, "current": children[0]["id"], "children": list(children)}
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(data)])


def kept(page: Page) -> list[dict[str, Any]]:
    """The children this device keeps now."""
    text = page.evaluate("key => localStorage.getItem(key)", KEY)
    return list(json.loads(text)["children"])


def missing(answers: int = 20) -> Progress:
    """A child on the little deck who missed every far pair lately."""
    rng = random.Random(5)
    progress = Progress(rung="to-ten")
    for _ in range(answers):
        progress = progress.record((2, 9), False, date.today().toordinal(), rng)
    return progress


def child(n: int, animal: str, name: str, progress: Any = None, **more: Any) -> dict[str, Any]:
    return {"id": f"c{n}", "animal": animal, "name": name, "progress": progress, **more}


def test_the_page_says_when_each_child_was_last_saved_and_saves_in_one_tap(
    page: Page, phone: str, photograph: Photograph, tmp_path: Path
) -> None:
    page.goto("/en/progress")
    keep(page, child(1, "cat", "Ada", Progress().to_json()), child(2, "owl", "Bo"))
    page.reload()
    ada = page.locator('[data-child="c1"]')
    bo = page.locator('[data-child="c2"]')
    expect(ada.locator(".progress-saved")).to_have_text("Last saved to a file: never")
    expect(bo.locator(".progress-saved")).to_have_text("Last saved to a file: never")
    with page.expect_download() as download_info:
        page.get_by_role("button", name=f"Save to a file: {ADA}").click()
    saved = tmp_path / "ada.json"
    download_info.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["name"] == "Ada"
    day = date.fromisoformat(kept(page)[0]["savedToFile"])  # the device's own day
    expect(ada.locator(".progress-saved")).to_contain_text(
        f"Last saved to a file: {format_skeleton('MMMMd', day, locale='en')}"
    )
    expect(bo.locator(".progress-saved")).to_have_text("Last saved to a file: never")
    expect(page.get_by_role("button", name=f"Save to a file: {ADA}")).to_be_focused()
    page.reload()  # kept with the child
    expect(ada.locator(".progress-saved")).not_to_contain_text("never")
    check_axe(page, "the progress page, one child saved to a file")
    photograph(page, f"progress-saved-{phone}.png", full_page=True)


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_refused_stored_progress_is_listed_beside_the_others_to_save_or_delete(
    page: Page, phone: str, photograph: Photograph, tmp_path: Path, case: str
) -> None:
    progress, why = REFUSED[case]
    page.goto("/en/progress")
    keep(page, child(1, "cat", "Ada", Progress().to_json()), child(2, "owl", "Bo", progress))
    page.reload()
    expect(page.locator("article.progress-child")).to_have_count(2)
    expect(page.locator('[data-child="c1"] .progress-level')).to_have_text(
        "Level now: First numbers (1 to 5)"
    )
    refused = page.locator('[data-child="c2"]')
    expect(refused.locator(".progress-refused-why")).to_have_text(why)
    expect(page.locator("#progress-alert")).to_be_empty()
    check_axe(page, f"the progress page with a refused progress ({case})")
    photograph(page, f"progress-refused-{phone}.png", full_page=True)

    with page.expect_download() as download_info:
        page.get_by_role("button", name=f"Save the copy to a file: {BO}").click()
    saved = tmp_path / "bo.json"
    download_info.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["progress"] == progress

    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", accept)
    page.get_by_role("button", name=f"Delete the copy: {BO}").click()
    expect(page.get_by_role("status")).to_have_text(f"The progress copy of {BO} was deleted.")
    assert asked == [
        f"Delete the progress copy of {BO} that could not be read? This cannot be undone."
    ]
    expect(page.locator("[data-refused]")).to_have_count(0)
    expect(page.locator('[data-child="c2"] .progress-level')).to_have_text(
        "Level now: First numbers (1 to 5)"
    )
    assert kept(page)[1]["progress"] is None and kept(page)[0]["progress"] is not None


def test_a_stored_progress_nested_1000_deep_is_refused_alone(page: Page, tmp_path: Path) -> None:
    """The page's script keeps it back (the body would be refused whole, and every child
    with it): the others are drawn, and it is listed as refused, to save or delete."""
    page.goto("/en/progress")
    keep(page, child(1, "cat", "Ada", Progress().to_json()), child(2, "owl", "Bo"))
    page.evaluate(
        """key => {
            const data = JSON.parse(localStorage.getItem(key));
            let deep = [];
            for (let i = 1; i < 1000; i += 1) { deep = [deep]; }
            data.children[1].progress = { v: 2, attempts: deep };
            localStorage.setItem(key, JSON.stringify(data));
        }""",
        KEY,
    )
    page.reload()
    expect(page.locator("article.progress-child")).to_have_count(2)
    expect(page.locator('[data-child="c1"] .progress-level')).to_have_text(
        "Level now: First numbers (1 to 5)"
    )
    expect(page.locator('[data-child="c2"] .progress-refused-why')).to_have_text(
        "This child's progress is not one kidswar can read."
    )
    expect(page.locator("#progress-alert")).to_be_empty()
    check_axe(page, "the progress page with a progress nested 1,000 deep")
    with page.expect_download() as download_info:
        page.get_by_role("button", name=f"Save the copy to a file: {BO}").click()
    saved = tmp_path / "bo.json"
    download_info.value.save_as(saved)
    assert saved.read_text(encoding="utf-8").count("[") >= 999  # kept as it was
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=f"Delete the copy: {BO}").click()
    expect(page.get_by_role("status")).to_have_text(f"The progress copy of {BO} was deleted.")
    expect(page.locator('[data-child="c2"] .progress-level')).to_have_text(
        "Level now: First numbers (1 to 5)"
    )


def test_after_start_afresh_the_drill_goes_on_and_the_page_offers_the_copy_put_aside(
    page: Page, page_watch: PageWatch, tmp_path: Path
) -> None:
    page_watch.expect_http_error(400)  # the drill's start form with the refused progress
    newer = {**Progress().to_json(), "v": VERSION + 1}
    page.goto("/en/progress")
    keep(page, child(1, "owl", "Bo", newer), child(2, "cat", "Ada", Progress().to_json()))
    page.goto("/en/drill")
    page.locator("#drill-start button[type=submit]").click()
    page.get_by_role("button", name="Start practising afresh").click()
    page.wait_for_url(re.compile(r"/drill/play$"))
    page.keyboard.press("1")
    expect(page.locator(".reply-right, .reply-wrong")).to_be_visible()
    assert kept(page)[0]["progress"]["asked"] == 1  # the answer was accepted, and kept
    right = page.locator(".reply-right").count()  # a random pair: key 1 may be right or not

    page.goto("/en/progress")
    bo = page.locator('[data-child="c1"]')
    expect(bo.locator(".progress-aside")).to_contain_text("put aside")
    expect(bo.locator(".progress-total")).to_have_text(f"{right} of 1 answer right in all")
    expect(page.locator('[data-child="c2"]')).to_be_visible()
    with page.expect_download() as download_info:
        page.get_by_role("button", name=f"Save the copy to a file: {BO}").click()
    saved = tmp_path / "bo.json"
    download_info.value.save_as(saved)
    assert json.loads(saved.read_text(encoding="utf-8"))["progress"] == newer
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name=f"Delete the copy: {BO}").click()
    expect(page.get_by_role("status")).to_have_text(f"The progress copy of {BO} was deleted.")
    expect(bo.locator(".progress-aside")).to_have_count(0)
    assert "refusedProgress" not in kept(page)[0] and kept(page)[0]["progress"]["asked"] == 1


def test_a_child_who_keeps_missing_is_shown_with_a_thing_to_try(
    page: Page, phone: str, photograph: Photograph
) -> None:
    page.goto("/en/progress")
    keep(
        page,
        child(1, "fox", "Ada", missing().to_json()),
        child(2, "owl", "Bo", missing(19).to_json()),  # not enough answers to tell yet
    )
    page.reload()
    tip = page.locator('[data-child="c1"] .progress-tip')
    expect(tip.get_by_role("heading", level=3)).to_have_text("Finding this level hard")
    expect(tip.locator(".progress-tip-try")).to_contain_text("Try this at the kitchen table")
    expect(page.locator('[data-child="c2"] .progress-tip')).to_have_count(0)
    check_axe(page, "the progress page with a child who keeps missing")
    photograph(page, f"progress-tip-{phone}.png", full_page=True)


def test_safari_on_an_iphone_is_told_once_to_add_kidswar_to_the_home_screen(
    new_context: Callable[..., BrowserContext], photograph: Photograph
) -> None:
    safari = new_context(user_agent=IPHONE_SAFARI, viewport=PHONES["390x844"]).new_page()
    safari.goto("/en/progress")
    hint = safari.locator("#home-screen-hint")
    expect(hint).to_be_hidden()  # no child's progress to keep yet
    keep(safari, child(1, "cat", "Ada"))
    safari.reload()
    expect(hint.get_by_role("heading")).to_have_text("Keep the progress on this iPhone or iPad")
    expect(hint).to_contain_text("“Add to Home Screen”")
    check_axe(safari, "the progress page with the Home Screen hint")
    photograph(safari, "progress-home-screen-390x844.png")
    safari.get_by_role("button", name="Got it").click()
    expect(hint).to_be_hidden()
    expect(safari.locator("#main")).to_be_focused()
    safari.reload()
    expect(safari.locator("article[data-child]")).to_have_count(1)
    expect(hint).to_be_hidden()  # once, on this device

    again = new_context(user_agent=IPHONE_SAFARI).new_page()  # shown, then a visit without a tap
    again.goto("/en/progress")
    keep(again, child(1, "cat", "Ada"))
    again.reload()
    expect(again.locator("#home-screen-hint")).to_be_visible()
    again.reload()
    expect(again.locator("article[data-child]")).to_have_count(1)
    expect(again.locator("#home-screen-hint")).to_be_hidden()


def test_other_browsers_never_see_the_home_screen_hint(page: Page) -> None:
    page.goto("/en/progress")
    keep(page, child(1, "cat", "Ada"))
    page.reload()
    expect(page.locator("article[data-child]")).to_have_count(1)
    expect(page.locator("#home-screen-hint")).to_be_hidden()
    assert page.evaluate("localStorage.getItem('kidswar.homeScreenHint')") is None
