"""What the table says about battles of Addition War and of the little deck (issue 12)."""

from __future__ import annotations

import gettext
from typing import Any

import pytest
from conftest import make_game

from kidswar.game.engine import Game
from kidswar.game.replay import deal_to_game
from kidswar.sound.phrases import phrase_keys, phrase_text
from kidswar.words.catalogs import LANGUAGES
from kidswar.words.rules_text import STEP_TAKE, STEP_WIN
from kidswar.words.sentences import Description, describe, voice_name
from kidswar.words.sums import sum_line

EN = gettext.NullTranslations()
KEYS = frozenset(phrase_keys())
NAMES = ["Ana", "Ben", "Cem", "Dua"]


def first_battle(variant: str, hands: list[list[str]], **options: Any) -> Description:
    """The description of the first battle of a deal, in English."""
    game = make_game(variant, hands, **options)
    return describe(game.play_battle(), NAMES[: len(hands)], game.rules, EN)


def test_the_worked_example_adds_each_players_cards_then_compares_the_sums() -> None:
    said = first_battle("addition", [["3C", "8D", "5H", "2S"], ["6C", "5D", "4S", "9H"]])
    assert said.sentences == (
        "Three and eight make eleven.",
        "Six and five make eleven.",
        "Both sums are eleven: war!",
        "Five and two make seven.",
        "Four and nine make thirteen.",
        "Thirteen is bigger than seven.",
        "Ben takes 8 cards.",
    )
    assert said.symbol == "13 > 7" and said.compared == "Thirteen is bigger than seven."
    assert said.phrases == (  # each sentence said as shown, the signs by their sentence (issue 32)
        "sum-3-8",
        "sum-6-5",
        "tie-sums-both-11",
        "sum-5-2",
        "sum-4-9",
        "sums-13-7",
        "takes-player-2-8",
    )
    assert [[(s.seat, s.line) for s in sums] for sums in said.sums] == [
        [(0, "3 + 8 = 11"), (1, "6 + 5 = 11")],
        [(0, "5 + 2 = 7"), (1, "4 + 9 = 13")],
    ]
    assert said.step_id == STEP_WIN  # Ben now holds every card


def test_a_face_card_is_added_as_its_number() -> None:
    said = first_battle("addition", [["JC", "4D", "2C"], ["6C", "5D", "2D"]])
    assert said.sentences == (
        "Eleven and four make fifteen.",
        "Six and five make eleven.",
        "Fifteen is bigger than eleven.",
        "Ana takes 4 cards.",
    )
    assert said.symbol == "15 > 11"
    assert said.phrases == (
        "sum-11-4",
        "sum-6-5",
        "sums-15-11",
        "takes-player-1-4",
    )
    assert said.step_id == STEP_TAKE


def test_the_little_decks_ace_is_added_as_one() -> None:
    said = first_battle("addition", [["AC", "4D", "2C"], ["2H", "2D", "3D"]], deck="numbers")
    assert said.sentences[:3] == (
        "One and four make five.",
        "Two and two make four.",
        "Five is bigger than four.",
    )
    assert said.symbol == "5 > 4" and said.sums[0][0].line == "1 + 4 = 5"


def test_a_last_card_alone_is_its_players_number() -> None:
    said = first_battle("addition", [["9C"], ["2D", "3D", "4D"]])
    assert said.sentences == (
        "Only one card: nine.",
        "Two and three make five.",
        "Nine is bigger than five.",
        "Ana takes 3 cards.",
    )
    assert said.phrases == ("one-card-9", "sum-2-3", "sums-9-5", "takes-player-1-3")
    assert said.sums[0][0].line == "9" and said.sums[0][0].total == 9


def test_three_players_hear_the_biggest_sum() -> None:
    said = first_battle("addition", [["KC", "KD", "2C"], ["QD", "3D", "4D"], ["2H"]])
    assert said.sentences == (
        "Thirteen and thirteen make twenty-six.",
        "Twelve and three make fifteen.",
        "Only one card: two.",
        "Twenty-six is the biggest sum.",
        "Ana takes 5 cards.",
    )
    assert said.symbol is None and said.phrases[-2:] == ("biggest-sum-26", "takes-player-1-5")


