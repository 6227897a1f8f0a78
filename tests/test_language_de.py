"""German sentences, checked by a native reader: the rank forms land in the right slots.

The catalogs are compiled by a session fixture (tests/conftest.py), so `load` is imported and
called inside the tests.
"""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, post, start_full

from kidswar.game.cards import Card, Rank
from kidswar.game.engine import Game
from kidswar.game.records import Reason
from kidswar.game.rules import Pickup, Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.database import connect
from kidswar.storage.games import create_game
from kidswar.words.card_names import card_label
from kidswar.words.catalogs import Translations
from kidswar.words.comparisons import best_sentence, comparison, tie_sentence


def german() -> Translations:
    from kidswar.words.catalogs import load

    return load("de")


@pytest.mark.parametrize(
    ("first", "second", "sentence", "symbol"),
    [
        (Rank.SEVEN, Rank.FOUR, "Sieben ist größer als vier.", "7 > 4"),
        (Rank.KING, Rank.SEVEN, "Der König ist größer als sieben.", "13 > 7"),
        (Rank.FOUR, Rank.SEVEN, "Vier ist kleiner als sieben.", "4 < 7"),
        (Rank.TWO, Rank.ACE, "Zwei ist kleiner als das Ass.", "2 < 14"),
        (Rank.FOUR, Rank.FOUR, "Vier ist genauso groß wie vier.", "4 = 4"),
        (Rank.QUEEN, Rank.QUEEN, "Die Dame ist genauso groß wie die Dame.", "12 = 12"),
        (Rank.TEN, Rank.JACK, "Zehn ist kleiner als der Bube.", "10 < 11"),
        (Rank.JACK, Rank.TEN, "Der Bube ist größer als zehn.", "11 > 10"),
        (Rank.ACE, Rank.KING, "Das Ass ist größer als der König.", "14 > 13"),
    ],
)
def test_comparisons(first: Rank, second: Rank, sentence: str, symbol: str) -> None:
    assert comparison(first, second, german()) == (sentence, symbol)


def test_two_players_tie_in_war() -> None:
    assert (
        tie_sentence(2, 2, Rank.NINE, False, german()) == "Beide haben eine Neun aufgedeckt: Krieg!"
    )


def test_two_players_tie_in_peace() -> None:
    assert tie_sentence(2, 2, Rank.NINE, True, german()) == (
        "Beide haben eine Neun aufgedeckt: Frieden!"
    )


def test_a_king_tie_turns_a_king_in_the_accusative() -> None:
    assert tie_sentence(2, 2, Rank.KING, False, german()) == (
        "Beide haben einen König aufgedeckt: Krieg!"
    )
    assert tie_sentence(2, 2, Rank.JACK, False, german()) == (
        "Beide haben einen Buben aufgedeckt: Krieg!"
    )
    assert tie_sentence(2, 2, Rank.ACE, False, german()) == "Beide haben ein Ass aufgedeckt: Krieg!"


def test_more_players_tie() -> None:
    assert tie_sentence(3, 4, Rank.QUEEN, False, german()) == (
        "3 Spieler haben eine Dame aufgedeckt: Krieg!"
    )
    assert tie_sentence(3, 3, Rank.TWO, True, german()) == (
        "3 Spieler haben eine Zwei aufgedeckt: Frieden!"
    )


def test_the_biggest_and_the_smallest_card() -> None:
    king, seven, four = Rank.KING, Rank.SEVEN, Rank.FOUR
    assert best_sentence(king, [seven, four], False, german()) == (
        "Der König ist die größte Karte.",
        None,
    )
    assert best_sentence(four, [king, seven], True, german()) == (
        "Die Vier ist die kleinste Karte.",  # a card takes its article; a number does not
        None,
    )
    assert comparison(Rank.FOUR, Rank.SEVEN, german())[0] == "Vier ist kleiner als sieben."


