"""One test per numbered rule and option of docs/rules.md, on deals built to show it."""

import random

import pytest
from conftest import hand_texts, make_game

from kidswar.game.cards import CARDS, parse_cards
from kidswar.game.engine import Game
from kidswar.game.records import Reason
from kidswar.game.rules import Rules


def test_worked_example_seat_1_takes_in_the_order_laid() -> None:
    game = make_game("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    battle = game.play_battle()
    assert [str(c) for c in battle.cards] == ["9H", "9S"]
    assert battle.tied == (0, 1)
    (war,) = battle.rounds
    assert [([str(c) for c in lay.down], str(lay.up)) for lay in war.lays] == [
        (["3C"], "KD"),
        (["5D"], "7C"),
    ]
    assert battle.winner == 0
    assert [str(c) for c in battle.taken] == ["9H", "9S", "3C", "KD", "5D", "7C"]
    assert hand_texts(game) == [["2C", "9H", "9S", "3C", "KD", "5D", "7C"], ["2D"]]
    assert battle.counts == (7, 1)


# Dealing
def test_dealing_three_players_gives_18_17_17() -> None:
    assert Game.deal(Rules(players=3), seed=5).counts == [18, 17, 17]


def test_dealing_four_players_gives_13_each_and_two_gives_26() -> None:
    assert Game.deal(Rules(players=4), seed=5).counts == [13] * 4
    assert Game.deal(Rules(players=2), seed=5).counts == [26, 26]


def test_dealing_is_round_robin_from_seat_1() -> None:
    deck = list(CARDS)
    random.Random(9).shuffle(deck)
    assert Game.deal(Rules(players=3), seed=9).hands == [deck[0::3], deck[1::3], deck[2::3]]


def test_same_seed_same_deal_other_seed_other_deal() -> None:
    assert Game.deal(Rules(), 1).hands == Game.deal(Rules(), 1).hands
    assert Game.deal(Rules(), 1).hands != Game.deal(Rules(), 2).hands


# A battle, step 1
def test_step_1_a_player_with_no_cards_turns_nothing() -> None:
    game = make_game("standard", [["KC", "2C"], ["QD", "3D"], ["2H"]])
    game.play_battle()  # K takes Q and 2: seat 3 is out
    battle = game.play_battle()
    assert battle.cards[2] is None
    assert [str(c) for c in battle.cards[:2]] == ["2C", "3D"]


# Step 2
def test_step_2_highest_rank_takes_every_card() -> None:
    game = make_game("standard", [["4C", "5C"], ["7D", "6D"]])
    battle = game.play_battle()
    assert (battle.winner, battle.best, battle.tied) == (1, 7, (1,))
    assert hand_texts(game) == [["5C"], ["6D", "4C", "7D"]]


def test_step_2_in_peace_the_lowest_rank_takes() -> None:
    game = make_game("peace", [["2C", "5C"], ["AD", "6D"]])
    battle = game.play_battle()
    assert (battle.winner, battle.best) == (0, 2)
    assert hand_texts(game) == [["5C", "2C", "AD"], ["6D"]]


# Step 3
def test_step_3_three_player_war_won_by_a_seat_that_did_not_tie() -> None:
    game = make_game("standard", [["9C", "2C", "3C"], ["9D", "2D", "4D"], ["5H", "2H", "KH"]])
    battle = game.play_battle()
    assert battle.tied == (0, 1)
    assert battle.rounds[0].fighters == (0, 1, 2)
    assert battle.winner == 2
    assert hand_texts(game) == [[], [], ["9C", "9D", "5H", "2C", "3C", "2D", "4D", "2H", "KH"]]
    assert battle.outcome is not None and battle.outcome.reason is Reason.ALL_CARDS


def test_step_3_who_fights_tied_only_the_tied_players_lay_war_cards() -> None:
    game = make_game(
        "standard", [["9C", "2C", "3C"], ["9D", "2D", "4D"], ["5H", "2H", "KH"]], who_fights="tied"
    )
    battle = game.play_battle()
    assert battle.rounds[0].fighters == (0, 1)
    assert battle.winner == 1  # 4 beats 3; seat 3's five stays on the table and goes to seat 2
    assert hand_texts(game) == [[], ["9C", "9D", "5H", "2C", "3C", "2D", "4D"], ["2H", "KH"]]


def test_step_3_tie_again_repeats_the_war() -> None:
    game = make_game("standard", [["9C", "2C", "7C", "3S", "QC"], ["9D", "2D", "7D", "4S", "JD"]])
    battle = game.play_battle()
    assert [r.tied for r in battle.rounds] == [(0, 1), (0,)]
    assert battle.winner == 0 and len(battle.taken) == 10


def test_step_3_with_tied_a_repeated_war_is_among_those_tied_this_time() -> None:
    hands = [
        ["9C", "2C", "7C", "3C", "KC"],
        ["9D", "2D", "7D", "4D", "2S"],
        ["9H", "2H", "5H", "5S", "AS"],
        ["3H", "4H"],
    ]
    game = make_game("standard", hands, who_fights="tied")
    battle = game.play_battle()
    assert [r.fighters for r in battle.rounds] == [(0, 1, 2), (0, 1)]
    assert battle.winner == 0


def test_step_3_everyone_fights_every_war_round() -> None:
    hands = [
        ["9C", "2C", "7C", "3C", "KC"],
        ["9D", "2D", "7D", "4D", "2S"],
        ["9H", "2H", "5H", "5S", "AS"],
        ["3H", "4H"],
    ]
    game = make_game("standard", hands)
    battle = game.play_battle()
    assert [r.fighters for r in battle.rounds] == [(0, 1, 2, 3), (0, 1, 2, 3)]
    # Round 2: seat 4 has no card left and stands with its 4 from round 1; A wins.
    assert battle.rounds[1].lays[3].up is None
    assert battle.winner == 2


def test_peace_lays_five_cards_down() -> None:
    game = make_game(
        "peace",
        [["4H", "5C", "6C", "7C", "8C", "9C", "AH"], ["4S", "5D", "6D", "7D", "8D", "9D", "2S"]],
    )
    battle = game.play_battle()
    assert [len(lay.down) for lay in battle.rounds[0].lays] == [5, 5]
    assert battle.winner == 1  # the 2 is the best card in Peace
    assert battle.rounds[0].best == 2


# Step 4: running short with last-card
def test_step_4_shortage_with_no_cards_the_old_face_up_card_counts() -> None:
    game = make_game("standard", [["9H"], ["9S", "2C", "3C"]])
    battle = game.play_battle()
    assert battle.rounds[0].lays[0].up is None and battle.rounds[0].lays[0].down == ()
    assert battle.winner == 0  # the nine still beats the 3
    assert hand_texts(game) == [["9H", "9S", "2C", "3C"], []]


def test_step_4_shortage_with_one_card_turns_it_up() -> None:
    game = make_game("standard", [["9H", "4C"], ["9S", "2C", "3C"]])
    battle = game.play_battle()
    lay = battle.rounds[0].lays[0]
    assert lay.down == () and str(lay.up) == "4C"
    assert battle.winner == 0


def test_step_4_shortage_with_face_down_count_cards_lays_all_but_last() -> None:
    game = make_game("three-down", [["9H", "2C", "3C", "KC"], ["9S", "4D", "5D", "6D", "7D", "8D"]])
    battle = game.play_battle()
    lays = battle.rounds[0].lays
    assert [str(c) for c in lays[0].down] == ["2C", "3C"] and str(lays[0].up) == "KC"
    assert [str(c) for c in lays[1].down] == ["4D", "5D", "6D"] and str(lays[1].up) == "7D"
    assert [str(c) for c in battle.taken] == ["9H", "9S", "2C", "3C", "KC", "4D", "5D", "6D", "7D"]


# Step 5
def test_step_5_stalemate_when_no_fighter_has_a_card() -> None:
    game = make_game("standard", [["9H"], ["9S"]])
    battle = game.play_battle()
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.reason, game.battles) == ("draw", Reason.STALEMATE, 1)
    assert battle.winner is None and battle.taken == ()
    assert hand_texts(game) == [[], []]  # the table's cards are in no hand


