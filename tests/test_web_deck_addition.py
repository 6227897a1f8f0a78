"""The pages with the little deck and Addition War (issue 12): chosen on every setup form,
carried into the game's rules, and drawn at the table.

The little deck is the 40 cards ace to 10, the ace counting 1: no jack, queen or king is ever
drawn, and every ace on the table wears "A = 1", practice or not. In Addition War each seat
turns two cards and shows their sum in digits ("3 + 4 = 7") under them; a war lays no card
face down. Tables are given known deals (tests/deals.py), so every card drawn is known.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from classroom_support import create_round, join
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import (
    FULL_FORM,
    as_read,
    count_rows,
    invalid_fields,
    move,
    post,
    start_easy,
    start_full,
)

from kidswar.game.rules import Deck, Variant
from kidswar.storage.database import connect
from kidswar.storage.games import load_game
from kidswar.words import estimates

DECK = "Choose which cards to play with."
BAD_DECKS = ["", "small", "Numbers", "numbers ", "40", "full,numbers"]
FACES = re.compile(r'aria-label="(jack|queen|king) of')


def rules_of(app: Flask, table: str):  # type: ignore[no-untyped-def]
    """The rules of the game behind a table address."""
    stored = load_game(connect(app.config["DATABASE"]), table.rsplit("/", 1)[1])
    assert stored is not None
    return stored.setup.rules


def deal(app: Flask, table: str, hands: list[list[str]]) -> None:
    """Give the game at `table` a known deal, before its first battle."""
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], hands)


def play(client: FlaskClient, table: str, action: str, battle: int, seat: str = "") -> str:
    """Make a move at the table (one seat's turn, or everyone's), then return the table page."""
    moved = (
        move(client, table, action, battle, seat=seat)
        if seat
        else move(client, table, action, battle)
    )
    assert moved.status_code == 303
    return str(client.get(table).get_data(as_text=True))


def seats(page: str) -> list[str]:
    """Each seat's part of a table page, in seat order."""
    board = page[page.index('<ol class="seats') : page.index('<div class="said"')]
    return re.split(r'<li class="seat[ "]', board)[1:]


def turned(seat: str) -> list[tuple[str, str | None]]:
    """The cards a seat shows face up (battle and war cards), each with its badge, in order."""
    found = re.findall(
        r'<span class="turned-card"><svg[^>]*aria-label="([^"]+)".*?</svg>'
        r'(?:<span class="badge">([^<]*)</span>)?</span>',
        seat,
        re.S,
    )
    return [(html.unescape(label), badge or None) for label, badge in found]


def sums(seat: str) -> list[str]:
    """The digit lines of a seat's sums ("3 + 4 = 7"), battle first, then each war round."""
    return re.findall(r'<p class="sum-line">([^<]*)</p>', seat)


# The forms


@pytest.mark.parametrize("url", ["/en/easy", "/en/full", "/en/class/"])
def test_every_setup_form_offers_both_decks_the_whole_one_chosen(
    client: FlaskClient, url: str
) -> None:
    """The whole deck is chosen, except on the easy page: there the little deck, as the easy
    rules' own tip says, for the youngest (issue 22)."""
    page = client.get(url).get_data(as_text=True)
    assert "Which cards?" in page
    chosen, other = ("numbers", "full") if url == "/en/easy" else ("full", "numbers")
    assert re.search(rf'name="deck" value="{chosen}"\s*checked', page)
    assert re.search(rf'name="deck" value="{other}"\s*>', page)
    assert page.count('name="deck" value=') == 2
    if url == "/en/easy":  # said for a parent
        assert "All the cards" in page and "The little deck: ace to 10, the ace counts 1" in page
    else:
        assert "All 52 cards" in page and "Ace to 10, no face cards (the ace counts 1)" in page
    if url != "/en/easy":  # the easy game is always War
        assert 'name="variant" value="addition"' in page
        assert "Addition War: turn two cards each, the bigger sum wins" in page


def test_the_full_form_plays_addition_war_with_either_deck(client: FlaskClient, app: Flask) -> None:
    for deck in Deck:
        rules = rules_of(app, start_full(client, variant="addition", deck=deck.value))
        assert (rules.variant, rules.deck) == (Variant.ADDITION, deck)
    little_peace = rules_of(app, start_full(client, variant="peace", deck="numbers", players="3"))
    assert (little_peace.variant, little_peace.deck, little_peace.players) == (
        Variant.PEACE,
        Deck.NUMBERS,
        3,
    )
    # A page drawn before the deck could be chosen sends none: the whole deck, as then.
    assert rules_of(app, start_full(client)).deck is Deck.FULL


