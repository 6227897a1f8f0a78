"""The `numbers` deck and Addition War (docs/rules.md, issue 12): the published deals, one test
per new rule, the records the layers above draw, and the rules' checks."""

import json
import random
from typing import Any

import pytest
from conftest import DATA, hand_texts, make_game

from kidswar.game.cards import CARDS, Card, parse_cards
from kidswar.game.engine import Game
from kidswar.game.records import Battle, Reason
from kidswar.game.replay import deal_to_game, result_json
from kidswar.game.rules import PRESETS, Deck, Rules, Variant
from kidswar.storage.formats import BATTLE


def texts(cards: Any) -> list[str]:
    """Cards in the notation of docs/rules.md."""
    return [str(card) for card in cards]


# The published deals, on both paths of the engine
def test_every_published_deal_plays_as_published_on_the_fast_path(
    deck_addition_examples: list[dict[str, Any]],
) -> None:
    assert len(deck_addition_examples) == 27
    for example in deck_addition_examples:
        game = deal_to_game(example["deal"])
        game.play_to_end()
        assert result_json(game) == example["expected"], example["deal"]


def test_every_published_deal_plays_as_published_battle_by_battle(
    deck_addition_examples: list[dict[str, Any]],
) -> None:
    for example in deck_addition_examples:
        game = deal_to_game(example["deal"])
        battles = []
        while not game.is_over:
            battles.append(game.play_battle())
        assert result_json(game) == example["expected"], example["deal"]
        assert [battle.number for battle in battles] == list(range(1, game.battles + 1))
        assert battles[-1].outcome == game.outcome


def test_the_published_deals_cover_both_decks_every_preset_and_the_options(
    deck_addition_examples: list[dict[str, Any]],
) -> None:
    deals = [example["deal"] for example in deck_addition_examples]
    assert {(deal["variant"], deal["deck"]) for deal in deals} >= {
        ("addition", "full"),
        ("addition", "numbers"),
        ("standard", "numbers"),
        ("three-down", "numbers"),
        ("peace", "numbers"),
    }
    reasons = {example["expected"]["reason"] for example in deck_addition_examples}
    assert reasons == {"all-cards", "stalemate", "battle-limit", "forfeit"}


# Cards: the numbers deck
def test_the_numbers_deck_is_the_40_cards_ace_to_ten() -> None:
    assert len(Deck.NUMBERS.cards) == 40 and len(Deck.FULL.cards) == 52
    assert Deck.FULL.cards == CARDS
    assert {card.rank.symbol for card in Deck.NUMBERS.cards} == {
        "A",
        *(str(n) for n in range(2, 11)),
    }


def test_with_numbers_the_ace_counts_1_and_with_full_14() -> None:
    ace = Card.parse("AH")
    assert Deck.NUMBERS.value_of(ace) == 1 and Deck.FULL.value_of(ace) == 14
    assert Rules(deck=Deck.NUMBERS).value_of(ace) == 1
    assert [Deck.NUMBERS.value_of(c) for c in parse_cards(["2C", "10S", "AD"])] == [2, 10, 1]
    assert [Deck.FULL.value_of(c) for c in parse_cards(["JC", "QS", "KD"])] == [11, 12, 13]


@pytest.mark.parametrize("card", ["JH", "QS", "KC"])
def test_a_face_card_in_a_numbers_game_is_a_clear_error(card: str) -> None:
    with pytest.raises(ValueError, match=f"{card} is not in the numbers deck"):
        make_game("standard", [["2C", card], ["3C"]], deck="numbers")


def test_dealing_the_numbers_deck_gives_20_20_or_14_13_13_or_10_each() -> None:
    rules = {n: Rules.from_options("standard", n, deck="numbers") for n in (2, 3, 4)}
    assert Game.deal(rules[2], seed=3).counts == [20, 20]
    assert Game.deal(rules[3], seed=3).counts == [14, 13, 13]
    assert Game.deal(rules[4], seed=3).counts == [10] * 4
    hands = Game.deal(rules[3], seed=3).hands
    assert {card for hand in hands for card in hand} == set(Deck.NUMBERS.cards)


def test_dealing_the_numbers_deck_is_a_seeded_round_robin_of_its_40_cards() -> None:
    deck = list(Deck.NUMBERS.cards)
    random.Random(9).shuffle(deck)
    rules = Rules.from_options("addition", 3, deck="numbers")
    assert Game.deal(rules, seed=9).hands == [deck[0::3], deck[1::3], deck[2::3]]


