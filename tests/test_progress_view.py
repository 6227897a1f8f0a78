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
