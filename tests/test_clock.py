"""The game clock of layer 1: start, pause, resume, add a minute, end; never reads the time."""

import pytest

from kidswar.game.clock import OVER, PAUSED, RUNNING, Clock


def test_a_clock_counts_down_from_its_start() -> None:
    clock = Clock.ready(600).start(1000)
    assert clock.state == RUNNING and clock.deadline == 1600
    assert clock.left(1000) == 600 and clock.left(1450) == 150
    assert not clock.is_up(1599.9) and clock.is_up(1600) and clock.left(2000) == 0
    assert clock.settled(1599).state == RUNNING and clock.settled(1600).state == OVER


def test_pausing_stops_the_clock_and_resuming_moves_the_deadline() -> None:
    clock = Clock.ready(600).start(1000).pause(1100)
    assert clock.state == PAUSED and clock.left(5000) == 500  # time stands still while paused
    resumed = clock.resume(5000)
    assert resumed.deadline == 5500 and resumed.left(5000) == 500


def test_adding_a_minute_works_in_every_state_but_over() -> None:
    assert Clock.ready(600).add(60, 0).left(0) == 660
    running = Clock.ready(600).start(0).add(60, 10)
    assert running.deadline == 660 and running.total == 660
    assert Clock.ready(600).start(0).pause(100).add(60, 200).left(999) == 560
    with pytest.raises(ValueError):
        Clock.ready(60).start(0).add(60, 60)  # the time is already up


def test_ending_is_final_and_keeps_when_it_ended() -> None:
    ended = Clock.ready(600).start(0).end(100)
    assert ended.state == OVER and ended.left(100) == 0 and ended.deadline == 100
    assert Clock.ready(600).start(0).end(900).deadline == 600  # time was up already
    assert Clock.ready(600).end(5).is_up(5)


@pytest.mark.parametrize(
    "change",
    [
        lambda c: c.pause(0),
        lambda c: c.resume(0),  # a ready clock can only start or end
    ],
)
def test_impossible_changes_are_refused(change) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError):
        change(Clock.ready(60))
    with pytest.raises(ValueError):
        Clock.ready(60).start(0).start(1)
    with pytest.raises(ValueError):
        Clock.ready(60).start(0).pause(60)  # time is up: too late to pause


def test_a_clock_survives_json() -> None:
    for clock in (
        Clock.ready(60),
        Clock.ready(60).start(5),
        Clock.ready(60).start(5).pause(9),
        Clock.ready(60).end(1),
    ):
        assert Clock.from_json(clock.to_json()) == clock
    with pytest.raises(ValueError):
        Clock("ticking", 60)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Clock(RUNNING, 60)
    with pytest.raises(ValueError):
        Clock(PAUSED, 60)  # a stopped clock must keep the seconds it has left


def test_a_clock_stopped_at_a_moment_keeps_the_time_it_had_then() -> None:
    """A removed class table's clock (issue 23): running then, it stands at what was left."""
    running = Clock.running(600.0, 1000.0)
    assert running.stopped_at(700.0) == Clock(PAUSED, 600.0, None, 300.0)
    assert running.end(800.0).stopped_at(700.0).left(5000.0) == 100.0  # ended later
    assert running.stopped_at(1200.0).state == OVER  # up by then: over
    assert Clock.ready(600.0).stopped_at(50.0) == Clock.ready(600.0)
