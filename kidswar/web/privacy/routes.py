"""`/<lang>/privacy`: what a game, a class round and a device keep, where, and for how long.

The days are this server's own settings (KIDSWAR_*_KEPT_DAYS), read at each request, so the
page a school hands to its head teacher says what this server does, not what a default says.
"""

from __future__ import annotations

from flask import current_app, render_template

from kidswar.web.privacy import bp

# The settings that say how long the server keeps a game and a class round, by their place on
# the page.
KEPT_DAYS = {
    "finished_games": "FINISHED_GAMES_KEPT_DAYS",
    "idle_games": "IDLE_GAMES_KEPT_DAYS",
    "finished_rounds": "FINISHED_ROUNDS_KEPT_DAYS",
    "idle_rounds": "IDLE_ROUNDS_KEPT_DAYS",
}


@bp.get("/<lang>/privacy")
def page() -> str:
    """The privacy page, with this server's days."""
    config = current_app.config
    days = {place: int(config[name]) for place, name in KEPT_DAYS.items()}
    return render_template("privacy/page.html", days=days)
