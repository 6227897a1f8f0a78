"""The animals a child on this device can be, and their names in the page's language.

A child is picked by a tap on an animal (no reading needed); the browser keeps which one
(static/children.mjs, the same six names in the same order). The name is said and shown where
the animal stands for the child: the picker's buttons, the progress page, a seat at the table
(and the voice may say it for a seat that has no typed name).
"""

from __future__ import annotations

from kidswar.game.table import ANIMALS
from kidswar.words.catalogs import Translations
from kidswar.words.phrase_keys import playing_key

__all__ = ["ANIMALS", "animal_name", "animal_table_name", "child_label", "playing_calls"]


def animal_name(animal: str, t: Translations) -> str:
    """The animal's name on its own, as a label or a seat's name: "Cat", "Fuchs".

    KeyError for an animal that is not one of ours."""
    # Translators: the name of an animal a child picks to be on this device; shown alone, as
    # a button's label or in place of a player's name, so the word as it stands by itself.
    # As a player's name it also stands inside sentences, with no article ("Fox takes 2
    # cards.", "Turn the card of Fox"), as picture books name an animal character.
    names = {
        "cat": t.pgettext("animal", "Cat"),
        "dog": t.pgettext("animal", "Dog"),
        "rabbit": t.pgettext("animal", "Rabbit"),
        "bear": t.pgettext("animal", "Bear"),
        "owl": t.pgettext("animal", "Owl"),
        "fox": t.pgettext("animal", "Fox"),
    }
    return names[animal]


def animal_table_name(animal: str, t: Translations) -> str:
    """A class table's name after the animal of the device's child: "Owl table" (issue 33),
    offered on the join page in place of the children's names, which the projector shows.

    KeyError for an animal that is not one of ours."""
    # Translators: a name a class table may take, after the animal the device's child picked;
    # the projector shows it to the whole class. A name, so no full stop.
    names = {
        "cat": t.pgettext("table name", "Cat table"),
        "dog": t.pgettext("table name", "Dog table"),
        "rabbit": t.pgettext("table name", "Rabbit table"),
        "bear": t.pgettext("table name", "Bear table"),
        "owl": t.pgettext("table name", "Owl table"),
        "fox": t.pgettext("table name", "Fox table"),
    }
    return names[animal]


def child_label(animal: str, name: str, t: Translations) -> str:
    """How a child is called beside its picture: the typed name with the animal, "Ada (Cat)",
    or the animal alone when no name was typed."""
    if not name:
        return animal_name(animal, t)
    # Translators: a child on this device: the first name an adult typed, then the animal the
    # child picked (its name as it stands alone), e.g. "Ada (Cat)".
    return t.gettext("%(name)s (%(animal)s)") % {"name": name, "animal": animal_name(animal, t)}


def playing_calls(t: Translations) -> dict[str, str]:
    """What the picker says when a child taps its animal, by phrase key: "Cat is playing now.".

    The picker shows the same sentence with the child's label ("Ada (Cat) is playing now."); the
    voice says it with the animal alone, as it never reads a typed name."""
    playing = t.gettext("%(child)s is playing now.")
    return {playing_key(animal): playing % {"child": animal_name(animal, t)} for animal in ANIMALS}
