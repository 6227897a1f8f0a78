"""The home page: two big choices, Easy and Full; and `/`, which goes there in a language."""

from __future__ import annotations

from flask import redirect, render_template, url_for
from werkzeug.wrappers import Response

from kidswar.web.home import bp
from kidswar.web.i18n import preferred_language


@bp.get("/")
def root() -> Response:
    """`/`: go to the home page in the visitor's language."""
    return redirect(url_for("home.index", lang=preferred_language()), code=302)


@bp.get("/<lang>/")
def index() -> str:
    """Show the two ways to play."""
    return render_template("home/index.html")
