"""Tables join a class round: type the code (or scan the QR code), name the table, play.

The join address `/join/<code>` is short enough to read off a projector; it opens the join page
in the device's own language. The round knows which tables this device made (`services.rounds`),
so a table that lost its connection, or closed the page, finds its game again from the join
page, and a second tap on "Join and play" lands at the table the first one made (issue 13).

A table may add a second language of its own on the join form (issue 36): the device keeps it,
as it keeps one chosen in the menu, and the table's page shows and says both.
"""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, request, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from kidswar.game.class_join import JoinRefusal
from kidswar.game.class_round import (
    CODE_ALPHABET,
    CODE_LENGTH,
    OLD_CODE_LENGTH,
    Round,
    is_code,
    normalise_code,
)
from kidswar.web.app_settings import app_settings
from kidswar.web.context import context
from kidswar.web.devices import (
    PASS_ARG,
    client_key,
    device_in_round,
    device_token,
    holds_pass,
    knows,
    remember_code,
)
from kidswar.web.i18n import preferred_language, translations
from kidswar.web.join import bp
from kidswar.web.join.forms import JoinForm
from kidswar.web.numbers import form_int
from kidswar.web.second_language import choose
from kidswar.web.services.limits import JOINS, Limited, look_up_code
from kidswar.web.services.rounds import (
    DEVICE_FULL,
    NO_ROUND,
    ROUND_FULL,
    ROUND_OVER,
    TOO_MANY_JOINS,
    join_round,
    my_tables,
)
from kidswar.words.animal_names import ANIMALS, animal_table_name


def refusal(reason: JoinRefusal) -> tuple[str, int]:
    """The message and status for a code that cannot be joined."""
    if reason == ROUND_OVER:
        return _("This class round has finished, so no more tables can join."), 410
    if reason == ROUND_FULL:
        return _("This class round is full. Ask your teacher what to do."), 409
    return _("No class round has that code. Check the code on the board and try again."), 404


def not_a_code(code: str) -> str:
    """Why `code` (normalised) cannot be a join code: its length, else the first character a
    code never has (codes leave out 0/O, 1/I/L, 2/Z, 5/S and 8/B, which are easily mixed up)."""
    wrong = next((char for char in code if char not in CODE_ALPHABET), None)
    lengths = (CODE_LENGTH, OLD_CODE_LENGTH)  # rounds made before issue 13 have five
    if len(code) not in lengths or wrong is None or not wrong.isprintable() or wrong.isspace():
        return _(
            "A join code has eight letters and digits, like K7HQ-X4MP. Check it and try again."
        )
    if wrong.isdigit():
        return _(
            "A join code never has the digit %(digit)s. Check the code on the board and try again.",
            digit=wrong,
        )
    if wrong.isalpha():
        return _(
            "A join code never has the letter %(letter)s. Check the code on the board and "
            "try again.",
            letter=wrong,
        )
    return _(
        "A join code has only letters and digits, never “%(character)s”. Check the code on "
        "the board and try again.",
        character=wrong,
    )


def open_round(code: str) -> tuple[Round | None, str | None, int]:
    """The round this code names if a table may join it, else a message and a status.

    A code that could be one is counted against the address's wrong codes until it proves
    right (`Limited`, a 429, when there were too many). A code that came with the projector's
    pass (its QR link) is no guess: it is never counted nor refused for others' typos.
    """
    if not is_code(code):
        return None, not_a_code(code), 400
    ctx, known = context(), knows(code)
    found = look_up_code(ctx, code, known=known or holds_pass(code), client=client_key())
    if found is None:
        return (None, *refusal(NO_ROUND))
    if not known:
        remember_code(code)  # typed right: its next looks are not guesses
    if found.clock.is_up(ctx.now()):
        return (None, *refusal(ROUND_OVER))
    return found, None, 200


def join_page(found: Round, form: JoinForm, status: int = 200) -> tuple[str, int]:
    """The page to name a table on: fresh, refused (400) with the reasons, or for a device that
    has tables in the round already: back to them, and (below its limit) start another."""
    device_token()  # made now, so a double click's two forms carry the same device
    mine = my_tables(context(), found.code, device_in_round(found.code))
    per_device = app_settings().class_tables_per_device
    # The form is sent with the projector's pass it came with: the join is then not counted
    # against the address (`game.class_join`), and the pass is checked again when it arrives.
    passed: dict[str, Any] = {PASS_ARG: request.args[PASS_ARG]} if holds_pass(found.code) else {}
    return render_template(
        "classroom/join.html",
        action=url_for("join.table", code=found.code, **passed),
        # The names offered for the table after the device's child's animal (join-name.js).
        animal_tables={animal: animal_table_name(animal, translations()) for animal in ANIMALS},
        round=found,
        humans=form.seats_in_use(),
        form=form,
        errors=form.messages,
        mine=mine,
        per_device=per_device,
    ), status


@bp.get("/<lang>/join/")
def ask() -> str | Response | tuple[str, int]:
    """The page to type a join code on; with a code, go on to naming the table."""
    typed = request.args.get("code")
    if typed is None:
        return render_template("classroom/join_code.html", code="", error=None, back=None)
    code = normalise_code(typed[:40])
    found, error, status = open_round(code)
    if found is None:
        return render_template(
            "classroom/join_code.html", code=typed[:40], error=error, back=None
        ), status
    return redirect(url_for("join.table", code=code), code=303)


@bp.route("/<lang>/join/<code>", methods=["GET", "POST"])
def table(code: str) -> str | Response | tuple[str, int]:
    """Name the table (and its players) and join; a table that joined before may go back."""
    code = normalise_code(code[:40])
    found, error, status = open_round(code)
    if found is None:
        # The round is over: its tables stay.
        mine = my_tables(context(), code, device_in_round(code)) if status == 410 else []
        back = mine[-1][1] if mine else None
        return render_template(
            "classroom/join_code.html", code=code, error=error, back=back
        ), status
    humans = 1 if found.settings.against_computer else found.settings.players
    if request.method == "GET":
        return join_page(found, JoinForm(MultiDict(), humans))
    form = JoinForm(request.form, humans)
    if not form.validate():
        return join_page(found, form, 400)
    joined = join_round(
        context(),
        code,
        form.table_name.data,
        form.names(),
        device_in_round(code),
        client_key(),
        form_int("seen") or 0,
        by_pass=holds_pass(code),
    )
    if joined.refusal == TOO_MANY_JOINS:
        raise Limited(JOINS, joined.wait)
    if joined.refusal == DEVICE_FULL:  # another tab made the last table meanwhile
        return join_page(found, JoinForm(MultiDict(), humans), 409)
    if joined.game_id is None:
        message, status = refusal(joined.refusal or NO_ROUND)
        return render_template(
            "classroom/join_code.html", code=code, error=message, back=None
        ), status
    played = redirect(url_for("table.show", game_id=joined.game_id), code=303)
    also = form.second_language()
    return played if also is None else choose(played, also)  # the table's own (issue 36)


@bp.get("/join", endpoint="short_ask")
@bp.get("/join/<code>", endpoint="short")
def short_join(code: str | None = None) -> Response:
    """`/join` and `/join/<code>`, the addresses on the projector: in the visitor's language."""
    if code is None:
        return redirect(url_for("join.ask", lang=preferred_language()))
    passed: dict[str, Any] = (
        {PASS_ARG: request.args[PASS_ARG][:100]} if PASS_ARG in request.args else {}
    )
    return redirect(url_for("join.table", code=code[:40], lang=preferred_language(), **passed))
