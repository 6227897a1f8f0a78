"""Spoken clips: `/speech/<language>/<key>.mp3`, rendered once and cached in the instance folder."""

from flask import Blueprint

bp = Blueprint("speech", __name__, url_prefix="/speech")

from kidswar.web.speech import routes  # noqa: E402, F401 (registers the routes on bp)
