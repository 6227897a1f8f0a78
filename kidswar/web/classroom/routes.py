"""The classroom: a teacher's round, its controls, and the projector view.

The teacher creates a round and gets a secret teacher link (`/class/teacher?token=...`): the
browser that opens it becomes the round's teacher, and only the teacher's page can start,
pause, resume, add a minute to or end the round. That page's address (`/class/teacher/<code>`)
names the round by its join code and holds no secret: the browser's signed session keeps a
keyed digest of the token (never the token), so the token is in no address the page asks for
every few seconds, no Referer and no access log. The projector view and its status are found
by the join code, which every child sees, so they show nothing more than the countdown and the
tables; they cannot change anything.
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any
from urllib.parse import urlencode

from flask import (
    abort,
    current_app,
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
from kidswar.web.services.clock import countdown_view, round_now, settle_round_games
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
SESSION_KEY = "teacher_code"  # the join code of this browser's last round: "Back to your round"
# The rounds this browser is the teacher of: [join code, keyed digest of the teacher's token],
# the most recent last (a list: the session's JSON sorts a dict's keys).
TEACHER_ROUNDS = "teacher_rounds"
TEACHER_ROUNDS_KEPT = 10


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
    become_teacher(created)
    return redirect(url_for("classroom.teacher", code=created.code), code=303)


@bp.get("/<lang>/class/teacher")
def open_teacher_link() -> Response:
    """The teacher's secret link: this browser becomes the round's teacher and goes on to the
    round's teacher page, whose address holds no secret (a 404 for a wrong link)."""
    token = request.args.get("token", "")
    found = round_for_teacher(context(), token) if token else None
    if found is None:
        abort(404)
    become_teacher(found)
    return redirect(url_for("classroom.teacher", code=found.code), code=303)


def teacher_proof(token: str) -> str:
    """What a browser's session keeps for a round it is the teacher of: a digest of the
    teacher's token keyed with the secret key. The session cookie is signed, not encrypted:
    anyone holding it could read a token kept there, and this digest gives no token back."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, f"teacher {token}".encode(), hashlib.sha256).hexdigest()[:32]


def teacher_rounds() -> dict[str, str]:
    """The rounds this browser is the teacher of: join code to proof (a malformed value: none)."""
    kept = session.get(TEACHER_ROUNDS)
    if not isinstance(kept, list):
        return {}
    return {
        entry[0]: entry[1]
        for entry in kept
        if isinstance(entry, list) and len(entry) == 2 and all(isinstance(x, str) for x in entry)
    }


def become_teacher(found: Round) -> None:
    """Remember in the session that this browser is the round's teacher (the last few rounds)."""
    kept = [[code, proof] for code, proof in teacher_rounds().items() if code != found.code]
    kept.append([found.code, teacher_proof(found.teacher)])
    session[TEACHER_ROUNDS] = kept[-TEACHER_ROUNDS_KEPT:]
    session[SESSION_KEY] = found.code  # "Back to your round" on this device


def teacher_round(code: str) -> Round:
    """The round of this teacher page, as it stands now, for the browser that opened its
    teacher's link; a friendly 404 for any other browser or a wrong code."""
    proof = teacher_rounds().get(code)
    current = round_now(context(), code) if proof is not None else None
    if current is None or not hmac.compare_digest(proof or "", teacher_proof(current.teacher)):
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
    status_url = url_for("classroom.teacher_status", code=found.code)
    return render_template(
        "classroom/teacher.html",
        **round_page(found, status_url, teacher=True),
        notice=notice,
        manage=True,
        projector_url=url_for("classroom.projector", code=found.code)
        + f"?{urlencode({PASS_ARG: join_pass(found.code)})}",
    )


@bp.get("/<lang>/class/teacher/<code>")
def teacher(code: str) -> str:
    """The teacher's page: the controls, the join code, the tables."""
    return teacher_page(teacher_round(code))


@bp.post("/<lang>/class/teacher/<code>")
def control(code: str) -> Response | tuple[str, int]:
    """Start, pause, resume, add a minute or end the round (once, however often it is sent)."""
    found = teacher_round(code)
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
        return teacher_page(teacher_round(code), notice), 409
    return redirect(url_for("classroom.teacher", code=code), code=303)


@bp.get("/<lang>/class/teacher/<code>/end")
def end(code: str) -> str | Response:
    """Ask the teacher to confirm ending the round; a round already over goes back to its page."""
    found = teacher_round(code)
    back = url_for("classroom.teacher", code=code)
    if found.clock.is_up(now()):
        return redirect(back, code=303)
    return render_template("classroom/end.html", round=found, back=back)


@bp.get("/<lang>/class/<code>/screen")
def projector(code: str) -> str:
    """The projector view: a huge countdown, how to join, the tables and, at the end, winners."""
    return render_template(
        "classroom/projector.html", **round_page(public_round(code)), manage=False
    )
