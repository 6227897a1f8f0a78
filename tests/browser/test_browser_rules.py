"""The rules pages in every language: axe-clean at phone and laptop size, and they print.

The easy rules fit one page of A4 or Letter; the others print to the page counts measured
when they were written (a change of more than a page means the layout or the text ran away).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from kidswar.words.catalogs import LANGUAGES

from .browserhelpers import VIEWPORTS, Photograph, check_axe, pdf_pages

PAGES = ("/rules/", "/rules/easy", "/rules/three-down", "/rules/peace", "/rules/addition")
# Printed pages allowed for each rules page, on A4 and on Letter.
PRINTED = {
    "/rules/": range(4, 7),  # 5 since its opening, length and history (issue 14)
    "/rules/easy": range(1, 2),
    "/rules/three-down": range(1, 4),  # 2 since its length and running short (issue 14)
    "/rules/peace": range(2, 5),  # 3 since its best cards, ties and length (issue 14)
    "/rules/addition": range(3, 6),
}


# English and Turkish in every run (the source, and the language whose letters and suffixes
# differ most); German, Spanish and French in the slow run that `.ci/run` adds.
@pytest.mark.parametrize(
    "lang",
    [
        pytest.param(lang, marks=[] if lang in ("en", "tr") else pytest.mark.slow)
        for lang in LANGUAGES
    ],
)
def test_rules_pages_pass_axe_and_print(page: Page, lang: str, photograph: Photograph) -> None:
    for path in PAGES:
        for name, size in VIEWPORTS.items():
            page.set_viewport_size(size)
            page.goto(f"/{lang}{path}")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            check_axe(page, f"{lang}{path} at {name}")
            if lang in ("tr", "de") and path in ("/rules/", "/rules/peace"):
                shot = f"rules-{lang}-{path.strip('/').replace('/', '-')}-{name}.png"
                photograph(page, shot, full_page=True)
        for paper in ("A4", "Letter"):
            pages = pdf_pages(page.pdf(format=paper))
            assert pages in PRINTED[path], f"{lang}{path} printed on {paper}: {pages} pages"


def test_the_table_links_to_the_rules_of_its_variant(page: Page) -> None:
    page.goto("/en/rules/peace")
    page.get_by_role("link", name="Start a game of Peace").click()
    expect(page.get_by_role("radio", name=re.compile("^Peace"))).to_be_checked()
    page.get_by_role("button", name="Start the game").click()
    page.get_by_role("link", name="How to play Peace").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Peace")


def test_the_easy_rules_print_button_prints_and_paper_shows_no_highlight(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto("/en/rules/easy")
    page.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    button = page.get_by_role("button", name="Print these rules")
    expect(button).to_be_visible()
    button.click()
    assert page.evaluate("window.printed") == 1
    # An item being read aloud is marked on screen, never on paper.
    step = page.locator(".steps-list li").first
    step.evaluate("item => item.classList.add('reading')")
    shown = step.evaluate("item => getComputedStyle(item).outlineStyle")
    page.emulate_media(media="print")
    printed = step.evaluate(
        "item => [getComputedStyle(item).outlineStyle, getComputedStyle(item).backgroundColor]"
    )
    assert shown == "solid" and printed == ["none", "rgba(0, 0, 0, 0)"]
    expect(button).to_be_hidden()