def test_the_full_deck_deals_as_it_always_did() -> None:
    deck = list(CARDS)
    random.Random(4).shuffle(deck)
    assert Game.deal(Rules(players=2), seed=4).hands == [deck[0::2], deck[1::2]]
    assert Game.deal(Rules.from_options("addition", 2), seed=4).hands == [deck[0::2], deck[1::2]]


# Ranks compared by value: the deck decides where the ace goes
def test_with_numbers_the_ace_is_the_lowest_card() -> None:
    game = make_game("standard", [["AC", "5C"], ["2D", "6D"]], deck="numbers")
    battle = game.play_battle()
    assert (battle.winner, battle.best, battle.sums) == (1, 2, (1, 2))


def test_with_full_the_ace_is_still_the_highest_card() -> None:
    game = make_game("standard", [["AC", "5C"], ["2D", "6D"]])
    battle = game.play_battle()
    assert (battle.winner, battle.best, battle.sums) == (0, 14, (14, 2))


def test_peace_with_numbers_the_ace_is_the_best_card() -> None:
    game = make_game("peace", [["AC", "5C"], ["2D", "6D"]], deck="numbers")
    battle = game.play_battle()
    assert (battle.winner, battle.best) == (0, 1)
    full = make_game("peace", [["AC", "5C"], ["2D", "6D"]])
    assert full.play_battle().winner == 1  # with the full deck the 2 is best, the ace worst


def test_peace_with_numbers_makes_peace_on_two_aces_with_five_down() -> None:
    hands = [
        ["AC", "2C", "3C", "4C", "5C", "6C", "9C"],
        ["AD", "2D", "3D", "4D", "5D", "6D", "7D"],
    ]
    game = make_game("peace", hands, deck="numbers")
    battle = game.play_battle()
    assert battle.tied == (0, 1) and [len(lay.down) for lay in battle.rounds[0].lays] == [5, 5]
    assert battle.winner == 1 and battle.rounds[0].best == 7


# Addition War
def test_addition_worked_example_seat_2_takes_in_the_order_laid() -> None:
    game = make_game("addition", [["3C", "8D", "5H", "2S", "7C"], ["6C", "5D", "4S", "9H", "7D"]])
    battle = game.play_battle()
    assert texts(battle.cards) == ["3C", "6C"]  # the first of each seat's two
    assert [texts(cards) for cards in battle.turned] == [["3C", "8D"], ["6C", "5D"]]
    assert (battle.sums, battle.best, battle.tied) == ((11, 11), 11, (0, 1))
    (war,) = battle.rounds
    assert [(texts(lay.down), texts(lay.turned), str(lay.up)) for lay in war.lays] == [
        ([], ["5H", "2S"], "5H"),
        ([], ["4S", "9H"], "4S"),
    ]
    assert (war.sums, war.best, war.tied) == ((7, 13), 13, (1,))
    assert battle.winner == 1
    assert texts(battle.taken) == ["3C", "8D", "6C", "5D", "5H", "2S", "4S", "9H"]
    assert hand_texts(game) == [["7C"], ["7D", *texts(battle.taken)]]


def test_addition_with_numbers_sums_aces_as_1() -> None:
    game = make_game("addition", [["AC", "AD", "2C"], ["2D", "3D", "4D"]], deck="numbers")
    battle = game.play_battle()
    assert (battle.sums, battle.best, battle.winner) == ((2, 5), 5, 1)
    full = make_game("addition", [["AC", "AD", "2C"], ["2D", "3D", "4D"]])
    assert full.play_battle().sums == (28, 5)


def test_addition_sums_reach_28_with_full_and_20_with_numbers() -> None:
    assert make_game("addition", [["AC", "AD"], ["2D"]]).play_battle().best == 28
    assert make_game("addition", [["10C", "10D"], ["2D"]], deck="numbers").play_battle().best == 20


def test_addition_a_player_with_one_card_turns_it_and_it_is_their_sum() -> None:
    game = make_game("addition", [["9C"], ["2D", "3D", "4D"]])
    battle = game.play_battle()
    assert [texts(cards) for cards in battle.turned] == [["9C"], ["2D", "3D"]]
    assert (battle.sums, battle.winner) == ((9, 5), 0)
    assert texts(battle.taken) == ["9C", "2D", "3D"]


def test_addition_three_players_a_seat_out_turns_nothing() -> None:
    game = make_game("addition", [["KC", "KD", "2C"], ["QD", "3D", "4D"], ["2H"]])
    game.play_battle()  # 26 beats 15 and 2: seat 3 is out
    battle = game.play_battle()
    assert battle.cards[2] is None and battle.turned[2] == () and battle.sums[2] is None


