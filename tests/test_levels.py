"""A level's name is read inside other sentences: after "Level:", in "Hooray! You can do the
next level: %(level)s! Try it?" and in the teacher's "%(level)s, at every table: %(plays)s". A
colon inside the name made those lines read "Level: First numbers: 1 to 5" (two colons, the
second a stop in the middle of a name), so no name in any language holds one."""

from __future__ import annotations

import pytest

from kidswar.game.ladder import LADDER
from kidswar.words import catalogs
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.levels import climb_offer, level_names


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_level_name_holds_a_colon(lang: str) -> None:
    names = level_names(catalogs.load(lang))
    assert list(names) == [rung.name for rung in LADDER]
    for name in names.values():
        assert ":" not in name, name


def test_the_offer_of_a_level_has_one_colon() -> None:
    t = catalogs.load("en")
    offer = climb_offer(level_names(t)["first-five"], t)
    assert offer == "Hooray! You can do the next level: “First numbers (1 to 5)”! Try it?"
