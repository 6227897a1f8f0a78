"""Properties over random deals: card conservation, termination, seeds and saved games."""

import itertools
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kidswar.game.cards import CARDS
from kidswar.game.engine import Game
from kidswar.game.records import Battle, Reason
from kidswar.game.rules import Rules

rules_strategy = st.builds(
    lambda variant, players, limit, pickup, who, forfeit: Rules.from_options(
        variant,
        players,
        battle_limit=limit,
        pickup=pickup,
        who_fights=who,
        shortage="forfeit" if forfeit and players == 2 else "last-card",
    ),
    st.sampled_from(["standard", "three-down", "peace"]),
    st.integers(2, 4),
    st.integers(1, 400),
    st.sampled_from(["shuffled", "as-laid"]),
    st.sampled_from(["everyone", "tied"]),
    st.booleans(),
)


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A game with random rules and a random deal of some or all of the deck."""
    rules = draw(rules_strategy)
    cards = draw(st.permutations(CARDS))
    size = draw(st.integers(rules.players, 52))
    cards = cards[:size]
    cuts = sorted(
        draw(
            st.lists(
                st.integers(1, size - 1),
                min_size=rules.players - 1,
                max_size=rules.players - 1,
                unique=True,
            )
        )
    )
    bounds = [0, *cuts, size]
    hands = [cards[a:b] for a, b in itertools.pairwise(bounds)]
    return Game(rules, hands, seed=draw(st.integers(0, 2**32)))


@settings(max_examples=150, deadline=None)
@given(games())
def test_every_card_is_somewhere_after_every_battle_and_none_twice(game: Game) -> None:
    dealt = Counter(card for hand in game.hands for card in hand)
    while not game.is_over:
        battle = game.play_battle()
        held = Counter(card for hand in game.hands for card in hand)
        assert max(held.values(), default=1) == 1
        assert list(battle.counts) == game.counts
        lost = dealt - held  # only a stalemate or a double forfeit leaves cards on the table
        if lost:
            assert battle.outcome is not None and battle.outcome.winner is None
            assert battle.outcome.reason in (Reason.STALEMATE, Reason.FORFEIT)
        assert not held - dealt


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_game_always_ends_within_its_battle_limit(game: Game) -> None:
    outcome = game.play_to_end()
    assert 1 <= game.battles <= game.rules.battle_limit
    if outcome.reason is Reason.BATTLE_LIMIT:
        assert game.battles == game.rules.battle_limit


@settings(max_examples=50, deadline=None)
@given(rules_strategy, st.integers(0, 2**40))
def test_a_seed_replays_the_same_game(rules: Rules, seed: int) -> None:
    first, second = Game.deal(rules, seed), Game.deal(rules, seed)
    assert first.play_to_end() == second.play_to_end()
    assert (first.battles, first.hands) == (second.battles, second.hands)


@settings(max_examples=100, deadline=None)
@given(games(), st.integers(0, 60))
def test_a_saved_mid_game_state_restores_to_the_same_future(game: Game, played: int) -> None:
    for _ in range(played):
        if game.is_over:
            break
        game.play_battle()
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.hands == game.hands and restored.battles == game.battles
    while not game.is_over:
        assert restored.play_battle() == game.play_battle()
    assert restored.outcome == game.outcome


@settings(max_examples=100, deadline=None)
@given(games())
def test_the_fast_path_plays_the_same_game_as_the_recorded_one(game: Game) -> None:
    fast = Game.from_json(game.to_json())
    while not game.is_over:
        game.play_battle()
    assert fast.play_to_end() == game.outcome
    assert (fast.battles, fast.hands) == (game.battles, game.hands)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["standard", "three-down", "peace"]),
    st.integers(2, 4),
    st.integers(1, 13),
    st.permutations(range(13)),
    st.sampled_from(["everyone", "tied"]),
)
def test_tie_heavy_deals_every_seat_same_ranks_end_in_stalemate(
    variant: str, players: int, size: int, order: list[int], who: str
) -> None:
    # Seat i holds suit i of the same ranks in the same order: every card ties, every war ties.
    hands = [[CARDS[rank * 4 + seat] for rank in order[:size]] for seat in range(players)]
    game = Game(Rules.from_options(variant, players, who_fights=who), hands)
    outcome = game.play_to_end()
    assert (outcome.result, outcome.reason, game.battles) == ("draw", Reason.STALEMATE, 1)
    assert game.counts == [0] * players


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 13), st.permutations(range(13)))
def test_tie_heavy_deals_with_forfeit_end_in_a_double_forfeit(size: int, order: list[int]) -> None:
    hands = [[CARDS[rank * 4 + seat] for rank in order[:size]] for seat in range(2)]
    game = Game(Rules.from_options("standard", 2, shortage="forfeit"), hands)
    outcome = game.play_to_end()
    assert (outcome.result, outcome.reason, game.battles) == ("draw", Reason.FORFEIT, 1)
    assert game.counts[0] == game.counts[1] < 2


@settings(max_examples=50, deadline=None)
@given(games())
def test_battle_records_round_trip_through_json(game: Game) -> None:
    while not game.is_over:
        battle = game.play_battle()
        assert Battle.from_json(json.loads(json.dumps(battle.to_json()))) == battle
