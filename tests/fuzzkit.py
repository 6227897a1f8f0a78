"""The fuzz's hostile values, and the form fields each route reads (see tests/test_fuzz.py).

Every value is text, as a browser or a script would send it. The hostile ones are what broke
the app before (issue 13: "²", "⁴" or a 5,000-digit number in `battle` or `seat`) and what
might next: other digits, huge and negative numbers, control characters, paths, markup.
A few values are placeholders (`NEXT_BATTLE`...) that the fuzz fills in just before sending,
from the game or round in the address, so that moves and answers reach the deep code paths.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict
from wtforms import Form

from kidswar.game.drill import LEVELS
from kidswar.game.ladder import RUNGS
from kidswar.game.progress import Progress
from kidswar.game.questions import Answer
from kidswar.game.rules import Variant
from kidswar.game.table import MAX_NAME_LENGTH
from kidswar.game.table_rules import Move
from kidswar.web.classroom.forms import NEW_DEFAULTS, NewRoundForm
from kidswar.web.classroom.routes import ACTIONS as TEACHER_ACTIONS
from kidswar.web.forms import ChoiceField, NameField, NumberChoiceField, TickField
from kidswar.web.join.forms import JoinForm
from kidswar.web.setup.forms import EASY_DEFAULTS, FULL_DEFAULTS, EasyForm, FullForm

# Placeholders the fuzz replaces with the real value of the moment (see `test_fuzz.fill_in`).
NEXT_BATTLE = "\x1b{next-battle}"  # the game's next battle: a move that may be played
LAST_BATTLE = "\x1b{last-battle}"  # the game's last battle: the one its question is about
ROUND_VERSION = "\x1b{round-version}"  # the round's version: a teacher's button that works
DRILL_NUMBER = "\x1b{drill-number}"  # the drill's question now
DRILL_TOKEN = "\x1b{drill-token}"  # the drill's own token
PLACEHOLDERS = (NEXT_BATTLE, LAST_BATTLE, ROUND_VERSION, DRILL_NUMBER, DRILL_TOKEN)

HUGE = "9" * 5000  # a number Python refuses to read by default (more than 4,300 digits)
ODD_NUMBERS = (
    "²",
    "⁴",
    "١",
    "٣",
    "۳",
    "߃",
    "१२",
    "１２",
    "１",
    "Ⅻ",
    "½",
    "𝟗",
    "0",
    "00",
    "-0",
    "-1",
    "+1",
    " 1",
    "1 ",
    "1.5",
    "1e3",
    "0x10",
    "1_000",
    "9" * 9,
    "9" * 10,
    "4294967296",
    "18446744073709551616",
    HUGE,
    "-" + HUGE,
    "NaN",
    "inf",
    "-inf",
)
ODD_TEXTS = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "\r\n",
    "\t",
    "\x7f",
    "\u200b",
    "\u202e",
    "\ufeff",
    "\ufffd",
    "İ",
    "ß",
    "ﬃ",
    "💥",
    "👩‍👩‍👧",
    ".",
    "..",
    "../../secret_key",
    "..%2Fsecret_key",
    "/",
    "//",
    "\\",
    "%00",
    "%",
    "?",
    "#",
    "&",
    "=",
    ";",
    "<script>alert(1)</script>",
    '"><b>',
    "{{7*7}}",
    "%s",
    "%(num)d",
    "' OR 1=1 --",
    "null",
    "true",
    "[]",
    "{}",
    "card-9",
    "card-٣",
    "card-²",
    "card--1",
    "x" * 10_000,
    "é" * 3_000,
)


# The strategies below are made once for each set of arguments (functools.cache), as
# `fuzzrequests` makes its own once: why is said there.
@functools.cache
def unicode_text(max_size: int = 40) -> st.SearchStrategy[str]:
    """Any text that UTF-8 can carry (so no lone surrogates), control characters included."""
    return st.text(st.characters(codec="utf-8"), max_size=max_size)  # no lone surrogates


@functools.cache
def hostile() -> st.SearchStrategy[str]:
    """Text a hostile or broken client might send where the app expects something sensible."""
    return st.one_of(
        st.sampled_from(ODD_NUMBERS),
        st.sampled_from(ODD_TEXTS),
        st.text(st.characters(categories=("Nd", "No", "Nl")), min_size=1, max_size=6),
        st.integers(-(10**12), 10**12).map(str),
        unicode_text(),
    )


# A good value, nearly: what a careless script or a hand-edited address sends.
TWISTS = (
    lambda text: text + "\n",  # a regular expression's `$` lets a final line break through
    lambda text: f" {text} ",
    lambda text: text.upper(),
    lambda text: text + "\x00",
    lambda text: text + text,
    lambda text: text.translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")),
)


@functools.cache
def field_value(valid: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A field's value: one the page offers (so that the form goes through), one nearly like
    it, or anything."""
    if not valid:
        return hostile()
    twisted = st.tuples(st.sampled_from(valid), st.sampled_from(TWISTS))
    return st.one_of(st.sampled_from(valid), twisted.map(lambda pair: pair[1](pair[0])), hostile())


NAMES = ("", "Ada", "  Zeynep  ", "Ünal", "x" * MAX_NAME_LENGTH, "x" * (MAX_NAME_LENGTH + 1))
NUMBERS = ("0", "1", "2", "3")


