"""The progress page (`/<lang>/progress`): the children on this device and how they are doing."""

from flask import Blueprint

bp = Blueprint("progress", __name__)

from kidswar.web.progress import routes  # noqa: E402, F401 (registers the routes on bp)
