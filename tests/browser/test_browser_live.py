"""The table's script (static/live.js) sends a move as the form itself would: URL-encoded."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page

from .browserhelpers import play, start_easy


def test_a_move_sent_by_the_script_is_url_encoded_as_the_form_would_send_it(
    page: Page, live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A FormData body goes as multipart, which costs the server more to read (issue 37).
    moves: list[tuple[str, str]] = []
    serve = live_app.wsgi_app

    def recorded(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """The app, noting how each move that reached the server was encoded."""
        if environ["PATH_INFO"].endswith("/move"):
            moves.append((environ.get("CONTENT_TYPE", ""), environ.get("HTTP_X_KIDSWAR", "")))
        return serve(environ, start_response)

    monkeypatch.setattr(live_app, "wsgi_app", recorded)
    start_easy(page)
    before = len(moves)
    battle = play(page)  # the fragment came back and was drawn
    assert battle > 1
    sent = moves[before:]
    assert len(sent) == 1, sent
    content_type, header = sent[0]
    assert header == "fetch"  # sent by the script, not by the form itself
    assert content_type.startswith("application/x-www-form-urlencoded"), content_type
