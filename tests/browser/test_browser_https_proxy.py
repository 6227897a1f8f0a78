"""Every kind of form works in Chromium over HTTPS behind docs/nginx-kidswar.conf (issue 34).

nginx runs the documented site with a throwaway certificate on a port other than 443, in
front of `kidswar serve` with KIDSWAR_PROXIES=1. Over HTTPS Flask-WTF takes a POST only with a
Referer of this very origin, port included: `Referrer-Policy: no-referrer` refused every form
there, and so would a proxy passing the Host without its port. The teacher's token travels
only in the link the teacher opens: never in the polls of the teacher's page, and nginx's
access log holds it nowhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from nginx_site import HOST, NGINX, NO_NGINX, Proxy, nginx_in_front
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect
from servers import start_server, stop

from .conftest import CHROMIUM_ARGS

pytestmark = pytest.mark.skipif(NGINX is None, reason=NO_NGINX)


@pytest.fixture
def proxy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Proxy]:
    """`kidswar serve` behind the documented nginx site; both stopped at the end."""
    monkeypatch.setenv("KIDSWAR_PROXIES", "1")
    server = start_server("sqlite", tmp_path / "instance")
    try:
        with nginx_in_front(tmp_path / "nginx", server[1]) as ports:
            yield ports
    finally:
        stop([server])


@pytest.fixture
def school_browser(browser_type: BrowserType, chromium_path: str) -> Iterator[Browser]:
    """Chromium that finds war.example.org on this machine, as a school's DNS would."""
    rules = f"--host-resolver-rules=MAP {HOST} 127.0.0.1"
    browser = browser_type.launch(executable_path=chromium_path, args=[*CHROMIUM_ARGS, rules])
    yield browser
    browser.close()


def visitor(browser: Browser, proxy: Proxy) -> BrowserContext:
    """A device of the school's, at https://war.example.org:<port> (the certificate is the
    test's own, so not one the browser knows)."""
    return browser.new_context(
        base_url=f"https://{HOST}:{proxy.https}",
        ignore_https_errors=True,
        locale="en-US",
        reduced_motion="reduce",
    )


def submit(page: Page, button: str, landing: str) -> None:
    """Press the form's button; the browser must land on a page whose address matches
    `landing`, sent over HTTPS with HSTS, once (the app's header replaced by nginx's)."""
    with page.expect_navigation(url=re.compile(landing)) as navigation:
        page.get_by_role("button", name=button).click()
    response = navigation.value
    assert response is not None and response.status == 200, page.content()[:500]
    assert response.header_values("strict-transport-security") == ["max-age=31536000"]


def test_every_form_over_https_behind_nginx_and_no_token_in_its_log(
    school_browser: Browser, proxy: Proxy
) -> None:
    context = visitor(school_browser, proxy)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))

    first = page.goto("/en/easy")
    assert first is not None
    assert first.header_values("strict-transport-security") == ["max-age=31536000"]
    submit(page, "Start the game", r"/en/game/[\w-]+$")
    page.goto("/en/full")
    submit(page, "Start the game", r"/en/game/[\w-]+$")
    page.goto("/en/class/")
    page.get_by_role("radio", name="10 minutes", exact=True).check()
    submit(page, "Create the round", r"/en/class/teacher/[A-Z0-9]+$")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Teacher's page")
    submit(page, "Start the round", r"/en/class/teacher/[A-Z0-9]+$")
    with page.expect_request(re.compile(r"/en/class/teacher/[A-Z0-9]+/status$")):
        pass  # the teacher's page asks for the round every few seconds

    link = (page.locator(".share-link").text_content() or "").strip()
    token = link.rsplit("token=", 1)[1]
    assert len(token) >= 16 and not [address for address in asked if token in address]
    # The teacher opens their link on another device: that device becomes the teacher.
    tablet = visitor(school_browser, proxy).new_page()
    opened = tablet.goto(link.replace(f"https://{HOST}/", f"https://{HOST}:{proxy.https}/"))
    assert opened is not None and opened.status == 200 and token not in tablet.url
    expect(tablet.get_by_role("heading", level=1)).to_contain_text("Teacher's page")
    context.close()

    log = proxy.access_log.read_text()
    assert "GET /en/class/teacher HTTP" in log  # the link's visit, its query string left out
    assert re.search(r'"POST /en/class/teacher/[A-Z0-9]+ HTTP/1.1" 303', log), log
    assert token not in log
