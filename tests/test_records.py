"""What a game keeps of each battle and of its end (kidswar/game/records.py): records that read
back as written, as saved games and the replay contract need."""

from __future__ import annotations

import json

import pytest

from kidswar.game.engine import Game
from kidswar.game.records import Battle, Outcome, Reason
from kidswar.game.rules import PRESETS, Rules, Variant


def test_an_outcome_is_a_win_for_one_seat_or_a_draw_between_several() -> None:
    won = Outcome(Reason.ALL_CARDS, 1, (1,))
    drawn = Outcome(Reason.TIME_UP, None, (0, 2))
    assert (won.result, drawn.result) == ("win", "draw")
    for outcome in (won, drawn):
        assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome


@pytest.mark.parametrize("variant", PRESETS, ids=lambda variant: variant.value)
def test_every_battle_of_a_game_reads_back_as_it_was_played(variant: Variant) -> None:
    game = Game.deal(Rules.from_options(variant.value, 3), 11)
    wars = 0
    while game.outcome is None and game.battles < 300:
        battle = game.play_battle()
        wars += bool(battle.rounds)
        assert Battle.from_json(json.loads(json.dumps(battle.to_json()))) == battle
        assert sum(battle.counts) == sum(game.counts)
    assert wars > 0  # the wars' rounds were read back too
