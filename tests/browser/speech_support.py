"""The clips a browser test's page plays: each clip's address as "lang/key", and a record the
page itself keeps of the clips that ended (an init script: the pages' CSP forbids the eval of
wait_for_function)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from playwright.sync_api import Page

CLIP = re.compile(r"/speech/([a-z]{2})/([a-z0-9-]+)\.mp3")
# Each clip that ends, as "lang/key", in order on <html data-ended>, and how many on
# data-ended-count: a battle's clips have all ended when the count has grown by their number.
RECORD_ENDED = """
(() => {
  const ended = [];
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function () {
    const found = this.src.match(/\\/speech\\/([a-z]{2})\\/([a-z0-9-]+)\\.mp3/);
    if (found) {
      this.addEventListener("ended", () => {
        ended.push(found[1] + "/" + found[2]);
        document.documentElement.dataset.ended = ended.join(" ");
        document.documentElement.dataset.endedCount = String(ended.length);
      });
    }
    return play.call(this);
  };
})();
"""


def clip_of(address: str) -> str:
    """A clip's address as "lang/key"."""
    found = CLIP.search(urlsplit(address).path)
    assert found, address
    return f"{found.group(1)}/{found.group(2)}"


def ended_count(page: Page) -> int:
    """How many clips have played to their end on this page (RECORD_ENDED)."""
    return int(page.locator("html").get_attribute("data-ended-count") or "0")
