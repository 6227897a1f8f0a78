"""The home page's picture tiles' names (kidswar/words/tiles.py): the voice says exactly what a
tile shows, in every language."""

from __future__ import annotations

import pytest

from kidswar.sound.phrases import phrase_keys, phrase_text
from kidswar.words import phrase_keys as keys
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.tiles import calls

TILES = (keys.TILE_PLAY, keys.TILE_FRIEND, keys.TILE_PRACTICE)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_tile_is_called_what_its_clip_says(lang: str) -> None:
    named = calls(load(lang))
    assert set(TILES) | {keys.VOICE_ON} == set(named)
    for key, name in named.items():
        assert key in phrase_keys() and phrase_text(lang, key) == name


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_tiles_are_named_in_the_childs_language(lang: str) -> None:
    english, named = calls(load("en")), calls(load(lang))
    assert all(named[key] != english[key] for key in named)
    assert len({named[key] for key in TILES}) == len(TILES)  # three different names
