"""How long a game usually lasts, from the engine's simulation (kidswar/words/estimates.py)."""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

import pytest

from kidswar.game.rules import BATTLE_LIMIT_CHOICES, Deck, Rules, Variant
from kidswar.words import estimates
from kidswar.words.estimates import (
    BINS,
    DEFAULT_LIMIT,
    GAMES,
    SECONDS_PER_BATTLE,
    STORED,
    Estimate,
    estimate,
    key_of,
    offered_rules,
    simulated_figures,
    stored,
)


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
    little = Deck.NUMBERS.value  # with a limit typed in the form (400): not stored
    assert estimate("peace", 3, 400, little) is estimate("peace", 3, 400, little)


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


def test_every_variant_deck_and_number_of_players_is_stored_at_the_offered_limits() -> None:
    """A new variant (or deck, or limit offered) without its figures in estimates.json fails
    here: run `python -m kidswar.words.estimates`."""
    kept = stored()
    assert kept, f"{STORED} is missing or was made with other settings"
    assert set(kept) == {key_of(rules) for rules in offered_rules()}
    assert {figures.limit for figures in kept.values()} == set(BATTLE_LIMIT_CHOICES)
    assert DEFAULT_LIMIT in BATTLE_LIMIT_CHOICES


# The little deck's games are the shortest to simulate: one per variant, every run.
CHECKED_EVERY_RUN = [Rules.from_options(variant.value, 2, deck="numbers") for variant in Variant]


@pytest.mark.parametrize("rules", CHECKED_EVERY_RUN, ids=lambda rules: rules.variant.value)
def test_the_stored_figures_are_what_the_engine_plays_now(rules: Rules) -> None:
    """The engine changed and the file did not: run `python -m kidswar.words.estimates`."""
    assert stored()[key_of(rules)] == simulated_figures(rules)


def named(rules: Rules) -> str:
    return "-".join(map(str, key_of(rules)))


@pytest.mark.slow  # the 48 configurations: about 10 s of simulation
@pytest.mark.parametrize("rules", offered_rules(), ids=named)
def test_every_stored_figure_is_what_the_engine_plays_now(rules: Rules) -> None:
    assert stored()[key_of(rules)] == simulated_figures(rules)


def test_a_stored_configuration_is_not_simulated_and_a_typed_limit_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    simulated: list[Rules] = []

    def counting(rules: Rules) -> Estimate:
        simulated.append(rules)
        return Estimate(rules.variant.value, rules.players, 1, 1.0, 1.0, 1.0, 7, 0, (1,))

    monkeypatch.setattr(estimates, "simulated_figures", counting)
    monkeypatch.setattr(estimates, "_cache", OrderedDict())  # the made-up figure kept apart
    assert estimate("three-down", 4) is stored()[("three-down", 4, DEFAULT_LIMIT, "full")]
    assert simulated == []
    estimate("three-down", 4, limit=7)
    assert [rules.battle_limit for rules in simulated] == [7]


def test_a_file_made_otherwise_or_missing_is_not_used(tmp_path: Path) -> None:
    """Figures of another number of games are simulated again rather than shown as ours."""
    other = tmp_path / "estimates.json"
    data = json.loads(STORED.read_text(encoding="utf-8"))
    data["made with"]["games"] = GAMES * 2
    other.write_text(json.dumps(data), encoding="utf-8")
    assert stored(other) == {}
    assert stored(tmp_path / "missing.json") == {}


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: "[]",  # JSON, but not the file's shape
        lambda text: text.replace('"bins": [', '"bons": ['),  # figures without histograms
        lambda text: text.replace(
            '"players": 2', '"players": "two"', 1
        ),  # a player count no rule has
    ],
)
def test_a_damaged_file_is_simulated_around_never_raised(
    tmp_path: Path, damage: Callable[[str], str], caplog: pytest.LogCaptureFixture
) -> None:
    """A broken install costs the setup page a simulation, not a 500."""
    damaged = tmp_path / "estimates.json"
    damaged.write_text(damage(STORED.read_text(encoding="utf-8")), encoding="utf-8")
    assert stored(damaged) == {}
    assert "damaged" in caplog.text  # the log tells whoever runs it why setups got slower