# Step 6
def test_step_6_a_player_holding_every_card_wins() -> None:
    game = make_game("standard", [["KC"], ["2D"]])
    game.play_battle()
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.winner, game.outcome.reason) == (
        "win",
        0,
        Reason.ALL_CARDS,
    )


# Step 7 and battle_limit
def test_step_7_battle_limit_hit_exactly_is_a_draw() -> None:
    game = make_game("standard", [["KC", "2C"], ["3D", "AD"]], battle_limit=7)
    game.play_to_end()  # as-laid, these stacks swap cards for ever
    assert game.battles == 7
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.reason) == ("draw", Reason.BATTLE_LIMIT)


def test_step_7_a_win_in_the_last_allowed_battle_is_a_win() -> None:
    game = make_game("standard", [["KC"], ["2D"]], battle_limit=1)
    game.play_to_end()
    assert game.outcome is not None and game.outcome.winner == 0


def test_step_7_a_war_counts_as_one_battle() -> None:
    game = make_game("standard", [["9C", "2C", "7C", "3S", "QC"], ["9D", "2D", "7D", "4S", "JD"]])
    battle = game.play_battle()
    assert len(battle.rounds) == 2 and battle.number == 1 and game.battles == 1


# shortage = forfeit
def test_forfeit_one_side_the_other_takes_table_then_short_stack() -> None:
    game = make_game("standard", [["9H", "2C"], ["9S", "3C", "4C"]], shortage="forfeit")
    battle = game.play_battle()
    assert battle.forfeited == (0,)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (1, Reason.FORFEIT)
    assert hand_texts(game) == [[], ["3C", "4C", "9H", "9S", "2C"]]


