"""Pages that redraw in place (the table, the drill): static/live.js sends their forms with
fetch and a header saying so; the server then answers with the live fragment only."""

from __future__ import annotations

from flask import request

HEADER = "X-Kidswar"
FETCH = "fetch"  # HEADER's value; the scripts send both as the page gives them (web/scripts.py)


def from_page_script() -> bool:
    """True when the page's script sent this request and wants the fragment, not a redirect."""
    return request.headers.get(HEADER) == FETCH


def live_template(fragment: str, page: str) -> str:
    """The template to answer with: the fragment for the page's script, else the whole page."""
    return fragment if from_page_script() else page
