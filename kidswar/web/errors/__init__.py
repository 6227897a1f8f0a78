"""Friendly error pages: every 4xx says what happened in words a family understands."""

from flask import Blueprint

bp = Blueprint("errors", __name__)

from kidswar.web.errors import handlers  # noqa: E402, F401 (registers the routes on bp)
