"""Setting up a game: easy mode (two players, standard rules) and full mode (every option)."""

from __future__ import annotations

from typing import Any

from flask import abort, jsonify, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response

from kidswar.game.rules import Deck
from kidswar.game.table import TableSetup
from kidswar.web.context import context
from kidswar.web.drawing.pictures_svg import computer_picture, deck_picture, friend_picture
from kidswar.web.forms import PageForm
from kidswar.web.forms.choices import OFFERED_VARIANTS
from kidswar.web.services.games import start_game
from kidswar.web.setup import bp
from kidswar.web.setup.estimate import game_length
from kidswar.web.setup.forms import EASY_DEFAULTS, FULL_DEFAULTS, EasyForm, FullForm


def go_to_new_game(setup: TableSetup) -> Response:
    """Deal a new game for this setup and go to its table."""
    return redirect(url_for("table.show", game_id=start_game(context(), setup)), code=303)


def setup_page(template: str, form: PageForm, status: int = 200, **extra: Any) -> tuple[str, int]:
    """A setup page with its form: fresh, or refused (400) with the reasons beside the fields."""
    return render_template(template, form=form, errors=form.messages, **extra), status


def easy_pictures() -> dict[str, dict[str, Markup]]:
    """The easy setup's choices as pictures, in the order shown: who plays, then which cards
    (the little deck first: it is the one for the youngest)."""
    return {
        "who": {"computer": computer_picture(), "two": friend_picture()},
        "deck": {Deck.NUMBERS.value: deck_picture(True), Deck.FULL.value: deck_picture(False)},
    }


@bp.route("/<lang>/easy", methods=["GET", "POST"])
def easy() -> Response | tuple[str, int]:
    """Easy mode: a child against the computer, or two children on one device."""
    if request.method == "GET":
        return setup_page("setup/easy.html", EasyForm(EASY_DEFAULTS), pictures=easy_pictures())
    form = EasyForm(request.form)
    if not form.validate():
        return setup_page("setup/easy.html", form, 400, pictures=easy_pictures())
    return go_to_new_game(form.table_setup())


@bp.route("/<lang>/full", methods=["GET", "POST"])
def full() -> Response | tuple[str, int]:
    """Full mode: 2 to 4 seats, every variant and rule option, explained when they clash."""
    if request.method == "GET":
        defaults = FULL_DEFAULTS.copy()
        if request.args.get("variant") in {variant.value for variant in OFFERED_VARIANTS}:
            defaults["variant"] = request.args["variant"]  # from a rules page's start button
        return setup_page("setup/full.html", FullForm(defaults))
    form = FullForm(request.form)
    if not form.validate():
        return setup_page("setup/full.html", form, 400)
    return go_to_new_game(form.table_setup())


@bp.get("/<lang>/estimate")
def estimate() -> Response:
    """The "how long does a game last" part for the variant, players, battle limit and deck
    asked about (JSON; without a limit, the usual 1000 battles; without a deck, all the cards).

    The setup page's script redraws that part with it when the choices change; the page itself
    is drawn with the same part for the selected values, so it works without the script.
    """
    args = request.args
    view = game_length(
        args.get("variant"), args.get("players"), args.get("limit"), args.get("deck")
    )
    if view is None:
        abort(400)
    return jsonify({"html": render_template("timer/_estimate.html", length=view)})
