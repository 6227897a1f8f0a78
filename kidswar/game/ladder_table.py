"""A practice game at a table on a level of the ladder: the level chooses the deck and the
question, the deal chooses the cards.

A table plays War, so a rung becomes rules: its deck (the little deck, whose ace is 1, or the
whole deck with its face cards), and the variant that asks its question: "bigger?" in War,
"smaller?" in Peace, "which sum is bigger?" in Addition War. "The biggest" of three cards is
War's question at a table of three or four. The rest of the rules (seats, time, limits) stay
as the table chose them. A class round that picks a level deals its tables these rules too.
"""

from __future__ import annotations

from dataclasses import replace

from kidswar.game.ladder import Ask, Rung
from kidswar.game.rules import Rules, Variant

VARIANTS = {
    Ask.BIGGER: Variant.STANDARD,
    Ask.BIGGEST: Variant.STANDARD,
    Ask.SMALLER: Variant.PEACE,
    Ask.BIGGER_SUM: Variant.ADDITION,
}


def table_rules(rung: Rung, rules: Rules) -> Rules:
    """`rules` with the deck and the question of `rung` (ValueError if they cannot be played,
    as `Rules` says)."""
    variant = VARIANTS[rung.ask]
    return replace(rules, variant=variant, deck=rung.deck, face_down=variant.face_down)
