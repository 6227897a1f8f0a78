"""The French sentences, pinned word for word after a native-level check.

French typography: a no-break space (U+00A0) before ":" and inside « », a narrow no-break
space (U+202F) before "!", "?" and ";" and between thousands, and the apostrophe ’ (U+2019).

The comparisons read "Sept, c’est plus grand que quatre." rather than "Sept est plus grand
que quatre.": the catalog has one template for every rank, and "La dame est plus grand..."
would be wrong (the adjective would have to agree with "la dame"); after "c’est" the
adjective stays masculine for every rank. "à" + "le" contracts to "au" ("égal au roi"), so
the "equal to" forms carry their preposition.
"""

from __future__ import annotations

import pytest
from conftest import make_game

from kidswar.game.cards import Card, Rank
from kidswar.game.table import Seat
from kidswar.words.card_names import card_label
from kidswar.words.catalogs import load
from kidswar.words.comparisons import best_sentence, comparison, tie_sentence
from kidswar.words.content import page, peace_word
from kidswar.words.sentences import describe, seat_names

NB = "\u00a0"  # no-break space: before ":" and inside « »
NN = "\u202f"  # narrow no-break space: before ! ? ; and in 1 000


@pytest.mark.parametrize(
    "first, second, sentence, symbol",
    [
        (Rank.SEVEN, Rank.FOUR, "Sept, c\u2019est plus grand que quatre.", "7 > 4"),
        (Rank.KING, Rank.SEVEN, "Le roi, c\u2019est plus grand que sept.", "13 > 7"),
        (Rank.FOUR, Rank.SEVEN, "Quatre, c\u2019est plus petit que sept.", "4 < 7"),
        (Rank.TWO, Rank.ACE, "Deux, c\u2019est plus petit que l\u2019as.", "2 < 14"),
        (Rank.FOUR, Rank.FOUR, "Quatre, c\u2019est égal à quatre.", "4 = 4"),
        (Rank.KING, Rank.KING, "Le roi, c\u2019est égal au roi.", "13 = 13"),
        (Rank.ACE, Rank.ACE, "L\u2019as, c\u2019est égal à l\u2019as.", "14 = 14"),
        (Rank.QUEEN, Rank.QUEEN, "La dame, c\u2019est égal à la dame.", "12 = 12"),
        (Rank.JACK, Rank.JACK, "Le valet, c\u2019est égal au valet.", "11 = 11"),
        # "huit" has an aspirated h: no elision, "que huit", "à huit".
        (Rank.EIGHT, Rank.THREE, "Huit, c\u2019est plus grand que trois.", "8 > 3"),
        (Rank.NINE, Rank.EIGHT, "Neuf, c\u2019est plus grand que huit.", "9 > 8"),
        (Rank.TWO, Rank.EIGHT, "Deux, c\u2019est plus petit que huit.", "2 < 8"),
        (Rank.EIGHT, Rank.EIGHT, "Huit, c\u2019est égal à huit.", "8 = 8"),
        (Rank.TEN, Rank.JACK, "Dix, c\u2019est plus petit que le valet.", "10 < 11"),
        (Rank.JACK, Rank.TEN, "Le valet, c\u2019est plus grand que dix.", "11 > 10"),
        (Rank.QUEEN, Rank.JACK, "La dame, c\u2019est plus grand que le valet.", "12 > 11"),
        (Rank.KING, Rank.QUEEN, "Le roi, c\u2019est plus grand que la dame.", "13 > 12"),
        (Rank.ACE, Rank.KING, "L\u2019as, c\u2019est plus grand que le roi.", "14 > 13"),
    ],
)
def test_comparisons(first: Rank, second: Rank, sentence: str, symbol: str) -> None:
    assert comparison(first, second, load("fr")) == (sentence, symbol)


def test_every_comparison_is_a_whole_french_sentence() -> None:
    t = load("fr")
    for first in Rank:
        for second in Rank:
            sentence, _ = comparison(first, second, t)
            assert sentence[0].isupper() and sentence.endswith(".")
            assert ", c\u2019est " in sentence
            assert "'" not in sentence and "  " not in sentence
            assert "à le" not in sentence and "que a" not in sentence  # au roi, que l’as


@pytest.mark.parametrize(
    "rank, card",
    [
        (Rank.NINE, "un neuf"),
        (Rank.EIGHT, "un huit"),
        (Rank.QUEEN, "une dame"),
        (Rank.ACE, "un as"),
        (Rank.KING, "un roi"),
        (Rank.TWO, "un deux"),
    ],
)
def test_two_players_tie(rank: Rank, card: str) -> None:
    t = load("fr")
    assert tie_sentence(2, 2, rank, False, t) == (
        f"Vous avez tous les deux retourné {card}{NB}: bataille{NN}!"
    )


