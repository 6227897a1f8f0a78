"""The classroom: a teacher's round, its controls, and the projector view."""

from flask import Blueprint

bp = Blueprint("classroom", __name__)

from kidswar.web.classroom import results, routes, tables  # noqa: E402, F401 (registers the routes on bp)
