"""Passing a day for a child's progress: every day it keeps moved back by one.

The server keeps nothing of a child and reads "today" from its own date, so a test (or a
benchmark) makes "tomorrow" by moving the days in the progress the device keeps back by one,
as if the answers were given a day earlier. A day of 0 (not known, as an older progress kept
its answers) stays 0.
"""

from __future__ import annotations

import copy
from typing import Any


def _earlier(day: int) -> int:
    return day - 1 if day else 0


def a_day_earlier(data: dict[str, Any]) -> dict[str, Any]:
    """The progress (as `Progress.to_json` writes it) with each kept day one day earlier."""
    moved = copy.deepcopy(data)
    for attempt in moved["attempts"]:
        attempt[3] = _earlier(attempt[3])  # [rung, values, right, day, number]
    for retry in moved["retry"]:
        retry[4] = _earlier(retry[4])  # [rung, values, rights, due question, due day]
    for day in moved["days"]:
        day[0] = _earlier(day[0])  # [day, asked, right]
    for drill in moved["drills"]:
        drill[1] = _earlier(drill[1])  # [rung, day, ordered, wrong, close, faces]
    moved["climbed"] = _earlier(moved["climbed"])
    return moved