def test_catalog_strings() -> None:
    t = german()
    assert (
        t.gettext("%(first)s is bigger than %(second)s.") == "%(first)s ist größer als %(second)s."
    )
    assert (
        t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 1)
        % {"name": "Anna", "count": 1}
        == "Anna bekommt 1 Karte."
    )
    assert (
        t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 2)
        % {"name": "Anna", "count": 2}
        == "Anna bekommt 2 Karten."
    )
    assert card_label(Card.parse("KS"), t) == "Pikkönig"
    assert card_label(Card.parse("JH"), t) == "Herzbube"
    assert card_label(Card.parse("7H"), t) == "Herz 7"
    assert t.pgettext("letters on the Peace cards", "PEACE") == "TAUBE"  # the dove of peace
    assert t.pgettext("rules", "A draw after 1,000 battles") == "Unentschieden nach 1.000 Runden"


def visible_text(html: str) -> str:
    """A page's text as it reads, without its tags and their attributes."""
    text = re.sub(r"<script.*?</script>|<style.*?</style>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))


def game_that_reaches_the_limit(app: Flask) -> str:
    """A German table whose game was played to its limit of 1000 battles; its address."""
    rules = Rules(pickup=Pickup.AS_LAID)  # laid back in order, most games go round and round
    seed = next(
        seed
        for seed in range(1, 200)
        if Game.deal(rules, seed).play_to_end().reason is Reason.BATTLE_LIMIT
    )
    game = Game.deal(rules, seed)
    game.play_to_end()
    setup = TableSetup("full", (Seat("Ana", False), Seat("", True)), rules)
    with app.app_context():
        game_id = create_game(connect(app.config["DATABASE"]), setup, game)
    return f"/de/game/{game_id}"


def test_a_battle_limit_of_1000_reads_1_000_in_german(client: FlaskClient, app: Flask) -> None:
    setup = client.get("/de/full").get_data(as_text=True)
    assert '<input type="radio" name="limit" value="1000" checked> 1.000</label>' in setup
    assert ">1.000 Runden: unentschieden</text>" in setup
    assert "von 0 bis 1.000 Runden" in setup  # the chart's text alternative
    assert "1000" not in visible_text(setup)

    refused = post(client, "/de/full", {**FULL_FORM, "limit": "other"}, page="/de/full")
    assert "eine ganze Zahl von 1 bis 100.000 sein" in refused.get_data(as_text=True)

    table = start_full(client).replace("/en/", "/de/")
    page = client.get(table).get_data(as_text=True)
    assert "Unentschieden nach 1.000 Runden" in page and "1000" not in visible_text(page)

    ended = client.get(game_that_reaches_the_limit(app)).get_data(as_text=True)
    text = visible_text(ended)
    assert "1.000 Runden gespielt" in text
    assert "1.000 Runden und niemand hat alle Karten: Das Spiel endet unentschieden." in text
    assert "Es wurden 1.000 Runden gespielt." in text
    assert "1000" not in text


def test_counts_over_a_thousand_are_grouped_in_every_sentence_that_has_them() -> None:
    from kidswar.game.score import Score
    from kidswar.words.catalogs import load
    from kidswar.words.estimates import Estimate, estimate
    from kidswar.words.game_length import estimate_sentences, histogram_label
    from kidswar.words.practice import score_sentences

    score = Score(asked=1200, right=1100, best=1050)
    assert score_sentences(score, german(), "de") == [
        "Du hast 1.100 von 1.200 Fragen richtig beantwortet.",
        "Beste Serie: 1.050 richtige Antworten hintereinander.",
    ]
    assert "2.500 Runden" in histogram_label(estimate("standard", 2, 2500), german(), "de")
    long = Estimate("peace", 2, 500, 1500.0, 1200.0, 25_000.0, 100_000, 0, (500,))
    assert " ".join(estimate_sentences(long, load("fr"), "fr")).endswith(
        "environ 1\u202f500 tours\u202f; la plupart durent entre 1\u202f200 et 25\u202f000 tours."
        " À un tour toutes les 3 secondes, cela fait environ 75 minutes (le plus souvent de 60"
        " à 1\u202f250 minutes)."
    )
