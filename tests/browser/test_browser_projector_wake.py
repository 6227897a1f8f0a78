"""The projector keeps the screen awake while the round runs (issue 33), where the browser
offers a wake lock: asked for when the round starts, let go when it pauses.

The browser's wake lock is stood in for by a recorder (headless Chromium has no screen to keep
awake); the page's own script decides when to ask and when to let go.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .classsteps import create_round, open_projector

RECORDER = """
window.wakeLog = [];
Object.defineProperty(navigator, "wakeLock", { value: {
  request(type) {
    window.wakeLog.push("asked " + type);
    const held = new EventTarget();
    held.release = () => { window.wakeLog.push("released"); return Promise.resolve(); };
    return Promise.resolve(held);
  },
} });
"""


def test_the_projector_asks_for_a_wake_lock_while_the_round_runs(page: Page) -> None:
    page.context.add_init_script(RECORDER)
    code = create_round(page)
    projector = open_projector(page, code)
    countdown = projector.locator(".countdown")
    assert projector.evaluate("window.wakeLog") == []  # not before the round runs
    page.get_by_role("button", name="Start the round").click()
    expect(countdown).to_have_class(re.compile("state-running"), timeout=15_000)
    projector.wait_for_function("window.wakeLog.length === 1")
    assert projector.evaluate("window.wakeLog") == ["asked screen"]
    page.get_by_role("button", name="Pause").click()
    expect(countdown).to_have_class(re.compile("state-paused"), timeout=15_000)
    projector.wait_for_function("window.wakeLog.length === 2")
    assert projector.evaluate("window.wakeLog") == ["asked screen", "released"]
