"""The children on this device in a real browser: the picker on the home page, the progress
page, and a child carried to another browser in a file (issue 21).

The progress a child's practice leaves is written into the browser's store as the server
returns it; here it is made by the game layer (`Progress.record`) for a child who answered
over a few days, and written through the store's own key, as the drill's script saves it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Dialog, Page, expect

from kidswar.game.progress import Progress
from kidswar.words.isolate import isolate

from .browserhelpers import PageWatch, Photograph, check_axe

PHONES = {"360x640": {"width": 360, "height": 640}, "390x844": {"width": 390, "height": 844}}
KEY = "kidswar.children"  # static/children.mjs
# A child's name in a label or a status, isolated from the words around it (FSI..PDI).
ADA = f"{isolate('Ada')} (Cat)"
ZOE = f"{isolate('Zoé')} (Rabbit)"


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, page: Page) -> str:
    """Each test runs at two phone sizes."""
    page.set_viewport_size(PHONES[request.param])  # type: ignore[arg-type]
    return str(request.param)


def practised(answers: int = 24) -> Progress:
    """A child's progress after some answers on the first level over the last three days."""
    rng = random.Random(3)
    today = date.today().toordinal()
    progress = Progress()
    for number in range(answers):
        values = (rng.randint(1, 5), rng.randint(1, 5))
        right = abs(values[0] - values[1]) > 1 or number % 3 == 0
        progress = progress.record(values, right, today - 2 + number * 3 // answers, rng)
    return progress


def store(page: Page) -> dict[str, Any]:
    """The browser's store of children, as saved."""
    return dict(json.loads(page.evaluate("key => localStorage.getItem(key)", KEY) or "null") or {})


def save_progress(page: Page, progress: Progress) -> None:
    """Write a progress for the current child, as the drill's script saves what it gets back."""
    data = store(page)
    for child in data["children"]:
        if child["id"] == data["current"]:
            child["progress"] = progress.to_json()
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [KEY, json.dumps(data)])


def pick(page: Page, name: str) -> None:
    """Tap a button of the picker by its accessible name."""
    page.locator("#children-picker").get_by_role("button", name=name, exact=True).click()


def total(progress: Progress) -> str:
    """The progress page's sentence of all the answers."""
    right = sum(day.right for day in progress.days)
    asked = sum(day.asked for day in progress.days)
    return f"{right} of {asked} answers right in all"


