"""The table's rules (kidswar/game/table_rules.py): each refusal, each can_*, each record."""

from __future__ import annotations

import pytest
from conftest import make_game

from kidswar.game.clock import Clock
from kidswar.game.engine import Game
from kidswar.game.practice import Practice
from kidswar.game.questions import Answer
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.game.table_rules import Move, Refusal, Table, TableRefused

NOW = 1_000.0


def table(
    *,
    practice: bool = False,
    computer: bool = True,
    clock: Clock | None = None,
    in_round: bool = False,
    removed: bool = False,
    dealt: bool = False,
) -> Table:
    """A two-seat table: seat 0 a child, seat 1 the computer (or a second child); the deal is
    7, 2, 9 against 4, K, 3, or (`dealt`) a whole shuffled deck."""
    if dealt:
        game = Game.deal(Rules.from_options("standard", 2), 1)
    else:
        game = make_game("standard", [["7H", "2C", "9D"], ["4S", "KC", "3D"]])
    seats = (Seat("Ada", False), Seat("", computer))
    setup = TableSetup("full", seats, game.rules, practice=practice)
    return Table(setup, game, None, (), Practice(), clock, NOW, in_round, removed)


def refusal(action: object) -> Refusal:
    """The refusal an action raised."""
    assert callable(action)
    with pytest.raises(TableRefused) as refused:
        action()
    return refused.value.refusal


def test_a_child_turns_and_the_battle_is_played_with_the_computer() -> None:
    playing = table()
    assert playing.can_turn(0) and not playing.can_turn(1)  # the computer's seat has no button
    moved = playing.move(Move.TURN, 1, 0)
    assert moved.turned == () and len(moved.played) == 1 and moved.last is moved.played[0]
    assert playing.last_battle is moved.last and playing.next_battle == 2


def test_a_seat_turns_once_and_waits_for_the_others() -> None:
    playing = table(computer=False)
    moved = playing.move(Move.TURN, 1, 1)
    assert moved.played == () and moved.turned == (1,) and playing.game.battles == 0
    assert not playing.can_turn(1) and playing.can_turn(0)
    assert refusal(lambda: playing.verify_move(Move.TURN, 1, 1)) is Refusal.ALREADY_PLAYED
    assert playing.move(Move.TURN, 1, 0).turned == () and playing.game.battles == 1


def test_a_turn_for_a_seat_no_child_plays_is_a_bad_request() -> None:
    playing = table()
    for seat in (1, 2, None):
        refused = refusal(lambda seat=seat: playing.move(Move.TURN, 1, seat))
        assert refused is Refusal.NOT_A_SEAT and refused.is_bad_request
    assert playing.game.battles == 0


def test_a_move_for_a_battle_already_played_is_refused() -> None:
    playing = table()
    playing.move(Move.ALL, 1)
    assert refusal(lambda: playing.move(Move.ALL, 1)) is Refusal.ALREADY_PLAYED
    assert not playing.can_move(Move.ALL, 1) and playing.can_move(Move.ALL, 2)
    assert playing.game.battles == 1


def test_play_ten_battles_but_not_at_a_practice_table() -> None:
    playing = table(dealt=True)
    assert playing.can_play_ten()
    assert len(playing.move(Move.TEN, 1).played) == 10
    practising = table(practice=True)
    assert not practising.can_play_ten()
    refused = refusal(lambda: practising.move(Move.TEN, 1))
    assert refused is Refusal.ONE_AT_A_TIME and refused.is_bad_request


@pytest.mark.parametrize(
    ("clock", "expected"),
    [
        (Clock.ready(600), Refusal.NOT_STARTED),
        (Clock.ready(600).start(0).pause(10), Refusal.PAUSED),
        (Clock.running(600, NOW), Refusal.TIME_UP),
        (Clock.running(600, NOW + 60).end(NOW), Refusal.TIME_UP),
    ],
)
def test_a_class_rounds_clock_refuses_moves(clock: Clock, expected: Refusal) -> None:
    waiting = table(clock=clock, in_round=True)
    assert waiting.clock_refusal() is expected and not expected.is_bad_request
    assert refusal(lambda: waiting.move(Move.ALL, 1)) is expected
    assert not waiting.can_turn(0) and waiting.game.battles == 0


def test_a_running_clock_lets_the_table_play() -> None:
    playing = table(clock=Clock.running(600, NOW + 1), in_round=True)
    assert playing.clock_refusal() is None and playing.can_turn(0)


