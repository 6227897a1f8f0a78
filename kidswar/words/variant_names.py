"""What each game is called where the pages name it: its name, the setup form's choice, a
table's title, the link to its rules, the button that starts one, its usual length. One
function per use, each a whole phrase for the translator; a new variant (kidswar.game.rules)
gets a phrase in each (tests/test_rules.py checks every one is there and translated)."""

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


def short_name(variant: Variant, t: Translations) -> str:
    """Its name alone, as the links to the rules pages say it: "Peace"."""
    names = {
        Variant.STANDARD: t.gettext("War"),
        Variant.THREE_DOWN: t.gettext("Three down"),
        Variant.PEACE: t.gettext("Peace"),
        Variant.ADDITION: t.gettext("Addition War"),
    }
    return names[variant]


def choice_label(variant: Variant, t: Translations) -> str:
    """Its choice on the setup forms: what sets it apart, in a few words."""
    labels = {
        Variant.STANDARD: t.gettext("Standard: the highest card wins, one card down in a war"),
        Variant.THREE_DOWN: t.gettext("Three down: like Standard, with three cards down in a war"),
        Variant.PEACE: t.gettext("Peace: the lowest card wins, five cards down when cards tie"),
        Variant.ADDITION: t.gettext("Addition War: turn two cards each, the bigger sum wins"),
    }
    return labels[variant]


def full_game_choice(t: Translations) -> str:
    """The home page's words under "Full": what the full setup offers, the variants named."""
    return t.gettext(
        "Two to four players, Three down, Peace and Addition War, and every rule to choose."
    )


def length_sentence(variant: str, players: int, t: Translations) -> str:
    """The usual length of a game, as a whole sentence for each variant (nothing glued)."""
    sentences = {
        Variant.STANDARD: t.ngettext(
            "A game of War with %(players)d player usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            "A game of War with %(players)d players usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            players,
        ),
        Variant.THREE_DOWN: t.ngettext(
            "A game of Three down with %(players)d player usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            "A game of Three down with %(players)d players usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            players,
        ),
        Variant.PEACE: t.ngettext(
            "A game of Peace with %(players)d player usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            "A game of Peace with %(players)d players usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            players,
        ),
        Variant.ADDITION: t.ngettext(
            "A game of Addition War with %(players)d player usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            "A game of Addition War with %(players)d players usually lasts about %(median)s "
            "battles; most games last between %(low)s and %(high)s battles.",
            players,
        ),
    }
    return sentences[Variant(variant)]
