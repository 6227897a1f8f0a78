"""A `Context` for calling the web's services directly, without Flask (their tests)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kidswar.settings import Settings
from kidswar.storage.database import connect, create
from kidswar.web.services.context import Context
from kidswar.words.catalogs import load


class MovableClock:
    """The server's time for a test: it moves only when told."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def service_context(
    tmp_path: Path,
    clock: MovableClock | None = None,
    settings: Settings | None = None,
    lang: str = "en",
) -> Context:
    """A request's context on a new SQLite database in `tmp_path`: seeds 1, 2, 3..., addresses
    named after their endpoint, no speech clips."""
    path = str(tmp_path / "kidswar.sqlite")
    create(path)

    def url(endpoint: str, **values: Any) -> str:
        return "/" + endpoint + "".join(f"/{value}" for value in values.values())

    def clips(lang: str, keys: Sequence[str]) -> list[str]:
        return []

    return Context(
        db=connect(path),
        clock=clock or MovableClock(),
        settings=settings or Settings(),
        t=load(lang),
        locale=lang,
        seed=itertools.count(1).__next__,
        url=url,
        clips=clips,
    )
