"""What each game is called where the pages name it: a table's title, the link to its rules,
the button that starts one. One function per use, each a whole phrase for the translator."""

from __future__ import annotations

from kidswar.game.rules import Variant
from kidswar.words.catalogs import Translations


def game_title(variant: Variant, t: Translations) -> str:
    """The table page's title (the browser's tab): "A game of Peace"."""
    # Literal gettext calls, so Babel extracts each one.
    titles = {
        Variant.STANDARD: t.gettext("A game of War"),
        Variant.THREE_DOWN: t.gettext("A game of Three down"),
        Variant.PEACE: t.gettext("A game of Peace"),
        Variant.ADDITION: t.gettext("A game of Addition War"),
    }
    return titles[variant]


def how_to_play(variant: Variant, t: Translations) -> str:
    """The rules page's title, and the table's link to it: "How to play Peace"."""
    labels = {
        Variant.STANDARD: t.gettext("How to play War"),
        Variant.THREE_DOWN: t.gettext("How to play Three down"),
        Variant.PEACE: t.gettext("How to play Peace"),
        Variant.ADDITION: t.gettext("How to play Addition War"),
    }
    return labels[variant]


def start_label(variant: Variant, t: Translations) -> str:
    """The words on a rules page's button that starts a game: "Start a game of Peace"."""
    labels = {
        Variant.STANDARD: t.gettext("Start a game of War"),
        Variant.THREE_DOWN: t.gettext("Start a game of Three down"),
        Variant.PEACE: t.gettext("Start a game of Peace"),
        Variant.ADDITION: t.gettext("Start a game of Addition War"),
    }
    return labels[variant]


def game_name(variant: Variant, t: Translations) -> str:
    """The game's name on its own, as the home page's links to the rules say it (a column of
    the class round's results)."""
    names = {
        Variant.STANDARD: t.gettext("War"),
        Variant.THREE_DOWN: t.gettext("Three down"),
        Variant.PEACE: t.gettext("Peace"),
        Variant.ADDITION: t.gettext("Addition War"),
    }
    return names[variant]
