"""What the table template draws (kidswar/web/services/views.py), made directly from a stored
game with a service Context: the seats, the battle's texts, what the voice says, the clock."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from services_support import MovableClock, service_context

from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.game.table_rules import Move
from kidswar.web.services.context import Context
from kidswar.web.services.games import find_game, play_move, start_game
from kidswar.web.services.views import table_page
from kidswar.words.said import clips

TWO = (Seat("Ada", False), Seat("", True))


def keys_as_clips(lang: str, keys: Sequence[str]) -> list[str]:
    """Speech clips named after their phrase keys, so a test reads what the voice says."""
    return list(keys)


def context(tmp_path: Path, clock: MovableClock | None = None) -> Context:
    """A service context whose clips are the phrase keys themselves."""
    return dataclasses.replace(service_context(tmp_path, clock), clips=keys_as_clips)


def test_a_new_table_shows_the_seats_and_no_battle(tmp_path: Path) -> None:
    ctx = context(tmp_path)
    game_id = start_game(ctx, TableSetup("easy", TWO, Rules()))
    page = table_page(ctx, find_game(ctx, game_id))
    view = page["view"]
    assert view.id == game_id
    assert view.move_url == ctx.url("table.move", game_id=game_id)
    assert (view.battle, view.description, view.battles, view.next_battle) == (None, None, 0, 1)
    assert [seat.count for seat in view.seats] == [26, 26]
    assert [seat.name for seat in view.seats] == ["Ada", "Computer"]
    assert [seat.can_turn for seat in view.seats] == [True, False]  # only a person taps
    assert view.speech == () and view.practice is None
    assert page["timer"] is None  # no time limit, no countdown


def test_after_a_battle_the_voice_says_what_is_shown_in_order(tmp_path: Path) -> None:
    ctx = context(tmp_path)
    stored = find_game(ctx, start_game(ctx, TableSetup("easy", TWO, Rules())))
    stored = play_move(ctx, stored, Move.ALL, 1, None).stored
    view = table_page(ctx, stored)["view"]
    assert view.battles == 1 and view.next_battle == 2
    assert view.description is not None
    assert view.said == view.description.said
    assert view.speech == clips(view.said)
    assert sum(seat.count for seat in view.seats) == 52
    assert all(seat.showing.cards for seat in view.seats)  # each seat's card face up


def test_the_countdown_of_a_timed_game(tmp_path: Path) -> None:
    clock = MovableClock()
    ctx = context(tmp_path, clock)
    game_id = start_game(ctx, TableSetup("easy", TWO, Rules(time_limit_minutes=5)))
    timer = table_page(ctx, find_game(ctx, game_id))["timer"]
    assert timer is not None
    assert (timer.text, timer.playing, timer.refusal, timer.poll) == ("5:00", True, None, 0)
    assert timer.status_url == ctx.url("table.clock", game_id=game_id)
    clock.advance(60)
    assert table_page(ctx, find_game(ctx, game_id))["timer"].text == "4:00"


def test_when_the_time_is_up_the_table_refuses_to_play_on(tmp_path: Path) -> None:
    clock = MovableClock()
    ctx = context(tmp_path, clock)
    game_id = start_game(ctx, TableSetup("easy", TWO, Rules(time_limit_minutes=5)))
    clock.advance(5 * 60)
    page = table_page(ctx, find_game(ctx, game_id))
    assert page["view"].over
    assert page["timer"].playing is False
    assert page["timer"].refusal
    assert not any(seat.can_turn for seat in page["view"].seats)
