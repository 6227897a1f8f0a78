"""The comparison drill (`/<lang>/drill`): ten questions on a level of the learning ladder
(two cards, three, or two pairs of cards to add up), without a game.

The drill lives in the signed session cookie (it is a few hundred bytes), and every answer is
checked here against the cards the drill dealt; the page only sends which card or sign was
chosen. An answer names the drill and the question it answers, so one from an old page or
another tab is refused, never counted twice.

The child's progress on the ladder comes in each POST's body and goes back in the page
(`drill/progress.py`): the questions are chosen from it, each answer is recorded in it, and
the server stores none of it.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable

from flask import abort, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict
from werkzeug.wrappers import Response

from kidswar.game.drill import LEVELS, Drill, StaleAnswer, ladder_cards
from kidswar.game.ladder import LADDER, RUNGS, Standing
from kidswar.game.progress import Progress, ProgressRefused
from kidswar.game.questions import Answer
from kidswar.web.deals import new_seed
from kidswar.web.drill import bp
from kidswar.web.drill.progress import brought_progress, refused_page, today
from kidswar.web.drill.view import drill_view
from kidswar.web.i18n import translations
from kidswar.web.live import from_page_script, live_template
from kidswar.web.numbers import form_int
from kidswar.words.levels import level_abouts, level_names

KEY = "drill"  # the session key
QUESTION_KINDS = ("bigger", "smaller")
DEFAULTS = MultiDict({"level": LADDER[0].name})
# The drill's first choices (a level and a question), as old pages and bookmarks still send
# them, to the rung that asks the same: "smaller" is its own rung.
OLD_LEVELS = {"numbers": "to-ten", "little": "to-ten", "faces": "faces", "addition": "sums-to-20"}


def current_drill() -> Drill | None:
    """The visitor's drill, or None (none started, or a cookie that is not one of ours)."""
    data = session.get(KEY)
    if not isinstance(data, dict):
        return None
    try:
        return Drill.from_json(data)
    except (KeyError, ValueError, TypeError, AttributeError):
        return None


def render_drill(
    drill: Drill,
    notice: str | None = None,
    status: int = 200,
    progress: Progress | None = None,
    offer: Standing = Standing.STAY,
) -> tuple[str, int]:
    """The drill page, or only its live part when the page's script asked for it.

    `progress`: the child's progress as this request left it, handed back to the page's
    script to keep (None on a plain look at the page, which brought none)."""
    template = live_template("drill/_drill.html", "drill/play.html")
    view = drill_view(drill, progress, offer)
    return render_template(template, drill=view, notice=notice), status


def render_start(
    form: MultiDict[str, str], errors: dict[str, str], notice: str | None = None, status: int = 200
) -> tuple[str, int]:
    """The page that starts a drill: the ladder's levels by name, any of them."""
    t = translations()
    names, abouts = level_names(t), level_abouts(t)
    levels = [(rung.name, names[rung.name], abouts[rung.name]) for rung in LADDER]
    return render_template(
        "drill/start.html",
        form=form,
        errors=errors,
        notice=notice,
        going=current_drill(),
        levels=levels,
    ), status


def chosen_level(form: MultiDict[str, str], progress: Progress) -> str | None:
    """The rung the start form chose: `level`, or the old `range` and `question` (the drill's
    first form), or with neither the child's own rung; None for a choice that is no level."""
    if "level" in form:
        return form["level"] if form["level"] in RUNGS else None
    if "range" in form:
        old = OLD_LEVELS.get(form["range"])
        if old is None or form.get("question", "bigger") not in QUESTION_KINDS:
            return None
        smaller = form.get("question") == "smaller" and not LEVELS[form["range"]].sums
        return "smaller" if smaller else old
    return progress.rung


def new_drill(progress: Progress) -> Drill:
    """A fresh drill on the progress's rung, its first question chosen from the progress."""
    rng = random.Random(new_seed())  # DEAL_SEED in tests, else unpredictable
    first = ladder_cards(progress, today(), rng)
    return Drill.on_rung(secrets.token_urlsafe(6), progress.level, first)


