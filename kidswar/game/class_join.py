"""The round's door: whether a table may join a class round now, in the table's way.

`RoundDoor` is a round as a device at its door sees it at one moment: the round (or none by that
code), the device's own tables, the tables listed, whether the device came by the projector's
signed QR code, and when its address made tables by a typed code in the last minute. In
PokerKit's way, as `table_rules.Table`: `verify_join` raises `JoinRefused` (carrying a
`JoinRefusal`, which the web words) before anything changes, `can_join` says yes or no, and
`join` returns a frozen record of what to do: make a table, or go back to the device's newest.

The caps (docs/classroom.md has their arithmetic):

- a round seats at most `MAX_TABLES` tables, however they came;
- a device makes at most `tables_per_device` (children sharing a tablet one after the other);
- an address makes at most `typed_joins_per_minute` tables a minute by a typed code, sized
  for a class behind one school address; a table seated through the projector's QR code
  (its signed pass) is not counted: the pass is no guess, and a whole class behind one proxy
  or NAT scans it at once (issue 33).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kidswar.game.class_round import MAX_TABLES, Round

JOIN_WINDOW = 60.0  # seconds: an address's typed joins are counted over the last minute


class JoinRefusal(enum.Enum):
    """Why a table could not join; the join page words each one."""

    NO_ROUND = "no-round"
    ROUND_OVER = "round-over"
    ROUND_FULL = "round-full"
    DEVICE_FULL = "device-full"
    TOO_MANY_JOINS = "too-many-joins"


class JoinRefused(Exception):
    """A join the round refused, before anything changed: why, and for TOO_MANY_JOINS the
    seconds until the address may make another table."""

    def __init__(self, refusal: JoinRefusal, wait: float = 0.0) -> None:
        super().__init__(refusal.value)
        self.refusal = refusal
        self.wait = wait


@dataclass(frozen=True)
class JoinCaps:
    """How many tables a device, an address (by typed code, a minute) and a round may make."""

    tables_per_device: int
    typed_joins_per_minute: int
    tables_per_round: int = MAX_TABLES


@dataclass(frozen=True)
class Joining:
    """What a join does: make a new table (counted against the address when `counted`), or
    send the device back to its newest table (a double click, a form sent again)."""

    new_table: bool
    counted: bool


@dataclass(frozen=True)
class RoundDoor:
    """A class round's door for one device at the moment `now`, with every rule of joining."""

    found: Round | None  # None: no round has the code
    now: float
    caps: JoinCaps
    by_pass: bool  # the device came by the projector's QR code (a valid signed pass)
    device_tables: int  # the device's tables listed in the round now
    seen: int  # the device's tables when its join page was drawn
    listed: int  # the round's tables listed now
    typed_joins: tuple[float, ...] = ()  # when the address made tables by typed code lately

    @property
    def is_resend(self) -> bool:
        """True if the device made a table since its page was drawn: this is the same join."""
        return self.device_tables > self.seen

    def address_wait(self) -> float | None:
        """Seconds until the address may make another table by typed code, None if it may
        now; never a wait for a device that came by the projector's pass."""
        if self.by_pass:
            return None
        recent = sorted(at for at in self.typed_joins if at > self.now - JOIN_WINDOW)
        if len(recent) < self.caps.typed_joins_per_minute:
            return None
        # When enough of them have left the window for one more to fit.
        leaving = recent[len(recent) - self.caps.typed_joins_per_minute]
        return max(0.0, leaving + JOIN_WINDOW - self.now)

    def verify_join(self) -> None:
        """Raise `JoinRefused` if this device may not join now (nor go back to its table)."""
        if self.found is None:
            raise JoinRefused(JoinRefusal.NO_ROUND)
        if self.found.clock.is_up(self.now):
            raise JoinRefused(JoinRefusal.ROUND_OVER)
        if self.is_resend:
            return  # back to its own table: nothing more is made
        if self.device_tables >= self.caps.tables_per_device:
            raise JoinRefused(JoinRefusal.DEVICE_FULL)
        if self.listed >= self.caps.tables_per_round:
            raise JoinRefused(JoinRefusal.ROUND_FULL)
        wait = self.address_wait()
        if wait is not None:
            raise JoinRefused(JoinRefusal.TOO_MANY_JOINS, wait)

    def can_join(self) -> bool:
        """True if `join` would be allowed now."""
        try:
            self.verify_join()
        except JoinRefused:
            return False
        return True

    def join(self) -> Joining:
        """Join: what to make (verified first; `JoinRefused` if it may not)."""
        self.verify_join()
        if self.is_resend:
            return Joining(new_table=False, counted=False)
        return Joining(new_table=True, counted=not self.by_pass)