def test_the_easy_form_plays_war_with_the_little_deck(client: FlaskClient, app: Flask) -> None:
    rules = rules_of(app, start_easy(client, deck="numbers", time="off"))
    assert (rules.variant, rules.deck, rules.players) == (Variant.STANDARD, Deck.NUMBERS, 2)
    assert rules_of(app, start_easy(client)).deck is Deck.FULL


@pytest.mark.parametrize("deck", BAD_DECKS)
@pytest.mark.parametrize(
    ("url", "form"),
    [
        ("/en/easy", {"who": "computer"}),
        ("/en/full", FULL_FORM),
        ("/en/full", {**FULL_FORM, "variant": "addition"}),
    ],
)
def test_a_deck_the_forms_do_not_offer_is_refused(
    client: FlaskClient, app: Flask, url: str, form: dict[str, str], deck: str
) -> None:
    response = post(client, url, {**form, "deck": deck}, page=url)
    page = response.get_data(as_text=True)
    assert response.status_code == 400, page
    assert invalid_fields(page) == ["deck"]
    assert f'id="deck-error">{DECK}</p>' in page and f"<li>{DECK}</li>" in page
    assert count_rows(app, "games") == 0


def test_a_refused_deck_is_said_in_the_pages_language(client: FlaskClient, app: Flask) -> None:
    response = post(client, "/tr/full", {**FULL_FORM, "deck": "small"}, page="/tr/full")
    assert response.status_code == 400
    assert "Hangi kartlarla oynanacağını seç." in response.get_data(as_text=True)


@pytest.mark.parametrize("deck", BAD_DECKS)
def test_a_class_round_refuses_a_deck_it_does_not_offer(
    client: FlaskClient, app: Flask, deck: str
) -> None:
    form = {"time": "10", "variant": "addition", "players": "2", "who": "children", "deck": deck}
    response = post(client, "/en/class/", form, page="/en/class/")
    page = response.get_data(as_text=True)
    assert response.status_code == 400, page
    assert invalid_fields(page) == ["deck"] and f'id="deck-error">{DECK}</p>' in page
    assert count_rows(app, "rounds") == 0


def test_a_class_round_of_addition_war_with_the_little_deck_deals_those_games(
    client: FlaskClient, app: Flask
) -> None:
    _teacher, code = create_round(client, variant="addition", deck="numbers", players="3")
    settings = connect(app.config["DATABASE"]).execute("SELECT settings FROM rounds").fetchone()
    assert json.loads(settings[0])["deck"] == "numbers"
    for _table in range(2):
        _device, table = join(app, code, **{"table-name": "Owls", "name-1": "Ana"})
        rules = rules_of(app, table)
        assert (rules.variant, rules.deck, rules.players) == (Variant.ADDITION, Deck.NUMBERS, 3)
        assert rules.time_limit_minutes == 10


# The estimates


def test_the_estimates_differ_by_deck() -> None:
    for variant in ("standard", "addition"):
        full = estimates.estimate(variant, 2)
        little = estimates.estimate(variant, 2, deck="numbers")
        assert (full.deck, little.deck) == ("full", "numbers")
        assert little.median < full.median  # 40 cards are won sooner than 52
        assert estimates.estimate(variant, 2, 1000, "numbers") is little  # kept by deck too
    with pytest.raises(ValueError):
        estimates.estimate("standard", 2, deck="small")


def test_the_estimate_endpoint_and_the_full_page_take_the_deck(client: FlaskClient) -> None:
    query = "/en/estimate?variant=addition&players=2"
    full = client.get(query).get_json()["html"]
    little = client.get(f"{query}&deck=numbers").get_json()["html"]
    assert "A game of Addition War with 2 players usually lasts" in little
    assert full != little and client.get(f"{query}&deck=full").get_json()["html"] == full
    for deck in BAD_DECKS:
        assert client.get(f"{query}&deck={deck}").status_code == 400
    # A refused form draws the figures of what was sent, the deck included.
    sent = {**FULL_FORM, "variant": "addition", "deck": "numbers", "name-1": "A" * 21}
    page = post(client, "/en/full", sent, page="/en/full").get_data(as_text=True)
    assert re.sub(r"\s+", " ", little.split("<figure")[0]) in re.sub(r"\s+", " ", page)


