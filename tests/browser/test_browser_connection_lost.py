"""A move sent while the server does not answer (issue 23): the table says "Connection lost,
trying again", sends the same move again by itself, and goes on once answers come through."""

from __future__ import annotations

from playwright.sync_api import Page, Route, expect

from .browserhelpers import TURN_CARDS, PageWatch, next_battle, start_easy, table

UNAVAILABLE = "<h1>Oops</h1><p>The games cannot be reached just now.</p>"


def test_a_move_held_back_says_connection_lost_and_goes_through_by_itself(
    page: Page, page_watch: PageWatch
) -> None:
    page_watch.expect_http_error(503)
    page_watch.expect_network_failure()
    start_easy(page)
    before = next_battle(page)
    tries: list[str] = []

    def hold_back(route: Route) -> None:
        """The first try gets a 503 (the database away), the second no answer at all (the
        network down); from the third on, answers come through again."""
        tries.append(route.request.method)
        if len(tries) == 1:
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "text/html"},
                body=UNAVAILABLE,
            )
        elif len(tries) == 2:
            route.abort("connectionrefused")
        else:
            route.continue_()

    page.route("**/move", hold_back)
    documents: list[str] = []
    page.on("request", lambda r: documents.append(r.url) if r.resource_type == "document" else None)
    page.get_by_role("button", name=TURN_CARDS).click()
    lost = page.locator(".connection-lost")
    expect(lost).to_be_visible()
    expect(lost).to_have_text("Connection lost, trying again")
    expect(lost).to_have_attribute("role", "status")  # a screen reader hears it
    expect(table(page)).to_have_attribute("data-next-battle", str(before + 1), timeout=20_000)
    expect(lost).to_be_hidden()
    assert tries == ["POST", "POST", "POST"]  # the same move, sent again by the page itself
    assert documents == []  # redrawn in place: no error page, no reload
