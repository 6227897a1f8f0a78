"""Friendly error pages: every 4xx says what happened in words a family understands."""

from __future__ import annotations

import math

from flask import jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import BadHost, HTTPException, SecurityError
from werkzeug.wrappers import Response

from kidswar.web.app_settings import app_settings
from kidswar.web.errors import bp
from kidswar.web.services.availability import DatabaseUnavailable
from kidswar.web.services.limits import JOINS, Limited


@bp.app_errorhandler(HTTPException)
def page_for(error: HTTPException) -> tuple[str, int] | Response:
    """Render the error page for an HTTP error."""
    code = error.code or 500
    # No address can be built for this host (or it is not among KIDSWAR_TRUSTED_HOSTS, Flask's
    # SecurityError): no page either, as every page's links are built from it.
    if isinstance(error, BadHost | SecurityError):
        text = _("Something in that request was not right, so nothing was changed.")
        return Response(text, 400, mimetype="text/plain")
    messages = {
        400: _("Something in that request was not right, so nothing was changed."),
        404: _("We could not find that page or game. It may have finished a while ago."),
        405: _("That page cannot be used that way."),
        413: _("That was far too much to send, so nothing was changed."),
    }
    message = messages.get(code, _("Something went wrong on our side. Please try again."))
    return render_template("errors/error.html", code=code, message=message, title=None), code


@bp.app_errorhandler(CSRFError)
def csrf_page(error: CSRFError) -> tuple[str, int]:
    """A POST without a valid token: say so plainly; nothing was changed."""
    message = _(
        "This page was open too long or came from somewhere else, so nothing was "
        "changed. Go back, reload the page and try again."
    )
    title = _("This page is out of date")
    return render_template("errors/error.html", code=400, message=message, title=title), 400


@bp.app_errorhandler(Limited)
def too_many(error: Limited) -> Response:
    """Too many new tables or wrong join codes from one address: 429, and how long to wait."""
    if error.kind == JOINS:
        message = ngettext(
            "Many tables were started from here in the last minute. Wait %(num)d second, "
            "then try again.",
            "Many tables were started from here in the last minute. Wait %(num)d seconds, "
            "then try again.",
            error.seconds,
        )
    else:
        message = ngettext(
            "Too many wrong codes were tried from here. Wait %(num)d second, then check the "
            "code on the board and try again.",
            "Too many wrong codes were tried from here. Wait %(num)d seconds, then check the "
            "code on the board and try again.",
            error.seconds,
        )
    page = render_template("errors/error.html", code=429, message=message, title=None)
    response = Response(page, 429, mimetype="text/html")
    response.headers["Retry-After"] = str(error.seconds)
    return response


@bp.app_errorhandler(DatabaseUnavailable)
def database_away(error: DatabaseUnavailable) -> Response:
    """The database did not answer within DATABASE_TIMEOUT (stopped, locked, disk full): 503
    with Retry-After, as JSON to a page's script that asked for JSON; nothing was saved, so
    the same move or answer can simply be sent again."""
    seconds = max(1, math.ceil(app_settings().database_timeout))
    message = _(
        "The games cannot be reached just now, so nothing was changed. Try again in a moment."
    )
    wants = request.accept_mimetypes.best_match(["text/html", "application/json"])
    response: Response
    if wants == "application/json":
        response = jsonify({"error": message, "retry": seconds})
        response.status_code = 503
    else:
        page = render_template("errors/error.html", code=503, message=message, title=None)
        response = Response(page, 503, mimetype="text/html")
    response.headers["Retry-After"] = str(seconds)
    return response
