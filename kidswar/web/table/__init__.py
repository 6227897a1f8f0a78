"""The table: a game shown, its moves and practice answers, its clock, "Play again"."""

from flask import Blueprint

bp = Blueprint("table", __name__)

from kidswar.web.table import routes  # noqa: E402, F401 (registers the routes on bp)
