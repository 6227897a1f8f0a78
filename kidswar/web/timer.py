"""Timed games: how long a game usually lasts (setup page), and a game's clock as JSON.

`/<lang>/estimate?variant=...&players=...` gives the setup page's "how long" part for the
chosen game, so the page's script can redraw it when the radios change (the page itself is
drawn with the same part for the selected values, so it works without the script).
`/<lang>/game/<id>/clock` gives a game's clock to its countdown; asking for it settles the
game, so a game whose time is up is ended by the first page that looks.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, abort, jsonify, render_template, request, url_for
from flask_babel import gettext as _

from kidswar.web.histogram_svg import histogram_svg
from kidswar.web.i18n import translations
from kidswar.web.table import find_game
from kidswar.web.timing import clock_json, clock_of, settle
from kidswar.words.estimates import estimate, estimate_sentences, histogram_label

bp = Blueprint("timer", __name__, url_prefix="/<lang>")

VARIANTS = ("standard", "three-down", "peace")
PLAYERS = ("2", "3", "4")


def game_length(variant: object, players: object) -> dict[str, Any] | None:
    """The setup page's figures for a variant and number of players (as form text), or None."""
    if variant not in VARIANTS or players not in PLAYERS:
        return None
    t = translations()
    figures = estimate(str(variant), int(str(players)))
    battles, minutes = estimate_sentences(figures, t)
    caption = _(
        "How long %(games)d games played by the computer lasted, in battles. Half of "
        "them were over by the line.",
        games=figures.games,
    )
    return {
        "battles": battles,
        "minutes": minutes,
        "caption": caption,
        "svg": histogram_svg(figures, histogram_label(figures, t)),
        "url": url_for("timer.length"),
    }


@bp.get("/estimate")
def length() -> Response:
    """The "how long does a game last" part for the variant and players asked about."""
    view = game_length(request.args.get("variant"), request.args.get("players"))
    if view is None:
        abort(400)
    html = render_template("timer/_estimate.html", length=view)
    return jsonify({"html": html})


@bp.get("/game/<game_id>/clock")
def clock(game_id: str) -> Response:
    """A game's clock as JSON; the game is ended first if its time is up."""
    stored = settle(find_game(game_id))
    found = clock_of(stored)
    if found is None:
        abort(404)
    return jsonify({**clock_json(found), "over": stored.game.is_over})


def init_app(app: Flask) -> None:
    """Let the setup page's template ask for the figures of the selected game."""
    app.jinja_env.globals["game_length"] = game_length
