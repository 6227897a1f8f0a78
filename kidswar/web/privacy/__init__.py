"""The privacy page: what kidswar keeps, where and for how long, from the settings in force."""

from flask import Blueprint

bp = Blueprint("privacy", __name__)

from kidswar.web.privacy import routes  # noqa: E402, F401 (registers the routes on bp)
