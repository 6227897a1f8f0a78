"""A class round's results as CSV (kidswar/web/services/results_csv.py), called directly: what a
spreadsheet would run as a formula is written as text, and the lines are RFC 4180's."""

from __future__ import annotations

import csv
import io

import pytest

from kidswar.web.services.results_csv import csv_text, safe_cell


@pytest.mark.parametrize("typed", ["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx"])
def test_a_cell_that_would_start_a_formula_is_kept_as_text(typed: str) -> None:
    assert safe_cell(typed) == "'" + typed


def test_numbers_and_plain_names_are_left_as_they_are() -> None:
    assert safe_cell(7) == 7
    assert safe_cell("Red table") == "Red table"
    assert safe_cell("Ada-Lou") == "Ada-Lou"  # a dash inside is not a formula


def test_the_rows_read_back_as_written_with_crlf_line_ends() -> None:
    text = csv_text([["Table", "Right"], ["=HYPERLINK(1)", 3], ['Say "hi", Ada', 0]])
    assert text.endswith("\r\n") and text.count("\r\n") == 3
    rows = list(csv.reader(io.StringIO(text)))
    assert rows == [["Table", "Right"], ["'=HYPERLINK(1)", "3"], ['Say "hi", Ada', "0"]]
