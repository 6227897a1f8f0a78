"""The round's door (`game.class_join`): who may join a class round, through `verify_join`.

Issue 33: a class behind one address (a school proxy, a NAT) scanning the projector's QR code
was capped per address, 6 seated and 9 told to wait. The pass is no guess: its joins are not
counted; typed codes still meet their cap, and a round still seats at most its tables.
"""

from __future__ import annotations

import pytest

from kidswar.game.class_join import (
    JOIN_WINDOW,
    JoinCaps,
    Joining,
    JoinRefusal,
    JoinRefused,
    RoundDoor,
)
from kidswar.game.class_round import MAX_TABLES, Round, RoundSettings
from kidswar.game.clock import Clock
from kidswar.game.rules import Variant
from kidswar.settings import Settings

START = 1000.0
CAPS = JoinCaps(Settings().class_tables_per_device, Settings().class_joins_per_minute)
ROUND = Round(
    "K7HQX4MP",
    "teacher-token",
    RoundSettings(10, Variant.STANDARD, 2, False),
    Clock.running(600.0, START + 600.0),
    1,
)


def door(
    at: float,
    *,
    by_pass: bool,
    listed: int,
    typed: tuple[float, ...] = (),
    mine: int = 0,
    seen: int = 0,
    found: Round | None = ROUND,
) -> RoundDoor:
    """The round's door for a fresh device (unless `mine`) at `at`."""
    return RoundDoor(found, at, CAPS, by_pass, mine, seen, listed, typed)


def test_fifteen_tablets_behind_one_address_seat_by_the_qr_code_within_a_minute() -> None:
    typed: tuple[float, ...] = ()  # the address's counted joins, as storage would keep them
    seated = 0
    for tablet in range(15):
        at = START + tablet * 3.0  # one scan every 3 s: 45 s for the class
        joining = door(at, by_pass=True, listed=seated, typed=typed).join()
        assert joining == Joining(new_table=True, counted=False)
        if joining.counted:
            typed += (at,)
        seated += 1
    assert seated == 15 and typed == ()


def test_the_qr_code_is_not_capped_even_behind_an_address_at_its_typed_cap() -> None:
    full = tuple(START + n for n in range(CAPS.typed_joins_per_minute))
    at = START + 30.0
    door(at, by_pass=True, listed=len(full), typed=full).verify_join()  # no refusal
    with pytest.raises(JoinRefused) as refused:
        door(at, by_pass=False, listed=len(full), typed=full).verify_join()
    assert refused.value.refusal is JoinRefusal.TOO_MANY_JOINS
    assert refused.value.wait == pytest.approx(JOIN_WINDOW - 30.0)  # when the first leaves


def test_typed_codes_meet_their_cap_sized_for_a_class() -> None:
    typed: tuple[float, ...] = ()
    for table in range(CAPS.typed_joins_per_minute):
        at = START + table
        joining = door(at, by_pass=False, listed=table, typed=typed).join()
        assert joining.counted
        typed += (at,)
    assert CAPS.typed_joins_per_minute >= 30  # a class of 30 tablets typing in one minute
    late = door(START + 40.0, by_pass=False, listed=len(typed), typed=typed)
    assert not late.can_join()
    with pytest.raises(JoinRefused) as refused:
        late.verify_join()
    assert refused.value.refusal is JoinRefusal.TOO_MANY_JOINS
    assert refused.value.wait == pytest.approx(20.0)
    assert door(START + JOIN_WINDOW, by_pass=False, listed=len(typed), typed=typed).can_join()


def test_the_round_still_seats_at_most_its_tables_by_the_qr_code() -> None:
    assert door(START, by_pass=True, listed=MAX_TABLES - 1).can_join()
    with pytest.raises(JoinRefused) as refused:
        door(START, by_pass=True, listed=MAX_TABLES).verify_join()
    assert refused.value.refusal is JoinRefusal.ROUND_FULL


def test_a_device_keeps_its_own_cap_and_a_resend_goes_back_to_its_table() -> None:
    per_device = CAPS.tables_per_device
    with pytest.raises(JoinRefused) as refused:
        door(START, by_pass=True, listed=5, mine=per_device, seen=per_device).verify_join()
    assert refused.value.refusal is JoinRefusal.DEVICE_FULL
    again = door(START, by_pass=False, listed=5, mine=1, seen=0).join()  # a double click
    assert again == Joining(new_table=False, counted=False)


@pytest.mark.parametrize(
    "found, at, refusal",
    [
        (None, START, JoinRefusal.NO_ROUND),
        (ROUND, START + 600.0, JoinRefusal.ROUND_OVER),
    ],
)
def test_no_round_or_a_round_over_seats_nobody(
    found: Round | None, at: float, refusal: JoinRefusal
) -> None:
    with pytest.raises(JoinRefused) as refused:
        door(at, by_pass=True, listed=0, found=found).verify_join()
    assert refused.value.refusal is refusal
