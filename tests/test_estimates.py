"""How long a game usually lasts, from the engine's simulation (kidswar/words/estimates.py)."""

from __future__ import annotations

import pytest

from kidswar.game.rules import Deck
from kidswar.words.estimates import BINS, GAMES, SECONDS_PER_BATTLE, Estimate, estimate


def test_the_figures_count_every_game_once_in_a_bar_or_the_last_bar() -> None:
    figures = estimate("standard", 2)
    assert figures.games == GAMES
    assert len(figures.bins) == BINS
    assert sum(figures.bins) + figures.at_limit == figures.games
    assert figures.p10 <= figures.median <= figures.p90 <= figures.limit


def test_a_limit_under_the_bins_has_one_bar_a_battle() -> None:
    figures = estimate("standard", 2, limit=5)
    assert figures.limit == 5
    assert len(figures.bins) == 5
    assert sum(figures.bins) + figures.at_limit == figures.games


def test_a_configuration_is_simulated_once_and_the_same_on_every_visit() -> None:
    assert estimate("peace", 3) is estimate("peace", 3)


def test_the_little_decks_games_are_shorter() -> None:
    full = estimate("standard", 2)
    little = estimate("standard", 2, deck=Deck.NUMBERS.value)
    assert little.deck == Deck.NUMBERS.value
    assert little.median < full.median


@pytest.mark.parametrize(
    ("variant", "players", "limit"),
    [("chess", 2, 1000), ("standard", 1, 1000), ("standard", 2, 0)],
)
def test_a_bad_configuration_is_a_value_error(variant: str, players: int, limit: int) -> None:
    with pytest.raises(ValueError):
        estimate(variant, players, limit)


def test_minutes_are_whole_at_the_usual_pace_and_at_least_one() -> None:
    figures = Estimate("standard", 2, 10, 100.0, 50.0, 150.0, 1000, 0, (10,))
    assert figures.minutes(60 / SECONDS_PER_BATTLE * 5) == 5
    assert figures.minutes(1) == 1
    assert figures.minutes(0) == 1
