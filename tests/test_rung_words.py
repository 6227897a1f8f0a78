"""What each level of the learning ladder practises, for the adult
(kidswar/words/rung_words.py)."""

from __future__ import annotations

import pytest

from kidswar.game.ladder import LADDER
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.rung_words import rung_practises


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_level_says_what_it_practises_in_its_own_words(lang: str) -> None:
    t = load(lang)
    texts = [rung_practises(rung, t) for rung in LADDER]
    assert all(text.strip() for text in texts)
    assert len(set(texts)) == len(LADDER)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_sentences_are_translated(lang: str) -> None:
    english, t = load("en"), load(lang)
    for rung in LADDER:
        assert rung_practises(rung, t) != rung_practises(rung, english)
