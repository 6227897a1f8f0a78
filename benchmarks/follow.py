"""How soon a second device shows a move made on the first (issue 33): a shared game, two
browsers, 20 moves.

Starts `kidswar serve` on a free port with a fresh instance folder, opens one easy game for two
children in two headless Chromium pages (the second opened from the first's address, as a
shared link is), then makes 20 moves on the first, one every 2 s (a child's pace), and times
how long after each move's answer the second page shows it. Prints the median and the
longest. The second page is only looked at, never touched: it learns of the move by its own
looks (kidswar/web/static/table.js), as another tablet would.

    .venv/bin/python benchmarks/follow.py [--moves 20] [--pause 2.0] [--chromium PATH]

A plain script, not a pytest test: timings depend on the machine and its load (say `uptime`
beside any figure). Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    """A TCP port free on the loopback interface now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_serving(port: int, process: subprocess.Popen[bytes]) -> None:
    """Return once the server answers its home page (at most 60 s)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server stopped"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/", timeout=1):
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server never answered")


def next_battle(page: Page) -> int:
    """The battle the page's table plays next."""
    return int(page.locator("#table").get_attribute("data-next-battle") or 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--pause", type=float, default=2.0, help="seconds between two moves")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    options = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as instance:
        environment = {**os.environ, "KIDSWAR_INSTANCE_PATH": instance}
        server = subprocess.Popen(
            [sys.executable, "-m", "kidswar", "serve", "--port", str(port)],
            cwd=ROOT,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_serving(port, server)
            lags = measure(base, options.chromium, options.moves, options.pause)
        finally:
            server.terminate()
            server.wait(30)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"{len(lags)} moves: the other device showed each after a median of "
        f"{statistics.median(lags):.2f} s (longest {max(lags):.2f} s); load average {load:.1f}"
    )


def measure(base: str, chromium: str, moves: int, pause: float) -> list[float]:
    """The seconds after each move's answer until the second page showed it."""
    lags: list[float] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        # bypass_csp: the waits below evaluate a script, which the page's CSP forbids its own.
        first = browser.new_context(base_url=base, locale="en-US", bypass_csp=True).new_page()
        first.goto("/en/easy")
        first.get_by_role("radio", name="Two children on this device").check()
        first.get_by_role("button", name="Start the game").click()
        first.wait_for_selector("#table")
        second = browser.new_context(base_url=base, locale="en-US", bypass_csp=True).new_page()
        second.goto(first.url)
        second.wait_for_selector("#table")
        for _move in range(moves):
            time.sleep(pause)  # a child's pace between two moves
            if first.locator("#table").get_attribute("data-over") == "yes":
                break
            before = next_battle(first)
            first.get_by_role("button", name="Turn cards").click()
            first.wait_for_function(
                f"document.querySelector('#table').dataset.nextBattle > {before}"
            )
            shown = time.monotonic()
            second.wait_for_function(
                f"document.querySelector('#table').dataset.nextBattle > {before}",
                polling=20,
                timeout=30_000,
            )
            lags.append(time.monotonic() - shown)
        browser.close()
    return lags


if __name__ == "__main__":
    main()
