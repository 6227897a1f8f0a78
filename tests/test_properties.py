"""Properties over random deals of every preset, with either deck.

Cards are conserved, every number a record shows is the sum of the values of the cards it says
were turned, a player short of cards turns what they have, games end within their limit, a seed
replays, the fast path, the recorded path and a saved game play the same game, and deals where
every card ties end in a stalemate or a double forfeit.
"""

import itertools
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from kidswar.game.cards import CARDS
from kidswar.game.engine import Game
from kidswar.game.records import Battle, Reason
from kidswar.game.rules import PRESETS, Deck, Rules, Variant


def rules_of(variants: list[Variant]) -> st.SearchStrategy[Rules]:
    """Random rules: one of `variants`, either deck, 2 to 4 players, any options."""
    return st.builds(
        lambda variant, deck, players, limit, pickup, who, forfeit: Rules.from_options(
            variant,
            players,
            deck=deck,
            battle_limit=limit,
            pickup=pickup,
            who_fights=who,
            shortage="forfeit" if forfeit and players == 2 else "last-card",
        ),
        st.sampled_from([variant.value for variant in variants]),
        st.sampled_from([deck.value for deck in Deck]),
        st.integers(2, 4),
        st.integers(1, 400),
        st.sampled_from(["shuffled", "as-laid"]),
        st.sampled_from(["everyone", "tied"]),
        st.booleans(),
    )


rules_strategy = rules_of(list(PRESETS))
addition_rules = rules_of([Variant.ADDITION])  # Addition War with either deck


@st.composite
def games(draw: st.DrawFn, rules: st.SearchStrategy[Rules] = rules_strategy) -> Game:
    """A game with random rules and a random deal of some or all of its deck."""
    game_rules = draw(rules)
    deck = game_rules.deck.cards
    cards = draw(st.permutations(deck))
    # Small deals run short often: the shortage rules are what they exercise.
    size = draw(st.one_of(st.integers(game_rules.players, 12), st.integers(12, len(deck))))
    cards = cards[:size]
    cuts = sorted(
        draw(
            st.lists(
                st.integers(1, size - 1),
                min_size=game_rules.players - 1,
                max_size=game_rules.players - 1,
                unique=True,
            )
        )
    )
    hands = [cards[a:b] for a, b in itertools.pairwise([0, *cuts, size])]
    return Game(game_rules, hands, seed=draw(st.integers(0, 2**32)))


@settings(max_examples=200, deadline=None)
@given(games())
def test_every_card_is_somewhere_after_every_battle_with_both_decks_and_addition(
    game: Game,
) -> None:
    dealt = Counter(card for hand in game.hands for card in hand)
    while not game.is_over:
        battle = game.play_battle()
        held = Counter(card for hand in game.hands for card in hand)
        assert max(held.values(), default=1) == 1
        assert all(game.rules.deck.holds(card) for card in held)
        assert list(battle.counts) == game.counts
        lost = dealt - held  # only a stalemate or a double forfeit leaves cards on the table
        if lost:
            assert battle.outcome is not None and battle.outcome.winner is None
            assert battle.outcome.reason in (Reason.STALEMATE, Reason.FORFEIT)
        assert not held - dealt
        if battle.winner is not None:  # the winner took every card laid, each once
            laid = [c for cards in battle.turned for c in cards] + [
                c for war in battle.rounds for lay in war.lays for c in (*lay.down, *lay.turned)
            ]
            assert Counter(laid) <= Counter(battle.taken)


