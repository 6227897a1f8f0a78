"""The end of a game for the children who did not win: a kind word, and which sounds to play.

A person who won hears a fanfare; the people who did not (beaten by the computer or by another
child, or in a draw) see and hear a kind sentence, with a calm tune. The sentence names nobody
(a typed name is never spoken), so it is one fixed clip: its phrase key is in `phrase_keys`,
and speech says it from `kind_words`, the same text the table shows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kidswar.game.records import Outcome
from kidswar.game.table import Seat
from kidswar.words import phrase_keys as keys
from kidswar.words.catalogs import Translations

FANFARE = "fanfare"  # the sounds' names, as the page's sounds.mjs knows them
KIND = "kind"


@dataclass(frozen=True)
class GameEnd:
    """What the end of a game adds for the children: the kind word (if any), its clip's key,
    and the sounds to play, in order."""

    kind_word: str | None
    phrase: str | None
    sounds: tuple[str, ...]


NO_END = GameEnd(None, None, ())  # a game still going, or one no person played


def kind_words(t: Translations) -> dict[str, str]:
    """The kind words, by phrase key: to one child who did not win, or to several."""
    # Literal gettext calls, so Babel extracts these sentences for the translators.
    return {
        # Translators: said to a child who lost a game (to the computer or another child), or
        # drew it: warm and simple, for a four-year-old; "you" is one child.
        keys.KIND_WORD: t.gettext("Well played! Next time the cards may come your way."),
        # Translators: the same, said to two or three children at once who did not win:
        # as where the app speaks to all the players, a form without "you" reads best (Turkish
        # "Herkes ...", German "Alle ...").
        keys.KIND_WORD_MANY: t.gettext(
            "Well played, all of you! Next time the cards may come your way."
        ),
    }


def game_end(outcome: Outcome | None, seats: Sequence[Seat], t: Translations) -> GameEnd:
    """The kind word and sounds for a game's end; nothing for a game still going, or for a
    game no person played."""
    if outcome is None:
        return NO_END
    people = [index for index, seat in enumerate(seats) if not seat.computer]
    others = [index for index in people if index != outcome.winner]
    sounds = (FANFARE,) if outcome.winner in people else ()
    if not others:
        return GameEnd(None, None, sounds)
    phrase = keys.KIND_WORD if len(others) == 1 else keys.KIND_WORD_MANY
    return GameEnd(kind_words(t)[phrase], phrase, (*sounds, KIND))