def test_a_war_again_says_the_same_again_between_the_new_sums() -> None:
    hands = [["5C", "6C", "2C", "3C", "9C", "9D"], ["4D", "7D", "4C", "AD", "2H", "3H"]]
    said = first_battle("addition", hands, deck="numbers")
    assert said.sentences == (
        "Five and six make eleven.",
        "Four and seven make eleven.",
        "Both sums are eleven: war!",
        "Two and three make five.",
        "Four and one make five.",
        "The same again: war again!",
        "Nine and nine make eighteen.",
        "Two and three make five.",
        "Eighteen is bigger than five.",
        "Ana takes 12 cards.",
    )
    assert said.symbol == "18 > 5" and said.step_id == STEP_WIN


def test_a_seat_with_nothing_left_to_lay_keeps_its_sum_and_says_nothing_new() -> None:
    said = first_battle("addition", [["5C", "6C"], ["4D", "7D", "2D", "3D"]])
    assert [[s.seat for s in sums] for sums in said.sums] == [[0, 1], [1]]
    assert said.sentences[-2:] == ("Eleven is bigger than five.", "Ana takes 6 cards.")


def test_two_of_three_tied_sums_start_a_war() -> None:
    hands = [["5C", "6C", "9C", "9D"], ["4D", "7D", "2D", "3D"], ["2H", "3H", "KH", "KS"]]
    said = first_battle("addition", hands, who_fights="tied")
    assert said.sentences[3] == "2 players have the same sum, eleven: war!"
    assert said.sentences[-2] == "Eighteen is bigger than five."  # only the tied fought


def test_the_little_deck_compares_its_ace_as_one() -> None:
    assert first_battle("standard", [["AC", "4D"], ["5C", "5D"]], deck="numbers").sentences == (
        "Five is bigger than one.",
        "Ben takes 2 cards.",
    )
    peace = first_battle("peace", [["AC", "4D"], ["5C", "5D"]], deck="numbers")
    assert peace.sentences[0] == "One is smaller than five." and peace.symbol == "1 < 5"
    assert peace.phrases == ("compare-1-5", "takes-player-1-2")
    assert peace.sums == ()


def test_two_aces_of_the_little_deck_are_still_aces() -> None:
    said = first_battle("standard", [["AC", "4D", "10C"], ["AH", "5D", "2C"]], deck="numbers")
    assert said.sentences[:2] == ("Both turned an ace: war!", "Ten is bigger than two.")


def test_the_full_deck_is_described_as_before() -> None:
    said = first_battle("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    assert said.sentences == (
        "Both turned a nine: war!",
        "The king is bigger than seven.",
        "Ana takes 6 cards.",
    )
    assert said.phrases == ("war-both-9", "compare-13-7", "takes-player-1-6")
    assert said.sums == ()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_published_deal_is_described_in_every_language(
    lang: str, deck_addition_examples: list[dict[str, Any]]
) -> None:
    from kidswar.words.catalogs import load

    t = load(lang)
    for example in deck_addition_examples:
        game: Game = deal_to_game(example["deal"])
        names = NAMES[: len(game.hands)]
        while not game.is_over:
            battle = game.play_battle()
            said = describe(battle, names, game.rules, t)
            assert all(s.strip() and "%(" not in s for s in said.sentences), said.sentences
            assert set(said.phrases) <= KEYS, example["deal"]
            # speech says what the page shows, each seat by its own name (NAMES are typed)
            voiced = {name: voice_name(f"player-{n}", t) for n, name in enumerate(names, 1)}
            for each in said.said:
                spoken = " ".join(phrase_text(lang, key) for key in each.keys)
                if each.kind == "signs":  # said once, by the sentence that follows (issue 32)
                    assert not spoken, each
                    continue
                expected = each.shown
                for name, voice in voiced.items():
                    expected = expected.replace(name, voice)
                assert spoken == expected, each
            for sums in said.sums:
                for seat_sum in sums:
                    assert seat_sum.sentence in said.sentences
            if said.sums:  # the sums the page shows are the ones the engine compared
                lines = [s.line for s in said.sums[0]]
                turned = [cards for cards in battle.turned if cards]
                assert lines == [sum_line(cards, game.rules) for cards in turned]
                assert [s.total for s in said.sums[0]] == [n for n in battle.sums if n]