def form_fields(form: Form) -> dict[str, tuple[str, ...]]:
    """Every input a WTForms form reads, by name, with the values its page offers."""
    fields: dict[str, tuple[str, ...]] = {}
    for field in form:
        if isinstance(field, ChoiceField):
            fields[field.name] = tuple(value for value, _label in field.choices)
        elif isinstance(field, TickField):
            fields[field.name] = ("on",)
        elif isinstance(field, NameField):
            fields[field.name] = NAMES
        else:
            raise AssertionError(f"the fuzz has no values for the field {field.name!r}")
        if isinstance(field, NumberChoiceField):
            fields[field.other_name] = ("1", "30", "1000", "99999")
    return fields


# The inputs each POST route reads itself (grep `request.form` and `form_int` in
# kidswar/web/*/routes.py; `test_fuzz` checks that none is missing), with good values.
# A child's progress as a drill POST brings it: a fresh one, one on a later rung, none, broken.
PROGRESSES = (
    json.dumps(Progress().to_json()),
    json.dumps(Progress(rung="sums-to-20").to_json()),
    "",
    "{",
    "[" * 1000 + "]" * 1000,  # nested past Python's recursion limit: a 400, never a 500
)

ROUTE_FIELDS: dict[str, dict[str, tuple[str, ...]]] = {
    "table.move": {
        "action": tuple(move.value for move in Move),
        "battle": (NEXT_BATTLE, "1"),
        "seat": NUMBERS,
    },
    "table.answer": {
        "answer": tuple(answer.value for answer in Answer),
        "battle": (LAST_BATTLE, "1"),
        "progress": PROGRESSES,  # read at a practice table on a level
    },
    "table.again": {},
    "classroom.control": {"action": tuple(TEACHER_ACTIONS), "version": (ROUND_VERSION, "1")},
    "classroom.remove": {},
    "classroom.delete_now": {},
    "drill.start": {
        "level": tuple(RUNGS),
        "range": tuple(LEVELS),
        "question": ("bigger", "smaller"),
        "progress": PROGRESSES,
    },
    "drill.answer": {
        "answer": ("card-0", "card-1", "lt", "gt", "same"),
        "number": (DRILL_NUMBER, "1"),
        "token": (DRILL_TOKEN,),
        "progress": PROGRESSES,
    },
    "drill.next_question": {
        "number": (DRILL_NUMBER, "1"),
        "token": (DRILL_TOKEN,),
        "progress": PROGRESSES,
    },
    "drill.change_level": {"level": tuple(RUNGS), "token": (DRILL_TOKEN,), "progress": PROGRESSES},
    "join.table": {"seen": ("0", "1", "3")},
    # It reads a JSON body, no form field: the fuzz's forms are all refused (400), and
    # tests/test_web_progress.py sends it hostile JSON.
    "progress.children": {},
}
# The WTForms form each POST route reads, and the values a fresh page has chosen.
FORMS: dict[str, tuple[Any, MultiDict[str, str]]] = {
    "setup.easy": (lambda data: EasyForm(data), EASY_DEFAULTS),
    "setup.full": (lambda data: FullForm(data), FULL_DEFAULTS),
    "classroom.new": (lambda data: NewRoundForm(data), NEW_DEFAULTS),
    "join.table": (
        lambda data: JoinForm(data, 2),
        MultiDict({"table-name": "Table 1", "name-1": "Ada", "name-2": "Ben"}),
    ),
}
# The query-string parameters the routes read (`request.args`), with good values, and names
# that `url_for` takes itself or that routes take in the address.
QUERY_KEYS: dict[str, tuple[str, ...]] = {
    "variant": tuple(variant.value for variant in Variant),
    "players": ("2", "3", "4"),
    "limit": ("1", "500", "1000", "100000"),
    "deck": ("full", "numbers"),
    "code": (),  # the round's own code: see `test_fuzz.draw_query`
    "token": (),  # the round's teacher's token (the teacher's link): the same
    "v": ("1", "abc"),
}
# What each page's own links ask with (the join code is the world's own).
QUERY_BASE = {
    "setup.estimate": {"variant": "standard", "players": "2", "limit": "1000", "deck": "full"},
    "setup.full": {"variant": "peace"},
    "speech.clip": {"v": "1"},
}
RESERVED_KEYS = (
    "_external",
    "_scheme",
    "_anchor",
    "_method",
    "endpoint",
    "values",
    "lang",
    "game_id",
    "token",
    "number",
    "language",
    "key",
    "filename",
)


def route_fields(endpoint: str) -> dict[str, tuple[str, ...]]:
    """Every input the POST route `endpoint` reads (its form's, then its own), with good values.

    Call it inside a request context: the forms' labels are translated lazily.
    """
    fields: dict[str, tuple[str, ...]] = {}
    if endpoint in FORMS:
        make, _defaults = FORMS[endpoint]
        fields.update(form_fields(make(MultiDict())))
    fields.update(ROUTE_FIELDS.get(endpoint, {}))
    return fields


def defaults(endpoint: str) -> dict[str, str]:
    """The values a fresh page sends for this route's form (none for a button)."""
    return dict(FORMS[endpoint][1]) if endpoint in FORMS else {}
