"""The views the table's templates read (kidswar/web/services/table_views.py): frozen and
typed, so a misspelled name fails where the view is made instead of drawing a blank."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from services_support import service_context

from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.web.services.games import find_game, start_game
from kidswar.web.services.table_cards import Showing
from kidswar.web.services.table_views import PracticeView, SeatView, TableView
from kidswar.web.services.views import table_page
from kidswar.words.kind_words import NO_END


def new_table(tmp_path: Path) -> TableView:
    """The view of a new table of Ada against the computer, as `views.table_page` makes it."""
    ctx = service_context(tmp_path)
    setup = TableSetup("easy", (Seat("Ada", False), Seat("", True)), Rules())
    view = table_page(ctx, find_game(ctx, start_game(ctx, setup)))["view"]
    assert isinstance(view, TableView)
    return view


def test_a_view_cannot_be_changed_once_made(tmp_path: Path) -> None:
    view = new_table(tmp_path)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.over = True  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seats[0].count = 0  # type: ignore[misc]
    changed = dataclasses.replace(view, over=True)  # a new view, the old one as it was
    assert changed.over and not view.over


def test_a_misspelled_name_fails_where_the_view_is_made() -> None:
    with pytest.raises(TypeError):
        SeatView(0, "Ada", False, 26, Showing((), None), True, False, anmial=None)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        PracticeView(answer_url="/answer", questoin=None)  # type: ignore[call-arg]


def test_what_a_table_view_holds_before_any_battle_or_practice(tmp_path: Path) -> None:
    view = new_table(tmp_path)
    assert (view.said, view.outcome_said, view.practice, view.asking) == ((), None, None, False)
    assert view.end == NO_END
    assert [seat.animal for seat in view.seats] == [None, None]  # no child's picture
    assert PracticeView("/answer") == PracticeView("/answer", None, None, None)
