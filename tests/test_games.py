"""The table's use cases, called directly (kidswar/web/services/games.py): start a game, find
it, play a move, answer, play again; a change made on an old version changes nothing twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from services_support import MovableClock, service_context

from kidswar.game.questions import Answer
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.game.table_rules import Move, Refusal, TableRefused
from kidswar.web.services.games import (
    MAX_ID_LENGTH,
    NotFound,
    answer_question,
    find_game,
    play_again,
    play_move,
    start_game,
    version_of,
)

TWO = (Seat("Ada", False), Seat("", True))


def setup(practice: bool = False, **options: object) -> TableSetup:
    """Ada against the computer, with these rule options."""
    return TableSetup("easy", TWO, Rules.from_options("standard", 2, **options), practice)


def test_a_game_started_is_found_by_its_id(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    game_id = start_game(ctx, setup())
    stored = find_game(ctx, game_id)
    assert stored.setup == setup()
    assert stored.game.battles == 0 and stored.deadline is None
    assert version_of(ctx, game_id) == (stored.version, False)


@pytest.mark.parametrize("game_id", ["no-such-game", "x" * (MAX_ID_LENGTH + 1)])
def test_an_unknown_game_is_not_found(tmp_path: Path, game_id: str) -> None:
    ctx = service_context(tmp_path)
    with pytest.raises(NotFound):
        find_game(ctx, game_id)
    with pytest.raises(NotFound):
        version_of(ctx, game_id)


def test_the_deal_comes_from_the_contexts_seed(tmp_path: Path) -> None:
    hands = []
    for name in ("a", "b"):  # two servers, each context's seeds 1, 2, 3...
        (tmp_path / name).mkdir()
        ctx = service_context(tmp_path / name)
        hands.append(find_game(ctx, start_game(ctx, setup())).game.hands)
    assert hands[0] == hands[1]


def test_a_move_is_saved_once_and_the_same_move_again_is_refused(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    stored = find_game(ctx, start_game(ctx, setup()))
    played = play_move(ctx, stored, Move.ALL, 1, None)
    assert played.refusal is None
    assert played.stored.game.battles == 1
    assert played.stored.version == stored.version + 1
    assert find_game(ctx, stored.id).game.battles == 1
    twice = play_move(ctx, stored, Move.ALL, 1, None)  # a double click, from the old page
    assert twice.refusal is Refusal.ALREADY_PLAYED
    assert find_game(ctx, stored.id).game.battles == 1


def test_a_move_no_page_sends_is_a_bad_request(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    stored = find_game(ctx, start_game(ctx, setup()))
    with pytest.raises(TableRefused) as refused:
        play_move(ctx, stored, Move.TURN, 1, seat=1)  # the computer's seat
    assert refused.value.refusal is Refusal.NOT_A_SEAT


def test_a_timed_game_ends_when_its_time_is_up(tmp_path: Path) -> None:
    clock = MovableClock()
    ctx = service_context(tmp_path, clock)
    game_id = start_game(ctx, setup(time_limit_minutes=5))
    assert find_game(ctx, game_id).deadline == clock.now + 5 * 60
    clock.advance(5 * 60)
    stored = find_game(ctx, game_id)
    assert stored.game.is_over
    assert play_move(ctx, stored, Move.ALL, 1, None).refusal is Refusal.TIME_UP


def test_a_practice_table_asks_before_the_next_battle_and_takes_one_answer(
    tmp_path: Path,
) -> None:
    ctx = service_context(tmp_path)
    stored = play_move(
        ctx, find_game(ctx, start_game(ctx, setup(practice=True))), Move.ALL, 1, None
    ).stored
    assert play_move(ctx, stored, Move.ALL, 2, None).refusal is Refusal.ANSWER_FIRST
    answered = answer_question(ctx, stored, Answer.SAME, 1)
    assert answered.refusal is None
    assert answered.stored.version == stored.version + 1
    again = answer_question(ctx, stored, Answer.SAME, 1)  # the same answer from the old page
    assert again.refusal is Refusal.ALREADY_ANSWERED
    assert play_move(ctx, answered.stored, Move.ALL, 2, None).refusal is None


def test_play_again_deals_a_new_game_with_the_same_seats_and_rules(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    stored = find_game(ctx, start_game(ctx, setup()))
    new_id, refusal = play_again(ctx, stored)
    assert refusal is None and new_id is not None and new_id != stored.id
    again = find_game(ctx, new_id)
    assert again.setup == stored.setup
    assert again.game.battles == 0
