"""The progress page's children (kidswar/web/services/progress_view.py): read from a body,
checked, refused with a reason, and drawn for the adult."""

from __future__ import annotations

import json
import random
from datetime import date
from typing import Any

import pytest

from kidswar.game.ladder import LADDER
from kidswar.game.progress import VERSION, Progress
from kidswar.web.services.progress_view import (
    MAX_BODY,
    MOST_CHILDREN,
    ChildEntry,
    ChildrenRefusal,
    ChildrenRefused,
    child_view,
    read_children,
    refusal_message,
)
from kidswar.words.catalogs import load
from kidswar.words.levels import level_names

EN = load("en")
TODAY = date(2026, 12, 6)


def body(*children: dict[str, Any]) -> bytes:
    """A progress page's POST body holding these children."""
    return json.dumps({"children": list(children)}).encode()


def test_the_children_of_a_device_are_read_in_order() -> None:
    progress = Progress(rung="close").to_json()
    entries = read_children(
        body(
            {"id": "c1", "animal": "cat", "name": " Ada ", "progress": progress},
            {"id": "nope", "animal": "owl"},
        )
    )
    assert entries == (
        ChildEntry("c1", "cat", "Ada", Progress(rung="close")),
        ChildEntry("", "owl", "", None),  # an id not as the device names them: none
    )


@pytest.mark.parametrize(
    ("sent", "reason"),
    [
        (b"x" * (MAX_BODY + 1), ChildrenRefusal.TOO_BIG),
        (b"{", ChildrenRefusal.MALFORMED),
        (b"\xff", ChildrenRefusal.MALFORMED),
        (b'{"kids": []}', ChildrenRefusal.MALFORMED),
        (body(*[{"animal": "cat"}] * (MOST_CHILDREN + 1)), ChildrenRefusal.TOO_MANY),
        (body({"animal": "lion"}), ChildrenRefusal.MALFORMED),
        (body({"animal": "cat", "name": "x" * 21}), ChildrenRefusal.NAME),
        (body({"animal": "cat", "progress": {"v": VERSION + 1}}), ChildrenRefusal.NEWER),
        (body({"animal": "cat", "progress": []}), ChildrenRefusal.MALFORMED),
        (
            body({"animal": "cat", "progress": Progress().to_json() | {"asked": -1}}),
            ChildrenRefusal.OUT_OF_RANGE,
        ),
    ],
)
def test_a_body_that_is_not_the_children_of_a_device_is_refused_saying_why(
    sent: bytes, reason: ChildrenRefusal
) -> None:
    with pytest.raises(ChildrenRefused) as refused:
        read_children(sent)
    assert refused.value.reason is reason


def test_each_refusal_has_its_own_sentence_and_changes_nothing() -> None:
    sentences = [refusal_message(reason, EN) for reason in ChildrenRefusal]
    assert len(set(sentences)) == len(ChildrenRefusal)
    assert all(sentence.endswith("Nothing was changed.") for sentence in sentences)


def test_a_new_child_is_on_the_first_level_with_nothing_played() -> None:
    view = child_view(ChildEntry("c1", "fox", "", None), EN, "en", TODAY)
    assert view.label == "Fox"
    assert view.level == level_names(EN)[LADDER[0].name]
    assert [level.state for level in view.levels] == ["now"] + ["ahead"] * (len(LADDER) - 1)
    assert (view.total, view.chart, view.days, view.hard) == (None, None, (), ())


def test_a_childs_days_total_and_levels_learned() -> None:
    day = TODAY.toordinal()
    progress = Progress(rung="to-ten", reached=("first-five",))
    rng = random.Random(1)
    progress = progress.record((2, 9), True, day, rng).record((6, 7), False, day, rng)
    view = child_view(ChildEntry("c2", "cat", "Ada", progress), EN, "en", TODAY)
    assert [level.state for level in view.levels][:3] == ["learned", "now", "ahead"]
    assert view.total == "1 of 2 answers right in all"
    assert view.chart is not None
    (line,) = view.days
    assert line.text == f"{line.date}: 1 of 2 answers right"


