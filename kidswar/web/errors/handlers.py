"""Friendly error pages: every 4xx says what happened in words a family understands."""

from __future__ import annotations

from flask import render_template
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadHost, HTTPException
from werkzeug.wrappers import Response

from kidswar.web.errors import bp


@bp.app_errorhandler(HTTPException)
def page_for(error: HTTPException) -> tuple[str, int] | Response:
    """Render the error page for an HTTP error."""
    code = error.code or 500
    if isinstance(error, BadHost):  # no address can be built for this host: no page either
        text = _("Something in that request was not right, so nothing was changed.")
        return Response(text, 400, mimetype="text/plain")
    messages = {
        400: _("Something in that request was not right, so nothing was changed."),
        404: _("We could not find that page or game. It may have finished a while ago."),
        405: _("That page cannot be used that way."),
        413: _("That was far too much to send, so nothing was changed."),
    }
    message = messages.get(code, _("Something went wrong on our side. Please try again."))
    return render_template("errors/error.html", code=code, message=message), code


@bp.app_errorhandler(CSRFError)
def csrf_page(error: CSRFError) -> tuple[str, int]:
    """A POST without a valid token: say so plainly; nothing was changed."""
    message = _(
        "This page was open too long or came from somewhere else, so nothing was "
        "changed. Go back, reload the page and try again."
    )
    title = _("This page is out of date")
    return render_template("errors/error.html", code=400, message=message, title=title), 400
