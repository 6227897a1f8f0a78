"""Browser tests: the real app on a live server, driven by the system Chromium.

Every test here gets a page watched from its first request to its last: a request to any other
origin, a console error or an uncaught page error fails the test when it ends. The browser
sends every request to another host through a proxy that refuses it (loopback, where the live
server is, is never proxied), so such a request fails and the watch hears of it.

Chromium is Debian's headless shell where it is installed (/usr/bin/chromium-headless-shell,
the same engine without the desktop browser around it: about half the CPU time a test takes in
the full browser, measured on tests/browser/test_browser_play.py), else /usr/bin/chromium (or
`chromium` on the PATH). Without either these tests are skipped, unless
KIDSWAR_REQUIRE_BROWSER=1 says they must run (as CI does): then they fail.

One live server and one browser serve a whole pytest process (an xdist worker); each test gets
a fresh browser context (its own cookies and storage) and page.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import BrowserContext, Page
from seeds import SEED_KEY, chosen_seed
from werkzeug.serving import make_server

from kidswar.sound import mp3
from kidswar.sound.worker import SpeechRenderer
from kidswar.web import create_app
from kidswar.web.clips import speech_cache

from .browserhelpers import PageWatch, Photograph

SYSTEM_CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"  # Debian's chromium-headless-shell
REQUIRE_BROWSER = "KIDSWAR_REQUIRE_BROWSER"
LIVE_SPEECH_WAIT_SECONDS = 20  # well within Playwright's 30 s for a response or a request
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def find_chromium() -> str | None:
    """The system Chromium's path (its headless shell first), or None when neither is installed."""
    for path in (HEADLESS_SHELL, SYSTEM_CHROMIUM):
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium-headless-shell") or shutil.which("chromium")


@pytest.fixture(scope="session", autouse=True)
def chromium_path() -> str:
    """The browser to drive; skip the browser tests without it, or fail if it is required.

    Session-scoped and autouse, so it runs before Playwright starts or a browser launches.
    """
    path = find_chromium()
    if path:
        return path
    if os.environ.get(REQUIRE_BROWSER) == "1":
        pytest.fail(
            f"{REQUIRE_BROWSER}=1 but Chromium was not found at {SYSTEM_CHROMIUM} or "
            "as `chromium` on the PATH: install it (apt-get install chromium) or unset "
            f"{REQUIRE_BROWSER} to skip the browser tests.",
            pytrace=False,
        )
    pytest.skip(
        f"Chromium is not installed ({SYSTEM_CHROMIUM}); browser tests skipped "
        f"(set {REQUIRE_BROWSER}=1 to make this a failure)"
    )


@pytest.fixture(scope="session")
def refusing_port() -> Iterator[int]:
    """A loopback port bound for the session and never listened on: a connection to it is
    refused at once."""
    with socket.socket() as bound:
        bound.bind(("127.0.0.1", 0))
        yield bound.getsockname()[1]


@pytest.fixture(scope="session")
def browser_type_launch_args(
    browser_type_launch_args: dict[str, Any], chromium_path: str, refusing_port: int
) -> dict[str, Any]:
    """pytest-playwright's launch options, on the system Chromium and kept off the network.

    Every request to another host goes to a proxy that refuses it, so it fails: the page watch
    listens for failed requests only, not for each of a test's requests to the app (about
    0.08 core-seconds a test, most of them on the app's own origin)."""
    proxy = f"--proxy-server=http://127.0.0.1:{refusing_port}"
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path,
        "args": [*CHROMIUM_ARGS, proxy],
    }


