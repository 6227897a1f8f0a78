"""The README's pictures, made again: the home page and the table on a phone, practice feedback,
the projector.

Starts `kidswar serve` on a free loopback port with a temporary instance folder and a fixed
deal seed (so the same cards come every time), drives the system Chromium with Playwright and
writes PNG files into docs/images/. Run it from the repository root after installing the
test extras (`.venv/bin/pip install -e '.[test]'`, Chromium from `apt-get install chromium`):

    .venv/bin/python docs/screenshots.py

Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

IMAGES = Path(__file__).resolve().parent / "images"
PHONE = {"width": 390, "height": 844}
PROJECTOR = {"width": 1366, "height": 768}
SEED = "2026"  # the deals shown in the pictures
PUBLIC_URL = "http://192.168.1.20:8000"


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def server() -> Iterator[str]:
    """`kidswar serve` on a free port with its own instance folder; yields its address."""
    port = free_port()
    with tempfile.TemporaryDirectory() as instance:
        env = {
            **os.environ,
            "KIDSWAR_INSTANCE_PATH": instance,
            "KIDSWAR_DEAL_SEED": SEED,
            # The join address the projector shows, as on a school's network (not the free port).
            "KIDSWAR_PUBLIC_URL": PUBLIC_URL,
        }
        kidswar = Path(sys.executable).with_name("kidswar")
        process = subprocess.Popen(
            [str(kidswar), "serve", "--port", str(port)], env=env, stdout=subprocess.DEVNULL
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _attempt in range(100):  # until it answers, 10 s at most
                try:
                    urllib.request.urlopen(base + "/en/", timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            process.wait(timeout=10)


def phone(browser: Browser, base: str) -> Page:
    """A new page as a phone sees it, with motion reduced so no card is caught mid-slide."""
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce", base_url=base
    )
    return context.new_page()


def turn(page: Page) -> None:
    """Press "Turn cards" and wait for the table to be drawn again."""
    before = page.locator("#table").get_attribute("data-next-battle")
    page.get_by_role("button", name="Turn cards", exact=True).click()
    page.wait_for_selector(f'#table:not([data-next-battle="{before}"])')


def home_on_a_phone(browser: Browser, base: str) -> None:
    """The home page as a child first sees it on a phone: who is playing, the voice, the tiles."""
    page = phone(browser, base)
    page.goto("/en/")
    page.wait_for_selector("#picker-list button")  # the picker: drawn by the page, then its script
    page.wait_for_selector("#speech-first:visible")  # there from the start where speech works
    page.screenshot(path=str(IMAGES / "home-phone.png"))


def table_on_a_phone(browser: Browser, base: str) -> None:
    """An easy game, a few battles in."""
    page = phone(browser, base)
    page.goto("/en/easy")
    page.get_by_role("button", name="Start the game").click()
    for _battle in range(3):
        turn(page)
    page.screenshot(path=str(IMAGES / "table-phone.png"))


def practice_feedback(browser: Browser, base: str) -> None:
    """A wrong answer in practice: what was chosen beside what is true, then counting."""
    page = phone(browser, base)
    page.goto("/en/easy")
    page.get_by_role("checkbox", name=re.compile("Which card is bigger")).check()
    page.get_by_role("button", name="Start the game").click()
    for _battle in range(8):
        turn(page)
        left, right = (int(n) for n in page.locator(".sign-number").all_inner_texts())
        if left != right:
            break
        page.locator('[data-key="same"]').click()
        page.wait_for_selector(".reply")
    page.locator('[data-key="lt"]' if left > right else '[data-key="gt"]').click()
    page.wait_for_selector(".reply-wrong")
    page.screenshot(path=str(IMAGES / "practice-feedback.png"), full_page=True)


def projector(browser: Browser, base: str) -> None:
    """A class round running with three tables, on the projector."""
    teacher = browser.new_context(viewport=PROJECTOR, base_url=base).new_page()
    teacher.goto("/en/class/")
    teacher.get_by_role("button", name=re.compile("Create the round")).click()
    code = teacher.locator(".join-code").first.inner_text()
    tables = []
    for name in ("Red", "Blue", "Green"):
        table = phone(browser, base)
        table.goto(f"/join/{code}")
        table.get_by_label(re.compile("table's name")).fill(name)
        table.get_by_role("button", name="Join and play").click()
        table.wait_for_selector("#table")
        tables.append(table)
    teacher.get_by_role("button", name="Start the round").click()
    for battles, table in zip((6, 3, 9), tables, strict=True):  # each table a little way in
        table.reload()  # the round has started: the table offers its moves
        for _battle in range(battles):
            turn(table)
    teacher.goto(f"/en/class/{code}/screen")
    teacher.wait_for_selector(".board-tables")
    teacher.screenshot(path=str(IMAGES / "projector.png"))


def main() -> None:
    """Make every picture."""
    IMAGES.mkdir(exist_ok=True)
    with server() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        for make in (home_on_a_phone, table_on_a_phone, practice_feedback, projector):
            make(browser, base)
            print(f"{make.__name__}: done")
        browser.close()
    print(f"pictures in {IMAGES}")


if __name__ == "__main__":
    main()