def test_a_pair_to_try_again_is_a_choice_and_a_tie_is_no_choice() -> None:
    day, rng = TODAY.toordinal(), random.Random(2)
    close = Progress(rung="to-ten").record((7, 8), False, day, rng)
    tie = Progress(rung="to-ten").record((4, 4), False, day, rng)
    sums = Progress(rung="adding").record((1, 2, 3, 4), False, day, rng)
    texts = [
        child_view(ChildEntry("", "cat", "", progress), EN, "en", TODAY).hard[0].text
        for progress in (close, tie, sums)
    ]
    # A miss comes back with its sides swapped (kidswar/game/progress.py).
    assert texts == ["8 or 7", "4 and 4", "3 + 4 or 1 + 2"]


def stored(*children: dict[str, Any]) -> bytes:
    """The progress page's POST of the children its device keeps."""
    return json.dumps({"children": list(children), "stored": True}).encode()


@pytest.mark.parametrize(
    ("progress", "reason"),
    [
        ({"v": VERSION + 1}, ChildrenRefusal.NEWER),
        (Progress().to_json() | {"asked": -1}, ChildrenRefusal.OUT_OF_RANGE),
        ("not a progress", ChildrenRefusal.MALFORMED),
    ],
)
def test_a_stored_progress_that_cannot_be_read_is_drawn_beside_the_others(
    progress: Any, reason: ChildrenRefusal
) -> None:
    good = {"id": "c1", "animal": "fox", "name": "Ada", "progress": Progress().to_json()}
    bad = {"id": "c2", "animal": "owl", "name": "Bo", "progress": progress}
    first, second = read_children(stored(good, bad))
    assert first.refused is None and first.progress == Progress()
    assert second.refused is reason and second.progress is None and second.name == "Bo"
    view = child_view(second, EN, "en", TODAY)
    assert view.refused and view.refused != refusal_message(reason, EN)  # not a file's words
    with pytest.raises(ChildrenRefused):  # a file to bring in is refused for it, as before
        read_children(body(good, bad))


def test_a_progress_kept_back_as_too_big_is_refused_alone() -> None:
    (entry,) = read_children(stored({"animal": "cat", "tooBig": True, "progress": None}))
    assert entry.refused is ChildrenRefusal.TOO_BIG
    with pytest.raises(ChildrenRefused):
        read_children(body({"animal": "cat", "tooBig": True}))


def test_a_stored_child_that_is_not_one_of_ours_still_refuses_the_body() -> None:
    with pytest.raises(ChildrenRefused):
        read_children(stored({"animal": "unicorn", "progress": None}))


@pytest.mark.parametrize(
    ("saved", "line"),
    [
        ("2026-12-03", "Last saved to a file: December 3"),
        ("2025-05-01", "Last saved to a file: May 1, 2025"),
        (None, "Last saved to a file: never"),
        ("2026-13-45", "Last saved to a file: never"),  # not a date: as never
        ("yesterday", "Last saved to a file: never"),
    ],
)
def test_the_day_last_saved_to_a_file_is_said(saved: Any, line: str) -> None:
    (entry,) = read_children(stored({"animal": "cat", "saved": saved}))
    assert child_view(entry, EN, "en", TODAY).saved == line


def test_a_progress_put_aside_by_the_drill_is_said() -> None:
    (entry,) = read_children(stored({"animal": "cat", "aside": True}))
    assert child_view(entry, EN, "en", TODAY).aside


def test_a_child_who_keeps_missing_is_pointed_out() -> None:
    rng = random.Random(3)
    progress = Progress(rung="to-ten")
    for _ in range(20):
        progress = progress.record((2, 9), False, TODAY.toordinal(), rng)
    entry = ChildEntry("c1", "cat", "", progress)
    assert child_view(entry, EN, "en", TODAY).keeps_missing
    assert not child_view(ChildEntry("c1", "cat", "", Progress()), EN, "en", TODAY).keeps_missing
