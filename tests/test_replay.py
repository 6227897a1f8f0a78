"""The replay contract of docs/rules.md (kidswar/game/replay.py): a deal as JSON in, the
game's result as JSON out."""

from __future__ import annotations

import json
from typing import Any

import pytest

from kidswar.game.replay import DEAL_FIELDS, deal_to_game, parse_deal, replay, result_json


def test_the_worked_example_seat_1_takes_the_six_cards_in_the_order_laid() -> None:
    # docs/rules.md, "Worked example (2 players, standard, as-laid)", with just those cards:
    # the one battle (a war) ends the game, seat 1 (0 here) holding every card.
    deal = {"variant": "standard", "hands": [["9H", "3C", "KD"], ["9S", "5D", "7C"]]}
    game = parse_deal(json.dumps(deal | {"pickup": "as-laid"}))
    battles = list(replay(game))
    assert len(battles) == 1
    assert result_json(game) == {
        "result": "win",
        "winner": 0,
        "reason": "all-cards",
        "battles": 1,
        "hands": [["9H", "9S", "3C", "KD", "5D", "7C"], []],
    }


def test_every_published_deal_replays_to_its_published_result(
    rules_examples: list[dict[str, Any]], deck_addition_examples: list[dict[str, Any]]
) -> None:
    for example in [*rules_examples, *deck_addition_examples]:
        game = deal_to_game(example["deal"])
        battles = list(replay(game))
        result = result_json(game)
        assert result == example["expected"], example["deal"]
        assert result["battles"] == len(battles)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("{", "not JSON"),
        ("[" * 100_000, "nested far too deeply"),
        ("[]", "must be a JSON object"),
        ('{"hands": [["2H"], ["3H"]]}', "no 'variant'"),
        ('{"variant": "standard"}', "no 'hands'"),
        ('{"variant": "standard", "hands": [["2H"], ["3H"]], "colour": 1}', "unknown field"),
        ('{"variant": "standard", "hands": ["2H", "3H"]}', "list of seats"),
        ('{"variant": "standard", "hands": [["2H"]]}', "this deal has 1"),
        ('{"variant": "standard", "hands": [["2H"], ["3H"], ["4H"], ["5H"], ["6H"]]}', "has 5"),
        ('{"variant": "standard", "hands": [["2H"], ["3H"]], "seed": true}', "whole number"),
    ],
)
def test_a_bad_deal_is_a_value_error_saying_what_is_wrong(text: str, said: str) -> None:
    with pytest.raises(ValueError, match=said):
        parse_deal(text)


def test_an_unknown_field_message_names_the_fields_a_deal_has() -> None:
    with pytest.raises(ValueError) as raised:
        deal_to_game({"variant": "standard", "hands": [["2H"], ["3H"]], "colour": 1})
    assert all(field in str(raised.value) for field in DEAL_FIELDS)


def test_a_seed_replays_a_shuffled_game_exactly() -> None:
    hands = [["2H", "9C", "KD", "4S", "7H"], ["2S", "5D", "QC", "8H", "3C"]]
    deal = {"variant": "standard", "hands": hands, "pickup": "shuffled", "seed": 7}
    first, second = deal_to_game(deal), deal_to_game(deal)
    assert list(replay(first)) == list(replay(second))
    assert result_json(first) == result_json(second)
