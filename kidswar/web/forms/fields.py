"""The fields our forms are made of: a choice, a tick box, a name, a number chosen or typed.

Each reads what was sent without trusting it and turns every problem into one message of ours,
translated, on the field it is about. The pages draw the inputs themselves (see
`templates/setup/_macros.html`), so these fields only read, check and offer their choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wtforms import Field, Form
from wtforms.utils import unset_value
from wtforms.validators import StopValidation, ValidationError

from kidswar.game.table import MAX_NAME_LENGTH, verify_name
from kidswar.web.i18n import lazy_gettext as _
from kidswar.web.numbers import parse_int

Choices = Sequence[tuple[str, Any]]  # (the value sent, its label: a lazy translated text)
OFF, OTHER = "off", "other"  # the values of a number field's "no limit" and "another number"


class ChoiceField(Field):  # type: ignore[misc]
    """Radio buttons: the value sent must be one of `choices`, else the field says `message`."""

    def __init__(self, *args: Any, choices: Choices, message: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.choices = tuple(choices)
        self.message = message

    @property
    def options(self) -> list[tuple[str, str]]:
        """The choices as the page shows them: each value with its label in the page's language."""
        return [(value, str(label)) for value, label in self.choices]

    def pre_validate(self, form: Form) -> None:
        """Refuse a value that is not offered (or none at all)."""
        if self.data not in {value for value, _label in self.choices}:
            raise ValidationError(self.message)


class TickField(Field):  # type: ignore[misc]
    """A tick box: ticked (sent as "on") or not sent at all; anything else says `message`."""

    def __init__(self, *args: Any, message: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.message = message

    @property
    def ticked(self) -> bool:
        """True if the box was ticked."""
        return bool(self.data == "on")

    def pre_validate(self, form: Form) -> None:
        """Refuse any value a tick box does not send."""
        if self.data not in (None, "on"):
            raise ValidationError(self.message)


def strip(text: object) -> str:
    """A typed text without surrounding spaces ("" when nothing was typed)."""
    return text.strip() if isinstance(text, str) else ""


def check_name(form: Form, field: Field) -> None:
    """The validator of every name field: `verify_name` decides, this says it to the child."""
    try:
        verify_name(field.data)
    except ValueError as error:
        raise ValidationError(
            _("A name can have up to %(count)d letters.", count=MAX_NAME_LENGTH)
        ) from error


class NameField(Field):  # type: ignore[misc]
    """A name (of a player, a seat or a table), stripped of surrounding spaces; may be empty."""

    def __init__(
        self, label: str | None = None, validators: Sequence[Any] = (), **kwargs: Any
    ) -> None:
        super().__init__(label, [*validators, check_name], filters=[strip], **kwargs)


class SeatInUse:
    """Skip the fields of a seat the form does not use (like WTForms' own `Optional`).

    Full mode shows four seats whatever the number of players, and a class table names only its
    own players: what is typed for a seat nobody sits in is neither checked nor kept.
    """

    def __init__(self, number: int) -> None:
        self.number = number

    def __call__(self, form: Form, field: Field) -> None:
        """Drop the field's errors and stop checking it when its seat is not in use."""
        if self.number > form.seats_in_use():
            field.errors[:] = []
            raise StopValidation()


class NumberChoiceField(ChoiceField):
    """Radios of set numbers and "other", with the other number typed in `<name>-other`.

    `number` is the number chosen, or None for "off" where the field offers it (then a choice
    not sent means off, too). Anything else that is not a whole number from `low` to `high`,
    read with `parse_int`, says `message`.
    """

    def __init__(
        self, *args: Any, low: int, high: int, missing: str | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.low, self.high, self.missing = low, high, missing
        self.other_name = f"{self.name}-other"
        self.other = ""
        self.number: int | None = None

    def process(self, formdata: Any, data: Any = unset_value, extra_filters: Any = None) -> None:
        """Read the radios, and the number typed beside them (a second input of this field)."""
        super().process(formdata, data, extra_filters)
        if formdata is not None:
            self.other = strip(formdata.get(self.other_name))

    def pre_validate(self, form: Form) -> None:
        """Work out `number`, or refuse a choice or a typed number we do not accept."""
        chosen = self.data or self.missing
        offered = {value for value, _label in self.choices}
        if chosen == OFF and OFF in offered:
            self.number = None
            return
        number = parse_int(self.other if chosen == OTHER else chosen)
        if chosen not in offered or number is None or not self.low <= number <= self.high:
            raise ValidationError(self.message)
        self.number = number
