"""The ladder's levels in words: each rung's name and what a child meets on it, and the offers
after an answer ("You can do the next level: Close numbers! Try it?").

A rung is named by its key in `kidswar.game.ladder` (saved on the child's device); these are
the words a child and an adult read. Every sentence is whole: a level's name is its only
placeholder. A class round names its level with the same names, and adds what every table
then plays (`class_level_label`): one set of names for the child, the parent and the teacher.
"""

from __future__ import annotations

import re

from kidswar.game.ladder import LADDER, Ask, Rung
from kidswar.game.rules import Deck
from kidswar.words.catalogs import Translations


def level_names(t: Translations) -> dict[str, str]:
    """Each rung's name, by its key, in the ladder's order (the start form lists them so)."""
    names = {
        # Translators: the names of the practice levels, shown as a list and inside "You can do
        # the next level: %(level)s! Try it?". Short, like a chapter's title.
        "first-five": t.gettext("First numbers (1 to 5)"),
        "to-ten": t.gettext("The little deck (ace to 10, ace counts 1)"),
        "close": t.gettext("Close numbers"),
        "smaller": t.gettext("Finding the smaller card"),
        "faces": t.gettext("With the picture cards and the ace (J, Q, K, A)"),
        "three": t.gettext("Three cards (the biggest)"),
        "adding": t.gettext("Adding small cards (sums to 10)"),
        "sums-to-20": t.gettext("Adding two cards"),
    }
    return {rung.name: names[rung.name] for rung in LADDER}  # KeyError: a rung with no name


# A level name's last part in brackets: "(ace to 10, ace counts 1)", "(J, Q, K, A)".
_BRACKETS = re.compile(r"\s*\([^()]*\)$")


def spoken_level(name: str) -> str:
    """A level's name as the voice says it: without the part in brackets, which is for an
    adult's eyes ("With the picture cards and the ace"; eSpeak read "(J, Q, K, A)" as "jay,
    queue, kay, uh" and "(ace to 10, ace counts 1)" aloud to a child)."""
    return _BRACKETS.sub("", name)


def level_abouts(t: Translations) -> dict[str, str]:
    """What a child meets on each rung, in a sentence an adult reads beside its name."""
    abouts = {
        "first-five": t.gettext("Cards with 1 to 5 shapes: seen at a glance."),
        "to-ten": t.gettext("The ace has one shape, so here it is 1, the smallest card."),
        "close": t.gettext("Numbers next to each other, like 7 and 8: the hard ones."),
        "smaller": t.gettext("Ace to 10, and the question turns round: which card is smaller?"),
        "faces": t.gettext(
            "2 to 10, then the jack is 11, the queen 12, the king 13 and the ace 14."
        ),
        "three": t.gettext("Three cards, ace to 10: which card is the biggest?"),
        "adding": t.gettext("Two cards on each side, ace to 5: which sum is bigger?"),
        "sums-to-20": t.gettext(
            "Two cards on each side, ace to 10: which sum is bigger? The sums go up to 20."
        ),
    }
    return {rung.name: abouts[rung.name] for rung in LADDER}


def class_level_label(rung: Rung, t: Translations) -> str:
    """A level as the teacher picks it for a class round and reads it on the teacher's page and
    the projector: its name (as the child knows it) and what every table then plays.

    A class table deals the level's whole deck and asks its question (`ladder_table`), so the
    first levels play alike there: the teacher is told what the tables play, not only the name.
    """
    # Translators: what every table of a class round plays at a level, after the level's name
    # in "%(level)s, at every table: %(plays)s" (the teacher's form and page).
    plays = {
        (Deck.NUMBERS, Ask.BIGGER): t.pgettext(
            "class round level", "the little deck, which card is bigger?"
        ),
        (Deck.NUMBERS, Ask.SMALLER): t.pgettext(
            "class round level", "the little deck, which card is smaller? (Peace)"
        ),
        (Deck.FULL, Ask.BIGGER): t.pgettext(
            "class round level", "all 52 cards, which card is bigger?"
        ),
        (Deck.NUMBERS, Ask.BIGGEST): t.pgettext(
            "class round level", "the little deck, which card is the biggest? (3 or 4 players)"
        ),
        (Deck.NUMBERS, Ask.BIGGER_SUM): t.pgettext(
            "class round level", "the little deck, which sum is bigger? (Addition War)"
        ),
    }
    # Translators: a level of a class round as the teacher picks it and sees it: %(level)s is
    # the level's name ("Close numbers"), %(plays)s what the tables play ("the little deck,
    # which card is bigger?").
    return t.pgettext("class round level", "%(level)s, at every table: %(plays)s") % {
        "level": level_names(t)[rung.name],
        "plays": plays[rung.deck, rung.ask],  # KeyError: a rung no class table can play
    }


def climb_offer(level: str, t: Translations) -> str:
    """The small celebration when the mastery rule is met: the next level, offered."""
    # Translators: said to a child of four or more who answered well; %(level)s is the next
    # level's name ("Close numbers"). Cheerful, and a question: the child may say no.
    return t.gettext("Hooray! You can do the next level: “%(level)s”! Try it?") % {"level": level}


def step_down_offer(level: str, t: Translations) -> str:
    """The kind offer of the level below when a child is struggling."""
    # Translators: said kindly to a child who got several answers wrong; %(level)s is the
    # level below ("Numbers to 10"). Never a reproach: an offer the child may refuse.
    return t.gettext("These are tricky! Would you like to practise “%(level)s” for a while?") % {
        "level": level
    }
