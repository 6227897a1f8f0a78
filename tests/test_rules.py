"""The presets (kidswar/game/rules.py): each described once, and nothing it needs missing.

A variant is a member of `Variant` with its `VariantDescriptor`; the rest is drawn from it. These
tests fail while a variant lacks its content page, its length estimate or its row in the
contract's preset table (docs/rules.md); test_variant_names, while it lacks a name there or in a
catalog."""

from __future__ import annotations

from pathlib import Path

import pytest

from kidswar.game.rules import DESCRIPTORS, PRESETS, Variant
from kidswar.words import variant_names
from kidswar.words.catalogs import load
from kidswar.words.content import PAGES, content_dir, page
from kidswar.words.estimates import estimate
from kidswar.words.game_length import estimate_sentences


def test_every_variant_has_one_descriptor_and_the_pages_offer_them_all() -> None:
    assert set(DESCRIPTORS) == set(Variant) and tuple(Variant) == PRESETS
    assert tuple(variant.page for variant in Variant) == PAGES
    assert len(set(PAGES)) == len(PAGES)  # one page each


@pytest.mark.parametrize("variant", list(Variant), ids=lambda variant: variant.value)
def test_a_variant_has_its_content_page(variant: Variant) -> None:
    assert Path(content_dir() / f"{variant.page}.toml").is_file()
    shown = page(variant.page, load("en"))
    assert shown.title and shown.sections


@pytest.mark.parametrize("variant", list(Variant), ids=lambda variant: variant.value)
def test_a_variant_has_its_estimate(variant: Variant) -> None:
    figures = estimate(variant.value, 2)
    assert figures.variant == variant.value and figures.games > 0
    battles, _minutes = estimate_sentences(figures, load("en"), "en")
    assert variant_names.length_sentence(variant.value, 2, load("en")).split(" with ")[0] in battles


def preset_table() -> dict[str, list[str]]:
    """docs/rules.md's table of presets: each row's cells after the preset's name, by name."""
    rules_md = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text("utf-8")
    table = rules_md.split("## Variants (presets)\n", 1)[1].split("\n\n", 1)[0]
    rows = [line.strip("|").split(" | ") for line in table.splitlines() if line.startswith("| `")]
    return {cells[0].strip("` "): cells[1:] for cells in rows}


def test_the_contracts_preset_table_agrees_with_the_descriptors() -> None:
    # The contract (docs/rules.md) is written by hand: a variant added, or a count changed,
    # in the descriptors alone would leave it saying another game.
    table = preset_table()
    assert list(table) == [variant.value for variant in Variant]
    for variant in Variant:
        who_takes, face_down, _notes = table[variant.value]
        assert int(face_down.split()[0]) == variant.face_down, variant
        assert who_takes.startswith("lowest" if variant.lowest_wins else "highest"), variant
