"""When the adult is told that a child keeps missing: the rule the progress page shows a tip by.

The drill already helps a child who misses (a pair comes back swapped, an easy pair after three
misses, the level below offered); this rule is for the adult, who can help away from the screen
(docs/learning.md, "A child who keeps missing"). It reads only the progress the device keeps.
"""

from __future__ import annotations

from kidswar.game.ladder import Attempt
from kidswar.game.progress import Progress

# The latest answers on the level now that needed a sense of order (ties are seen, not
# compared): two drills' worth, so one bad drill or a bad minute is not enough.
KEEPS_MISSING_ANSWERS = 20
# At most this many of them right (60 %): a child at chance (50 %) is told of 87 % of the
# time, one right 80 % of the time 3 %, a capable one (94 %) almost never (binomial tails).
KEEPS_MISSING_MOST_RIGHT = 12


def on_this_level(progress: Progress) -> tuple[Attempt, ...]:
    """The answers kept since the child last came to the level it is on now, oldest first."""
    since: list[Attempt] = []
    for attempt in reversed(progress.attempts):
        if attempt.rung != progress.rung:
            break
        since.append(attempt)
    return tuple(reversed(since))


def keeps_missing(progress: Progress) -> bool:
    """True if the child keeps missing on its level: of its latest KEEPS_MISSING_ANSWERS
    answers there that needed a sense of order, at most KEEPS_MISSING_MOST_RIGHT were right."""
    ordered = [attempt for attempt in on_this_level(progress) if attempt.ordered]
    latest = ordered[-KEEPS_MISSING_ANSWERS:]
    if len(latest) < KEEPS_MISSING_ANSWERS:
        return False
    return sum(attempt.right for attempt in latest) <= KEEPS_MISSING_MOST_RIGHT
