"""`/healthz`: the process answers (no database asked). `/readyz`: the database answers and its
schema is current, else 503 with the reason in one line.

Outside the languages (no `/<lang>/`, no redirect, no cookie): a probe asks the address
itself, every few seconds. Plain text, never cached, never compressed (too small to gain).
"""

from __future__ import annotations

from werkzeug.wrappers import Response

from kidswar.web.db import get_db
from kidswar.web.health import bp
from kidswar.web.services.health import database_problem


def probe_answer(text: str, status: int) -> Response:
    """A one-line plain text answer that no cache keeps."""
    response = Response(f"{text}\n", status, mimetype="text/plain")
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/healthz")
def healthz() -> Response:
    """The process answers requests."""
    return probe_answer("ok", 200)


@bp.get("/readyz")
def readyz() -> Response:
    """The database answers and its schema is the one this kidswar needs: 200, else 503."""
    problem = database_problem(get_db)
    if problem is None:
        return probe_answer("ready", 200)
    response = probe_answer(f"not ready: {problem}", 503)
    response.headers["Retry-After"] = "5"
    return response
