"""A card's name in the shape each sentence needs (kidswar/words/ranks.py): starting a sentence,
after "bigger than", after "equal to", as the card turned, as the card itself."""

from __future__ import annotations

import pytest

from kidswar.words import ranks
from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.ranks import ACE_AS_ONE


def test_english_says_numbers_bare_and_face_cards_with_their_article() -> None:
    en = load("en")
    assert [ranks.subject(rank, en) for rank in (7, 11, 14)] == ["Seven", "The jack", "The ace"]
    assert [ranks.compared(rank, en) for rank in (7, 11)] == ["seven", "the jack"]
    assert [ranks.turned(rank, en) for rank in (7, 8, 14)] == ["a seven", "an eight", "an ace"]


def test_the_little_decks_ace_is_one_yet_still_an_ace_when_turned() -> None:
    en = load("en")
    assert ranks.subject(ACE_AS_ONE, en) == "One" and ranks.card(ACE_AS_ONE, en) == "One"
    assert ranks.turned(ACE_AS_ONE, en) == ranks.turned(14, en) == "an ace"


def test_turkish_gives_each_shape_its_case_ending() -> None:
    tr = load("tr")
    assert (ranks.compared(7, tr), ranks.equal_to(7, tr)) == ("yediden", "yediye")  # -den, -e
    assert (ranks.compared(14, tr), ranks.equal_to(14, tr)) == ("astan", "asa")


def test_german_gives_a_number_card_its_article_only_as_the_card_itself() -> None:
    de = load("de")
    assert (ranks.subject(2, de), ranks.card(2, de)) == ("Zwei", "Die Zwei")
    assert ranks.turned(11, de) == "einen Buben"  # the accusative: "Beide haben einen Buben"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rank_has_every_shape_in_every_language(lang: str) -> None:
    t = load(lang)
    for rank in (ACE_AS_ONE, *range(2, 15)):
        shapes = [f(rank, t) for f in (ranks.subject, ranks.compared, ranks.equal_to, ranks.card)]
        assert all(shapes) and shapes[0][0].isupper() and shapes[3][0].isupper()
        assert ranks.turned(rank, t)
