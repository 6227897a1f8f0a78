"""How long a game usually lasts, as the setup page shows it: two sentences and a chart."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from flask import url_for
from flask_babel import format_number, get_locale
from flask_babel import gettext as _

from kidswar.game.rules import (
    MAX_BATTLE_LIMIT,
    MAX_PLAYERS,
    MIN_BATTLE_LIMIT,
    MIN_PLAYERS,
    Deck,
)
from kidswar.web.drawing.histogram_svg import histogram_svg
from kidswar.web.forms.choices import OFFERED_VARIANTS
from kidswar.web.i18n import translations
from kidswar.web.numbers import parse_int
from kidswar.words.estimates import DEFAULT_LIMIT, estimate
from kidswar.words.game_length import draw_bar_label, estimate_sentences, histogram_label

VARIANTS = tuple(variant.value for variant in OFFERED_VARIANTS)
PLAYERS = tuple(str(count) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1))
DECKS = tuple(deck.value for deck in Deck)


def battle_limit(text: object) -> int | None:
    """A battle limit as sent (None: the usual one), or None if it is not one the rules allow."""
    if text is None:
        return DEFAULT_LIMIT
    limit = parse_int(text.strip()) if isinstance(text, str) else None
    if limit is None or not MIN_BATTLE_LIMIT <= limit <= MAX_BATTLE_LIMIT:
        return None
    return limit


def game_length(
    variant: object, players: object, limit: object = None, deck: object = None
) -> dict[str, Any] | None:
    """The setup page's figures for a variant, number of players, battle limit and deck (as
    form text; no limit: the usual one; no deck: all the cards), or None if one of them is not
    a choice the form offers."""
    chosen = battle_limit(limit)
    cards = Deck.FULL.value if deck is None else deck
    if variant not in VARIANTS or players not in PLAYERS or chosen is None or cards not in DECKS:
        return None
    t, locale = translations(), str(get_locale())
    figures = estimate(str(variant), int(str(players)), chosen, str(cards))
    battles, minutes = estimate_sentences(figures, t, locale)
    caption = _(
        "How long %(games)s games played by the computer lasted, in battles. Half of "
        "them were over by the line.",
        games=format_number(figures.games),
    )
    return {
        "battles": battles,
        "minutes": minutes,
        "caption": caption,
        "svg": histogram_svg(
            figures, histogram_label(figures, t, locale), draw_bar_label(figures, t, locale)
        ),
        "url": url_for("setup.estimate"),
        # The choice these figures are for, as estimate.js asks about it (same order), so the
        # script can tell whether the form changed before it ran.
        "query": urlencode(
            {"variant": variant, "players": players, "limit": chosen, "deck": cards}
        ),
        "limits": {"low": MIN_BATTLE_LIMIT, "high": MAX_BATTLE_LIMIT, "usual": DEFAULT_LIMIT},
    }