def test_a_tie_in_peace_is_peace() -> None:
    assert tie_sentence(2, 2, Rank.TWO, True, load("fr")) == (
        f"Vous avez tous les deux retourné un deux{NB}: paix{NN}!"
    )


def test_the_brief_examples_of_ties() -> None:
    t = load("fr")
    assert tie_sentence(2, 2, Rank.NINE, False, t) == (
        "Vous avez tous les deux retourné un neuf\u00a0: bataille\u202f!"
    )
    assert tie_sentence(2, 2, Rank.ACE, False, t) == (
        "Vous avez tous les deux retourné un as\u00a0: bataille\u202f!"
    )


def test_ties_among_three_or_four_players() -> None:
    t = load("fr")
    assert tie_sentence(2, 3, Rank.NINE, False, t) == (
        f"2 joueurs ont retourné un neuf{NB}: bataille{NN}!"
    )
    assert tie_sentence(3, 4, Rank.ACE, True, t) == (f"3 joueurs ont retourné un as{NB}: paix{NN}!")


def test_the_biggest_and_the_smallest_card() -> None:
    t = load("fr")
    three = [Rank.FOUR, Rank.SEVEN]
    assert best_sentence(Rank.QUEEN, three, False, t) == (
        "La dame est la plus grande carte.",
        None,
    )
    assert best_sentence(Rank.TWO, three, True, t) == (
        "Le deux est la plus petite carte.",  # the card, with its article
        None,
    )


def test_a_whole_battle_in_french() -> None:
    t = load("fr")
    game = make_game("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    battle = game.play_battle()
    assert list(describe(battle, ["Léa", "Tom"], game.rules, t).sentences) == [
        f"Vous avez tous les deux retourné un neuf{NB}: bataille{NN}!",
        "Le roi, c\u2019est plus grand que sept.",
        "Léa remporte 6 cartes.",
    ]


def test_plurals_follow_the_three_french_forms() -> None:
    t = load("fr")
    for n, text in [
        (0, "0 carte"),
        (1, "1 carte"),
        (2, "2 cartes"),
        (1000, "1000 cartes"),
        (1000000, "1000000 de cartes"),
    ]:  # "un million de cartes"
        assert t.ngettext("%(num)d card", "%(num)d cards", n) % {"num": n} == text
    assert (
        t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 1)
        % {"name": "Léa", "count": 1}
        == "Léa remporte 1 carte."
    )


def test_names_and_cards() -> None:
    t = load("fr")
    assert seat_names([Seat("", False), Seat("", True)], t) == ["Joueur 1", "Ordinateur"]
    assert seat_names([Seat("", True), Seat("", True)], t) == ["Ordinateur 1", "Ordinateur 2"]
    assert card_label(Card.parse("KS"), t) == "roi de pique"
    assert card_label(Card.parse("7H"), t) == "7 de cœur"


def test_the_peace_cards_spell_pouce_and_say_why() -> None:
    # "PAIX" has four letters, and five cards go down: French children call "Pouce !" to
    # stop a fight in a game, so the cards spell P-O-U-C-E (docs/rules-texts.md).
    t = load("fr")
    assert peace_word(t) == "POUCE"
    rules = page("peace", t)
    assert rules.title == "La Paix"
    assert rules.sections[0]["items"][1] == (
        "Quand les plus petites cartes sont pareilles, les joueurs font la paix. Chacun écrit "
        "POUCE (P-O-U-C-E) avec cinq cartes face cachée, une lettre sur chaque carte. "
        f"«{NB}Pouce{NN}!{NB}», c\u2019est ce qu\u2019on crie pour faire une trêve."
    )


def test_rules_texts() -> None:
    t = load("fr")
    war = page("war", t)
    assert war.title == "La Bataille"
    tips = next(section for section in war.sections if section["id"] == "tips")
    assert tips["items"][0] == (
        f"Annonce les deux nombres à voix haute. Puis dis lequel est le plus grand{NB}: "
        f"«{NB}Sept, c\u2019est plus grand que quatre{NN}!{NB}»"
    )
    draw = next(section for section in war.sections if section["id"] == "draw")
    assert f"Après 1{NN}000 tours" in draw["items"][0]
    assert page("three-down", t).title == "Trois cachées"
