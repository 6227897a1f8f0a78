"""Setting up a game: easy mode (two players, standard rules) and full mode (every option)."""

from __future__ import annotations

from flask import abort, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from kidswar.game.rules import MAX_BATTLE_LIMIT, MIN_BATTLE_LIMIT, Rules
from kidswar.game.table import MAX_NAME_LENGTH, Seat, TableSetup
from kidswar.web.forms import read_minutes
from kidswar.web.services.games import start_game
from kidswar.web.setup import bp
from kidswar.web.setup.estimate import game_length

FULL_DEFAULTS = MultiDict(
    {
        "players": "2",
        "variant": "standard",
        "limit": "1000",
        "shortage": "last-card",
        "who_fights": "everyone",
        "pickup": "shuffled",
        "kind-1": "human",
        "kind-2": "computer",
        "kind-3": "computer",
        "kind-4": "computer",
        "time": "off",
    }
)


def go_to_new_game(setup: TableSetup) -> Response:
    """Deal a new game for this setup and go to its table."""
    return redirect(url_for("table.show", game_id=start_game(setup)), code=303)


def read_practice(form: MultiDict[str, str]) -> tuple[bool, str | None]:
    """The "Practice" checkbox: ticked ("on") or not sent; anything else is an error."""
    value = form.get("practice")
    if value not in (None, "on"):
        return False, _("Tick the Practice box, or leave it empty.")
    return value == "on", None


@bp.route("/<lang>/easy", methods=["GET", "POST"])
def easy() -> str | Response | tuple[str, int]:
    """Easy mode: a child against the computer, or two children on one device."""
    if request.method == "GET":
        return render_template("setup/easy.html", form=MultiDict({"who": "computer"}), errors={})
    form = request.form
    errors: dict[str, str] = {}
    who = form.get("who")
    if who not in ("computer", "two"):
        errors["who"] = _("Choose who is playing.")
    names = [form.get("name-1", "").strip(), form.get("name-2", "").strip()]
    for index, name in enumerate(names, start=1):
        if len(name) > MAX_NAME_LENGTH or not name.isprintable():
            errors[f"name-{index}"] = _(
                "A name can have up to %(count)d letters.", count=MAX_NAME_LENGTH
            )
    practice, practice_error = read_practice(form)
    if practice_error:
        errors["practice"] = practice_error
    if errors:
        return render_template("setup/easy.html", form=form, errors=errors), 400
    seats = (Seat(names[0], False), Seat(names[1] if who == "two" else "", who != "two"))
    return go_to_new_game(TableSetup("easy", seats, Rules(), practice))


@bp.route("/<lang>/full", methods=["GET", "POST"])
def full() -> str | Response | tuple[str, int]:
    """Full mode: 2 to 4 seats, every variant and rule option, explained when they clash."""
    if request.method == "GET":
        form = FULL_DEFAULTS.copy()
        if request.args.get("variant") in ("standard", "three-down", "peace"):
            form["variant"] = request.args["variant"]  # from a rules page's start button
        return render_template("setup/full.html", form=form, errors={})
    form = request.form
    table_setup, errors = read_full_form(form)
    if table_setup is None:
        return render_template("setup/full.html", form=form, errors=errors), 400
    return go_to_new_game(table_setup)


def read_full_form(form: MultiDict[str, str]) -> tuple[TableSetup | None, dict[str, str]]:
    """Read the full-mode form into a setup, or return the reasons it cannot be played."""
    errors: dict[str, str] = {}
    players = form.get("players", "")
    if players not in ("2", "3", "4"):
        errors["players"] = _("Choose 2, 3 or 4 players.")
    count = int(players) if not errors else 2
    seats = []
    for number in range(1, count + 1):
        name = form.get(f"name-{number}", "").strip()
        if len(name) > MAX_NAME_LENGTH or not name.isprintable():
            errors[f"name-{number}"] = _(
                "A name can have up to %(count)d letters.", count=MAX_NAME_LENGTH
            )
        if form.get(f"kind-{number}") not in ("human", "computer"):
            errors[f"kind-{number}"] = _("Choose a person or the computer for this seat.")
        seats.append(Seat(name, form.get(f"kind-{number}") == "computer"))
    limit_text = form.get("limit") if form.get("limit") != "other" else form.get("limit-other")
    try:
        limit = int(limit_text or "")
        if not MIN_BATTLE_LIMIT <= limit <= MAX_BATTLE_LIMIT:
            raise ValueError
    except ValueError:
        errors["limit"] = _(
            "The battle limit must be a whole number from %(low)d to %(high)d.",
            low=MIN_BATTLE_LIMIT,
            high=MAX_BATTLE_LIMIT,
        )
        limit = 1000
    choices = {
        "variant": ("standard", "three-down", "peace"),
        "shortage": ("last-card", "forfeit"),
        "who_fights": ("everyone", "tied"),
        "pickup": ("shuffled", "as-laid"),
    }
    for name, allowed in choices.items():
        if form.get(name) not in allowed:
            errors[name] = _("Choose one of the options.")
    minutes, time_error = read_minutes(form, "time", allow_off=True)
    if time_error:
        errors["time"] = time_error
    practice, practice_error = read_practice(form)
    if practice_error:
        errors["practice"] = practice_error
    if not errors and form["shortage"] == "forfeit" and count != 2:
        errors["shortage"] = _(
            "Losing when you run short is only for two players. Choose "
            '"Play your last card face up" or set two players.'
        )
    if errors:
        return None, errors
    rules = Rules.from_options(
        form["variant"],
        count,
        battle_limit=limit,
        shortage=form["shortage"],
        who_fights=form["who_fights"],
        pickup=form["pickup"],
        time_limit_minutes=minutes,
    )
    return TableSetup("full", tuple(seats), rules, practice), {}


@bp.get("/<lang>/estimate")
def estimate() -> Response:
    """The "how long does a game last" part for the variant and players asked about (JSON).

    The setup page's script redraws that part with it when the radios change; the page itself
    is drawn with the same part for the selected values, so it works without the script.
    """
    view = game_length(request.args.get("variant"), request.args.get("players"))
    if view is None:
        abort(400)
    return jsonify({"html": render_template("timer/_estimate.html", length=view)})
