"""The table draws the same on fixed deals as it did before its rendering was made cheaper
(issue 24): every page, fragment and move's answer of `table_scenes`, in every language, equal to
the snapshot recorded from the old code (Spanish and French later; the script that records it,
`tests/data/make_table_snapshots.py`, says how and when)."""

from __future__ import annotations

import difflib
import gzip
import json
from pathlib import Path

import pytest
from table_scenes import drawn

SNAPSHOT = Path(__file__).parent / "data" / "table-snapshots.json.gz"


@pytest.fixture(scope="module")
def recorded() -> dict[str, str]:
    return dict(json.loads(gzip.decompress(SNAPSHOT.read_bytes())))


def test_every_table_answer_is_the_recorded_one(recorded: dict[str, str], tmp_path: Path) -> None:
    answers = drawn(tmp_path)
    assert sorted(answers) == sorted(recorded)
    for key, text in answers.items():
        if text != recorded[key]:
            diff = difflib.unified_diff(
                recorded[key].splitlines(), text.splitlines(), "recorded", "now", lineterm="", n=1
            )
            pytest.fail(f"{key} differs:\n" + "\n".join(list(diff)[:40]))
