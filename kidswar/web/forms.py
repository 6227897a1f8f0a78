"""Form fields shared by the setup pages and the class round: the time limit."""

from __future__ import annotations

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from kidswar.game.clock import MAX_MINUTES, MIN_MINUTES, verify_minutes
from kidswar.web.numbers import parse_int

MINUTE_CHOICES = ("5", "10", "15", "20")


def read_minutes(
    form: MultiDict[str, str], name: str, allow_off: bool
) -> tuple[int | None, str | None]:
    """Read a time-limit field (5, 10, 15, 20, "other" with a number, or "off").

    Returns the minutes (None for off) and an error message, or None when all is well.
    """
    choice = form.get(name, "")
    if allow_off and choice in ("off", ""):  # off by default (docs/rules.md), also when not sent
        return None, None
    text = form.get(f"{name}-other", "").strip() if choice == "other" else choice
    minutes = parse_int(text)
    if (choice == "other" or choice in MINUTE_CHOICES) and minutes is not None:
        try:
            return verify_minutes(minutes), None
        except ValueError:
            pass  # out of range: say what is allowed
    return None, _(
        "The time limit must be a whole number of minutes from %(low)d to %(high)d.",
        low=MIN_MINUTES,
        high=MAX_MINUTES,
    )