def test_forfeit_when_a_war_ties_again_and_one_side_cannot_lay_the_next_round() -> None:
    hands = [["9C", "2C", "7C", "5C"], ["9D", "2D", "7D", "3D", "KD", "4D"]]
    game = make_game("standard", hands, shortage="forfeit")
    battle = game.play_battle()
    # 9 = 9, then 7 = 7: a second war round starts, and seat 1 holds one card of the two it needs.
    assert [r.tied for r in battle.rounds] == [(0, 1)] and battle.forfeited == (0,)
    assert game.outcome is not None
    assert (game.outcome.winner, game.outcome.reason) == (1, Reason.FORFEIT)
    table = ["9C", "9D", "2C", "7C", "2D", "7D"]  # as laid: battle cards, then the war round
    assert [str(c) for c in battle.taken] == [*table, "5C"]  # then the short player's stack
    assert hand_texts(game) == [[], ["3D", "KD", "4D", *table, "5C"]]
    fast = make_game("standard", hands, shortage="forfeit")  # play_to_end keeps no records
    assert fast.play_to_end() == game.outcome and fast.hands == game.hands


def test_forfeit_both_sides_is_a_draw_and_each_keeps_their_cards() -> None:
    game = make_game("standard", [["9H", "2C"], ["9S", "3C"]], shortage="forfeit")
    game.play_battle()
    assert game.outcome is not None
    assert (game.outcome.result, game.outcome.reason) == ("draw", Reason.FORFEIT)
    assert hand_texts(game) == [["2C"], ["3C"]]


# pickup
def test_pickup_shuffled_takes_the_same_cards_in_a_seeded_order() -> None:
    hands = [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]]
    orders = set()
    for seed in range(20):
        rules = Rules.from_options("standard", 2, pickup="shuffled")
        game = Game(rules, [parse_cards(h) for h in hands], seed=seed)
        battle = game.play_battle()
        assert sorted(map(str, battle.taken)) == sorted(["9H", "9S", "3C", "KD", "5D", "7C"])
        orders.add(tuple(map(str, battle.taken)))
    assert len(orders) > 1


# The time limit
def test_time_up_the_most_cards_wins() -> None:
    game = make_game("standard", [["KC", "2C"], ["3D", "4D"], ["5H"]])
    game.play_battle()
    outcome = game.end_for_time()
    assert (outcome.result, outcome.winner, outcome.reason) == ("win", 0, Reason.TIME_UP)


def test_time_up_a_tie_for_most_is_a_draw_between_those_seats() -> None:
    game = make_game("standard", [["KC", "2C"], ["3D", "4D"], ["6H"]])
    outcome = game.end_for_time()
    assert (outcome.result, outcome.winner, outcome.seats, outcome.reason) == (
        "draw",
        None,
        (0, 1),
        Reason.TIME_UP,
    )
    with pytest.raises(ValueError, match="over"):
        game.play_battle()


def test_a_finished_game_refuses_another_battle() -> None:
    game = make_game("standard", [["KC"], ["2D"]])
    game.play_battle()
    with pytest.raises(ValueError, match="the game is over"):
        game.play_battle()
