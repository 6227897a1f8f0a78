"""A child's progress on the ladder: the rung now, recent answers, pairs to retry, days played.

It lives on the child's own device (the browser keeps it) and comes with each request as
JSON; the server decides from it and keeps none of it. So `Progress.from_json` treats it as
any input from outside: a wrong shape, an unknown rung, a value out of range or a list longer
than a progress ever holds is refused with a `ProgressRefused` naming why, before anything is
worked out from it.

A missed pair comes back two to five questions later with its cards on the other sides, and
again on a later day, until it has been answered right twice; at most one question in three
is such a retry (docs/learning.md, "Pairs to try again").
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, replace
from typing import Any

from kidswar.game.ladder import (
    DRILL_QUESTIONS,
    LADDER,
    RUNGS,
    Attempt,
    DrillResult,
    Rung,
    Standing,
    above,
    standing,
    whole_drill,
)

# The shape of `to_json`. 2: each answer's day and number in its drill, the whole drills, the
# day of the last climb. A progress of shape 1 still loads (its answers' days unknown, no
# drills judged yet), so a child's progress from before is never lost.
VERSION = 2
MAX_ATTEMPTS = 40  # recent answers kept: the pair choice and the step down read these
MAX_DRILLS = 20  # whole drills kept: the mastery rule reads the latest on the rung
MAX_RETRY = 12  # pairs to try again: enough for a week, never a long list of failures
MAX_RETRY_A_RUNG = 5  # of them missed on one rung (1 to 5 has only 15 questions)
MAX_DAYS = 120  # days played kept for the adult's chart
RIGHTS_TO_LEAVE = 2  # a missed pair leaves the retry list once answered right this often
RETRY_AFTER = (2, 5)  # a missed pair comes back this many questions later (both included)
# At most RETRIES_IN_WINDOW of any RETRY_WINDOW questions in a row are pairs tried again, so a
# child who misses much still meets new pairs (one question in three at most).
RETRY_WINDOW, RETRIES_IN_WINDOW = DRILL_QUESTIONS, 3  # a drill's retries are all kept
# The longest text a child's progress may take as JSON, in every route that reads one (the
# drill's POSTs, the progress page, a child's file): `to_json` at its longest (40 answers,
# 12 pairs, 120 days, 20 drills) is about 6,000 characters; anything far longer is not one of
# ours, and is refused before it is parsed.
MAX_CHARS = 16_000
# The deepest a progress's JSON may nest, in every route that reads one: `to_json` nests 4
# deep (an answer's values, in an answer, in the list of answers, in the progress); the room
# above that lets a later kidswar's shape be refused as newer, not as broken. Anything deeper
# is refused before it is measured or read (`nested_too_deep`), so that no route ever walks a
# progress nested 1,000 deep (the recursion that would take is a server error, not a 400).
MAX_DEPTH = 8
MAX_DAY = 3_000_000  # a date's ordinal (datetime.date.toordinal) is far below this


class ProgressRefusal(enum.Enum):
    """Why a progress brought by a request cannot be used (the web says it in words)."""

    MALFORMED = "malformed"  # not the shape of a progress
    NEWER = "newer"  # written by a newer kidswar than this server
    UNKNOWN_RUNG = "unknown-rung"
    OUT_OF_RANGE = "out-of-range"  # a value no question of its rung deals, a negative count
    TOO_LONG = "too-long"  # more entries than a progress ever keeps


class ProgressRefused(ValueError):
    """A progress that cannot be used; `reason` says why."""

    def __init__(self, reason: ProgressRefusal) -> None:
        super().__init__(reason.value)
        self.reason = reason


@dataclass(frozen=True)
class Retry:
    """A missed pair to ask again: its rung and values, rights since, when it is due."""

    rung: str
    values: tuple[int, ...]
    rights: int  # answered right this many times since it was last missed
    due_question: int  # due once this many questions have been answered in all
    due_day: int  # and not before this day (a date's ordinal)

    def is_due(self, asked: int, today: int) -> bool:
        """True if it should be asked now."""
        return asked >= self.due_question and today >= self.due_day


@dataclass(frozen=True)
class Day:
    """One day's practice, for the adult's chart: questions asked and answered right."""

    day: int  # a date's ordinal
    asked: int
    right: int


@dataclass(frozen=True)
class Progress:
    """Where a child stands: the rung now, what was answered lately, what to ask again."""

    rung: str = LADDER[0].name
    asked: int = 0  # questions answered in all: the clock retries are due by
    attempts: tuple[Attempt, ...] = ()  # the latest, oldest first
    retry: tuple[Retry, ...] = ()
    days: tuple[Day, ...] = ()  # oldest first
    reached: tuple[str, ...] = ()  # rungs the child climbed from, in the order climbed
    drills: tuple[DrillResult, ...] = ()  # the latest whole drills, oldest first
    climbed: int = 0  # the day (a date's ordinal) the child last went up a rung; 0: never
    # The questions (numbered from 0, as `asked` counts) of the latest RETRY_WINDOW that asked
    # a pair to try again.
    retried: tuple[int, ...] = ()

    @property
    def level(self) -> Rung:
        """The rung now."""
        return RUNGS[self.rung]

    def standing(self, today: int) -> Standing:
        """What to offer today: the next rung, the one below, or more of the same."""
        return standing(self.level, self.attempts, self.drills, today, self.climbed)

    def listed(self, values: tuple[int, ...]) -> Retry | None:
        """The pair to try again that is this question on the rung now, whichever side each
        card is on and whichever rung it was missed on (misses go with the child), or None."""
        key = self.level.pair_key(values)
        return next((e for e in self.retry if RUNGS[e.rung].pair_key(e.values) == key), None)

    def may_retry(self) -> bool:
        """True if the next question may be a pair tried again: fewer than RETRIES_IN_WINDOW
        of the RETRY_WINDOW - 1 questions before it were."""
        recent = [number for number in self.retried if number > self.asked - RETRY_WINDOW]
        return len(recent) < RETRIES_IN_WINDOW

    def choose(self, name: str, today: int = 0) -> Progress:
        """The progress on rung `name`, chosen by the child or an adult (any rung, any time).

        A rung above the one now is a climb on `today` (0: not known), so no other climb is
        offered that day."""
        rung = verify_rung(name)
        progress = replace(self, rung=name)
        if today and LADDER.index(rung) > LADDER.index(self.level):
            progress = replace(progress, climbed=today)
        return progress

    def record(
        self,
        values: tuple[int, ...],
        right: bool,
        today: int,
        rng: random.Random,
        number: int = 0,
    ) -> Progress:
        """The progress after one answer on the rung now, question `number` of its drill (0:
        not part of a drill); ProgressRefused for values its questions never show."""
        if not self.level.holds(values):
            raise ProgressRefused(ProgressRefusal.OUT_OF_RANGE)
        asked = self.asked + 1
        attempt = Attempt(self.rung, values, right, today, number)
        attempts = (*self.attempts, attempt)[-MAX_ATTEMPTS:]
        retried = self.retried
        if self.listed(values) is not None:
            retried = (*retried, self.asked)
        retried = tuple(number for number in retried if number > asked - 1 - RETRY_WINDOW)
        drills = self.drills
        if number == DRILL_QUESTIONS:
            again = {question - (asked - DRILL_QUESTIONS) for question in retried}
            finished = whole_drill(attempts, again)
            if finished is not None:
                drills = (*drills, finished)[-MAX_DRILLS:]
        progress = replace(
            self,
            asked=asked,
            attempts=attempts,
            retry=self._retry_after(values, right, asked, today, rng),
            days=_tallied(self.days, today, right),
            drills=drills,
            retried=retried,
        )
        if progress.standing(today) is Standing.CLIMB and self.rung not in self.reached:
            progress = replace(progress, reached=(*self.reached, self.rung))
        return progress

    def climb(self, today: int) -> Progress:
        """The progress one rung up on `today` (the child accepted the offer), or as it is
        at the top."""
        up = above(self.level)
        return self if up is None else self.choose(up.name, today)

    def _retry_after(
        self, values: tuple[int, ...], right: bool, asked: int, today: int, rng: random.Random
    ) -> tuple[Retry, ...]:
        """The pairs to try again after this answer: a miss goes in (or back to the start),
        a right answer on a listed pair counts toward its leaving and puts it off a day. The
        pair comes back with its sides swapped: another look at it, not the same picture."""
        listed = self.listed(values)
        kept = [entry for entry in self.retry if entry is not listed]
        again = self.level.swapped(values)
        if not right:
            # Question number `asked - 1` was this one; it comes back 2 to 5 questions on, at a
            # place no other miss holds (one miss a question: one is always free).
            taken = {entry.due_question for entry in kept}
            low, high = RETRY_AFTER
            free = [asked - 1 + k for k in range(low, high + 1) if asked - 1 + k not in taken]
            due = rng.choice(free) if free else asked - 1 + high
            kept.append(Retry(self.rung, again, 0, due, today))
            # A rung's few pairs are not all to try again: the oldest of its misses goes.
            mine = [entry for entry in kept if entry.rung == self.rung]
            if len(mine) > MAX_RETRY_A_RUNG:
                kept.remove(mine[0])
        elif listed is not None and listed.rights + 1 < RIGHTS_TO_LEAVE:
            kept.append(Retry(self.rung, again, listed.rights + 1, asked, today + 1))
        return tuple(kept[-MAX_RETRY:])

    def to_json(self) -> dict[str, Any]:
        """This progress as plain JSON values (small: a browser keeps it per child)."""
        return {
            "v": VERSION,
            "rung": self.rung,
            "asked": self.asked,
            "attempts": [[a.rung, list(a.values), a.right, a.day, a.number] for a in self.attempts],
            "retry": [
                [r.rung, list(r.values), r.rights, r.due_question, r.due_day] for r in self.retry
            ],
            "days": [[d.day, d.asked, d.right] for d in self.days],
            "reached": list(self.reached),
            "drills": [[d.rung, d.day, d.ordered, d.wrong, d.close, d.faces] for d in self.drills],
            "climbed": self.climbed,
            "retried": list(self.retried),
        }

    @classmethod
    def from_json(cls, data: object) -> Progress:
        """Read a progress written by `to_json`; ProgressRefused for anything else."""
        if nested_too_deep(data):
            raise ProgressRefused(ProgressRefusal.MALFORMED)
        try:
            return _read(data)
        except ProgressRefused:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise ProgressRefused(ProgressRefusal.MALFORMED) from error


def nested_too_deep(data: object, most: int = MAX_DEPTH) -> bool:
    """True if the JSON value `data` nests lists and objects more than `most` deep (a list of
    numbers is 1 deep). Walked without recursion, and no deeper than `most` + 1."""
    level: list[object] = [data]
    for _depth in range(most + 1):
        containers = [value for value in level if isinstance(value, (dict, list))]
        if not containers:
            return False
        level = [
            inner
            for value in containers
            for inner in (value.values() if isinstance(value, dict) else value)
        ]
    return True


def verify_rung(name: str) -> Rung:
    """The rung called `name`; ProgressRefused if the ladder has none."""
    rung = RUNGS.get(name)
    if rung is None:
        raise ProgressRefused(ProgressRefusal.UNKNOWN_RUNG)
    return rung


def _tallied(days: tuple[Day, ...], today: int, right: bool) -> tuple[Day, ...]:
    """The days played with this answer counted on `today`."""
    if days and days[-1].day == today:
        last = days[-1]
        return (*days[:-1], Day(today, last.asked + 1, last.right + right))
    return (*days, Day(today, 1, int(right)))[-MAX_DAYS:]


def _int(value: object, low: int, high: int) -> int:
    """A whole number from JSON within [low, high] (a bool is not one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ProgressRefused(ProgressRefusal.MALFORMED)
    if not low <= value <= high:
        raise ProgressRefused(ProgressRefusal.OUT_OF_RANGE)
    return value


def _list(value: object, most: int) -> list[Any]:
    """A JSON list of at most `most` entries."""
    if not isinstance(value, list):
        raise ProgressRefused(ProgressRefusal.MALFORMED)
    if len(value) > most:
        raise ProgressRefused(ProgressRefusal.TOO_LONG)
    return value


def _values(rung: str, values: object) -> tuple[int, ...]:
    """A question's values, checked against its rung."""
    level = verify_rung(rung if isinstance(rung, str) else "")
    found = tuple(_int(value, 0, 99) for value in _list(values, 6))
    if not level.holds(found):
        raise ProgressRefused(ProgressRefusal.OUT_OF_RANGE)
    return found


def _read(data: object) -> Progress:
    """The checks of `from_json`, raising as they find."""
    if not isinstance(data, dict):
        raise ProgressRefused(ProgressRefusal.MALFORMED)
    if _int(data["v"], 1, 10**6) > VERSION:
        raise ProgressRefused(ProgressRefusal.NEWER)
    rung = data["rung"]
    verify_rung(rung if isinstance(rung, str) else "")
    asked = _int(data["asked"], 0, 10**9)
    version = _int(data["v"], 1, VERSION)
    attempts = []
    for entry in _list(data["attempts"], MAX_ATTEMPTS):
        # Shape 1 kept an answer's rung, values and rightness; 2 adds its day and number.
        name, values, right, *when = _list(entry, 3 if version == 1 else 5)
        if not isinstance(right, bool) or len(when) != (0 if version == 1 else 2):
            raise ProgressRefused(ProgressRefusal.MALFORMED)
        day, number = (
            (0, 0)
            if version == 1
            else (_int(when[0], 0, MAX_DAY), _int(when[1], 0, DRILL_QUESTIONS))
        )
        attempts.append(Attempt(name, _values(name, values), right, day, number))
    retry = []
    for entry in _list(data["retry"], MAX_RETRY):
        name, values, rights, due_question, due_day = _list(entry, 5)
        retry.append(
            Retry(
                name,
                _values(name, values),
                _int(rights, 0, RIGHTS_TO_LEAVE - 1),
                _int(due_question, 0, 10**9),
                _int(due_day, 0, MAX_DAY),
            )
        )
    days = []
    for entry in _list(data["days"], MAX_DAYS):
        day, day_asked, day_right = (_int(v, 0, MAX_DAY) for v in _list(entry, 3))
        if day_right > day_asked:
            raise ProgressRefused(ProgressRefusal.OUT_OF_RANGE)
        days.append(Day(day, day_asked, day_right))
    reached = tuple(verify_rung(name).name for name in _list(data["reached"], len(LADDER)))
    drills = []
    for entry in _list([] if version == 1 else data["drills"], MAX_DRILLS):
        name, day, *counts = _list(entry, 6)
        ordered, wrong, close, faces = (_int(count, 0, DRILL_QUESTIONS) for count in counts)
        if wrong + max(close, faces) > ordered:  # the right ones are the ordered not wrong
            raise ProgressRefused(ProgressRefusal.OUT_OF_RANGE)
        drills.append(
            DrillResult(verify_rung(name).name, _int(day, 0, MAX_DAY), ordered, wrong, close, faces)
        )
    climbed = 0 if version == 1 else _int(data["climbed"], 0, MAX_DAY)
    retried = (
        ()
        if version == 1
        else tuple(_int(number, 0, 10**9) for number in _list(data["retried"], RETRY_WINDOW))
    )
    return Progress(
        rung,
        asked,
        tuple(attempts),
        tuple(retry),
        tuple(days),
        reached,
        tuple(drills),
        climbed,
        retried,
    )
