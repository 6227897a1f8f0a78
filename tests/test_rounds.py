"""Joining a class round (kidswar/web/services/rounds.py), called directly with a `Context`:
the tables a device may make, the joins an address may make, a round over or unknown."""

from __future__ import annotations

from pathlib import Path

from services_support import MovableClock, service_context

from kidswar.game.class_round import RoundSettings
from kidswar.game.rules import Variant
from kidswar.settings import Settings
from kidswar.storage.rounds import save_clock
from kidswar.web.services.limits import WINDOW
from kidswar.web.services.rounds import (
    DEVICE_FULL,
    NO_ROUND,
    ROUND_OVER,
    TOO_MANY_JOINS,
    join_round,
    my_tables,
    round_setup,
    start_round,
)

SETTINGS = RoundSettings(minutes=10, variant=Variant.PEACE, players=2, against_computer=True)


def test_a_table_is_dealt_as_the_teacher_chose() -> None:
    setup = round_setup(SETTINGS, ["Ada"])
    assert setup.rules.variant is Variant.PEACE and setup.rules.time_limit_minutes == 10
    assert [(seat.name, seat.computer) for seat in setup.seats] == [("Ada", False), ("", True)]


def test_a_device_makes_its_tables_up_to_the_limit_then_goes_to_its_own(tmp_path: Path) -> None:
    ctx = service_context(tmp_path, settings=Settings(class_tables_per_device=2))
    code = start_round(ctx, SETTINGS).code
    first = join_round(ctx, code, "Red", ["Ada"], "tablet", "10.0.0.1")
    second = join_round(ctx, code, "Blue", ["Bo"], "tablet", "10.0.0.1", seen=1)
    assert first.game_id and second.game_id and first.game_id != second.game_id
    full = join_round(ctx, code, "Green", ["Cy"], "tablet", "10.0.0.1", seen=2)
    assert full.game_id is None and full.refusal is DEVICE_FULL
    again = join_round(ctx, code, "Blue", ["Bo"], "tablet", "10.0.0.1", seen=1)  # resent
    assert again.game_id == second.game_id and again.refusal is None
    assert my_tables(ctx, code, "tablet") == [("Red", first.game_id), ("Blue", second.game_id)]


def test_an_address_makes_so_many_tables_a_minute(tmp_path: Path) -> None:
    clock = MovableClock()
    ctx = service_context(tmp_path, clock, Settings(class_joins_per_minute=2))
    code = start_round(ctx, SETTINGS).code
    for device in ("a", "b"):
        assert join_round(ctx, code, device, [], device, "10.0.0.1").game_id
    refused = join_round(ctx, code, "c", [], "c", "10.0.0.1")
    assert refused.refusal is TOO_MANY_JOINS and 0 < refused.wait <= WINDOW
    assert join_round(ctx, code, "c", [], "c", "10.0.0.2").game_id  # another address
    clock.advance(WINDOW + 1)
    assert join_round(ctx, code, "c", [], "c", "10.0.0.1").game_id


def test_no_table_joins_a_round_unknown_or_over(tmp_path: Path) -> None:
    clock = MovableClock()
    ctx = service_context(tmp_path, clock)
    assert join_round(ctx, "ZZZZ9999", "", [], "x", "10.0.0.1").refusal is NO_ROUND
    found = start_round(ctx, SETTINGS)
    assert save_clock(ctx.db, found, found.clock.start(clock.now))
    clock.advance(10 * 60)
    assert join_round(ctx, found.code, "", [], "x", "10.0.0.1").refusal is ROUND_OVER
