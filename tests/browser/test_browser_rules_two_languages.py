"""The rules pages in two languages (issue 36), in the browser.

Side by side on a laptop, one after the other on a phone, axe-clean at both; "Read all" reads
either language in its own voice and stops at a second tap; the two-language easy rules print on
one sheet of A4 (and of Letter) for every ordered pair of the five languages.
"""

from __future__ import annotations

import itertools
import re

from playwright.sync_api import FloatRect, Page, ViewportSize, expect

from kidswar.words import catalogs, content

from .browserhelpers import Photograph, check_axe, pdf_pages

PAGES = ["/rules/" if name == "war" else f"/rules/{name}" for name in content.PAGES]
PAGES.insert(1, "/rules/easy")
PHONES: dict[str, ViewportSize] = {
    "360x640": {"width": 360, "height": 640},
    "390x844": {"width": 390, "height": 844},
}
LAPTOP: ViewportSize = {"width": 1366, "height": 768}


def first_pair(page: Page, lang: str, also: str) -> tuple[FloatRect, FloatRect]:
    """Where the first section stands in the page's language and in the second language."""
    first = page.locator(f'.rules-pair > section[lang="{lang}"]').first.bounding_box()
    second = page.locator(f'.rules-pair > section[lang="{also}"]').first.bounding_box()
    assert first is not None and second is not None
    return first, second


def test_two_columns_on_a_laptop_one_after_the_other_on_a_phone(
    page: Page, photograph: Photograph
) -> None:
    for path in PAGES:
        shot = path.strip("/").replace("/", "-")
        page.set_viewport_size(LAPTOP)
        page.goto(f"/tr{path}?also=de")
        expect(page.locator("html")).to_have_attribute("lang", "tr")
        pairs = page.locator(".rules-pair")
        expect(pairs.first).to_be_visible()
        # Every section twice, Turkish then German, each in its own language.
        for index in range(pairs.count()):
            langs = (
                pairs.nth(index)
                .locator("> section")
                .evaluate_all("sections => sections.map(section => section.lang)")
            )
            assert langs == ["tr", "de"], f"{path}, pair {index}"
        turkish, german = first_pair(page, "tr", "de")
        assert turkish["y"] == german["y"] and turkish["x"] + turkish["width"] < german["x"]
        check_axe(page, f"tr{path} with de at 1366x768")
        photograph(page, f"rules2-tr-de-{shot}-1366x768.png")
        for name, size in PHONES.items():
            page.set_viewport_size(size)
            turkish, german = first_pair(page, "tr", "de")
            assert german["y"] >= turkish["y"] + turkish["height"] and german["x"] == turkish["x"]
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
            if name == "360x640":  # the narrowest: 390x844 only has more room
                check_axe(page, f"tr{path} with de at {name}")
            photograph(page, f"rules2-tr-de-{shot}-{name}.png")


def test_read_all_reads_either_language_and_a_second_tap_stops_it(page: Page) -> None:
    de, tr = catalogs.load("de"), catalogs.load("tr")
    page.goto("/tr/rules/easy?also=de")
    german, turkish = page.locator("#easy-de"), page.locator("#easy")
    with page.expect_response(re.compile(r"/speech/de/rules-war-easy-1\.mp3")) as clip:
        german.get_by_role("button", name=de.gettext("Read all")).click()
    assert clip.value.status in (200, 206)
    stop = german.get_by_role("button", name=de.pgettext("reading aloud", "Stop"))
    expect(stop).to_have_attribute("aria-pressed", "true")
    expect(german.locator("li.reading")).to_have_count(1)
    expect(turkish.locator("li.reading")).to_have_count(0)
    stop.click()
    expect(page.locator("li.reading")).to_have_count(0)
    expect(german.get_by_role("button", name=de.gettext("Read all"))).to_have_attribute(
        "aria-pressed", "false"
    )
    with page.expect_response(re.compile(r"/speech/tr/rules-war-easy-1\.mp3")):
        turkish.get_by_role("button", name=tr.gettext("Read all")).click()
    expect(turkish.locator("li.reading")).to_have_count(1)
    turkish.get_by_role("button", name=tr.pgettext("reading aloud", "Stop")).click()
    expect(page.locator("li.reading")).to_have_count(0)


def test_the_two_language_easy_rules_print_on_one_page_for_every_pair(page: Page) -> None:
    for lang, also in itertools.permutations(catalogs.LANGUAGES, 2):
        page.goto(f"/{lang}/rules/easy?also={also}")
        expect(page.locator(f'section[lang="{also}"] .steps-list li')).to_have_count(7)
        for paper in ("A4", "Letter"):
            pages = pdf_pages(page.pdf(format=paper))
            assert pages == 1, f"/{lang}/rules/easy with {also} printed on {paper}: {pages} pages"
