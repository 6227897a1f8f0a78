"""What the drill's addition level says beyond the game's words: how to add a pair of cards.

The game's hint talks about players ("Add up each player's cards"); the drill has no players,
only a left pair and a right pair of cards. After a wrong answer each pair is counted on from
its bigger card, in digits the child can follow along the number line: "Start at 4 and count
on 3: 5, 6, 7.".
"""

from __future__ import annotations

from collections.abc import Sequence

from kidswar.words.catalogs import Translations
from kidswar.words.phrase_keys import hint_key
from kidswar.words.said import hints

PAIRS_HINT = hint_key("pairs")  # the phrase key of `pairs_hint`


def pairs_hint(t: Translations) -> str:
    """How to answer "Which sum is bigger?" about two pairs of cards (the parent reads it)."""
    return hints(t)[PAIRS_HINT]


def count_on(values: Sequence[int], t: Translations) -> str:
    """Add two cards by counting on from the bigger: "Start at 4 and count on 3: 5, 6, 7."."""
    start, more = max(values), min(values)
    steps = ", ".join(str(number) for number in range(start + 1, start + more + 1))
    return t.ngettext(
        # Translators: adding two cards by counting on, said to a child of four or more: start
        # at the bigger card's number, then say the next numbers one by one. %(steps)s is the
        # numbers counted, in digits: "5, 6, 7".
        "Start at %(start)d and count on %(num)d: %(steps)s.",
        "Start at %(start)d and count on %(num)d: %(steps)s.",
        more,
    ) % {"start": start, "num": more, "steps": steps}
