"""The fields the setup pages and the class round share: game, deck, players, time limit,
practice.

The values come from the game itself (`Variant`, `MIN_PLAYERS`..`MAX_PLAYERS`, the clock's
minutes), so a form never offers what the game cannot play. The labels are the pages' texts,
lazy so each is translated into the language of the page that shows it; the lazy functions are
called `_` and `ngettext` so that pybabel's default keywords find them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from kidswar.game.clock import MAX_MINUTES, MIN_MINUTES
from kidswar.game.ladder import LADDER
from kidswar.game.rules import MAX_PLAYERS, MIN_PLAYERS, Deck, Variant
from kidswar.game.table import ANIMALS
from kidswar.web.forms.fields import (
    OFF,
    OTHER,
    ChoiceField,
    Choices,
    NumberChoiceField,
    TickField,
)
from kidswar.web.i18n import LazyText, translations
from kidswar.web.i18n import lazy_gettext as _
from kidswar.web.i18n import lazy_ngettext as ngettext
from kidswar.words.levels import level_names
from kidswar.words.variant_names import choice_label


def variant_label(variant: Variant) -> str:
    """A variant's choice on the forms, in the request's language (`variant_names`)."""
    return choice_label(variant, translations())


VARIANT_LABELS = {variant: LazyText(variant_label, variant) for variant in Variant}
# The games the pages offer, in the order they offer them: every preset (game/rules.py).
OFFERED_VARIANTS = tuple(VARIANT_LABELS)
# Which cards, as the full setup page and the class round say it (the easy page says it its
# own way, for a parent: `EASY_DECK_LABELS`).
DECK_LABELS = {
    Deck.FULL: _("All 52 cards"),
    Deck.NUMBERS: _("Ace to 10, no face cards (the ace counts 1)"),
}
EASY_DECK_LABELS = {
    Deck.FULL: _("All the cards"),
    Deck.NUMBERS: _("The little deck: ace to 10, the ace counts 1"),
}
# Easy games end on a timer: at one battle every few seconds a game of War usually runs longer
# than a young child plays, and the rules' own tip is a 10- or 15-minute timer. Ten minutes is
# the shorter of the two, for a five-year-old; "No time limit" is still one tap away.
EASY_MINUTES = (5, 10, 15)
EASY_DEFAULT_MINUTES = 10
# An easy game is played with the little deck unless a grown-up chooses all the cards: the easy
# rules' own tip says it is the deck for the youngest.
EASY_DECK = Deck.NUMBERS
PLAYER_LABELS = {2: _("2 players"), 3: _("3 players"), 4: _("4 players")}
MINUTES = (5, 10, 15, 20)  # the time limits offered with a radio; any other is typed


def enum_choices(kind: type[enum.Enum], labels: Mapping[Any, Any]) -> Choices:
    """Every member of `kind` as a choice (a member without a label fails when imported)."""
    return [(member.value, labels[member]) for member in kind]


def one_of_the_options(kind: type[enum.Enum], labels: Mapping[Any, Any]) -> ChoiceField:
    """A radio field offering every member of `kind`."""
    return ChoiceField(choices=enum_choices(kind, labels), message=_("Choose one of the options."))


def variant_field() -> ChoiceField:
    """Which game: one of the presets."""
    return ChoiceField(
        choices=[(variant.value, VARIANT_LABELS[variant]) for variant in OFFERED_VARIANTS],
        message=_("Choose one of the options."),
    )


def deck_field(labels: Mapping[Deck, Any] = DECK_LABELS) -> ChoiceField:
    """Which cards: the whole deck or the little one (ace to 10). Every game plays with either.

    A form that sends no deck (a page drawn before the deck could be chosen) means the whole
    deck, the game's default, as it did then.
    """
    return ChoiceField(
        choices=enum_choices(Deck, labels),
        message=_("Choose which cards to play with."),
        default=Deck.FULL.value,
    )


def players_field() -> ChoiceField:
    """How many players (at the table, or at each table of a round)."""
    return ChoiceField(
        choices=[
            (str(count), PLAYER_LABELS[count]) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        ],
        message=_("Choose 2, 3 or 4 players."),
    )


def practice_field() -> TickField:
    """The "Practice" box of both setup forms (issue 7) and of the class round (issue 11)."""
    return TickField(message=_("Tick the Practice box, or leave it empty."))


def level_name(rung: str) -> str:
    """A rung's name in this request's language (a practice level's label)."""
    return level_names(translations())[rung]


def practice_level_field() -> ChoiceField:
    """The level of the ladder a practice table plays: its deck and its question (issue 21);
    none chosen (or not sent, as by a page from before the ladder): the game's own."""
    return ChoiceField(
        choices=[
            ("", _("The game's own cards and question")),
            *((rung.name, LazyText(level_name, rung.name)) for rung in LADDER),
        ],
        message=_("Choose a practice level, or leave the game's own."),
        default="",
    )


def child_animal_field() -> ChoiceField:
    """The animal of the device's child who plays the first seat of a practice game, sent by
    the setup page's script from the browser's store (templates/children/_seat.html); none
    without a script or a child. Never shown: the choices' labels are their values."""
    return ChoiceField(
        choices=[("", ""), *((animal, animal) for animal in ANIMALS)],
        message=_("Choose one of the animals, or none."),
        default="",  # a page without a child sends none
        name="child-animal",
    )


def time_field(allow_off: bool) -> NumberChoiceField:
    """The time limit: 5, 10, 15 or 20 minutes, another number, and "off" where allowed.

    Where "off" is allowed it is also what a form that sends no time limit means (docs/rules.md:
    a game has none unless one is chosen).
    """
    off = [(OFF, _("No time limit"))] if allow_off else []
    minutes = [
        (str(count), ngettext("%(num)d minute", "%(num)d minutes", count)) for count in MINUTES
    ]
    return NumberChoiceField(
        choices=[*off, *minutes, (OTHER, _("Another number of minutes:"))],
        low=MIN_MINUTES,
        high=MAX_MINUTES,
        missing=OFF if allow_off else None,
        message=_(
            "The time limit must be a whole number of minutes from %(low)d to %(high)d.",
            low=MIN_MINUTES,
            high=MAX_MINUTES,
        ),
    )
