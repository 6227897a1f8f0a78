"""The join page's form: the table's name, its players' names (all may be left empty) and the
table's second language (issue 36: none unless chosen)."""

from __future__ import annotations

from typing import Any

from werkzeug.datastructures import MultiDict

from kidswar.game.rules import MAX_PLAYERS
from kidswar.web.forms import ChoiceField, NameField, PageForm, SeatInUse
from kidswar.web.i18n import LANGUAGES
from kidswar.web.i18n import lazy_gettext as _
from kidswar.web.second_language import NONE

# A form sent without a second language (a page drawn before the choice): the device's stands.
KEEP = "keep"


class JoinForm(PageForm):
    """A table names itself and the children at it (as many as play in person)."""

    table_name = NameField(name="table-name")
    name_1 = NameField(validators=[SeatInUse(1)], name="name-1")
    name_2 = NameField(validators=[SeatInUse(2)], name="name-2")
    name_3 = NameField(validators=[SeatInUse(3)], name="name-3")
    name_4 = NameField(validators=[SeatInUse(4)], name="name-4")
    # The table's second language, or none (`second_language`). The page draws the choices
    # from the menu's (`second_language_links`): the labels here are never shown.
    also = ChoiceField(
        choices=[*((code, code) for code in LANGUAGES), (NONE, NONE), (KEEP, KEEP)],
        message=_("Choose one of the options."),
        default=KEEP,
        name="also",
    )

    def __init__(self, formdata: MultiDict[str, str], humans: int, **kwargs: Any) -> None:
        self.humans = humans  # before the fields are read: `seats_in_use` needs it
        super().__init__(formdata, **kwargs)

    def seats_in_use(self) -> int:
        """The players who name themselves: one against the computer, else every seat."""
        return min(self.humans, MAX_PLAYERS)

    def second_language(self) -> str | None:
        """The second language chosen for the table: a code, NONE for none, None for the
        device's as it is (call it once the form is valid)."""
        return None if self.also.data == KEEP else str(self.also.data)

    def names(self) -> list[str]:
        """The players' names, stripped, seat by seat (call it once the form is valid)."""
        return [self[f"name_{number}"].data for number in range(1, self.seats_in_use() + 1)]
