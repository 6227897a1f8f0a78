"""The little deck and Addition War in a real browser (issue 12), in English and in Turkish.

A little-deck game never turns a jack, a queen or a king, and every ace on the table wears
"A = 1". An Addition War game shows two cards a seat with their sum in digits, and plays to its
end. The tables fit a phone, and axe finds nothing wrong on them.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from kidswar.game.cards import Card
from kidswar.game.rules import Deck
from kidswar.words.isolate import isolate

from .browserhelpers import (
    SIZES,
    VIEWPORTS,
    check_axe,
    is_over,
    next_battle,
    open_table,
    set_up_dealt,
    table,
    wait_for_battle_after,
)

FACES = {"J", "Q", "K"}
VALUES = {"A": 14, "J": 11, "Q": 12, "K": 13}  # the whole deck's; 2 to 10 as printed
BOUND = 6  # battles of `short_little_deck_game`
SUM = re.compile(r"^(\d+) \+ (\d+) = (\d+)$")

# What each seat shows face up, read from the page: its cards (rank and badge) as they lie in
# groups (the battle's, then each war round's), and the sum lines.
SHOWN = """() => Array.from(document.querySelectorAll("#table .seat"), (seat) => {
    const groups = Array.from(seat.querySelectorAll(".turned-cards"), (group) =>
        Array.from(group.querySelectorAll(".turned-card"), (card) => ({
            rank: card.querySelector("text.rank").textContent,
            badge: card.querySelector(".badge")?.textContent ?? null,
        })));
    return {groups: groups, cards: groups.flat(),
            sums: Array.from(seat.querySelectorAll(".sum-line"), (line) => line.textContent)};
})"""


def start(page: Page, lang: str, mode: str, **choices: str) -> None:
    """Start a game from a setup page in `lang`, choosing radios by value (any language)."""
    page.goto(f"/{lang}/{mode}")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for name, value in choices.items():
        if name == "limit-other":
            page.locator('input[name="limit"][value="other"]').check()
            page.locator("#limit-other").fill(value)
        else:
            page.locator(f'input[name="{name}"][value="{value}"]').check()
    page.locator("form.setup button.primary").click()
    expect(table(page)).to_have_attribute("data-next-battle", "1")
    page.wait_for_load_state("domcontentloaded")


def open_dealt(
    page: Page,
    app: Flask,
    lang: str,
    mode: str,
    hands: list[list[Card]] | list[list[str]],
    **choices: str,
) -> None:
    """A game as `start` would send its setup page in `lang` (`choices` over the page's own
    defaults), set up without drawing the form, given a known deal and shown."""
    open_table(page, set_up_dealt(page, app, hands, f"/{lang}/{mode}", **choices))
    expect(page.locator("html")).to_have_attribute("lang", lang)


def press(page: Page, action: str) -> None:
    """Press "Turn cards" (`all`) or "Play 10 battles" (`ten`) and wait for the table."""
    before = int(table(page).get_attribute("data-next-battle") or "0")
    page.locator(f'form.move:has(input[name="action"][value="{action}"]) button').click()
    wait_for_battle_after(page, before)


def shown(page: Page) -> list[dict[str, Any]]:
    """Each seat's face-up cards (rank and badge) and sum lines, as the page shows them."""
    seats: list[dict[str, Any]] = page.evaluate(SHOWN)
    return seats


# Seat 2's four cards; seat 1 has the other 36 of the little deck, an ace on top, then its
# tens and a nine.
SEAT_2 = ["2C", "AD", "3S", "2H"]
SEAT_1_TOP = ["AS", "10C", "10D", "10H", "10S", "9C"]


