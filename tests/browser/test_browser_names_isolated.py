"""An Arabic seat name on a phone (issue 23): "مرحبا takes 2 cards." is laid out name first,
then its words in their order, the name isolated in a <bdi>; the screen reader's live region
hears it between FSI and PDI (plain text's isolation), as the page's script copies it there."""

from __future__ import annotations

from flask import Flask
from playwright.sync_api import Locator, Page, expect

from .browserhelpers import open_table, set_up_dealt, table

ARABIC = "\u0645\u0631\u062d\u0628\u0627"  # marhaba
FSI, PDI = "\u2068", "\u2069"
# Where each of the paragraph's words is drawn: the boxes of the characters at those places
# of its text (`words`: each word's start in the whole text, and its length).
BOXES = """(paragraph, words) => {
    const nodes = [];
    const walker = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) { nodes.push(node); }
    const at = (offset) => {
        for (const node of nodes) {
            if (offset <= node.length) { return [node, offset]; }
            offset -= node.length;
        }
        throw new Error("past the paragraph's text");
    };
    return words.map(([start, length]) => {
        const range = document.createRange();
        range.setStart(...at(start));
        range.setEnd(...at(start + length));
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right, top: box.top };
    });
}"""


def word_boxes(paragraph: Locator, words: list[str]) -> list[dict[str, float]]:
    """The box of each word of the paragraph (each found after the one before)."""
    text = str(paragraph.evaluate("(p) => p.textContent"))
    places, start = [], 0
    for word in words:
        start = text.index(word, start)
        places.append([start, len(word)])
        start += len(word)
    return list(paragraph.evaluate(BOXES, places))


def test_an_arabic_seat_name_keeps_its_sentence_in_order_on_a_phone(
    page: Page, live_app: Flask
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    # Two children on the easy page as it comes, their names typed (the form's typing is
    # tested elsewhere: this is about the table's sentence).
    names = {"who": "two", "name-1": ARABIC, "name-2": "Ben"}
    open_table(
        page, set_up_dealt(page, live_app, [["10S", "4S"], ["2H", "3H"]], "/en/easy", **names)
    )
    page.keyboard.press("Space")  # the move through the page's script, as a child plays
    sentence = table(page).locator("#said .sentence", has_text="takes")
    expect(sentence).to_have_text(f"{ARABIC} takes 2 cards.")
    name = sentence.locator("bdi")
    expect(name).to_have_text(ARABIC)
    assert name.evaluate("(element) => getComputedStyle(element).unicodeBidi") == "isolate"
    words = [ARABIC, "takes", "2", "cards."]
    boxes = word_boxes(sentence, words)
    for (before, first), (after, second) in zip(
        zip(words, boxes, strict=True), zip(words[1:], boxes[1:], strict=True), strict=False
    ):
        # Left to right on one line (or on the next line down): the name, takes, 2, cards.
        assert first["right"] <= second["left"] + 0.5 or first["top"] < second["top"], (
            before,
            after,
            boxes,
        )
    announced = page.locator("#announcer")
    expect(announced).to_contain_text(f"{FSI}{ARABIC}{PDI} takes 2 cards.")