def test_addition_war_shortage_one_card_is_laid_face_up_and_is_the_sum() -> None:
    game = make_game("addition", [["5C", "6C", "9C"], ["4D", "7D", "2D", "3D"]])
    battle = game.play_battle()
    lays = battle.rounds[0].lays
    assert (lays[0].down, texts(lays[0].turned)) == ((), ["9C"])
    assert texts(lays[1].turned) == ["2D", "3D"]
    assert battle.rounds[0].sums == (9, 5) and battle.winner == 0


def test_addition_war_shortage_no_cards_the_sum_from_before_counts() -> None:
    game = make_game("addition", [["5C", "6C"], ["4D", "7D", "2D", "3D"]])
    battle = game.play_battle()
    (war,) = battle.rounds
    assert war.lays[0] == battle.rounds[0].lays[0] and war.lays[0].turned == ()
    assert war.lays[0].up is None
    assert war.sums == (11, 5) and battle.winner == 0  # 11 from the battle cards still counts


def test_addition_a_war_again_ties_and_repeats() -> None:
    hands = [["5C", "6C", "2C", "3C", "9C", "9D"], ["4D", "7D", "4C", "AD", "2H", "3H"]]
    game = make_game("addition", hands, deck="numbers")
    battle = game.play_battle()
    assert [war.sums for war in battle.rounds] == [(5, 5), (18, 5)]
    assert battle.winner == 0 and len(battle.taken) == 12


def test_addition_stalemate_when_nobody_fighting_has_a_card() -> None:
    game = make_game("addition", [["5C", "6C"], ["4D", "7D"]])
    battle = game.play_battle()
    assert game.outcome is not None and game.outcome.reason is Reason.STALEMATE
    assert battle.winner is None and hand_texts(game) == [[], []]


def test_addition_forfeit_a_player_holding_one_card_cannot_lay_a_whole_war() -> None:
    game = make_game("addition", [["5C", "6C", "9C"], ["4D", "7D", "2D", "3D"]], shortage="forfeit")
    battle = game.play_battle()
    assert battle.forfeited == (0,)
    assert game.outcome is not None and (game.outcome.winner, game.outcome.reason) == (
        1,
        Reason.FORFEIT,
    )
    assert texts(battle.taken) == ["5C", "6C", "4D", "7D", "9C"]  # the table, then seat 1's stack
    assert hand_texts(game) == [[], ["2D", "3D", "5C", "6C", "4D", "7D", "9C"]]


def test_addition_who_fights_tied_only_the_tied_lay_and_the_rest_goes_to_the_winner() -> None:
    hands = [["5C", "6C", "9C", "9D"], ["4D", "7D", "2D", "3D"], ["2H", "3H", "KH", "KS"]]
    game = make_game("addition", hands, who_fights="tied")
    battle = game.play_battle()
    assert battle.rounds[0].fighters == (0, 1) and battle.winner == 0
    assert texts(battle.taken) == ["5C", "6C", "4D", "7D", "2H", "3H", "9C", "9D", "2D", "3D"]
    assert hand_texts(game)[2] == ["KH", "KS"]


def test_addition_everyone_fights_and_a_seat_that_did_not_tie_can_win() -> None:
    hands = [["5C", "6C", "2C", "3C"], ["4D", "7D", "2D", "3D"], ["2H", "3H", "KH", "KS"]]
    game = make_game("addition", hands)
    battle = game.play_battle()
    assert battle.rounds[0].fighters == (0, 1, 2) and battle.rounds[0].sums == (5, 5, 26)
    assert battle.winner == 2 and game.outcome is not None and game.outcome.winner == 2


def test_the_fast_path_plays_addition_as_the_recorded_one() -> None:
    for seed in range(30):
        rules = Rules.from_options("addition", 2 + seed % 3, deck=("full", "numbers")[seed % 2])
        recorded, fast = Game.deal(rules, seed), Game.deal(rules, seed)
        while not recorded.is_over:
            recorded.play_battle()
        assert fast.play_to_end() == recorded.outcome
        assert (fast.battles, fast.hands) == (recorded.battles, recorded.hands)


# Rules: the deck option, the addition preset, and the checks
def test_every_preset_plays_with_2_3_or_4_players_and_either_deck() -> None:
    for variant in PRESETS:
        for deck in Deck:
            for players in (2, 3, 4):
                game = Game.deal(Rules(variant, players, deck=deck), seed=players)
                assert sum(game.counts) == len(deck.cards)
                game.play_to_end()
                assert 1 <= game.battles <= 1000