def short_little_deck_game() -> list[list[str]]:
    """The 40 cards of the little deck dealt for a game of six battles: seat 1 turns its ace
    and loses (the ace counts 1, under a 2), then its tens and nine beat seat 2's three cards
    left and the two it won (an ace among them), whatever order won cards are picked up in.
    Seat 2's aces are turned on the way; a whole random game (some 200 battles, twenty pages)
    showed nothing more, as only each tenth battle's cards were looked at."""
    rest = [str(card) for card in Deck.NUMBERS.cards if str(card) not in SEAT_1_TOP + SEAT_2]
    return [SEAT_1_TOP + rest, SEAT_2]


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_a_little_deck_game_turns_no_face_card_and_every_ace_counts_one(
    page: Page, live_app: Flask, lang: str
) -> None:
    page.set_viewport_size(VIEWPORTS["390x844"])
    open_dealt(page, live_app, lang, "easy", short_little_deck_game(), deck="numbers", time="off")
    press(page, "all")
    first = shown(page)[0]["cards"][0]
    assert first == {"rank": "A", "badge": "A = 1"}
    check_axe(page, f"a little-deck table with an ace ({lang})")
    expect(page.locator(".seat").nth(1).locator(".count")).to_have_text(
        re.compile(r"\b5\b")  # the ace counted 1: seat 2's 2 took it (as 14 it had won)
    )
    aces = 1
    for _click in range(BOUND):
        for seat in shown(page):
            for card in seat["cards"]:
                assert card["rank"] not in FACES, card
                assert card["badge"] == ("A = 1" if card["rank"] == "A" else None), card
                aces += card["rank"] == "A"
        if is_over(page):
            break
        press(page, "all")  # battle by battle: each one's cards are looked at
    assert is_over(page) and aces == 4 and next_battle(page) == 7  # AS twice, AD, AS again
    expect(page.locator("section.end .outcome")).not_to_be_empty()


def check_sums(seat: dict[str, Any]) -> list[int]:
    """Each group of cards a seat turned (two, or a last card alone) has its line, and the line
    adds them up: "3 + 4 = 7", or "7". Returns the seat's sums, the battle's first."""
    totals = []
    assert len(seat["sums"]) == len(seat["groups"]), seat
    for line, group in zip(seat["sums"], seat["groups"], strict=True):
        values = [VALUES.get(card["rank"]) or int(card["rank"]) for card in group]
        assert len(values) in (1, 2), seat
        expected = str(values[0]) if len(values) == 1 else f"{values[0]} + {values[1]} = "
        expected += str(sum(values)) if len(values) == 2 else ""
        assert line == expected, (line, values)
        totals.append(sum(values))
    return totals


@pytest.mark.parametrize("lang", ["en", "tr"])
def test_an_addition_war_game_played_to_its_end(page: Page, lang: str) -> None:
    page.set_viewport_size(VIEWPORTS["390x844"])
    start(page, lang, "full", variant="addition", **{"limit-other": "30"})
    expect(table(page)).to_have_class(re.compile(r"\bvariant-addition\b"))
    press(page, "all")
    battle = []
    for seat in shown(page):
        assert seat["groups"] and len(seat["groups"][0]) == 2, seat
        battle.append(check_sums(seat)[0])
    if not page.locator(".war-lay").count():  # the sums compared, the bigger first
        bigger, smaller = max(battle), min(battle)
        expect(page.locator(".said .symbol")).to_have_text(f"{bigger} > {smaller}")
    clicks = 0
    while not is_over(page):
        assert clicks < 4, "a game with a limit of 30 battles lasted longer"
        press(page, "ten")
        for seat in shown(page):
            check_sums(seat)
        clicks += 1
    end = page.locator("section.end")
    expect(end.locator(".outcome")).to_have_text(re.compile(r"\w.*[.!]$"))
    expect(end.locator("button.primary")).to_be_visible()  # "Play again"


