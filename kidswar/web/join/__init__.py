"""Tables join a class round: type the code (or scan the QR code), name the table, play."""

from flask import Blueprint

bp = Blueprint("join", __name__)

from kidswar.web.join import routes  # noqa: E402, F401 (registers the routes on bp)
