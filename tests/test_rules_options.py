"""Rules values: presets, options and the combinations docs/rules.md forbids."""

from typing import Any

import pytest
from conftest import make_game

from kidswar.game.engine import Game
from kidswar.game.records import Reason
from kidswar.game.rules import Pickup, Rules, Shortage, Variant, WhoFights


def test_defaults_are_the_family_game() -> None:
    rules = Rules()
    assert (
        rules.variant,
        rules.players,
        rules.battle_limit,
        rules.shortage,
        rules.pickup,
        rules.who_fights,
        rules.face_down,
        rules.time_limit_minutes,
    ) == (
        Variant.STANDARD,
        2,
        1000,
        Shortage.LAST_CARD,
        Pickup.SHUFFLED,
        WhoFights.EVERYONE,
        1,
        None,
    )


@pytest.mark.parametrize("variant, face_down", [("standard", 1), ("three-down", 3), ("peace", 5)])
def test_preset_face_down_counts(variant: str, face_down: int) -> None:
    assert Rules.from_options(variant).face_down == face_down


@pytest.mark.parametrize("variant", ["standard", "three-down", "peace"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_preset_plays_with_2_3_or_4_players(variant: str, players: int) -> None:
    game = Game.deal(Rules.from_options(variant, players), seed=1)
    assert len(game.counts) == players and sum(game.counts) == 52
    outcome = game.play_to_end()
    assert outcome is not None and 1 <= game.battles <= game.rules.battle_limit


@pytest.mark.parametrize(
    "options, message",
    [
        ({"variant": "peace", "face_down": 3}, "peace is played with 5"),
        ({"variant": "standard", "face_down": 3}, "standard is played with 1"),
        ({"players": 3, "shortage": "forfeit"}, "only for 2 players"),
        ({"players": 4, "shortage": "forfeit"}, "only for 2 players"),
        ({"battle_limit": 0}, "battle_limit must be a whole number from 1 to 100000"),
        ({"battle_limit": 100001}, "battle_limit must be"),
        ({"battle_limit": True}, "battle_limit must be"),
        ({"battle_limit": "500"}, "battle_limit must be"),
        ({"players": 1}, "2 to 4 players"),
        ({"players": 5}, "2 to 4 players"),
        ({"variant": "war"}, "unknown variant 'war'"),
        ({"pickup": "random"}, "unknown pickup 'random'"),
        ({"shortage": "none"}, "unknown shortage"),
        ({"who_fights": "all"}, "unknown who_fights"),
        ({"time_limit_minutes": 0}, "time limit"),
        ({"colour": "red"}, "unknown rule option 'colour'"),
    ],
)
def test_impossible_combinations_are_refused_clearly(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules.from_options(**options)


@pytest.mark.parametrize("limit", [1, 500, 100000])
def test_battle_limit_range_is_inclusive(limit: int) -> None:
    # As laid, these stacks swap cards for ever: only the limit ends the game.
    game = make_game("standard", [["KC", "2C"], ["3D", "AD"]], battle_limit=limit)
    assert game.play_to_end().reason is Reason.BATTLE_LIMIT and game.battles == limit


def test_forfeit_is_allowed_for_two_players() -> None:
    assert Rules.from_options(shortage="forfeit").shortage is Shortage.FORFEIT


def test_rules_round_trip_through_json() -> None:
    rules = Rules.from_options(
        "peace", 3, battle_limit=500, who_fights="tied", pickup="as-laid", time_limit_minutes=10
    )
    assert Rules.from_options(**rules.to_json()) == rules
