"""Turkish: whole sentences checked by a Turkish speaker for case endings and vowel harmony.

The compared rank takes the ablative ("dörtten", "astan"), "equal to" takes the dative
("dörde", "papaza"), and every capital is written out in the catalog (Turkish İ), never made by
Python changing case.
"""

from __future__ import annotations

import pytest

from kidswar.game.cards import Rank
from kidswar.game.table import Seat
from kidswar.words.catalogs import Translations


def turkish() -> Translations:
    """The Turkish translations (imported here: the session fixture compiles the catalogs)."""
    from kidswar.words.catalogs import load

    return load("tr")


@pytest.mark.parametrize(
    ("first", "second", "sentence", "symbol"),
    [
        (Rank.SEVEN, Rank.FOUR, "Yedi dörtten büyük.", "7 > 4"),
        (Rank.KING, Rank.SEVEN, "Papaz yediden büyük.", "13 > 7"),
        (Rank.FOUR, Rank.SEVEN, "Dört yediden küçük.", "4 < 7"),
        (Rank.TWO, Rank.ACE, "İki astan küçük.", "2 < 14"),
        (Rank.FOUR, Rank.FOUR, "Dört dörde eşit.", "4 = 4"),
        (Rank.SIX, Rank.NINE, "Altı dokuzdan küçük.", "6 < 9"),
        (Rank.NINE, Rank.SIX, "Dokuz altıdan büyük.", "9 > 6"),
        (Rank.TEN, Rank.JACK, "On, valeden küçük.", "10 < 11"),
        (Rank.JACK, Rank.TEN, "Vale ondan büyük.", "11 > 10"),
        # The comma keeps "On ikiden" from being heard as "on iki" (twelve).
        (Rank.TEN, Rank.TWO, "On, ikiden büyük.", "10 > 2"),
        (Rank.THREE, Rank.EIGHT, "Üç sekizden küçük.", "3 < 8"),
        (Rank.FIVE, Rank.THREE, "Beş üçten büyük.", "5 > 3"),
        (Rank.ACE, Rank.QUEEN, "As kızdan büyük.", "14 > 12"),
        (Rank.QUEEN, Rank.KING, "Kız papazdan küçük.", "12 < 13"),
        (Rank.KING, Rank.KING, "Papaz papaza eşit.", "13 = 13"),
        (Rank.ACE, Rank.ACE, "As asa eşit.", "14 = 14"),
        (Rank.SIX, Rank.SIX, "Altı altıya eşit.", "6 = 6"),
        (Rank.TWO, Rank.TWO, "İki ikiye eşit.", "2 = 2"),
        (Rank.TEN, Rank.TEN, "On, ona eşit.", "10 = 10"),
    ],
)
def test_comparisons_read_as_turkish(first: Rank, second: Rank, sentence: str, symbol: str) -> None:
    from kidswar.words.comparisons import comparison

    assert comparison(first, second, turkish()) == (sentence, symbol)


def test_every_comparison_is_a_whole_turkish_sentence() -> None:
    from kidswar.words.comparisons import comparison

    t = turkish()
    for first in Rank:
        for second in Rank:
            sentence, _ = comparison(first, second, t)
            assert sentence[0].isupper() and sentence.endswith(("büyük.", "küçük.", "eşit."))
            assert "%" not in sentence and not any(
                c.isascii() and c.isupper() for c in sentence[1:]
            ), sentence


def test_a_tie_is_war_and_in_peace_it_is_peace() -> None:
    from kidswar.words.comparisons import tie_sentence

    t = turkish()
    assert tie_sentence(2, 2, Rank.NINE, False, t) == "İkisinin de kartı dokuz: savaş!"
    assert tie_sentence(2, 2, Rank.NINE, True, t) == "İkisinin de kartı dokuz: barış!"
    assert tie_sentence(2, 2, Rank.KING, False, t) == "İkisinin de kartı papaz: savaş!"
    assert tie_sentence(3, 4, Rank.ACE, False, t) == "3 oyuncunun kartı as: savaş!"
    assert tie_sentence(3, 3, Rank.TWO, True, t) == "3 oyuncunun kartı iki: barış!"


