"""How long a game usually lasts, as the setup page shows it: two sentences and a chart."""

from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext as _

from kidswar.game.rules import MAX_PLAYERS, MIN_PLAYERS, Variant
from kidswar.web.drawing.histogram_svg import histogram_svg
from kidswar.web.i18n import translations
from kidswar.words.estimates import estimate, estimate_sentences, histogram_label

VARIANTS = tuple(variant.value for variant in Variant)
PLAYERS = tuple(str(count) for count in range(MIN_PLAYERS, MAX_PLAYERS + 1))


def game_length(variant: object, players: object) -> dict[str, Any] | None:
    """The setup page's figures for a variant and number of players (as form text), or None."""
    if variant not in VARIANTS or players not in PLAYERS:
        return None
    t = translations()
    figures = estimate(str(variant), int(str(players)))
    battles, minutes = estimate_sentences(figures, t)
    caption = _(
        "How long %(games)d games played by the computer lasted, in battles. Half of "
        "them were over by the line.",
        games=figures.games,
    )
    return {
        "battles": battles,
        "minutes": minutes,
        "caption": caption,
        "svg": histogram_svg(figures, histogram_label(figures, t)),
        "url": url_for("setup.estimate"),
    }
