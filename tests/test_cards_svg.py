"""The SVG cards: well-formed, accessible, CSP-safe, and with the right number of pips."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from kidswar.game.cards import CARDS, Card, Rank, Suit
from kidswar.web.drawing.cards_svg import card_back_svg, card_svg, counted_pips_svg, empty_pile_svg

SVG_XMLNS = 'xmlns="http://www.w3.org/2000/svg"'


def parse(svg: str) -> ET.Element:
    """Parse one SVG string as XML, failing the test if it is not well-formed."""
    return ET.fromstring(svg)


def classes(element: ET.Element) -> set[str]:
    """The CSS classes on an element."""
    return set(element.get("class", "").split())


def pip_count(root: ET.Element) -> int:
    """How many elements carry the class `pip`."""
    return sum("pip" in classes(element) for element in root.iter())


def assert_csp_safe(svg: str) -> None:
    """No inline styles and no URL other than the SVG namespace."""
    assert "style=" not in svg
    assert "<style" not in svg
    assert "http" not in svg.replace(SVG_XMLNS, "")
    assert "url(" not in svg


@pytest.mark.parametrize("card", CARDS, ids=str)
def test_every_card_renders(card: Card) -> None:
    svg = card_svg(card, f"label {card}")
    root = parse(svg)
    assert root.tag.endswith("svg")
    assert root.get("role") == "img"
    assert root.get("aria-label") == f"label {card}"
    assert root.get("focusable") == "false"
    assert root.get("viewBox") == "0 0 250 350"
    assert_csp_safe(svg)
    if card.rank == Rank.ACE:
        assert pip_count(root) == 1
    elif card.rank <= Rank.TEN:
        assert pip_count(root) == card.rank.value
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS)
    assert "card" in classes(root)
    assert ("card-red" if red else "card-black") in classes(root)
    assert ("card-black" if red else "card-red") not in classes(root)


def test_label_is_escaped() -> None:
    label = 'Seven <of> "hearts" & more'
    svg = card_svg(Card.parse("7H"), label)
    assert "<of>" not in svg and "& more" not in svg
    assert parse(svg).get("aria-label") == label
    back = card_back_svg(label, "P")
    empty = empty_pile_svg(label)
    assert parse(back).get("aria-label") == label
    assert parse(empty).get("aria-label") == label


def test_every_card_looks_different() -> None:
    assert len({card_svg(card, "x") for card in CARDS}) == len(CARDS)


def test_suits_are_different_shapes() -> None:
    shapes = set()
    for suit in Suit:
        root = parse(card_svg(Card(Rank.ACE, suit), "ace"))
        shapes.add(next(e.get("d") for e in root.iter() if "pip" in classes(e)))
    assert len(shapes) == 4


def test_back_with_letter() -> None:
    svg = card_back_svg("face-down card", "P")
    root = parse(svg)
    assert "card-back" in classes(root)
    assert root.get("role") == "img"
    assert "P" in "".join(root.itertext())
    assert pip_count(root) == 0
    assert_csp_safe(svg)


def test_back_without_letter() -> None:
    svg = card_back_svg("face-down card")
    root = parse(svg)
    assert "".join(root.itertext()).strip() == ""
    assert_csp_safe(svg)


def test_back_letter_is_escaped() -> None:
    root = parse(card_back_svg("x", "<"))
    assert "<" in "".join(root.itertext())


def test_empty_pile() -> None:
    svg = empty_pile_svg("no cards left")
    root = parse(svg)
    assert "card-empty" in classes(root)
    assert root.get("role") == "img"
    assert "stroke-dasharray" in svg
    assert_csp_safe(svg)


@pytest.mark.parametrize("rank", [rank for rank in Rank if Rank.TWO <= rank <= Rank.TEN], ids=str)
def test_the_lower_spades_stand_upright_and_the_other_suits_turn(rank: Rank) -> None:
    """Turned, a spade is a heart with a thin stem, which a phone-sized card loses: the lower
    spades stand upright. The other suits' lower pips turn, as on real cards."""
    for suit in Suit:
        pips = [e for e in parse(card_svg(Card(rank, suit), "x")).iter() if "pip" in classes(e)]
        turned = [pip for pip in pips if "rotate(180)" in pip.get("transform", "")]
        lower = [pip for pip in pips if float(pip.get("transform", "").split()[1][:-1]) > 180]
        if suit is Suit.SPADES:
            assert not turned
        else:
            assert lower and turned == lower


@pytest.mark.parametrize(
    ("card", "groups"),
    [
        ("3H", [3]),
        ("4S", [4]),
        ("5D", [4, 1]),
        ("6C", [3, 3]),
        ("7H", [4, 3]),
        ("8S", [4, 4]),
        ("9D", [4, 4, 1]),
        ("10C", [4, 4, 2]),
    ],
)
def test_pips_to_count_are_ringed_in_groups_seen_at_a_glance(card: str, groups: list[int]) -> None:
    # Clements 1999 (docs/learning.md): up to four at a glance, 7 as 4 + 3 and 8 as 4 + 4

    drawn = Card.parse(card)
    svg = counted_pips_svg(card_svg(drawn, "a card"), drawn.rank)
    found = Counter(re.findall(r'class="pip counted" data-group="(\d)"', svg))
    assert [found[group] for group in sorted(found)] == groups
