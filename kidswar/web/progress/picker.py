"""The child picker's animals, for the partial template any page may include
(templates/children/_picker.html): each animal's picture and the words its button says."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from kidswar.web.drawing.animals_svg import animal_svg
from kidswar.web.i18n import translations
from kidswar.words.animal_names import ANIMALS, animal_name
from kidswar.words.isolate import isolate
from kidswar.words.phrase_keys import playing_key

# Where the picker's script puts a child's typed name: isolated (FSI..PDI), as in every
# sentence that names someone (kidswar/web/names.py), for the buttons' names and the status.
NAME_SLOT = isolate("{name}")


@dataclass(frozen=True)
class PickerAnimal:
    """One animal of the picker: its key, picture, name, and the words of its buttons."""

    key: str
    picture: Markup
    name: str  # "Cat": a child of this animal without a typed name
    named: str  # "{name} (Cat)": a child of this animal with one
    new: str  # "New child: Cat"
    said: str  # the phrase key of "Cat is playing now.", said when the animal is tapped


def picker_animals() -> tuple[PickerAnimal, ...]:
    """The six animals in the picker's order, in the page's language."""
    t = translations()
    animals = []
    for key in ANIMALS:
        name = animal_name(key, t)
        animals.append(
            PickerAnimal(
                key,
                animal_svg(key, css="animal picker-picture"),
                name,
                # Translators: as "%(name)s (%(animal)s)" for a child, "Ada (Cat)".
                t.gettext("%(name)s (%(animal)s)") % {"name": NAME_SLOT, "animal": name},
                # Translators: a button that adds a child who picked this animal to the device.
                t.gettext("New child: %(animal)s") % {"animal": name},
                playing_key(key),
            )
        )
    return tuple(animals)
