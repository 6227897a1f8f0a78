"""The wrong-code limit (kidswar/web/services/limits.py), called directly with a `Context`."""

from __future__ import annotations

from pathlib import Path

import pytest
from services_support import MovableClock, service_context

from kidswar.game.class_round import RoundSettings
from kidswar.game.rules import Variant
from kidswar.settings import Settings
from kidswar.web.services.limits import CODES, WINDOW, Limited, look_up_code
from kidswar.web.services.rounds import start_round

SETTINGS = RoundSettings(minutes=10, variant=Variant.STANDARD, players=2, against_computer=False)


def test_wrong_codes_are_counted_per_address_until_the_minute_is_over(tmp_path: Path) -> None:
    clock = MovableClock()
    ctx = service_context(tmp_path, clock, Settings(class_wrong_codes_per_minute=3))
    for _ in range(3):
        assert look_up_code(ctx, "ZZZZ9999", known=False, client="10.0.0.1") is None
    with pytest.raises(Limited) as limited:
        look_up_code(ctx, "ZZZZ9999", known=False, client="10.0.0.1")
    assert limited.value.kind == CODES and 1 <= limited.value.seconds <= WINDOW
    assert look_up_code(ctx, "ZZZZ9999", known=False, client="10.0.0.2") is None  # another
    clock.advance(WINDOW + 1)
    assert look_up_code(ctx, "ZZZZ9999", known=False, client="10.0.0.1") is None


def test_a_right_code_costs_nothing_and_over_the_limit_even_it_is_refused(
    tmp_path: Path,
) -> None:
    ctx = service_context(tmp_path, settings=Settings(class_wrong_codes_per_minute=1))
    code = start_round(ctx, SETTINGS).code
    for _ in range(3):
        found = look_up_code(ctx, code, known=False, client="10.0.0.1")
        assert found is not None and found.code == code
    assert look_up_code(ctx, "ZZZZ9999", known=False, client="10.0.0.1") is None
    with pytest.raises(Limited):  # a guesser learns nothing from a right code now
        look_up_code(ctx, code, known=False, client="10.0.0.1")
    found = look_up_code(ctx, code, known=True, client="10.0.0.1")  # its own: not a guess
    assert found is not None and found.code == code
