"""The comparison drill (`/<lang>/drill`): ten questions about two cards (or two pairs of
cards to add up), without a game.

The drill lives in the signed session cookie (it is a few hundred bytes), and every answer is
checked here against the cards the drill dealt; the page only sends which card or sign was
chosen. An answer names the drill and the question it answers, so one from an old page or
another tab is refused, never counted twice.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from kidswar.game.drill import LEVELS, Drill, StaleAnswer
from kidswar.game.questions import Answer
from kidswar.web.deals import new_seed
from kidswar.web.drill import bp
from kidswar.web.drill.view import drill_view
from kidswar.web.live import from_page_script, live_template
from kidswar.web.numbers import form_int

KEY = "drill"  # the session key
QUESTION_KINDS = ("bigger", "smaller")
DEFAULTS = MultiDict({"range": "numbers", "question": "bigger"})


def current_drill() -> Drill | None:
    """The visitor's drill, or None (none started, or a cookie that is not one of ours)."""
    data = session.get(KEY)
    if not isinstance(data, dict):
        return None
    try:
        return Drill.from_json(data)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None


def render_drill(drill: Drill, notice: str | None = None, status: int = 200) -> tuple[str, int]:
    """The drill page, or only its live part when the page's script asked for it."""
    template = live_template("drill/_drill.html", "drill/play.html")
    return render_template(template, drill=drill_view(drill), notice=notice), status


def render_start(
    form: MultiDict[str, str], errors: dict[str, str], notice: str | None = None, status: int = 200
) -> tuple[str, int]:
    """The page that starts a drill."""
    return render_template(
        "drill/start.html", form=form, errors=errors, notice=notice, going=current_drill()
    ), status


@bp.route("/<lang>/drill", methods=["GET", "POST"])
def start() -> Response | tuple[str, int]:
    """Choose the level and the question, then start ten questions.

    Adding two cards always asks which sum is bigger (as Addition War does), whatever
    question was chosen: the form says so beside the choice.
    """
    if request.method == "GET":
        return render_start(DEFAULTS, {})
    form = request.form
    errors = {}
    if form.get("range") not in LEVELS:
        errors["range"] = _("Choose which numbers to practise.")
    if form.get("question") not in QUESTION_KINDS:
        errors["question"] = _("Choose the question to practise.")
    if errors:
        return render_start(form, errors, status=400)
    rng = random.Random(new_seed())  # DEAL_SEED in tests, else unpredictable
    level = form["range"]
    smaller = form["question"] == "smaller" and not LEVELS[level].sums
    drill = Drill.new(secrets.token_urlsafe(6), level, smaller, rng)
    session[KEY] = drill.to_json()
    return redirect(url_for("drill.play"), code=303)


@bp.get("/<lang>/drill/play")
def play() -> Response | tuple[str, int]:
    """The drill now: a question, the reply to it, or the score at the end."""
    drill = current_drill()
    if drill is None:
        return redirect(url_for("drill.start"), code=303)
    return render_drill(drill)


@bp.post("/<lang>/drill/answer")
def answer() -> Response | tuple[str, int]:
    """Answer the question now with a card (`card-0`, `card-1`) or a sign (`lt`, ...)."""
    return step(
        lambda drill, number: drill.answer(number, Answer(request.form.get("answer", ""))),
        request.form.get("answer", "") in Answer.__members__.values(),
    )


@bp.post("/<lang>/drill/next")
def next_question() -> Response | tuple[str, int]:
    """Go on from the reply to the next question (or to the score)."""
    return step(lambda drill, number: drill.next(number), True)


def step(change: Callable[[Drill, int], Drill], well_formed: bool) -> Response | tuple[str, int]:
    """Apply one step to the drill named by the form, or refuse it (400 bad, 409 stale)."""
    number = form_int("number")
    if not well_formed or number is None or not request.form.get("token"):
        abort(400)
    drill = current_drill()
    if drill is None:
        return render_start(
            DEFAULTS, {}, _("That practice is over. Choose the numbers to start a new one."), 409
        )
    stale = _("That question was already answered. Here is the practice now.")
    if request.form["token"] != drill.token:
        return render_drill(drill, stale, 409)
    try:
        drill = change(drill, number)
    except StaleAnswer:
        return render_drill(drill, stale, 409)
    except ValueError:  # an answer this question cannot be given (a third card)
        abort(400)
    session[KEY] = drill.to_json()
    if from_page_script():
        return render_drill(drill)
    return redirect(url_for("drill.play"), code=303)