# The table


def test_a_little_deck_game_shows_no_face_card_and_every_ace_counts_one(
    client: FlaskClient, app: Flask
) -> None:
    table = start_easy(client, deck="numbers", time="off")
    page = client.get(table).get_data(as_text=True)
    assert not FACES.search(page)
    deal(app, table, [["AC", "5D", "9H", "2C"], ["7H", "AS", "5C", "3D"]])
    page = play(client, table, "all", 1)
    first, second = seats(page)
    assert turned(first) == [("ace of clubs", "A = 1")]
    assert turned(second) == [("7 of hearts", None)]
    page = play(client, table, "all", 2)
    assert turned(seats(page)[1]) == [("ace of spades", "A = 1")]
    assert page.count('<span class="badge">') == 1 and sums(page) == []
    dealt = start_easy(client, deck="numbers", time="off")  # as the server deals it
    stored = load_game(connect(app.config["DATABASE"]), dealt.rsplit("/", 1)[1])
    assert stored is not None
    dealt_cards = [card for hand in stored.game.hands for card in hand]
    assert len(dealt_cards) == 40 and set(dealt_cards) == set(Deck.NUMBERS.cards)
    for _ in range(3):  # up to 30 battles, fewer when a short little-deck game ends first
        game = load_game(connect(app.config["DATABASE"]), dealt.rsplit("/", 1)[1])
        assert game is not None
        if game.game.is_over:
            break
        page = play(client, dealt, "ten", game.game.battles + 1)
        assert not FACES.search(page) and "turned-card" in page


def test_the_whole_deck_keeps_its_badges_for_practice(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client, time="off")
    deal(app, table, [["AC", "5D"], ["KH", "9S"]])
    page = play(client, table, "all", 1)
    assert [turned(seat) for seat in seats(page)] == [
        [("ace of clubs", None)],
        [("king of hearts", None)],
    ]
    practising = start_easy(client, time="off", practice="on")
    deal(app, practising, [["AC", "5D"], ["KH", "9S"]])
    page = play(client, practising, "all", 1)
    assert [turned(seat) for seat in seats(page)] == [
        [("ace of clubs", "A = 14")],
        [("king of hearts", "K = 13")],
    ]


def test_an_addition_war_table_shows_two_cards_and_their_sum_a_seat(
    client: FlaskClient, app: Flask
) -> None:
    table = start_full(client, variant="addition", pickup="as-laid")
    deal(app, table, [["3C", "4D", "9H", "2C"], ["6H", "5S", "5D", "7C"]])
    page = play(client, table, "all", 1)
    first, second = seats(page)
    assert turned(first) == [("3 of clubs", None), ("4 of diamonds", None)]
    assert turned(second) == [("6 of hearts", None), ("5 of spades", None)]
    assert (sums(first), sums(second)) == (["3 + 4 = 7"], ["6 + 5 = 11"])
    assert "war-lay" not in page
    said = page[page.index('<div class="said"') :]
    for line in (
        "Three and four make seven.",
        "Six and five make eleven.",
        '<p class="symbol" aria-hidden="true">11 &gt; 7</p>',
        "Eleven is bigger than seven.",
    ):
        assert line in said
    assert "Turn the two cards of Player 1 (key 1)" in as_read(page)
    assert "1 to 4 turn one player&#39;s two cards." in page


def test_an_addition_war_lays_no_card_down_and_sums_again(client: FlaskClient, app: Flask) -> None:
    # The worked example of docs/rules.md: 3 + 8 and 6 + 5 tie, then 5 + 2 against 4 + 9.
    table = start_full(client, variant="addition", pickup="as-laid")
    deal(app, table, [["3C", "8D", "5H", "2S", "9C"], ["6C", "5D", "4S", "9H", "7D"]])
    page = play(client, table, "all", 1)
    first, second = seats(page)
    assert turned(first) == [
        ("3 of clubs", None),
        ("8 of diamonds", None),
        ("5 of hearts", None),
        ("2 of spades", None),
    ]
    assert (sums(first), sums(second)) == (
        ["3 + 8 = 11", "5 + 2 = 7"],
        ["6 + 5 = 11", "4 + 9 = 13"],
    )
    assert "Both sums are eleven: war!" in page and "13 &gt; 7" in page
    assert page.count('class="war-lay no-backs"') == 2
    assert re.findall(r'<div class="backs">(.*?)</div>', page, re.S) == ["", ""]


