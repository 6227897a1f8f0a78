"""The next question for a child: pairs chosen for learning, not drawn at random.

In order (docs/learning.md, "Choosing the pairs"):
1. A missed pair that is due comes back (two to five questions after the miss, its cards on
   the other sides, and on a later day after its first right answer), unless it was the
   question just asked; at most one question in three is such a retry
   (`Progress.may_retry`), and after EASY_AFTER misses in a row an easy, far pair comes
   instead. A pair missed on one rung comes back on another that deals it.
2. Ties keep appearing, so "=" and "the same" stay meant: at least one in TIE_EVERY questions
   on a rung, else by chance (TIE_CHANCE), never in a child's first questions on a rung.
3. Once the far pairs are right, the close pairs (a gap of 1 or 2) get CLOSE_SHARE of the
   questions; before that the pairs are drawn evenly, so the far, easy ones come first.
4. On a rung of face cards, FACE_SHARE of the questions show one (J, Q, K, A): the rung teaches
   them, and its mastery rule counts them.

Everything is drawn from the `random.Random` the caller gives, so one seed gives one run.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Sequence

from kidswar.game.ladder import CLOSE_GAP, FACE_LOW, RUNGS, Attempt, Rung
from kidswar.game.progress import Progress, Retry

TIE_EVERY = 8
TIE_CHANCE = 0.08
CLOSE_SHARE = 0.7
FAR_READY_ANSWERS, FAR_READY_SHARE = 4, 0.8  # far pairs count as right from here
SUM_GAP = 5  # sums never further apart than this: the child really adds (4 + 1 vs 10 + 9)
FRESH_TRIES = 10  # draws to find a pair not to try again (a small rung may have few others)
EASY_AFTER = 3  # misses in a row after which an easy (far) pair comes, and no retry
LOOK_BACK = 20  # the answers on this rung that the choice reads
FACE_SHARE = 0.7  # on a rung of face cards, questions that must show one (more come by chance)


class Kind(enum.Enum):
    """The kind of question to deal."""

    TIE = "tie"  # the best number shared
    CLOSE = "close"  # the best number one or two ahead
    ANY = "any"  # any gap but none
    FAR = "far"  # an easy one: the best number well ahead (after misses in a row)


def next_question(progress: Progress, today: int, rng: random.Random) -> tuple[int, ...]:
    """The values of the next question on the child's rung (each side's cards, side by side)."""
    rung = progress.level
    here = [attempt for attempt in progress.attempts if attempt.rung == rung.name][-LOOK_BACK:]
    previous = here[-1].values if here else None
    struggling = len(here) >= EASY_AFTER and not any(a.right for a in here[-EASY_AFTER:])
    due = [] if struggling or not progress.may_retry() else _due(progress, today, previous)
    if due:  # the one due at this very question first (a miss of a moment ago), else the oldest
        now = [entry for entry in due if entry.due_question == progress.asked]
        return (now or due)[0].values
    kind = Kind.FAR if struggling else _kind(rung, here, rng)
    faces = rung.deals_faces and rng.random() < FACE_SHARE
    may_retry = progress.may_retry()
    for tries in itertools.count():
        # A kind with few pairs (the far ones of 1 to 5) may all be to try again: then any.
        values = deal(rung, kind if tries < FRESH_TRIES else Kind.ANY, rng)
        if faces and max(values) < FACE_LOW and tries < FRESH_TRIES:
            continue
        if previous is not None and sorted(rung.numbers(values)) == sorted(rung.numbers(previous)):
            continue
        # A fresh pair that happens to be one to try again is a retry all the same, so it
        # comes as a retry does: its cards on the other sides from the miss.
        listed = progress.listed(values)
        if listed is None:
            return values
        if may_retry or tries >= 2 * FRESH_TRIES:
            return listed.values
    raise AssertionError("unreachable")


def _due(progress: Progress, today: int, previous: tuple[int, ...] | None) -> list[Retry]:
    """The pairs to try again that are due and that this rung asks (one missed on another rung
    comes back here when this rung deals it), not the question just asked."""
    rung = progress.level
    asked_now = None if previous is None else rung.pair_key(previous)
    return [
        entry
        for entry in progress.retry
        if entry.is_due(progress.asked, today)
        and RUNGS[entry.rung].ask is rung.ask
        and rung.holds(entry.values)
        and (not rung.close_only or rung.gap(entry.values) <= CLOSE_GAP)
        and rung.pair_key(entry.values) != asked_now
    ]


def _kind(rung: Rung, here: Sequence[Attempt], rng: random.Random) -> Kind:
    """Which kind of question comes next, from the child's answers on this rung."""
    if len(here) >= 2:
        recent_ties = [a for a in here[-(TIE_EVERY - 1) :] if rung.gap(a.values) == 0]
        if (len(here) >= TIE_EVERY - 1 and not recent_ties) or rng.random() < TIE_CHANCE:
            return Kind.TIE
    if rung.close_only or (far_pairs_right(rung, here) and rng.random() < CLOSE_SHARE):
        return Kind.CLOSE
    return Kind.ANY


def far_pairs_right(rung: Rung, here: Sequence[Attempt]) -> bool:
    """True once the child answers the far pairs right: enough of them lately, nearly all."""
    far = [attempt for attempt in here if rung.gap(attempt.values) > CLOSE_GAP]
    return len(far) >= FAR_READY_ANSWERS and sum(a.right for a in far) >= FAR_READY_SHARE * len(far)


def deal(rung: Rung, kind: Kind, rng: random.Random) -> tuple[int, ...]:
    """Values of one question of `kind` on `rung`, drawn until they fit (a few tries at most:
    every kind fits a good share of a rung's questions)."""
    count = rung.sides * rung.adds
    while True:
        values = tuple(rng.randint(rung.low, rung.high) for _ in range(count))
        gap = rung.gap(values)
        if rung.adds > 1 and gap > SUM_GAP:
            continue
        if kind is Kind.TIE:
            if gap == 0 and _not_mirrored(rung, values):
                return values
        elif kind is Kind.CLOSE:
            if 1 <= gap <= CLOSE_GAP:
                return values
        elif kind is Kind.FAR:
            if gap == CLOSE_GAP if rung.close_only else gap > CLOSE_GAP:
                return values
        elif gap >= 1:
            return values


def _not_mirrored(rung: Rung, values: tuple[int, ...]) -> bool:
    """With sums, a tie from other cards (3 + 4 and 5 + 2), so the child must add to see it."""
    if rung.adds == 1:
        return True
    sides = [sorted(values[i : i + rung.adds]) for i in range(0, len(values), rung.adds)]
    return all(side != sides[0] for side in sides[1:])