def test_addition_lays_no_cards_face_down_and_turns_two() -> None:
    rules = Rules.from_options("addition")
    assert (rules.face_down, rules.variant.face_up, rules.deck) == (0, 2, Deck.FULL)
    assert [variant for variant in PRESETS if variant.face_up != 1] == [Variant.ADDITION]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"variant": "addition", "face_down": 1}, "addition is played with 0 face-down"),
        ({"variant": "peace", "deck": "numbers", "face_down": 3}, "peace is played with 5"),
        ({"deck": "little"}, "unknown deck 'little': choose one of full, numbers"),
        ({"deck": None}, "unknown deck None"),
        ({"variant": "addition", "players": 5}, "2 to 4 players"),
        ({"variant": "addition", "players": 3, "shortage": "forfeit"}, "only for 2 players"),
        ({"face_down": True}, "standard is played with 1"),
        ({"variant": "Addition"}, "unknown variant 'Addition'"),
    ],
)
def test_impossible_combinations_with_the_new_rules_are_refused(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Rules.from_options(**options)


def test_rules_made_directly_with_text_for_an_enum_are_refused() -> None:
    with pytest.raises(ValueError, match="deck must be one of full, numbers"):
        Rules(deck="numbers")  # type: ignore[arg-type]
    named = ", ".join(variant.value for variant in PRESETS)
    with pytest.raises(ValueError, match=f"variant must be one of {named}$"):
        Rules(variant="addition")  # type: ignore[arg-type]


def test_every_preset_and_deck_is_accepted_by_name() -> None:
    for name in (variant.value for variant in PRESETS):
        for deck in ("full", "numbers"):
            rules = Rules.from_options(name, 2, deck=deck)
            assert (rules.variant.value, rules.deck.value) == (name, deck)


def test_rules_json_writes_the_deck_only_when_it_is_not_the_full_deck() -> None:
    assert "deck" not in Rules.from_options("addition").to_json()
    numbers = Rules.from_options("addition", 3, deck="numbers", who_fights="tied")
    assert numbers.to_json()["deck"] == "numbers"
    for rules in (numbers, Rules.from_options("peace", deck="numbers"), Rules()):
        assert Rules.from_options(**rules.to_json()) == rules


def test_the_pages_offer_every_preset_addition_war_last() -> None:
    from kidswar.web.forms.choices import OFFERED_VARIANTS

    assert tuple(Variant) == PRESETS and Variant.ADDITION in PRESETS
    assert OFFERED_VARIANTS == PRESETS and OFFERED_VARIANTS[-1] is Variant.ADDITION


# Records: what the layers above draw
def test_battle_records_of_the_one_card_presets_turn_one_card_a_seat() -> None:
    game = make_game("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    battle = game.play_battle()
    assert [texts(cards) for cards in battle.turned] == [["9H"], ["9S"]]
    assert battle.sums == (9, 9) and battle.rounds[0].sums == (13, 7)
    assert [texts(lay.turned) for lay in battle.rounds[0].lays] == [["KD"], ["7C"]]


def test_addition_battle_records_round_trip_through_json() -> None:
    game = make_game("addition", [["3C", "8D", "5H", "2S", "7C"], ["6C", "5D", "4S", "9H", "7D"]])
    battle = game.play_battle()
    data = battle.to_json()
    assert data["turned"] == [["3C", "8D"], ["6C", "5D"]] and data["sums"] == [11, 11]
    assert data["rounds"][0]["sums"] == [7, 13]
    assert data["rounds"][0]["lays"][1] == {
        "seat": 1,
        "down": [],
        "up": "4S",
        "turned": ["4S", "9H"],
    }
    assert Battle.from_json(data) == battle


# Saved games and battles of today's format still load
TODAY_BATTLE = {
    "battle": 1,
    "cards": ["9H", "9S", None],
    "best": 9,
    "tied": [0, 1],
    "rounds": [
        {
            "fighters": [0, 1],
            "lays": [
                {"seat": 0, "down": ["3C"], "up": "KD"},
                {"seat": 1, "down": [], "up": None},
            ],
            "best": 13,
            "tied": [0],
        }
    ],
    "winner": 0,
    "taken": ["9H", "9S", "3C", "KD"],
    "counts": [4, 0, 5],
    "forfeited": [],
    "outcome": None,
}


def test_a_battle_saved_before_the_new_fields_loads_with_them_filled_in() -> None:
    battle = Battle.from_json(BATTLE.upgrade(TODAY_BATTLE))  # as storage reads it
    assert [texts(cards) for cards in battle.turned] == [["9H"], ["9S"], []]
    assert battle.sums == (9, 9, None)
    assert [texts(lay.turned) for lay in battle.rounds[0].lays] == [["KD"], []]
    assert battle.rounds[0].sums == (13, 9)  # seat 2 laid nothing: its nine still counts
    assert Battle.from_json(battle.to_json()) == battle


def as_written_before(battle: dict[str, Any]) -> dict[str, Any]:
    """A battle's JSON without the fields issue 12 added, as the kidswar before wrote it."""
    rounds = [
        {
            **{key: value for key, value in war.items() if key != "sums"},
            "lays": [{k: v for k, v in lay.items() if k != "turned"} for lay in war["lays"]],
        }
        for war in battle["rounds"]
    ]
    return {**{k: v for k, v in battle.items() if k not in ("turned", "sums")}, "rounds": rounds}


def test_a_battle_saved_before_the_new_fields_equals_the_one_played_today() -> None:
    game = make_game("standard", [["9H", "3C", "KD", "2C"], ["9S", "5D", "7C", "2D"]])
    battle = game.play_battle()
    old = as_written_before(battle.to_json())
    assert "sums" not in old["rounds"][0] and "turned" not in old["rounds"][0]["lays"][0]
    assert Battle.from_json(BATTLE.upgrade(old)) == battle


# A state written by `Game.to_json` before this change (its rules have no "deck").
TODAY_STATE: dict[str, Any] = {
    "version": 1,
    "rules": {
        "variant": "peace",
        "players": 3,
        "battle_limit": 1000,
        "shortage": "last-card",
        "pickup": "as-laid",
        "who_fights": "tied",
        "time_limit_minutes": 10,
    },
    "hands": [["2C", "AC", "KD"], ["5H", "9S"], ["2D", "AS", "3C"]],
    "total": 8,
    "battles": 12,
    "outcome": None,
    "rng": [3, [*range(624), 624], None],
}


def test_a_game_saved_before_the_deck_option_loads_and_plays_on() -> None:
    game = Game.from_json(TODAY_STATE)
    assert (game.rules.deck, game.rules.variant, game.battles) == (Deck.FULL, Variant.PEACE, 12)
    assert hand_texts(game) == TODAY_STATE["hands"]
    assert game.to_json() == TODAY_STATE  # written back exactly as it was
    battle = game.play_battle()  # 2, 5, 2 in Peace: seats 1 and 3 make peace (tied only)
    assert battle.tied == (0, 2) and battle.rounds[0].fighters == (0, 2)
    assert [texts(lay.down) for lay in battle.rounds[0].lays] == [["AC"], ["AS"]]
    assert (battle.winner, battle.number) == (2, 13)  # 3 beats K in Peace


def test_games_and_battles_saved_by_the_kidswar_before_issue_12_play_on_the_same() -> None:
    # Written by kidswar 46aa669, before the deck option: a game mid-way (with a shuffled
    # pickup, so its random generator matters), its last battle (a war), the next battle and
    # the result that kidswar played from there.
    lines = (DATA / "saved-before-issue-12.jsonl").read_text().splitlines()
    assert len(lines) == 2
    for saved in map(json.loads, lines):
        game = Game.from_json(saved["state"])
        assert game.to_json() == saved["state"]
        last = Battle.from_json(BATTLE.upgrade(saved["last_battle"]))
        assert last.rounds and Battle.from_json(last.to_json()) == last
        assert all(len(cards) == 1 for cards in last.turned if cards)
        assert as_written_before(game.play_battle().to_json()) == saved["next_battle"]
        game.play_to_end()
        assert result_json(game) == saved["result"]


def test_a_numbers_game_saves_and_restores_its_deck() -> None:
    game = Game.deal(Rules.from_options("addition", 3, deck="numbers"), seed=5)
    for _ in range(5):
        game.play_battle()
    state = game.to_json()
    assert state["rules"]["deck"] == "numbers"  # its version: tests/test_compact_state.py
    restored = Game.from_json(state)
    assert restored.rules == game.rules and restored.hands == game.hands
    while not game.is_over:
        assert restored.play_battle() == game.play_battle()


def test_a_saved_numbers_game_holding_a_face_card_is_refused() -> None:
    state = Game.deal(Rules.from_options("standard", 2, deck="numbers"), seed=1).to_json()
    state["hands"][0][0] = "QS"
    with pytest.raises(ValueError, match="QS is not in the numbers deck"):
        Game.from_json(state)
