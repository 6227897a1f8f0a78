"""The number line drawn after a wrong answer: short, counted, and safe under the CSP."""

import itertools
import re

import pytest

from kidswar.web.drawing.numberline_svg import MIN_TICKS, number_line_svg, span


@pytest.mark.parametrize(
    "values, expected",
    [
        ((4, 7), (3, 8)),
        ((2, 3), (1, 6)),
        ((13, 14), (10, 15)),
        ((2, 14), (1, 15)),
        ((7, 7), (5, 10)),
        ((12, 8, 10, 12), (7, 13)),
    ],
)
def test_the_line_shows_one_number_either_side(
    values: tuple[int, ...], expected: tuple[int, int]
) -> None:
    low, high = span(values)
    assert (low, high) == expected and high - low + 1 >= MIN_TICKS
    assert low <= min(values) - (min(values) > 1) and high >= max(values) + 1


def test_the_line_marks_the_cards_and_counts_the_hops() -> None:
    svg = number_line_svg((4, 7), 'A number line "with" marks')
    assert svg.startswith("<svg") and 'role="img"' in svg
    assert 'aria-label="A number line &quot;with&quot; marks"' in svg
    assert svg.count('class="hop"') == 3 and svg.count('class="mark"') == 2
    assert [int(n) for n in re.findall(r">(\d+)</text>", svg)] == list(range(3, 9))
    assert "style" not in svg and " id=" not in svg


def test_face_cards_are_lettered_over_their_numbers() -> None:
    svg = number_line_svg((13, 7), "label")
    assert ">K</text>" in svg and ">7</text>" in svg
    assert ">J</text>" not in number_line_svg((4, 7), "label")


def test_two_digit_numbers_are_as_big_as_one_digit_ones() -> None:
    """A child reads 10 11 12 as easily as 8 and 9: every number under the line one size, and
    two-digit numbers never touching (two bold digits are about 1.15 of the size wide)."""
    svg = number_line_svg((8, 12), "label")
    numbers = re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="(\d+)"[^>]*>(\d+)</text>', svg)
    assert [int(n) for _x, _size, n in numbers] == list(range(7, 14))
    sizes = {int(size) for _x, size, _n in numbers}
    assert len(sizes) == 1
    xs = [float(x) for x, _size, _n in numbers]
    assert min(b - a for a, b in itertools.pairwise(xs)) > 1.15 * sizes.pop()
