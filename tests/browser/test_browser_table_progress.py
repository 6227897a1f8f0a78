"""The War game counts, in a real browser (issue 31): a practice table on a level, played by
the child chosen on this device, deals only its level's numbers, its answers are on that
child's progress page, and the browser is asked to keep them; a progress the table cannot
read is put aside, and the next answer counts afresh.

The test never knows the deal: it reads the cards the page shows (their accessible names),
answers from them, and looks only for the server's reply.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from kidswar.words.isolate import isolate

from .browserhelpers import (
    PageWatch,
    Photograph,
    check_axe,
    is_over,
    next_battle,
    open_setup,
    wait_for_battle_after,
    wait_for_new_table,
)
from .children_support import add_child, count_persist_requests, stored_progress

PRACTICE_BOX = "Ask “Which card is bigger?” before the cards are taken"
FIRST_NUMBERS = "First numbers (1 to 5)"
CARD = re.compile(r"^(\d+|ace|jack|queen|king) of (clubs|diamonds|hearts|spades)$")
ANSWERS = 10  # a drill's worth: judged as a whole drill, as the drill's ten are


def card_values(cards: Locator) -> list[int]:
    """The numbers of the cards a locator finds that are cards (a label "7 of hearts"), in page
    order; the little deck's ace counts 1, and a face card shows as its name's letter."""
    found = []
    for svg in cards.all():
        match = CARD.match(svg.get_attribute("aria-label") or "")
        if match:
            word = match.group(1)
            found.append(int(word) if word.isdigit() else {"ace": 1}.get(word, 99))
    return found


def start_first_numbers(page: Page) -> None:
    """An easy practice table on "First numbers (1 to 5)" against the computer."""
    open_setup(page, "Easy")
    page.get_by_role("radio", name="One child against the computer").check()
    page.get_by_role("checkbox", name=PRACTICE_BOX).check()
    page.get_by_label("Practice level").select_option(label=FIRST_NUMBERS)
    page.get_by_role("button", name="Start the game").click()
    wait_for_new_table(page)


def turn_cards(page: Page) -> list[int]:
    """Turn the cards and wait for the question; the two cards asked about."""
    before = next_battle(page)
    page.get_by_role("button", name="Turn cards", exact=True).click()
    wait_for_battle_after(page, before)
    expect(page.locator(".question-text")).to_have_text("Which card is bigger?")
    return card_values(page.locator(".seat .card-button svg"))


def answer_right(page: Page, shown: list[int]) -> None:
    """Answer with the right sign, and wait for the reply that says so."""
    first, second = shown
    page.keyboard.press("=" if first == second else ">" if first > second else "<")
    expect(page.locator(".reply-right")).to_be_visible()


def test_a_first_numbers_table_deals_one_to_five_and_its_answers_are_the_childs(
    page: Page, photograph: Photograph
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    count_persist_requests(page)
    page.goto("/en/")
    add_child(page, "fox", "Ada")
    start_first_numbers(page)
    seen: set[int] = set()
    answered = 0
    while answered < ANSWERS:
        if is_over(page):  # a short deal (1 to 5 ties often, and wars take cards): play again
            start_first_numbers(page)
        shown = turn_cards(page)
        every = card_values(page.locator("#table svg"))  # every card on the table, war too
        assert every and set(every) <= {1, 2, 3, 4, 5}, every
        seen |= set(every)
        answer_right(page, shown)
        answered += 1
        assert stored_progress(page)["asked"] == answered  # kept on the device at once
    assert len(seen) >= 3, seen
    assert page.evaluate("window.kidswarPersistAsked") == 1  # the progress asked to be kept
    check_axe(page, "a practice table on First numbers")
    photograph(page, "table-first-numbers-390x844.png")

    page.goto("/en/progress")
    ada = page.locator('[data-child="c1"]')
    expect(ada.locator(".progress-total")).to_have_text(
        f"{answered} of {answered} answers right in all"
    )
    expect(ada.locator(".progress-level")).to_have_text(f"Level now: {FIRST_NUMBERS}")
    expect(ada).to_have_attribute("data-label", f"{isolate('Ada')} (Fox)")


def test_a_progress_the_table_cannot_read_is_put_aside_and_the_next_answer_counts(
    page: Page, page_watch: PageWatch
) -> None:
    page_watch.expect_http_error(400)  # the answer with the progress that cannot be read
    page.goto("/en/")
    add_child(page, "owl", "Bo")
    page.evaluate(
        """async () => {
            const store = await import("/static/children.mjs");
            let deep = [];
            for (let i = 1; i < 1000; i += 1) { deep = [deep]; }
            store.saveProgress(store.currentChild().id, { v: 2, attempts: deep });
        }"""
    )
    start_first_numbers(page)
    shown = turn_cards(page)
    first, second = shown
    page.keyboard.press("=" if first == second else ">" if first > second else "<")
    expect(page.locator("#table .notice")).to_contain_text(
        "This device's practice progress could not be read, so nothing was changed."
    )
    expect(page.locator(".question-text")).to_have_text("Which card is bigger?")  # still asked
    aside = page.evaluate(
        """async () => {
            const store = await import("/static/children.mjs");
            const child = store.currentChild();
            return [child.progress, Array.isArray(child.refusedProgress.attempts)];
        }"""
    )
    assert aside == [None, True]  # put aside for the adult, never sent again
    answer_right(page, shown)
    assert stored_progress(page)["asked"] == 1  # a fresh progress, counted
