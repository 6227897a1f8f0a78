"""Spanish: whole sentences as a native speaker checked them (articles, "al", ¡...!)."""

from __future__ import annotations

import pytest

from kidswar.game.cards import Card, Rank
from kidswar.words.card_names import card_label
from kidswar.words.catalogs import load
from kidswar.words.comparisons import best_sentence, comparison, tie_sentence
from kidswar.words.content import page, peace_word


@pytest.mark.parametrize(
    ("first", "second", "sentence", "symbol"),
    [
        (Rank.SEVEN, Rank.FOUR, "Siete es mayor que cuatro.", "7 > 4"),
        (Rank.KING, Rank.SEVEN, "El rey es mayor que siete.", "13 > 7"),
        (Rank.FOUR, Rank.SEVEN, "Cuatro es menor que siete.", "4 < 7"),
        (Rank.TWO, Rank.ACE, "Dos es menor que el as.", "2 < 14"),
        (Rank.FOUR, Rank.FOUR, "Cuatro es igual a cuatro.", "4 = 4"),
        (Rank.KING, Rank.KING, "El rey es igual al rey.", "13 = 13"),
        (Rank.ACE, Rank.ACE, "El as es igual al as.", "14 = 14"),
        (Rank.QUEEN, Rank.QUEEN, "La reina es igual a la reina.", "12 = 12"),
        (Rank.TEN, Rank.JACK, "Diez es menor que la jota.", "10 < 11"),
        (Rank.JACK, Rank.TEN, "La jota es mayor que diez.", "11 > 10"),
    ],
)
def test_comparisons(first: Rank, second: Rank, sentence: str, symbol: str) -> None:
    t = load("es")
    assert comparison(first, second, t) == (sentence, symbol)


def test_two_players_tie_is_war() -> None:
    t = load("es")
    assert tie_sentence(2, 2, Rank.NINE, False, t) == "Los dos sacaron un nueve: ¡guerra!"


def test_two_players_tie_in_peace_is_peace() -> None:
    t = load("es")
    assert tie_sentence(2, 2, Rank.NINE, True, t) == "Los dos sacaron un nueve: ¡paz!"


def test_a_queen_tie_says_una_reina() -> None:
    t = load("es")
    assert tie_sentence(2, 2, Rank.QUEEN, False, t) == "Los dos sacaron una reina: ¡guerra!"
    assert tie_sentence(3, 4, Rank.QUEEN, False, t) == ("3 jugadores sacaron una reina: ¡guerra!")
    assert tie_sentence(3, 3, Rank.ACE, True, t) == "3 jugadores sacaron un as: ¡paz!"


def test_card_names_and_the_biggest_card() -> None:
    t = load("es")
    assert card_label(Card.parse("KS"), t) == "rey de picas"
    assert t.gettext("%(card)s is the biggest card.") % {
        "card": t.pgettext("rank as a card, starting a sentence", "The queen")
    } == ("La reina es la carta más grande.")
    assert best_sentence(Rank.TWO, [Rank.FOUR, Rank.SEVEN], True, t)[0] == (
        "El dos es la carta más pequeña."  # a card, with its article: not "Dos es ..."
    )


def test_peace_spells_paces_as_in_hacer_las_paces() -> None:
    # "PAZ" has three letters, but five cards go face down: the players "hacen las paces",
    # and the cards spell P-A-C-E-S (docs/rules-texts.md).
    t = load("es")
    assert peace_word(t) == "PACES"
    said = page("peace", t).sections[0]["items"][1]
    assert "los jugadores hacen las paces" in said
    assert "escribe PACES (P-A-C-E-S) con cinco cartas boca abajo, una letra en cada carta" in said
