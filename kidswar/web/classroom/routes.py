"""The classroom: a teacher's round, its controls, and the projector view.

The teacher creates a round and gets a secret teacher link (`/class/teacher/<token>`): only
that page can start, pause, resume, add a minute to or end the round. The projector view and
its status are found by the join code, which every child sees, so they show nothing more than
the countdown and the tables; they cannot change anything.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import (
    abort,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from kidswar.game.class_round import Round, display_code, is_code, normalise_code
from kidswar.web.classroom import bp
from kidswar.web.classroom.forms import NEW_DEFAULTS, NewRoundForm
from kidswar.web.compression import keeps_secret
from kidswar.web.context import context, now
from kidswar.web.devices import (
    PASS_ARG,
    client_key,
    holds_pass,
    join_pass,
    knows,
    remember_code,
)
from kidswar.web.drawing.qr import qr_svg
from kidswar.web.i18n import translations
from kidswar.web.numbers import form_int
from kidswar.web.public import public_url_for
from kidswar.web.services.board import board_tables, class_practice, class_together
from kidswar.web.services.clock import countdown_view, settle_round_games
from kidswar.web.services.limits import look_up_code
from kidswar.web.services.rounds import round_for_teacher, save_round_clock, start_round
from kidswar.web.tablets import is_local
from kidswar.words.levels import class_level_label

# What each teacher button does to the round's clock.
ACTIONS = {
    "start": lambda clock, at: clock.start(at),
    "pause": lambda clock, at: clock.pause(at),
    "resume": lambda clock, at: clock.resume(at),
    "add-minute": lambda clock, at: clock.add(60, at),
    "end": lambda clock, at: clock.end(at),
}
SESSION_KEY = "teacher_round"


@bp.route("/<lang>/class/", methods=["GET", "POST"])
def new() -> str | Response | tuple[str, int]:
    """A teacher sets up a round: minutes, game, players per table."""
    if request.method == "GET":
        form = NewRoundForm(NEW_DEFAULTS)
        return render_template(
            "classroom/new.html", form=form, errors={}, current=session.get(SESSION_KEY)
        )
    form = NewRoundForm(request.form)
    if not form.validate():
        return render_template(
            "classroom/new.html", form=form, errors=form.messages, current=None
        ), 400
    created = start_round(context(), form.settings())
    session[SESSION_KEY] = created.teacher  # "Back to your round" on this device
    return redirect(url_for("classroom.teacher", token=created.teacher), code=303)


def teacher_round(token: str) -> Round:
    """The round of this teacher link, as it stands now; a friendly 404 for a wrong link."""
    current = round_for_teacher(context(), token)
    if current is None:
        abort(404)
    return current


def public_round(code: str) -> Round:
    """The round of this join code (for the projector), as it stands now, or a 404.

    A code this device does not know yet counts against its address's wrong codes, as on the
    join page: the projector's address must not be a way around that limit.
    """
    code = normalise_code(code[:40])
    current = find_code(code) if is_code(code) else None
    if current is None:
        abort(404)
    return current


def find_code(code: str) -> Round | None:
    """The round of a typed join code as it stands now, counted against the device's address's
    wrong codes unless the device knows the code (`Limited` over the limit); a right code is
    remembered, so its next looks are not guesses. The teacher's link to the projector carries
    the round's pass (`devices.join_pass`): a projector opened from it on a fresh device is no
    guess either."""
    known = knows(code)
    found = look_up_code(context(), code, known=known or holds_pass(code), client=client_key())
    if found is not None and not known:
        remember_code(code)
    return found


def round_page(
    found: Round, status_url: str | None = None, teacher: bool = False
) -> dict[str, Any]:
    """What the teacher's page and the projector share: code, address, QR code, clock.

    `status_url`: where the countdown asks for the clock and the board (the projector's own
    status unless given); `teacher`: for the teacher's own page (its clock's words).
    """
    # The address with the code as shown, "K7HQ-X4MP": easier to copy off a projector.
    address = public_url_for("join.short", code=display_code(found.code))  # KIDSWAR_PUBLIC_URL
    # The QR code's link also carries the round's pass: a scan is never refused for the
    # class's typos (issue 23). The address as text stays short enough to type.
    scanned = f"{address}?{urlencode({PASS_ARG: join_pass(found.code)})}"
    ctx = context()
    at = ctx.now()
    settle_round_games(ctx, found.code)
    over = found.clock.is_up(at)
    tables = board_tables(ctx, found, over)
    practice = class_practice(ctx, found, tables)
    together = found.settings.together and not teacher  # the teacher still sees every table
    rung = found.settings.rung
    return {
        "round": found,
        # The level every table practises, as the teacher chose it (issue 23), or None.
        "level": None if rung is None else class_level_label(rung, translations()),
        "address": address,
        "qr": qr_svg(scanned, _("QR code of the address %(address)s", address=address)),
        "clock": countdown_view(
            ctx,
            found.clock,
            status_url or url_for("classroom.status", code=found.code),
            teacher,
        ),
        "tables": tables,
        "practice": practice,
        "together": class_together(ctx, tables, practice) if together else None,
        "over": over,
        "local": is_local(address),
    }


def teacher_page(found: Round, notice: str | None = None) -> str:
    """The teacher's page: its board, kept live from the teacher's own status, can remove tables."""
    remember_code(found.code)  # the projector opened from here is not guessing the code
    keeps_secret()  # the page shows the teacher's own link: never compressed (BREACH)
    status_url = url_for("classroom.teacher_status", token=found.teacher)
    return render_template(
        "classroom/teacher.html",
        **round_page(found, status_url, teacher=True),
        notice=notice,
        manage=True,
        projector_url=url_for("classroom.projector", code=found.code)
        + f"?{urlencode({PASS_ARG: join_pass(found.code)})}",
    )


@bp.get("/<lang>/class/teacher/<token>")
def teacher(token: str) -> str:
    """The teacher's page: the controls, the join code, the tables."""
    return teacher_page(teacher_round(token))


@bp.post("/<lang>/class/teacher/<token>")
def control(token: str) -> Response | tuple[str, int]:
    """Start, pause, resume, add a minute or end the round (once, however often it is sent)."""
    found = teacher_round(token)
    action, version = request.form.get("action", ""), form_int("version")
    if action not in ACTIONS or version is None:
        abort(400)
    try:
        if version != found.version:
            raise ValueError("the page was out of date")
        clock = ACTIONS[action](found.clock, now())
    except ValueError:
        notice = _("That was already done, or cannot be done now. Here is the round now.")
        return teacher_page(found, notice), 409
    if not save_round_clock(context(), found, clock):
        notice = _("That was already done, or cannot be done now. Here is the round now.")
        return teacher_page(teacher_round(token), notice), 409
    return redirect(url_for("classroom.teacher", token=token), code=303)


@bp.get("/<lang>/class/teacher/<token>/end")
def end(token: str) -> str | Response:
    """Ask the teacher to confirm ending the round; a round already over goes back to its page."""
    found = teacher_round(token)
    back = url_for("classroom.teacher", token=token)
    if found.clock.is_up(now()):
        return redirect(back, code=303)
    return render_template("classroom/end.html", round=found, back=back)


@bp.get("/<lang>/class/<code>/screen")
def projector(code: str) -> str:
    """The projector view: a huge countdown, how to join, the tables and, at the end, winners."""
    return render_template(
        "classroom/projector.html", **round_page(public_round(code)), manage=False
    )
