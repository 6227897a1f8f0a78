"""Counts in sentences, written the way the reader's language writes them (issue 11).

"1,000 battles" in English, "1.000 Runden" in German, "1 000 tours" in French: Babel knows each
language's digit grouping. Every count that can reach a thousand (battles, games, answers and
streaks, the battle limit and its bounds, the minutes a game lasts) goes through `format_count`
and into its sentence as text (`%(num)s`); the web layer's templates use Flask-Babel's
`numberformat` filter, which is the same. Left plain: what is a name or a key rather than an
amount (seat, player and table numbers, keys, join codes, seeds), the cards' values (2 to 14,
as in the signs "7 > 4"), and counts that never reach a thousand (cards, players, a clock's
minutes), which every language of ours writes with plain digits.
"""

from __future__ import annotations

from babel.numbers import format_decimal


def format_count(value: int, locale: str) -> str:
    """A whole number as `locale` writes it in a sentence (thousands grouped)."""
    return format_decimal(value, locale=locale)
