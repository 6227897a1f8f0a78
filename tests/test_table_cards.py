"""The cards face up on the table as the template draws them
(kidswar/web/services/table_cards.py): badges, sums, and a war's backs."""

from __future__ import annotations

from conftest import make_game

from kidswar.game.cards import Card, parse_cards
from kidswar.game.rules import Rules
from kidswar.web.drawing.cards import draw_back
from kidswar.web.services.practice_view import badge
from kidswar.web.services.table_cards import drawn, table_badge, war_rounds
from kidswar.words.catalogs import load

FULL = Rules.from_options("standard", 2)
LITTLE = Rules.from_options("standard", 2, deck="numbers")


def test_in_practice_every_face_card_and_ace_wears_its_number() -> None:
    for text in ["JH", "QS", "KD", "AC"]:
        card = Card.parse(text)
        assert table_badge(card, FULL, practice=True) == badge(card, FULL.deck)
        assert table_badge(card, FULL, practice=True) is not None
        assert table_badge(card, FULL, practice=False) is None  # the whole deck, no practice
    assert table_badge(Card.parse("7H"), FULL, practice=True) is None


def test_with_the_little_deck_the_ace_wears_its_number_practice_or_not() -> None:
    ace = Card.parse("AH")
    assert table_badge(ace, LITTLE, practice=False) == badge(ace, LITTLE.deck)
    assert table_badge(ace, LITTLE, practice=False) is not None
    assert table_badge(Card.parse("7H"), LITTLE, practice=False) is None


def test_addition_war_shows_each_seats_sum_under_its_cards() -> None:
    addition = Rules.from_options("addition", 2)
    showing = drawn(parse_cards(["3C", "4D"]), addition, practice=False)
    assert len(showing.cards) == 2
    assert showing.sum == "3 + 4 = 7"
    assert drawn(parse_cards(["7C"]), addition, practice=False).sum == "7"  # a last card
    assert drawn([], addition, practice=False).sum is None


def test_other_games_show_no_sum() -> None:
    assert drawn(parse_cards(["3C"]), FULL, practice=True).sum is None


def test_a_peace_is_laid_with_the_letters_of_peaces_word_on_the_backs() -> None:
    game = make_game(
        "peace",
        [["2H", "3C", "4C", "5C", "6C", "7C", "9H"], ["2S", "3D", "4D", "5D", "6D", "7D", "KH"]],
    )
    battle = game.play_battle()
    (war_round,) = war_rounds(load("en"), battle, game.rules, practice=False)
    assert [lay.seat for lay in war_round] == [0, 1]
    for lay in war_round:
        assert lay.backs == tuple(draw_back(letter) for letter in "PEACE")
        assert len(lay.cards) == 1
        assert lay.sum is None


def test_a_war_of_war_is_laid_with_plain_backs() -> None:
    # docs/rules.md's worked example: each lays one card face down and turns one.
    game = make_game("standard", [["9H", "3C", "KD"], ["9S", "5D", "7C"]])
    (war_round,) = war_rounds(load("en"), game.play_battle(), game.rules, practice=False)
    assert [lay.backs for lay in war_round] == [(draw_back(None),)] * 2
