"""The letter in a card's corner, in the page's language: J Q K A, or B D K A in German.

A child hears the cards named in the page's language ("der Bube", "le valet") and should find
the same letter in the corner and on the badge ("B = 11"): German decks print B D K A and French
ones V D R A, while Spanish and Turkish decks print J Q K A (docs/rules-texts.md says why).
Number cards show their number in every language.
"""

from __future__ import annotations

from kidswar.game.cards import Rank
from kidswar.web.i18n import translations
from kidswar.words.catalogs import Translations


def corner_letters(t: Translations) -> dict[Rank, str]:
    """The letters of the jack, queen, king and ace in the language of `t`."""
    return {
        # Translators: the letter printed in the corner of the jack, as on the decks children
        # use in your country (German decks: B for Bube; French: V for valet; else keep J).
        Rank.JACK: t.pgettext("card corner letter", "J"),
        # Translators: the queen's corner letter (German and French decks: D for Dame).
        Rank.QUEEN: t.pgettext("card corner letter", "Q"),
        # Translators: the king's corner letter (French decks: R for roi).
        Rank.KING: t.pgettext("card corner letter", "K"),
        # Translators: the ace's corner letter. Keep A where decks print A (French "1" would
        # clash with the badge "A = 14").
        Rank.ACE: t.pgettext("card corner letter", "A"),
    }


def corner_letter(rank: Rank, t: Translations | None = None) -> str:
    """What a card's corner shows: its number, or its letter in the language of `t` (by default
    the request's, and English outside a request)."""
    if rank <= Rank.TEN:
        return rank.symbol
    return corner_letters(t if t is not None else translations())[rank]
