"""German sentences, checked by a native reader: the rank forms land in the right slots.

The catalogs are compiled by a session fixture (tests/conftest.py), so `load` is imported and
called inside the tests.
"""

from __future__ import annotations

import pytest

from kidswar.game.cards import Rank
from kidswar.words.catalogs import Translations
from kidswar.words.sentences import best_sentence, comparison, tie_sentence


def german() -> Translations:
    from kidswar.words.catalogs import load

    return load("de")


@pytest.mark.parametrize(
    ("first", "second", "sentence", "symbol"),
    [
        (Rank.SEVEN, Rank.FOUR, "Sieben ist größer als vier.", "7 > 4"),
        (Rank.KING, Rank.SEVEN, "Der König ist größer als sieben.", "13 > 7"),
        (Rank.FOUR, Rank.SEVEN, "Vier ist kleiner als sieben.", "4 < 7"),
        (Rank.TWO, Rank.ACE, "Zwei ist kleiner als das Ass.", "2 < 14"),
        (Rank.FOUR, Rank.FOUR, "Vier ist genauso groß wie vier.", "4 = 4"),
        (Rank.QUEEN, Rank.QUEEN, "Die Dame ist genauso groß wie die Dame.", "12 = 12"),
        (Rank.TEN, Rank.JACK, "Zehn ist kleiner als der Bube.", "10 < 11"),
        (Rank.JACK, Rank.TEN, "Der Bube ist größer als zehn.", "11 > 10"),
        (Rank.ACE, Rank.KING, "Das Ass ist größer als der König.", "14 > 13"),
    ],
)
def test_comparisons(first: Rank, second: Rank, sentence: str, symbol: str) -> None:
    assert comparison(first, second, german()) == (sentence, symbol)


def test_two_players_tie_in_war() -> None:
    assert (
        tie_sentence(2, 2, Rank.NINE, False, german()) == "Beide haben eine Neun aufgedeckt: Krieg!"
    )


def test_two_players_tie_in_peace() -> None:
    assert tie_sentence(2, 2, Rank.NINE, True, german()) == (
        "Beide haben eine Neun aufgedeckt: Frieden!"
    )


def test_a_king_tie_turns_a_king_in_the_accusative() -> None:
    assert tie_sentence(2, 2, Rank.KING, False, german()) == (
        "Beide haben einen König aufgedeckt: Krieg!"
    )
    assert tie_sentence(2, 2, Rank.JACK, False, german()) == (
        "Beide haben einen Buben aufgedeckt: Krieg!"
    )
    assert tie_sentence(2, 2, Rank.ACE, False, german()) == "Beide haben ein Ass aufgedeckt: Krieg!"


def test_more_players_tie() -> None:
    assert tie_sentence(3, 4, Rank.QUEEN, False, german()) == (
        "3 Spieler haben eine Dame aufgedeckt: Krieg!"
    )
    assert tie_sentence(3, 3, Rank.TWO, True, german()) == (
        "3 Spieler haben eine Zwei aufgedeckt: Frieden!"
    )


def test_the_biggest_and_the_smallest_card() -> None:
    from kidswar.game.cards import parse_cards

    king, seven, four = parse_cards(["KH", "7S", "4C"])
    assert best_sentence(king, [seven, four], False, german()) == (
        "Der König ist die größte Karte.",
        None,
    )
    assert best_sentence(four, [king, seven], True, german()) == (
        "Vier ist die kleinste Karte.",
        None,
    )


def test_catalog_strings() -> None:
    t = german()
    assert (
        t.gettext("%(first)s is bigger than %(second)s.") == "%(first)s ist größer als %(second)s."
    )
    assert (
        t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 1)
        % {"name": "Anna", "count": 1}
        == "Anna bekommt 1 Karte."
    )
    assert (
        t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 2)
        % {"name": "Anna", "count": 2}
        == "Anna bekommt 2 Karten."
    )
    assert (
        t.gettext("%(rank)s of %(suit)s")
        % {
            "rank": t.pgettext("rank, in a card's name", "king"),
            "suit": t.pgettext("suit", "spades"),
        }
        == "Pik König"
    )
    assert t.pgettext("letters on the Peace cards", "PEACE") == "PEACE"
    assert t.pgettext("rules", "A draw after 1,000 battles") == "Unentschieden nach 1.000 Runden"
