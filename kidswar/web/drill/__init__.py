"""The comparison drill: ten questions about two cards, without a game."""

from flask import Blueprint

bp = Blueprint("drill", __name__)

from kidswar.web.drill import routes  # noqa: E402, F401 (registers the routes on bp)
