"""What a service needs from its request (kidswar/web/services/context.py), as the services'
tests build it (services_support.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from services_support import MovableClock, service_context

from kidswar.web.services.context import Context


def test_now_is_the_contexts_clock_in_seconds(tmp_path: Path) -> None:
    clock = MovableClock(1_000.0)
    context = service_context(tmp_path, clock)
    assert isinstance(context, Context)
    assert context.now() == 1_000.0
    clock.advance(2.5)
    assert context.now() == 1_002.5


def test_now_is_a_float_whatever_the_clock_gives(tmp_path: Path) -> None:
    whole = dataclasses.replace(service_context(tmp_path), clock=lambda: 7)
    assert whole.now() == 7.0
    assert isinstance(whole.now(), float)


def test_each_request_keeps_rounds_of_its_own(tmp_path: Path) -> None:
    first = service_context(tmp_path)
    third = Context(
        first.db, first.clock, first.settings, first.t, "en", first.seed, first.url, first.clips
    )
    first.rounds["K7HQX4MP"] = None
    assert third.rounds == {}
