"""Setting up a game: easy mode, full mode, and how long the chosen game usually lasts."""

from flask import Blueprint

from kidswar.web.setup.estimate import game_length

bp = Blueprint("setup", __name__)


@bp.app_context_processor
def estimates() -> dict[str, object]:
    """Let the setup page's template ask for the figures of the selected game."""
    return {"game_length": game_length}


from kidswar.web.setup import routes  # noqa: E402, F401 (registers the routes on bp)
