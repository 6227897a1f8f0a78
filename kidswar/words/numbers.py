"""Counts in sentences, written the way the reader's language writes them (issue 11).

"1,000 battles" in English, "1.000 Runden" in German, "1 000 tours" in French: Babel knows each
language's digit grouping. A count that can reach a thousand (battles, games, answers, the battle
limit) goes through `number` and into its sentence as text (`%(num)s`). Left plain: what is a
name or a key rather than an amount (seat, player and table numbers, keys, join codes, seeds)
and the cards' values (2 to 14), as in the signs "7 > 4".
"""

from __future__ import annotations

from babel.numbers import format_decimal


def number(value: int, locale: str) -> str:
    """A whole number as `locale` writes it in a sentence (thousands grouped)."""
    return format_decimal(value, locale=locale)