@settings(max_examples=200, deadline=None)
@given(games())
def test_every_sum_is_the_sum_of_the_values_of_the_cards_turned(game: Game) -> None:
    rules = game.rules
    best_of = min if rules.variant.lowest_wins else max
    while not game.is_over:
        before = game.hands
        battle = game.play_battle()
        live = [seat for seat, hand in enumerate(before) if hand]
        for seat, hand in enumerate(before):
            turned = battle.turned[seat]
            # Each player turns their top card(s): two in addition, fewer if they hold fewer.
            assert list(turned) == hand[: rules.variant.face_up]
            assert battle.cards[seat] == (turned[0] if turned else None)
            expected = sum(rules.value_of(card) for card in turned) if turned else None
            assert battle.sums[seat] == expected
        assert battle.best == best_of(battle.sums[seat] or 0 for seat in live)
        assert battle.tied == tuple(seat for seat in live if battle.sums[seat] == battle.best)
        standing = dict(enumerate(battle.sums))
        for war in battle.rounds:
            assert [lay.seat for lay in war.lays] == list(war.fighters)
            for lay, number in zip(war.lays, war.sums, strict=True):
                assert lay.up == (lay.turned[0] if lay.turned else None)
                if lay.turned:  # a new number; a seat with nothing to lay keeps its old one
                    standing[lay.seat] = sum(rules.value_of(card) for card in lay.turned)
                assert number == standing[lay.seat]
            assert war.best == best_of(war.sums)
            best = [seat for seat, n in zip(war.fighters, war.sums, strict=True) if n == war.best]
            assert list(war.tied) == best


@settings(max_examples=200, deadline=None)
@given(games(addition_rules))
def test_addition_a_player_short_of_cards_turns_what_they_have(game: Game) -> None:
    while not game.is_over:
        before = game.hands
        battle = game.play_battle()
        left = [list(hand) for hand in before]  # what each seat still holds, top card first
        for seat, hand in enumerate(before):
            assert len(battle.turned[seat]) == min(2, len(hand))
            if len(hand) == 1:  # one card: they turn it and it is their sum
                (card,) = battle.turned[seat]
                assert battle.sums[seat] == game.rules.value_of(card)
            del left[seat][: len(battle.turned[seat])]
        for war in battle.rounds:
            for lay in war.lays:
                # No card face down; two up, or what is left when fewer (their new sum).
                assert lay.down == ()
                assert list(lay.turned) == left[lay.seat][:2]
                del left[lay.seat][:2]


@settings(max_examples=150, deadline=None)
@given(games())
def test_a_game_always_ends_within_its_battle_limit(game: Game) -> None:
    outcome = game.play_to_end()
    assert 1 <= game.battles <= game.rules.battle_limit
    if outcome.reason is Reason.BATTLE_LIMIT:
        assert game.battles == game.rules.battle_limit


@settings(max_examples=60, deadline=None)
@given(rules_strategy, st.integers(0, 2**40))
def test_a_seed_replays_the_same_game_with_both_decks_and_addition(rules: Rules, seed: int) -> None:
    first, second = Game.deal(rules, seed), Game.deal(rules, seed)
    assert first.hands == second.hands
    assert sum(first.counts) == len(rules.deck.cards)
    assert first.play_to_end() == second.play_to_end()
    assert (first.battles, first.hands) == (second.battles, second.hands)


@settings(max_examples=120, deadline=None)
@given(games())
def test_the_fast_path_plays_the_same_game_as_the_recorded_one(game: Game) -> None:
    fast = Game.from_json(game.to_json())
    while not game.is_over:
        game.play_battle()
    assert fast.play_to_end() == game.outcome
    assert (fast.battles, fast.hands) == (game.battles, game.hands)


@settings(max_examples=80, deadline=None)
@given(games(), st.integers(0, 60))
def test_a_saved_mid_game_state_restores_to_the_same_future(game: Game, played: int) -> None:
    for _ in range(played):
        if game.is_over:
            break
        game.play_battle()
    restored = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert restored.rules == game.rules and restored.hands == game.hands
    while not game.is_over:
        assert restored.play_battle() == game.play_battle()
    assert restored.outcome == game.outcome


@settings(max_examples=60, deadline=None)
@given(games())
def test_battle_records_round_trip_through_json(game: Game) -> None:
    while not game.is_over:
        battle = game.play_battle()
        assert Battle.from_json(json.loads(json.dumps(battle.to_json()))) == battle


@settings(max_examples=60, deadline=None)
@given(
    # One card face up a battle: same ranks tie card for card (a sum of two could not).
    st.sampled_from([variant.value for variant in Variant if variant.face_up == 1]),
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
