"""Nothing moves once the page is first drawn (issue 24): what the home page's and the progress
page's scripts show is there from the first paint, so the tiles and the tools stay where a
child or a parent first sees them (Lighthouse's cumulative layout shift).

The browser's own `layout-shift` entries are summed, as Lighthouse does (none after a tap
here). The CPU is slowed as a phone's is, so that the page is painted before its scripts run,
as on a phone: on a fast machine they could run first and hide a shift.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

PHONES = {"360x640": (360, 640), "390x844": (390, 844), "768x1024": (768, 1024)}
# The phones every run; the tablet with the slow checks (pytest -m slow).
SIZES = ["360x640", "390x844", pytest.param("768x1024", marks=pytest.mark.slow)]
# Every layout shift of the page, from its first paint, as the browser reports them.
WATCH = """
window.kidswarShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (!entry.hadRecentInput) {
      const nodes = entry.sources.map((source) => (source.node
        ? source.node.nodeName + "." + (source.node.getAttribute?.("class") || "") : "?"));
      window.kidswarShifts.push({ value: entry.value, nodes: nodes });
    }
  }
}).observe({ type: "layout-shift", buffered: true });
"""
# A device with two children, the dog chosen, and Read aloud switched on before.
RETURNING = {
    "kidswar.children": {
        "version": 1,
        "current": "c1",
        "children": [
            {"id": "c1", "animal": "dog", "name": "", "progress": None},
            {"id": "c2", "animal": "owl", "name": "Ada", "progress": None},
        ],
    },
    "kidswar-speech": "on",
}


def slow_phone(
    new_context: Callable[..., BrowserContext], size: str, saved: dict[str, Any]
) -> Page:
    """A touch phone at `size`, its CPU slowed 6 times, with `saved` in its storage."""
    width, height = PHONES[size]
    context = new_context(viewport={"width": width, "height": height}, has_touch=True)
    values = {
        key: value if isinstance(value, str) else json.dumps(value) for key, value in saved.items()
    }
    # Only the app's own pages have its storage (not the blank page a new tab starts on).
    seed = f"""if (location.protocol.startsWith("http")) {{
      for (const [key, value] of Object.entries({json.dumps(values)})) {{
        localStorage.setItem(key, value);
      }}
    }}"""
    context.add_init_script(seed + WATCH)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 6})
    return page


def shifts(page: Page) -> list[dict[str, Any]]:
    """The page's layout shifts so far."""
    found: list[dict[str, Any]] = page.evaluate("window.kidswarShifts")
    return found


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("who", ["first visit", "returning"])
def test_the_home_page_does_not_move_once_drawn(
    new_context: Callable[..., BrowserContext], size: str, who: str
) -> None:
    page = slow_phone(new_context, size, {} if who == "first visit" else RETURNING)
    page.goto("/en/")
    tiles = page.locator(".tile-go")
    expect(tiles.first).to_be_visible()
    expect(page.locator(".speaker-corner").first).to_be_visible()  # speech.js has run
    if who == "first visit":
        expect(page.locator("#picker-list button.picker-new")).to_have_count(6)
        expect(page.get_by_role("button", name="Turn on the voice")).to_be_visible()
    else:
        expect(page.get_by_role("button", name="Dog")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#picker-name summary")).to_be_visible()
        expect(page.get_by_role("button", name="Turn on the voice")).to_have_count(0)
        expect(page.locator("#speech-toggle")).to_have_attribute("aria-pressed", "true")
    moved = shifts(page)
    assert sum(shift["value"] for shift in moved) < 0.01, moved


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("who", ["first visit", "returning"])
def test_the_progress_page_does_not_move_once_drawn(
    new_context: Callable[..., BrowserContext], size: str, who: str
) -> None:
    page = slow_phone(new_context, size, {} if who == "first visit" else RETURNING)
    page.goto("/en/progress")
    if who == "first visit":
        expect(page.locator(".progress-none")).to_be_visible()
    else:
        expect(page.locator("article.progress-child")).to_have_count(2)
        expect(page.locator(".progress-none")).to_have_count(0)
    expect(page.get_by_role("button", name="Add this child")).to_be_attached()
    moved = shifts(page)
    assert sum(shift["value"] for shift in moved) < 0.01, moved