def test_a_tap_on_an_animal_adds_a_child_and_a_name_is_one_tap_away(
    page: Page, phone: str, photograph: Photograph
) -> None:
    page.goto("/en/")
    picker = page.locator("#children-picker")
    expect(picker).to_be_visible()
    expect(picker.get_by_role("button")).to_have_count(6)
    check_axe(page, "the home page's picker with no child yet")
    pick(page, "New child: Cat")
    cat = picker.get_by_role("button", name="Cat", exact=True)
    expect(cat).to_have_attribute("aria-pressed", "true")
    expect(cat).to_be_focused()
    expect(picker.get_by_role("status")).to_have_text("Cat is playing now.")
    box = cat.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44 * 2, box
    picker.get_by_text("Name", exact=True).click()
    picker.get_by_label("First name of the child playing now").fill("Ada")
    picker.get_by_role("button", name="Save the name").click()
    expect(picker.get_by_role("button", name=ADA)).to_have_attribute("aria-pressed", "true")
    # By keyboard: a second child, then back to the first.
    page.keyboard.press("Shift+Tab")
    fox = picker.get_by_role("button", name="New child: Fox")
    fox.focus()
    page.keyboard.press("Enter")
    expect(picker.get_by_role("button", name="Fox", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    expect(picker.get_by_role("button", name=ADA)).to_have_attribute("aria-pressed", "false")
    check_axe(page, "the home page's picker with two children")
    photograph(page, f"picker-{phone}.png")
    page.reload()
    expect(picker.get_by_role("button", name="Fox", exact=True)).to_have_attribute(
        "aria-pressed", "true"
    )
    pick(page, ADA)
    expect(picker.get_by_role("button", name=ADA)).to_have_attribute("aria-pressed", "true")
    assert [child["animal"] for child in store(page)["children"]] == ["cat", "fox"]


def test_a_device_keeps_four_children_at_most(page: Page) -> None:
    page.goto("/en/")
    for animal in ("Cat", "Dog", "Rabbit", "Bear"):
        pick(page, f"New child: {animal}")
        expect(
            page.locator("#children-picker").get_by_role("button", name=animal, exact=True)
        ).to_be_visible()
    buttons = page.locator("#children-picker").get_by_role("button")
    expect(buttons).to_have_count(4)  # no "New child" left: the owl and the fox are hidden
    assert len(store(page)["children"]) == 4


def test_the_progress_page_shows_the_child_its_level_and_answers_after_a_reload(
    page: Page, phone: str, new_context: Callable[..., BrowserContext], photograph: Photograph
) -> None:
    page.goto("/en/")
    pick(page, "New child: Owl")
    progress = practised()
    save_progress(page, progress)
    page.get_by_role("link", name="How the children are doing (for parents)").click()
    child = page.locator(".progress-child")
    expect(child).to_have_count(1)
    for _visit in range(2):
        expect(child.get_by_role("heading", level=2)).to_have_text("Owl")
        expect(child.locator(".progress-level")).to_have_text("Level now: First numbers (1 to 5)")
        expect(child.locator(".progress-total")).to_have_text(total(progress))
        expect(
            child.get_by_role("img", name="Questions and right answers on each of the last 14 days")
        ).to_be_visible()
        expect(child.locator(".hard-pair")).to_have_count(
            len({tuple(sorted(retry.values)) for retry in progress.retry})
        )
        check_axe(page, "the progress page with a child")
        page.reload()
    photograph(page, f"progress-{phone}.png", full_page=True)
    fresh = new_context(viewport=PHONES[phone]).new_page()
    fresh.goto("/en/progress")
    expect(fresh.locator(".progress-none")).to_have_text(
        "No child plays on this device yet. Tap an animal on the home page to start, or bring"
        " a child from another device below."
    )
    expect(fresh.locator(".progress-child")).to_have_count(0)
    check_axe(fresh, "the progress page of a fresh browser")


def test_a_child_saved_to_a_file_is_brought_to_another_browser_then_deleted(
    page: Page, new_context: Callable[..., BrowserContext], tmp_path: Path
) -> None:
    page.goto("/en/")
    pick(page, "New child: Rabbit")
    page.locator("#children-picker").get_by_text("Name", exact=True).click()
    page.get_by_label("First name of the child playing now").fill("Zoé")
    page.get_by_role("button", name="Save the name").click()
    progress = practised(30)
    save_progress(page, progress)
    page.goto("/en/progress")
    with page.expect_download() as download_info:
        page.get_by_role("button", name=f"Save to a file: {ZOE}").click()
    download = download_info.value
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert download.suggested_filename == "kidswar-rabbit-Zoe.json"
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert (data["animal"], data["name"]) == ("rabbit", "Zoé")
    assert Progress.from_json(data["progress"]) == progress

    other = new_context().new_page()
    other.goto("/en/progress")
    expect(other.locator(".progress-none")).to_be_visible()
    other.get_by_label("Progress file").set_input_files(saved)
    other.get_by_role("button", name="Add this child").click()
    expect(other.get_by_role("status")).to_have_text(f"{ZOE} was added to this device.")
    child = other.locator(".progress-child")
    expect(child.get_by_role("heading", level=2)).to_have_text("Zoé (Rabbit)")
    expect(child.locator(".progress-total")).to_have_text(total(progress))
    other.reload()
    expect(other.locator(".progress-child .progress-total")).to_have_text(total(progress))
    other.goto("/en/")  # the picker has the child too
    expect(other.get_by_role("button", name=ZOE)).to_be_visible()

    other.goto("/en/progress")
    asked: list[str] = []

    def accept(dialog: Dialog) -> None:
        asked.append(dialog.message)
        dialog.accept()

    other.once("dialog", accept)
    other.get_by_role("button", name=f"Delete this child: {ZOE}").click()
    expect(other.get_by_role("status")).to_have_text(f"{ZOE} was deleted from this device.")
    assert asked == [
        f"Delete {ZOE} and all of their progress from this device? This cannot be undone."
    ]
    expect(other.locator(".progress-child")).to_have_count(0)
    other.reload()
    expect(other.locator(".progress-none")).to_be_visible()
    # Said no to the question, nothing is deleted.
    page.reload()
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.get_by_role("button", name=f"Delete this child: {ZOE}").click()
    page.reload()
    expect(page.locator(".progress-child")).to_have_count(1)


BAD_FILES = {
    "not JSON": (b"{not json", "Das ist kein Lernstand eines Kindes, den kidswar gespeichert hat."),
    "a number out of range": (
        json.dumps(
            {
                "kind": "kidswar-child",
                "version": 1,
                "animal": "cat",
                "name": "Ada",
                "progress": {
                    **Progress().to_json(),
                    "attempts": [["first-five", [9, 1], True, 1, 1]],
                },
            }
        ).encode(),
        "Dieser Lernstand enthält Stufen oder Zahlen, die kidswar nie speichert",
    ),
    "a newer kidswar's": (
        json.dumps(
            {
                "kind": "kidswar-child",
                "version": 1,
                "animal": "cat",
                "name": "",
                "progress": {**Progress().to_json(), "v": 7},
            }
        ).encode(),
        "Dieser Lernstand wurde von einem neueren kidswar gespeichert",
    ),
    "too big": (b" " * 60_000 + b"{}", "Diese Datei ist zu groß für den Lernstand eines Kindes."),
}


@pytest.mark.parametrize("case", list(BAD_FILES))
def test_a_bad_file_is_refused_in_the_pages_language(
    page: Page, page_watch: PageWatch, case: str
) -> None:
    page_watch.expect_http_error(400)
    content, message = BAD_FILES[case]
    page.goto("/de/progress")
    expect(page.locator(".progress-none")).to_be_visible()
    page.get_by_label("Lernstand-Datei").set_input_files(
        {"name": "progress.json", "mimeType": "application/json", "buffer": content}
    )
    page.get_by_role("button", name="Dieses Kind hinzufügen").click()
    expect(page.get_by_role("alert")).to_contain_text(message)
    expect(page.get_by_role("alert")).to_contain_text("Nichts wurde geändert.")
    assert not store(page).get("children")
    page.reload()
    expect(page.locator(".progress-none")).to_be_visible()


def test_without_javascript_the_picker_is_hidden_and_the_home_page_works(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/en/")
    expect(page.locator("#children-picker")).to_be_hidden()
    expect(page.get_by_role("button", name="Turn on the voice")).to_be_hidden()
    expect(page.locator(".tile-go").first).to_be_visible()
    page.get_by_role("link", name="How the children are doing (for parents)").click()
    expect(page.locator("noscript .notice")).to_contain_text("This page needs JavaScript")
    expect(page.locator("#progress-page")).to_be_hidden()


def test_the_child_playing_now_takes_the_first_seat_of_a_practice_game(
    page: Page, phone: str
) -> None:
    page.goto("/en/")
    pick(page, "New child: Dog")
    page.locator("#children-picker").get_by_text("Name", exact=True).click()
    page.get_by_label("First name of the child playing now").fill("Ben")
    page.get_by_role("button", name="Save the name").click()
    page.goto("/en/easy")
    expect(page.get_by_label("First player's name")).to_have_value("Ben")
    expect(page.locator("#child-seat")).to_have_text(
        f"{isolate('Ben')} (Dog) plays in the first seat, and their animal is shown beside it."
    )
    check_axe(page, "the easy setup with the device's child")
    page.get_by_role(
        "checkbox", name="Ask “Which card is bigger?” before the cards are taken"
    ).check()
    page.get_by_role("button", name="Start the game").click()
    first = page.locator(".seat-name").first
    expect(first).to_have_text("Ben")
    expect(first.locator("svg.seat-animal.animal-dog")).to_be_visible()
    check_axe(page, "the practice table with the device's child")