def test_a_removed_table_refuses_everything() -> None:
    gone = table(practice=True, clock=Clock.running(600, NOW + 60), in_round=True, removed=True)
    assert gone.clock_refusal() is Refusal.REMOVED
    assert refusal(lambda: gone.move(Move.ALL, 1)) is Refusal.REMOVED
    assert refusal(lambda: gone.answer(Answer.SAME, 1)) is Refusal.REMOVED
    gone.game.end_for_time()
    assert refusal(gone.verify_play_again) is Refusal.REMOVED and not gone.can_play_again()


def test_time_up_ends_the_game_with_the_most_cards_winning() -> None:
    late = table(clock=Clock.running(300, NOW - 1))
    late.turned = (0,)
    assert late.is_out_of_time()
    ended = late.end_for_time()
    assert late.game.is_over and ended.outcome is late.game.outcome and not late.turned
    assert not late.is_out_of_time()
    with pytest.raises(ValueError):
        late.end_for_time()
    with pytest.raises(ValueError):
        table(clock=Clock.running(300, NOW + 1)).end_for_time()
    assert not table().is_out_of_time()  # no time limit, no time up


def test_a_practice_table_asks_about_the_battle_before_the_next() -> None:
    practising = table(practice=True)
    assert not practising.is_asking and practising.question is None
    practising.move(Move.ALL, 1)  # 7 against 4
    assert practising.is_asking and practising.question is not None
    assert refusal(lambda: practising.move(Move.ALL, 2)) is Refusal.ANSWER_FIRST
    assert not practising.can_turn(0)
    answered = practising.answer(Answer.BIGGER, 1)
    assert answered.right and answered.practice.answered == 1 and answered.practice.score.right
    assert practising.practice is answered.practice and not practising.is_asking
    assert practising.can_turn(0)


def test_a_wrong_answer_is_recorded_as_wrong() -> None:
    practising = table(practice=True)
    practising.move(Move.ALL, 1)
    answered = practising.answer(Answer.CARD_1, 1)  # the 4 is not bigger than the 7
    assert not answered.right and answered.practice.score.missed == ((7, 4),)


def test_an_answer_is_taken_once_and_only_for_the_question_asked() -> None:
    practising = table(practice=True)
    assert refusal(lambda: practising.answer(Answer.SAME, 1)) is Refusal.ALREADY_ANSWERED
    practising.move(Move.ALL, 1)
    assert refusal(lambda: practising.answer(Answer.SAME, 2)) is Refusal.ALREADY_ANSWERED
    assert practising.can_answer(Answer.SAME, 1)
    practising.answer(Answer.SAME, 1)
    assert not practising.can_answer(Answer.SAME, 1)
    assert refusal(lambda: practising.answer(Answer.SAME, 1)) is Refusal.ALREADY_ANSWERED


def test_an_answer_the_question_cannot_take_is_a_bad_request() -> None:
    practising = table(practice=True)
    practising.move(Move.ALL, 1)
    for answer in (Answer.CARD_2, Answer.CARD_3):  # two seats: no third card on the table
        refused = refusal(lambda answer=answer: practising.answer(answer, 1))
        assert refused is Refusal.NOT_AN_ANSWER and refused.is_bad_request
    assert practising.is_asking and practising.practice == Practice()  # nothing recorded


def test_an_answer_at_a_table_without_practice_is_a_bad_request() -> None:
    playing = table()
    playing.move(Move.ALL, 1)
    assert refusal(lambda: playing.answer(Answer.BIGGER, 1)) is Refusal.NOT_PRACTICE
    assert not playing.can_answer(Answer.BIGGER, 1) and not playing.is_asking


def test_any_game_may_be_played_again_with_its_setup() -> None:
    playing = table()
    assert playing.can_play_again() and playing.again() is playing.setup


def test_a_class_table_plays_again_only_once_over_and_while_the_round_runs() -> None:
    running = table(clock=Clock.running(600, NOW + 60), in_round=True)
    assert refusal(running.verify_play_again) is Refusal.NOT_OVER
    running.game.end_for_time()
    assert running.can_play_again() and running.again() is running.setup
    over = table(clock=Clock.running(600, NOW - 1), in_round=True)
    over.game.end_for_time()
    assert refusal(over.verify_play_again) is Refusal.ROUND_OVER
    deleted_round = table(clock=None, in_round=True)
    assert refusal(deleted_round.again) is Refusal.ROUND_OVER


def test_every_refusal_a_child_meets_has_a_sentence_and_bad_requests_have_none() -> None:
    from kidswar.web.refusals import refusal_sentence
    from kidswar.words.catalogs import load

    english = load("en")
    for each in Refusal:
        if each.is_bad_request:
            with pytest.raises(ValueError):
                refusal_sentence(each, english)
        else:
            assert refusal_sentence(each, english).endswith(".")
