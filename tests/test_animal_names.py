"""The animals a child can be, named in the page's language (kidswar/words/animal_names.py)."""

from __future__ import annotations

import pytest

from kidswar.words.animal_names import (
    ANIMALS,
    animal_name,
    animal_table_name,
    child_label,
    playing_calls,
)
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.phrase_keys import playing_key


def test_a_child_is_called_by_the_typed_name_with_the_animal() -> None:
    assert child_label("cat", "Ada", load("en")) == "Ada (Cat)"


def test_a_child_with_no_typed_name_is_the_animal_alone() -> None:
    assert child_label("cat", "", load("en")) == "Cat"


def test_a_table_may_be_named_after_the_animal() -> None:
    assert animal_table_name("owl", load("en")) == "Owl table"


@pytest.mark.parametrize("name", [animal_name, animal_table_name])
def test_an_animal_that_is_not_ours_is_a_key_error(name: object) -> None:
    assert callable(name)
    with pytest.raises(KeyError):
        name("lion", load("en"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_animal_has_a_name_and_a_table_name_of_its_own(lang: str) -> None:
    t = load(lang)
    assert len({animal_name(animal, t) for animal in ANIMALS}) == len(ANIMALS)
    assert len({animal_table_name(animal, t) for animal in ANIMALS}) == len(ANIMALS)


def test_the_picker_says_the_animal_alone_is_playing() -> None:
    calls = playing_calls(load("en"))
    assert set(calls) == {playing_key(animal) for animal in ANIMALS}
    assert calls[playing_key("fox")] == "Fox is playing now."