@pytest.fixture(scope="session")
def server_seed() -> int:
    """The seed the live server deals every game from (a failing test prints it)."""
    return chosen_seed()


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory, server_seed: int) -> Flask:
    """The real app (CSRF on, as in production), with its own instance folder.

    Every browser context of the session comes from 127.0.0.1, as a class behind one proxy
    would: new tables a minute per address are raised as such a school would raise them.
    """
    instance = tmp_path_factory.mktemp("instance")
    app = create_app(
        {
            "INSTANCE_PATH": str(instance),
            "DEAL_SEED": server_seed,
            "CLASS_JOINS_PER_MINUTE": 1000,
            # A new clip is waited for up to 2 s in production, then the page asks once more
            # 2 s later and gives up (a 503 in the console, the speakers hidden). eSpeak takes
            # about 2 s for a clip on a machine at load 15-40, so the tests that play a real
            # clip failed there now and then: here the server waits for the clip itself, up
            # to a generous ceiling (the 503 and Retry-After: tests/test_web_speech.py).
            "SPEECH_WAIT_SECONDS": LIVE_SPEECH_WAIT_SECONDS,
            # A server renders the 304 first clips in the background as it starts (about 4 s
            # of CPU, tested in tests/test_speech_ready.py); each worker process of the suite
            # has its own live server, and its tests play a few dozen of them: those are
            # rendered when first asked for.
            "SPEECH_AT_START": False,
        }
    )
    # The pages offer Read aloud once the speech worker has started: start it now, as a
    # lesson begins minutes after the server, so no test races its start.
    renderer = speech_cache(app).renderer
    assert isinstance(renderer, SpeechRenderer) and renderer.start()
    return app


@pytest.fixture(scope="session")
def live_server(live_app: Flask) -> Iterator[str]:
    """`live_app` served on a free port; yields its base URL."""
    app = live_app
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="kidswar-live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()


@pytest.fixture(scope="session")
def base_url(live_server: str) -> str:
    """Relative addresses (`page.goto("/")`) go to the live server."""
    return live_server


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], base_url: str) -> dict[str, Any]:
    """Every context asks for reduced motion, so screenshots never catch a card mid-slide,
    and for English, so the texts the tests look for are the ones the pages show.

    A test may ask otherwise with `@pytest.mark.browser_context_args(reduced_motion=...)`.
    """
    return {
        **browser_context_args,
        "base_url": base_url,
        "reduced_motion": "reduce",
        "locale": "en-US",
    }


@pytest.fixture(autouse=True)
def page_watch(
    live_server: str, server_seed: int, request: pytest.FixtureRequest
) -> Iterator[PageWatch]:
    """Watch every page of the test; when it ends, fail on foreign requests or errors.

    The test is also marked with the server's deal seed, which a failure then prints.

    The contexts are closed before this fixture's teardown (they depend on it), so every
    event has arrived by the time it checks.
    """
    request.node.stash[SEED_KEY] = server_seed
    watch = PageWatch(live_server)
    yield watch
    problems = watch.problems()
    assert not problems, "the pages misbehaved:\n" + "\n".join(problems)


@pytest.fixture
def new_context(
    new_context: Callable[..., BrowserContext], page_watch: PageWatch
) -> Callable[..., BrowserContext]:
    """pytest-playwright's context factory, with every page of every context watched."""

    def make(**kwargs: Any) -> BrowserContext:
        """A new browser context whose pages are all watched."""
        context = new_context(**kwargs)
        page_watch.watch_context(context)
        return context

    return make


@pytest.fixture
def page(context: BrowserContext, page_watch: PageWatch) -> Page:
    """A fresh page, watched (the context's page event already did it; this makes sure)."""
    new_page = context.new_page()
    page_watch.watch(new_page)
    return new_page


@pytest.fixture
def screenshot_dir(tmp_path: Path) -> Path:
    """Where screenshots go: $KIDSWAR_SCREENSHOTS, else the test's temporary folder."""
    folder = Path(os.environ.get("KIDSWAR_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def server_day(live_app: Flask, monkeypatch: pytest.MonkeyPatch) -> int:
    """The server's today, held still for the test (an ordinal, as `child_progress.today` counts
    a drill's days): a drill test that ran across midnight would otherwise see a child's
    "today" become "yesterday" between two drills."""
    now = time.time()
    monkeypatch.setitem(live_app.config, "CLOCK", lambda: now)
    return date.fromtimestamp(now).toordinal()


@pytest.fixture
def photograph() -> Photograph:
    """Screenshots for people to look at, taken where $KIDSWAR_SCREENSHOTS names a folder."""
    folder = os.environ.get("KIDSWAR_SCREENSHOTS")
    return Photograph(Path(folder) if folder else None)


@pytest.fixture(scope="session")
def short_clip(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A fifth of a second of silence, as MP3: a clip the browser plays and ends quickly, for
    the tests that serve the clips themselves (page.route) to see what the page asks for."""
    path = tmp_path_factory.mktemp("clip") / "short.mp3"
    rate = 22050
    mp3.encode_pcm(bytes(2 * rate // 5), rate, path)
    return path.read_bytes()
