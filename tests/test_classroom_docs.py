"""docs/classroom.md says the join arithmetic, and its figures are the code's (issue 33)."""

from __future__ import annotations

from pathlib import Path

from kidswar.game.class_round import MAX_TABLES
from kidswar.settings import Settings

DOC = Path(__file__).resolve().parent.parent / "docs" / "classroom.md"


def test_the_doc_states_the_caps_the_code_has() -> None:
    rows = {
        line.split("|")[1].strip(): line.split("|")[2].strip()
        for line in DOC.read_text().splitlines()
        if line.startswith("| ") and not line.startswith("| Limit")
    }
    settings = Settings()
    assert rows["tables in a round, however they joined"] == str(MAX_TABLES)
    assert rows["tables one device makes in a round"] == str(settings.class_tables_per_device)
    typed = rows["new tables a minute per address, by a typed code"]
    assert typed == str(settings.class_joins_per_minute)
    assert rows["new tables a minute per address, by the projector's QR code"] == "not counted"
    wrong = rows["wrong codes a minute per address"]
    assert wrong == str(settings.class_wrong_codes_per_minute)
