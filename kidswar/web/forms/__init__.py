"""The forms of the setup pages, the class round and the join page, read with WTForms.

Each area keeps its own form (`setup/forms.py`, `classroom/forms.py`, `join/forms.py`); what
they share is here: `PageForm`, the kinds of field (`fields`) and the shared choices
(`choices`). Every problem is a message on its field; the page shows it there and in a summary.

CSRF: `kidswar.web.security` puts Flask-WTF's `CSRFProtect` on every POST, and it refuses a
missing or wrong token before any view runs. These are therefore plain WTForms forms, fed
`request.form` by the view: no second check of the same token, and no JSON body read as a form.
"""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict
from wtforms import Form
from wtforms.validators import ValidationError

from kidswar.game.rules import MAX_PLAYERS
from kidswar.game.table import MAX_NAME_CODE_POINTS
from kidswar.web.forms.choices import (
    child_animal_field,
    deck_field,
    one_of_the_options,
    players_field,
    practice_field,
    practice_level_field,
    time_field,
    variant_field,
)
from kidswar.web.forms.fields import (
    OFF,
    OTHER,
    ChoiceField,
    NameField,
    NumberChoiceField,
    SeatInUse,
    TickField,
)

__all__ = [
    "OFF",
    "OTHER",
    "ChoiceField",
    "NameField",
    "NumberChoiceField",
    "PageForm",
    "SeatInUse",
    "TickField",
    "ValidationError",
    "child_animal_field",
    "deck_field",
    "one_of_the_options",
    "players_field",
    "practice_field",
    "practice_level_field",
    "time_field",
    "variant_field",
]


class PageForm(Form):  # type: ignore[misc]
    """A form of ours, read from what was sent, or from the page's defaults on a GET.

    The page is drawn again from the same text (`get`), so a refused form comes back exactly as
    it was typed, and a fresh one with its defaults chosen.
    """

    # The inputs' maxlength: a hint, `verify_name` decides. Code points, not the 20 characters
    # a name may have: a family emoji is one character of eight UTF-16 units (issue 23).
    name_length = MAX_NAME_CODE_POINTS

    def __init__(self, formdata: MultiDict[str, str], **kwargs: Any) -> None:
        super().__init__(formdata, **kwargs)
        self.sent = formdata

    def get(self, name: str, default: str = "") -> str:
        """The text of the input called `name` as it was sent (or its default)."""
        return str(self.sent.get(name, default))

    @property
    def messages(self) -> dict[str, str]:
        """Each field's first problem, by the name of its input, in the order of the page."""
        return {field.name: str(field.errors[0]) for field in self if field.errors}

    def seats_in_use(self) -> int:
        """How many seats this form fills in (`SeatInUse` skips the rest)."""
        return MAX_PLAYERS
