"""Names isolated in plain-text sentences (kidswar/words/isolate.py)."""

from __future__ import annotations

import unicodedata

from kidswar.words.isolate import FSI, PDI, isolate


def test_a_name_is_wrapped_in_first_strong_and_pop_directional_isolate() -> None:
    assert unicodedata.name(FSI) == "FIRST STRONG ISOLATE"
    assert unicodedata.name(PDI) == "POP DIRECTIONAL ISOLATE"
    assert isolate("مرحبا") == f"{FSI}مرحبا{PDI}"
    said = f"Game 1: {isolate('مرحبا')} won."
    assert said.startswith("Game 1: ") and said.endswith(" won.")  # the sentence is kept
