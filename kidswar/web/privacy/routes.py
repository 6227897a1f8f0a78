"""`/<lang>/privacy`: what a game, a class round and a device keep, where, and for how long.

The days are this server's own settings (KIDSWAR_*_KEPT_DAYS), read at each request, so the
page a school hands to its head teacher says what this server does, not what a default says.
"""

from __future__ import annotations

from flask import render_template

from kidswar.web.app_settings import app_settings
from kidswar.web.privacy import bp


@bp.get("/<lang>/privacy")
def page() -> str:
    """The privacy page, with this server's days."""
    settings = app_settings()
    days = {
        "finished_games": settings.finished_games_kept_days,
        "idle_games": settings.idle_games_kept_days,
        "finished_rounds": settings.finished_rounds_kept_days,
        "idle_rounds": settings.idle_rounds_kept_days,
    }
    return render_template("privacy/page.html", days=days)
