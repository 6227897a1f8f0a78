"""The progress page and the route that draws the children its script sends.

The children and their progress live in the browser only (static/children.mjs). The page is
a frame; its script POSTs the device's children (JSON in the body, under the CSRF token) to
`/<lang>/progress/children`, which checks them and answers with their drawing, or a 400 saying
in the page's language why not. An imported file goes through the same route before the
browser keeps it. Nothing is stored.
"""

from __future__ import annotations

from flask import render_template, request
from werkzeug.exceptions import RequestEntityTooLarge

from kidswar.game.progress import MAX_CHARS, MAX_DEPTH
from kidswar.game.table import MAX_NAME_LENGTH
from kidswar.web.context import context
from kidswar.web.progress import bp
from kidswar.web.progress.picker import picker_animals
from kidswar.web.services.progress_view import (
    MAX_BODY,
    MAX_FILE,
    ChildrenRefusal,
    ChildrenRefused,
    children_views,
    read_children,
    refusal_message,
)


@bp.get("/<lang>/progress")
def page() -> str:
    """The page: its script fills in the children of this device."""
    # A file: one child. A progress longer than the limit stays on the device, refused alone.
    return render_template(
        "progress/page.html", max_body=MAX_FILE, max_chars=MAX_CHARS, max_depth=MAX_DEPTH
    )


@bp.post("/<lang>/progress/children")
def children() -> tuple[str, int]:
    """The children in the body, drawn; a 400 with the reason for a body that is not them."""
    ctx = context()
    try:
        if (request.content_length or 0) > MAX_BODY:
            raise ChildrenRefused(ChildrenRefusal.TOO_BIG)
        try:
            body = request.get_data(cache=False)
        except RequestEntityTooLarge as error:  # no length said, and more sent than allowed
            raise ChildrenRefused(ChildrenRefusal.TOO_BIG) from error
        entries = read_children(body)
    except ChildrenRefused as error:
        message = refusal_message(error.reason, ctx.t)
        return render_template("progress/_refused.html", message=message), 400
    return render_template("progress/_children.html", children=children_views(entries, ctx)), 200


@bp.app_context_processor
def picker() -> dict[str, object]:
    """The child picker's animals for templates/children/_picker.html, on any page."""
    return {"picker_animals": picker_animals, "picker_name_length": MAX_NAME_LENGTH}


@bp.errorhandler(RequestEntityTooLarge)
def too_big(error: RequestEntityTooLarge) -> tuple[str, int]:
    """A body bigger than any request may be (refused before the route, by the CSRF check
    reading it) is refused as the route refuses a big one: a 400 saying so."""
    message = refusal_message(ChildrenRefusal.TOO_BIG, context().t)
    return render_template("progress/_refused.html", message=message), 400
