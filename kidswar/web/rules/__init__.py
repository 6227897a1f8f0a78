"""The rules pages: War (easy and full rules) and each of its variants, to read aloud or
print."""

from flask import Blueprint

bp = Blueprint("rules", __name__)

from kidswar.web.rules import routes  # noqa: E402, F401 (registers the routes on bp)
