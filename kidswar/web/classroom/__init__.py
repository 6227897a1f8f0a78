"""The classroom: a teacher's round, its controls, and the projector view.

Every page here is the teacher's or the projector's, read in the teacher's language: none shows
or says a device's second language (issue 36); each table may have its own, at the table.
"""

from flask import Blueprint

from kidswar.web.second_language import one_language_only

bp = Blueprint("classroom", __name__)
bp.before_request(one_language_only)

from kidswar.web.classroom import results, routes, tables  # noqa: E402, F401 (registers the routes on bp)
