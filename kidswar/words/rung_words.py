"""What each level of the learning ladder practises, for the adult.

The levels are `kidswar.game.ladder.LADDER`; docs/learning.md explains each one with the
research behind it. The progress page shows these few sentences a parent can read ("what it
practises") under the level's name, which is the drill's (`kidswar.words.levels`).
"""

from __future__ import annotations

from kidswar.game.ladder import Rung
from kidswar.words.catalogs import Translations


def rung_practises(rung: Rung, t: Translations) -> str:
    """What the level practises, in a few sentences an adult can read."""
    texts = {
        "first-five": t.gettext(
            "Comparing the numbers 1 to 5, with pips to see. Up to three or four pips are seen "
            "at a glance, without counting."
        ),
        "to-ten": t.gettext(
            "Comparing the numbers 1 to 10 with the little deck, where the ace is 1. Your "
            "child learns which number comes later when counting."
        ),
        "close": t.gettext(
            "Numbers next to each other, like 7 and 8. These close pairs are the hard ones, "
            "and being sure of them helps with later maths."
        ),
        "smaller": t.gettext(
            "Finding the smaller number. Children learn “smaller” after “bigger”, and often "
            "pick the bigger one at first."
        ),
        "faces": t.gettext(
            "The whole deck: the jack is 11, the queen 12, the king 13 and the ace 14. Your "
            "child compares numbers above 10."
        ),
        "three": t.gettext(
            "Three cards at once: which is the biggest? Your child compares more than two numbers."
        ),
        "adding": t.gettext(
            "Two cards a side, added up to at most 10: which sum is bigger? Start from the "
            "bigger card and count on."
        ),
        "sums-to-20": t.gettext(
            "Two cards a side from the little deck, sums up to 20, as in Addition War. The "
            "sums are close, so your child really adds."
        ),
    }
    return texts[rung.name]
