"""The easy rules: seven short steps that stand beside the table in easy mode."""

from __future__ import annotations

from kidswar.words.sentences import Translations


def easy_steps(t: Translations) -> list[str]:
    """The seven easy rule steps, in order (step 1 first)."""
    return [
        t.gettext("Share out all the cards, face down, one at a time."),
        t.gettext("Keep your cards in a pile. No peeking!"),
        t.gettext("Everybody turns over their top card."),
        t.gettext("The bigger card takes all the cards."),
        t.gettext("Put the cards you take under your pile."),
        t.gettext("The same card? That's war! One card face down, one face up. "
                  "The bigger card takes them all."),
        t.gettext("Whoever gets all the cards wins!"),
    ]
