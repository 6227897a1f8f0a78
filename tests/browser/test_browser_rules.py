"""The rules pages in every language: axe-clean at phone and laptop size, and they print.

The easy rules fit one page of A4 or Letter; the others print to the page counts measured
when they were written (a change of more than a page means the layout or the text ran away).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .browserhelpers import VIEWPORTS, check_axe

LANGUAGES = ("en", "tr", "de", "es", "fr")
PAGES = ("/rules/", "/rules/easy", "/rules/three-down", "/rules/peace", "/rules/addition")
# Printed pages allowed for each rules page, on A4 and on Letter.
PRINTED = {
    "/rules/": range(3, 6),  # 4 or 5 since the little deck and the other games (issue 12)
    "/rules/easy": range(1, 2),
    "/rules/three-down": range(1, 3),
    "/rules/peace": range(1, 3),
    "/rules/addition": range(3, 6),
}


def pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF that Chromium printed has (one /Type /Page object each)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_pass_axe_and_print(page: Page, lang: str, screenshot_dir: Path) -> None:
    for path in PAGES:
        for name, size in VIEWPORTS.items():
            page.set_viewport_size(size)
            page.goto(f"/{lang}{path}")
            expect(page.locator("html")).to_have_attribute("lang", lang)
            check_axe(page, f"{lang}{path} at {name}")
            if lang in ("tr", "de") and path in ("/rules/", "/rules/peace"):
                shot = (
                    screenshot_dir / f"rules-{lang}-{path.strip('/').replace('/', '-')}-{name}.png"
                )
                page.screenshot(path=str(shot), full_page=True)
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