@bp.route("/<lang>/drill", methods=["GET", "POST"])
def start() -> Response | tuple[str, int]:
    """Choose a level of the ladder, then start ten questions on it."""
    if request.method == "GET":
        return render_start(DEFAULTS, {})
    form = request.form
    try:
        progress = brought_progress()
    except ProgressRefused as error:
        return refused_page(error)
    level = chosen_level(form, progress)
    if level is None:
        errors = {"level": _("Choose a level to practise.")}
        return render_start(form, errors, status=400)
    session[KEY] = new_drill(progress.choose(level)).to_json()
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
        lambda drill, number, _progress: drill.answer(
            number, Answer(request.form.get("answer", ""))
        ),
        request.form.get("answer", "") in Answer.__members__.values(),
    )


@bp.post("/<lang>/drill/next")
def next_question() -> Response | tuple[str, int]:
    """Go on from the reply to the next question (or to the score)."""

    def go_on(drill: Drill, number: int, progress: Progress) -> Drill:
        dealt = None
        if drill.needs_deal:
            dealt = ladder_cards(progress, today(), random.Random(new_seed()))
        return drill.next(number, dealt)

    return step(go_on, True)


@bp.post("/<lang>/drill/level")
def change_level() -> Response | tuple[str, int]:
    """Take the ladder's offer from a reply: a new drill on the level offered (`level`)."""
    level = request.form.get("level", "")
    if level not in RUNGS or not request.form.get("token"):
        abort(400)
    try:
        progress = brought_progress().choose(level, today())
    except ProgressRefused as error:
        return refused_page(error)
    drill = current_drill()
    if drill is None or request.form["token"] != drill.token:
        return render_start(
            DEFAULTS, {}, _("That practice is over. Choose the numbers to start a new one."), 409
        )
    drill = new_drill(progress)
    session[KEY] = drill.to_json()
    if from_page_script():
        return render_drill(drill, progress=progress)
    return redirect(url_for("drill.play"), code=303)


def offered(before: Standing, after: Standing, drill_done: bool) -> Standing:
    """What the reply to an answer offers: the next rung at the end of a drill that confirms
    it (again at each such drill, after a "Stay"); the rung below once, as the rule is met."""
    if after is Standing.CLIMB:
        return after if drill_done else Standing.STAY
    return after if after is not before else Standing.STAY


def step(
    change: Callable[[Drill, int, Progress], Drill], well_formed: bool
) -> Response | tuple[str, int]:
    """Apply one step to the drill named by the form, or refuse it (400 bad, 409 stale), and
    record an answer in the child's progress."""
    number = form_int("number")
    if not well_formed or number is None or not request.form.get("token"):
        abort(400)
    try:
        brought = brought_progress()
    except ProgressRefused as error:
        return refused_page(error)
    drill = current_drill()
    if drill is None:
        return render_start(
            DEFAULTS, {}, _("That practice is over. Choose the numbers to start a new one."), 409
        )
    stale = _("That question was already answered. Here is the practice now.")
    if request.form["token"] != drill.token:
        return render_drill(drill, stale, 409)
    rung = drill.rung
    # The progress on the drill's own rung: the level chosen at the start may be new to it.
    progress = (
        brought if rung is None or brought.rung == rung.name else brought.choose(rung.name, today())
    )
    try:
        changed = change(drill, number, progress)
    except StaleAnswer:
        return render_drill(drill, stale, 409)
    except ValueError:  # an answer this question cannot be given (a third card)
        abort(400)
    offer = Standing.STAY
    if rung is not None and changed.reply is not None and drill.reply is None:
        day = today()
        before = progress.standing(day)
        rng = random.Random(new_seed())
        right = changed.reply.right
        progress = progress.record(drill.values(), right, day, rng, number=drill.number)
        offer = offered(before, progress.standing(day), drill.number == drill.questions)
    session[KEY] = changed.to_json()
    if from_page_script():
        return render_drill(changed, progress=progress if rung is not None else None, offer=offer)
    return redirect(url_for("drill.play"), code=303)
