"""The clock service (kidswar/web/services/clock.py), called directly: the countdown's text,
what the clock says in each state, and the words a screen reader hears."""

from __future__ import annotations

import pytest

from kidswar.game.clock import OVER, Clock
from kidswar.web.services.clock import clock_message, clock_text, minute_words
from kidswar.words.catalogs import load

EN = load("en")


@pytest.mark.parametrize(
    ("seconds", "shown"),
    [(545.0, "9:05"), (544.2, "9:05"), (60.0, "1:00"), (0.4, "0:01"), (0.0, "0:00")],
)
def test_the_countdown_rounds_up_so_it_shows_0_00_only_when_time_is_up(
    seconds: float, shown: str
) -> None:
    assert clock_text(seconds) == shown


def test_the_clock_says_who_is_waited_for_then_paused_then_time_is_up() -> None:
    ready = Clock.ready(600)
    assert clock_message(EN, ready, 0) == "Waiting for the teacher to start the round."
    assert clock_message(EN, ready, 0, teacher=True).startswith("When every table has joined")
    running = ready.start(100)
    assert clock_message(EN, running, 200) == ""  # the countdown speaks for itself
    assert clock_message(EN, running.pause(200), 300) == "Paused"
    assert clock_message(EN, running, 100 + 600) == "Time is up!"
    assert clock_message(EN, Clock(OVER, 600.0), 0) == "Time is up!"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_last_minutes_are_said_with_their_count(lang: str) -> None:
    words = minute_words(load(lang))
    assert set(words) == {1, 2, 5, 10}
    assert all(str(minutes) in said for minutes, said in words.items())
    assert words[1] != words[2].replace("2", "1")  # one minute is singular, two plural
