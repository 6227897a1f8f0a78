"""Many seeded games in a row, summarised (kidswar/game/simulate.py)."""

from __future__ import annotations

import pytest

from kidswar.game.engine import Game
from kidswar.game.rules import Rules
from kidswar.game.simulate import (
    DRAW_REASONS,
    MAX_GAMES,
    Summary,
    game_seeds,
    percentiles,
    simulate,
)


def test_every_game_is_a_win_of_one_seat_or_a_draw_for_one_reason() -> None:
    summary = simulate(Rules.from_options("standard", 3), 40, seed=5)
    assert summary.games == len(summary.lengths) == 40
    assert sum(summary.wins) + sum(summary.draws.values()) == 40
    assert set(summary.draws) == {reason.value for reason in DRAW_REASONS}
    assert summary.total == sum(summary.lengths)
    assert min(summary.lengths) <= summary.p10 <= summary.median <= summary.p90


def test_each_game_is_the_deal_of_its_seed_played_to_its_end() -> None:
    rules = Rules.from_options("peace", 2)
    summary = simulate(rules, 5, seed=3)
    lengths = []
    for deal_seed in game_seeds(3, 5):
        game = Game.deal(rules, deal_seed)
        game.play_to_end()
        lengths.append(game.battles)
    assert summary.lengths == tuple(lengths)


def test_the_same_seed_plays_the_same_games_and_another_seed_others() -> None:
    assert game_seeds(1, 10) == game_seeds(1, 10)
    assert game_seeds(1, 10)[:5] == game_seeds(1, 5)
    assert not set(game_seeds(1, 10)) & set(game_seeds(2, 10))


@pytest.mark.parametrize("games", [0, -1, MAX_GAMES + 1, True, 2.0, "10"])
def test_a_number_of_games_out_of_range_is_refused(games: object) -> None:
    with pytest.raises(ValueError, match="number of games"):
        simulate(Rules(), games, 1)  # type: ignore[arg-type]


def test_the_percentiles_are_inclusive_and_a_single_value_is_its_own() -> None:
    assert percentiles([7]) == (7.0, 7.0)
    # Inclusive method on 1..11: the deciles fall exactly on 2, 3, ..., 10.
    assert percentiles(list(range(1, 12))) == (2.0, 10.0)


def test_the_json_summary_holds_the_figures() -> None:
    summary = Summary(2, 1.5, 1.5, 1.1, 1.9, 3, (1, 2), (2, 0), {"stalemate": 0}, seconds=0.0)
    found = summary.to_json()
    assert found["games"] == 2
    assert found["battles"] == {"mean": 1.5, "median": 1.5, "p10": 1.1, "p90": 1.9, "total": 3}
    assert found["wins"] == [2, 0]
    assert found["draws"] == {"stalemate": 0}
    assert summary.games_per_second == float("inf")  # no time measured: no division by zero
