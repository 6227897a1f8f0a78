"""What the home page's picture tiles and the drill's picture choices are called, and what the
voice says when it is turned on.

A child who cannot read yet taps a tile's speaker corner to hear its name: the name under the
picture and the clip are the same translated sentence (`calls`, which `kidswar.sound.phrases`
also speaks), so the voice says exactly what the tile shows.
"""

from __future__ import annotations

from kidswar.words import phrase_keys as keys
from kidswar.words.catalogs import Translations


def calls(t: Translations) -> dict[str, str]:
    """The tiles' names and the voice's confirmation, by phrase key."""
    # Literal gettext calls, so Babel extracts each sentence for the translators.
    return {
        keys.TILE_PLAY: t.gettext("Play War"),
        # Translators: a picture tile on the home page: two children play on one device.
        keys.TILE_FRIEND: t.gettext("Play with a friend"),
        keys.TILE_PRACTICE: t.gettext("Quick practice"),
        # Translators: said aloud right after "Turn on the voice" is tapped, to show it works.
        keys.VOICE_ON: t.gettext("The voice is on."),
    }


def choices(t: Translations) -> dict[str, str]:
    """The drill's choices, drawn as pictures, by kind (`phrase_keys.CHOICES`): the words under
    each picture, which its speaker corner says in the same words."""
    # Literal gettext calls, so Babel extracts each sentence for the translators.
    return {
        "climb": t.gettext("Yes, the next level!"),
        "step-down": t.gettext("Yes, let's"),
        "stay": t.gettext("Stay on this level"),
        "again": t.gettext("Practise again"),
        "other": t.gettext("Choose other numbers"),
    }


def choice_calls(t: Translations) -> dict[str, str]:
    """The choices' words by phrase key, as the voice says them."""
    return {keys.CHOICES[kind]: words for kind, words in choices(t).items()}