def test_the_best_of_several_cards() -> None:
    from kidswar.game.cards import parse_cards
    from kidswar.words.comparisons import best_sentence

    t = turkish()
    king, seven, four = parse_cards(["KH", "7S", "4D"])
    assert best_sentence(king.rank, [seven.rank, four.rank], False, t) == (
        "Papaz en büyük kart.",
        None,
    )
    assert best_sentence(four.rank, [king.rank, seven.rank], True, t) == (
        "Dört en küçük kart.",
        None,
    )
    assert best_sentence(king.rank, [seven.rank], False, t) == ("Papaz yediden büyük.", "13 > 7")


def test_takes_and_names_keep_the_noun_singular_after_a_number() -> None:
    # The count comes first so "Bilgisayar 3" and the count never stand side by side.
    from kidswar.words.sentences import seat_names

    t = turkish()
    for count in (1, 2, 6):
        assert (
            t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", count)
            % {"name": "Ayşe", "count": count}
            == f"{count} kartı Ayşe alıyor."
        )
    assert t.ngettext("%(num)d card", "%(num)d cards", 26) % {"num": 26} == "26 kart"

    assert seat_names([Seat("", False), Seat("", True)], t) == ["Oyuncu 1", "Bilgisayar"]


def test_the_forfeit_sentence_names_a_default_player_once() -> None:
    # "Oyuncu 1 oyuncusunun ... kartı yok" said "Player 1's player": a name takes no suffix, so
    # the loser's name stands alone before a colon.
    from kidswar.game.cards import Card
    from kidswar.game.records import Battle
    from kidswar.words.sentences import forfeit_sentence, seat_names

    t = turkish()
    names = seat_names([Seat("", False), Seat("", False)], t)
    nines = (Card.parse("9H"), Card.parse("9S"))
    battle = Battle(3, nines, 9, (0, 1), (), 1, nines, (0, 52), (0,), None)
    assert forfeit_sentence(battle, names, t) == (
        "Oyuncu 1: savaş için yeterli kart yok, bu yüzden bütün kartları Oyuncu 2 alıyor."
    )


def test_the_peace_cards_spell_barış() -> None:
    from kidswar.words.content import peace_word

    t = turkish()
    assert t.pgettext("letters on the Peace cards", "PEACE") == "BARIŞ"
    assert peace_word(t) == "BARIŞ"


def test_the_peace_rules_name_the_word_and_its_letters() -> None:
    from kidswar.sound.phrases import phrase_text
    from kidswar.words import catalogs
    from kidswar.words.content import page

    shown = next(
        item
        for section in page("peace", catalogs.load("tr")).sections
        for item in section.get("items", [])
        if "BARIŞ" in item
    )
    assert "BARIŞ (B-A-R-I-Ş) kelimesini yazar, her karta bir harf" in shown
    # the voice reads the letters one by one (eSpeak runs "B-A-R-I-Ş" together)
    text = phrase_text("tr", "rules-peace-what-2")
    assert "BARIŞ (B, A, R, I, Ş) kelimesini yazar, her karta bir harf" in text


def test_card_names_put_the_suit_first() -> None:
    from kidswar.game.cards import Card
    from kidswar.words.card_names import card_label

    t = turkish()
    assert card_label(Card.parse("7H"), t) == "kupa 7"
    assert card_label(Card.parse("AS"), t) == "maça ası"
    assert card_label(Card.parse("QH"), t) == "kupa kızı"
    assert card_label(Card.parse("KC"), t) == "sinek papazı"
    assert card_label(Card.parse("JD"), t) == "karo valesi"


def test_the_calls_and_the_easy_rules() -> None:
    from kidswar.words.rules_text import easy_steps

    t = turkish()
    assert [t.gettext("War!"), t.gettext("Peace!"), t.gettext("Time's up!")] == [
        "Savaş!",
        "Barış!",
        "Süre doldu!",
    ]
    steps = easy_steps(t)
    assert len(steps) == 7
    assert steps[3] == (
        "Senin kartın mı daha büyük? O zaman iki kart da senin: onları destenin altına koy."
    )
    assert steps[6] == "Bütün kartları alan kazanır!"