def test_a_seat_that_turned_shows_the_two_cards_it_will_play(
    client: FlaskClient, app: Flask
) -> None:
    kinds = {"kind-1": "human", "kind-2": "human"}
    table = start_full(client, variant="addition", deck="numbers", **kinds)
    deal(app, table, [["AC", "8D", "5H"], ["6C", "5D", "4S"]])
    page = play(client, table, "turn", 1, seat="0")
    first, second = seats(page)
    assert turned(first) == [("ace of clubs", "A = 1"), ("8 of diamonds", None)]
    assert sums(first) == ["1 + 8 = 9"] and "Turned, waiting for the others" in first
    assert turned(second) == [] and sums(second) == []


def test_practice_in_addition_war_asks_which_sum_is_bigger_and_counts_on_a_line(
    client: FlaskClient, app: Flask
) -> None:
    table = start_full(client, variant="addition", practice="on")
    deal(app, table, [["3C", "4D", "9H", "2C"], ["6H", "5S", "5D", "7C"]])
    page = play(client, table, "all", 1)
    assert "Which sum is bigger?" in page
    assert "Choose the sign that goes between 3 + 4 and 6 + 5" in page
    assert "3 + 4 is smaller than 6 + 5" in page  # the < button, for a screen reader
    label = "Choose the sum of Player 1&#39;s 3 of clubs and 4 of diamonds (key 1)"
    assert label in as_read(page)
    assert "a player&#39;s number chooses their sum" in page
    # The sums are the question: nothing on the page gives them away before the answer.
    assert [sums(seat) for seat in seats(page)] == [["3 + 4 = ?"], ["6 + 5 = ?"]]
    main = re.sub(r"<svg.*?</svg>", "", page[page.index("<main") :], flags=re.S)  # the cards
    given = re.search(r"\b(7|11)\b", main)
    assert not given, main[given.start() - 300 : given.end() + 50]
    assert "Computer takes" not in page  # the outcome waits for the answer
    assert (
        post(client, f"{table}/answer", {"battle": 1, "answer": "gt"}, page=table).status_code
        == 303
    )
    page = client.get(table).get_data(as_text=True)
    assert [sums(seat) for seat in seats(page)] == [["3 + 4 = 7"], ["6 + 5 = 11"]]
    reply = page[page.index('<div class="reply') :]
    assert re.findall(r'<p class="strip-sum">([^<]*)</p>', reply) == ["3 + 4 = 7", "6 + 5 = 11"]
    assert reply.count('class="strip-card strip-pair"') == 2
    assert "A number line with the sums marked on it: 7 and 11." in reply
    assert "11 is 4 more than 7." in reply and "Seven is smaller than eleven." in reply
    line = re.search(r'<svg[^>]*class="number-line".*?</svg>', reply, re.S)
    assert line and re.findall(r">(\d+)</text>", line.group(0)) == [str(n) for n in range(6, 13)]


def test_practice_with_the_little_deck_says_the_ace_is_one(client: FlaskClient, app: Flask) -> None:
    table = start_easy(client, deck="numbers", practice="on", time="off")
    deal(app, table, [["AC", "4D"], ["5C", "9D"]])
    page = play(client, table, "all", 1)
    assert "Choose the sign that goes between 1 and 5" in page
    assert turned(seats(page)[0]) == [("ace of clubs", "A = 1")]
    assert (
        post(client, f"{table}/answer", {"battle": 1, "answer": "gt"}, page=table).status_code
        == 303
    )
    reply = client.get(table).get_data(as_text=True)
    reply = reply[reply.index('<div class="reply') :]
    assert ">A = 1</span>" in reply and "A = 14" not in reply
    assert reply.count('class="pip counted"') == 1 + 5  # the ace's one pip counts too
    line = re.search(r'<svg[^>]*class="number-line".*?</svg>', reply, re.S)
    assert line and ">A</text>" in line.group(0)  # "A" over the 1
