"""The home page: two big choices, Easy and Full."""

from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("home", __name__, url_prefix="/<lang>")


@bp.get("/")
def index() -> str:
    """Show the two ways to play."""
    return render_template("home/index.html")
