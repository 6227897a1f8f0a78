"""The home page (two big choices, Easy and Full) and `/`, which picks a language."""

from flask import Blueprint

bp = Blueprint("home", __name__)

from kidswar.web.home import routes  # noqa: E402, F401 (registers the routes on bp)
