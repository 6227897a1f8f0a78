"""The sentences about battles, in English (the source language)."""

import gettext

import pytest
from conftest import make_game

from kidswar.game.cards import Rank
from kidswar.game.table import Seat
from kidswar.words.comparisons import comparison
from kidswar.words.sentences import describe, outcome_sentence, seat_names

EN = gettext.NullTranslations()


@pytest.mark.parametrize(
    "first, second, sentence, symbol",
    [
        (Rank.SEVEN, Rank.FOUR, "Seven is bigger than four.", "7 > 4"),
        (Rank.FOUR, Rank.SEVEN, "Four is smaller than seven.", "4 < 7"),
        (Rank.FOUR, Rank.FOUR, "Four is equal to four.", "4 = 4"),
        (Rank.KING, Rank.SEVEN, "The king is bigger than seven.", "13 > 7"),
        (Rank.TWO, Rank.ACE, "Two is smaller than the ace.", "2 < 14"),
    ],
)
def test_comparisons_are_whole_sentences_with_a_symbol(
    first: Rank, second: Rank, sentence: str, symbol: str
) -> None:
    assert comparison(first, second, EN) == (sentence, symbol)


def describe_first(variant: str, hands: list[list[str]], names: list[str]) -> list[str]:
    """The sentences said about the first battle of a deal."""
    game = make_game(variant, hands)
    battle = game.play_battle()
    return list(describe(battle, names, game.rules, EN).sentences)


def test_a_plain_battle_says_which_is_bigger_and_who_takes() -> None:
    assert describe_first("standard", [["7H", "2C"], ["4S", "3C"]], ["Ana", "Ben"]) == [
        "Seven is bigger than four.",
        "Ana takes 2 cards.",
    ]


def test_peace_talks_about_the_smaller_card() -> None:
    assert describe_first("peace", [["7H", "2C"], ["4S", "3C"]], ["Ana", "Ben"]) == [
        "Four is smaller than seven.",
        "Ben takes 2 cards.",
    ]


def test_a_war_is_announced_then_decided() -> None:
    assert describe_first(
        "standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]], ["Ana", "Ben"]
    ) == ["Both turned a nine: war!", "The king is bigger than seven.", "Ana takes 6 cards."]


def test_an_eight_and_an_ace_take_an() -> None:
    sentences = describe_first(
        "peace",
        [["8H", "3C", "KD", "2C", "4C", "6C", "7C"], ["8S", "5D", "7D", "2D", "4D", "6D", "AD"]],
        ["Ana", "Ben"],
    )
    assert sentences[0] == "Both turned an eight: peace!"
    assert sentences[1] == "Seven is smaller than the ace."


def test_three_players_say_the_biggest_card() -> None:
    assert describe_first("standard", [["7H"], ["4S"], ["QC"]], ["Ana", "Ben", "Cem"]) == [
        "The queen is the biggest card.",
        "Cem takes 3 cards.",
    ]


def test_two_of_three_tie() -> None:
    sentences = describe_first(
        "standard",
        [["9C", "2C", "3C"], ["9D", "2D", "4D"], ["5H", "2H", "KH"]],
        ["Ana", "Ben", "Cem"],
    )
    assert sentences == [
        "2 players turned a nine: war!",
        "The king is the biggest card.",
        "Cem takes 9 cards.",
    ]


def test_a_stalemate_is_explained() -> None:
    game = make_game("standard", [["9H"], ["9S"]])
    battle = game.play_battle()
    assert describe(battle, ["Ana", "Ben"], game.rules, EN).sentences[-1] == (
        "Nobody has a card left to lay."
    )
    assert game.outcome is not None
    assert outcome_sentence(game.outcome, ["Ana", "Ben"], 1, EN) == (
        "Stalemate: nobody could lay another card. The game is a draw."
    )


def test_a_time_up_draw_names_both_players() -> None:
    game = make_game("standard", [["KC", "2C"], ["3D", "4D"], ["6H"]])
    outcome = game.end_for_time()
    assert outcome_sentence(outcome, ["Ana", "Ben", "Cem"], 0, EN) == (
        "Time is up: Ana and Ben have the most cards. The game is a draw."
    )


def test_default_names() -> None:
    seats = [Seat("", False), Seat("Ana", False), Seat("", True)]
    assert seat_names(seats, EN) == ["Player 1", "Ana", "Computer"]
    two = [Seat("", True), Seat("", True)]
    assert seat_names(two, EN) == ["Computer 1", "Computer 2"]
