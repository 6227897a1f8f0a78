"""Whole numbers from forms and addresses: ASCII digits only, and never absurdly long.

`str.isdigit()` accepts "²" and "٣", which `int()` then rejects or reads, and a number with
thousands of digits costs time to convert: one parser for every field keeps them all out.
"""

from __future__ import annotations

from flask import request

MAX_DIGITS = 9  # nothing we count (battles, seats, versions) comes near a billion


def parse_int(text: str | None) -> int | None:
    """`text` as a non-negative whole number, or None if it is not one we accept."""
    if not text or len(text) > MAX_DIGITS or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def form_int(name: str) -> int | None:
    """A form field of the request as a whole number, or None (missing or not a number)."""
    return parse_int(request.form.get(name))