@pytest.mark.parametrize("size", ["360x640", *VIEWPORTS])
def test_an_addition_war_and_its_war_fit_and_pass_axe(
    page: Page, live_app: Flask, size: str
) -> None:
    width, height = (int(number) for number in size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    # The worked example of docs/rules.md: 3 + 8 and 6 + 5 tie, then 5 + 2 against 4 + 9.
    worked = [["3C", "8D", "5H", "2S", "9C"], ["6C", "5D", "4S", "9H", "7D"]]
    open_dealt(page, live_app, "en", "full", worked, variant="addition", pickup="as-laid")
    press(page, "all")
    seats = shown(page)
    assert [seat["sums"] for seat in seats] == [
        ["3 + 8 = 11", "5 + 2 = 7"],
        ["6 + 5 = 11", "4 + 9 = 13"],
    ]
    expect(page.locator(".war-lay .backs .card")).to_have_count(0)
    for thing in (".war-up .card", ".sum-line", ".controls .primary"):
        for element in page.locator(thing).all():
            box = element.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (thing, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, (thing, box)
    check_axe(page, f"an Addition War table after a war ({size})")


def test_four_players_of_addition_war_fit_a_phone(page: Page, live_app: Flask) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    hands = [["AC", "8D", "5H"], ["6C", "5D", "4S"], ["2H", "3H", "7S"], ["4C", "4D", "AH"]]
    open_dealt(page, live_app, "en", "full", hands, variant="addition", deck="numbers", players="4")
    press(page, "all")
    assert [seat["sums"] for seat in shown(page)] == [
        ["1 + 8 = 9"],
        ["6 + 5 = 11"],
        ["2 + 3 = 5"],
        ["4 + 4 = 8"],
    ]
    expect(page.locator(".seat").first.locator(".badge")).to_have_text("A = 1")
    for thing in (".showing .card", ".sum-line", ".controls .primary"):
        for element in page.locator(thing).all():
            box = element.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360.5
            assert box["y"] >= 0 and box["y"] + box["height"] <= 640.5, (thing, box)
    assert page.evaluate("() => window.scrollY") == 0
    check_axe(page, "a 4-player Addition War table on a phone")


@pytest.mark.parametrize("size", SIZES)
def test_practice_with_sums_passes_axe(page: Page, live_app: Flask, size: str) -> None:
    page.set_viewport_size(VIEWPORTS[size])
    hands = [["3C", "4D", "9H", "2C"], ["6H", "AS", "5D", "7C"]]
    open_dealt(page, live_app, "en", "full", hands, variant="addition", practice="on")
    press(page, "all")
    expect(page.locator(".question-text")).to_have_text("Which sum is bigger?")
    # Its two cards, the seat's name isolated (FSI..PDI), the ace with the badge it wears.
    both = (
        f"Choose the sum of {isolate('Computer')}'s 6 of hearts and ace of spades (A = 14) (key 2)"
    )
    expect(page.get_by_role("button", name=both)).to_be_visible()
    # The sums are the question: the child adds, the page waits with "= ?".
    expect(page.locator(".seat .sum-line")).to_have_text(["3 + 4 = ?", "6 + 14 = ?"])
    signs = page.get_by_role("group", name="Choose the sign that goes between 3 + 4 and 6 + 14")
    expect(signs).to_be_visible()
    expect(page.locator(".signs .sign-number")).to_have_count(0)
    check_axe(page, f"an Addition War practice question ({size})")
    page.locator('button[value="gt"]').click()  # 7 > 20: wrong, so the line counts the hops
    expect(page.locator(".reply .strip-sum")).to_have_text(["3 + 4 = 7", "6 + 14 = 20"])
    expect(page.locator(".seat .sum-line")).to_have_text(["3 + 4 = 7", "6 + 14 = 20"])
    expect(page.locator(".reply .number-line")).to_be_visible()
    check_axe(page, f"an Addition War practice reply ({size})")


def overlapping_badges(page: Page, where: str) -> list[tuple[str, str]]:
    """The pairs of badges ("K = 13", "A = 14") in `where` whose boxes cross each other."""
    boxes = [
        (badge.text_content() or "", badge.bounding_box())
        for badge in page.locator(f"{where} .badge").all()
    ]
    crossing = []
    for number, (text, box) in enumerate(boxes):
        for other, other_box in boxes[number + 1 :]:
            assert box and other_box
            apart = (
                box["x"] + box["width"] <= other_box["x"]
                or other_box["x"] + other_box["width"] <= box["x"]
                or box["y"] + box["height"] <= other_box["y"]
                or other_box["y"] + other_box["height"] <= box["y"]
            )
            if not apart:
                crossing.append((text, other))
    return crossing


@pytest.mark.parametrize("size", ["360x640", "390x844", "1024x768"])
def test_two_badges_under_a_pair_never_cover_each_other(
    page: Page, live_app: Flask, size: str
) -> None:
    """A king and an ace side by side on a phone: "K = 13" and "A = 14" are wider than the two
    cards, so each must still be read whole, at the table and in the reply."""
    width, height = (int(n) for n in size.split("x"))
    page.set_viewport_size({"width": width, "height": height})
    hands = [["KC", "AD", "9H", "2C"], ["QH", "JS", "5D", "7C"]]
    open_dealt(page, live_app, "en", "full", hands, variant="addition", practice="on")
    press(page, "all")
    expect(page.locator(".seat .badge")).to_have_text(["K = 13", "A = 14", "Q = 12", "J = 11"])
    assert overlapping_badges(page, ".seat") == []
    page.locator('button[value="gt"]').click()  # 27 > 23: right
    expect(page.locator(".reply .badge")).to_have_text(["K = 13", "A = 14", "Q = 12", "J = 11"])
    assert overlapping_badges(page, ".reply") == []
    assert overlapping_badges(page, ".seat") == []
