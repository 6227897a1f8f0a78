"""Numbers 1 to 28 and the Addition War sentences, in all five languages.

The Turkish case forms are checked against a hand-written table (vowel harmony: "altıdan",
"yediden"; a voiceless end takes -ten/-tan: "dörtten", "üçten"; the dative softens dört to
"dörde" and takes a buffer y after a vowel: "altıya"); only the last word of "yirmi dört" moves.
"""

from __future__ import annotations

import gettext

import pytest

from kidswar.game.cards import Rank, parse_cards
from kidswar.game.rules import Deck, Rules, Variant
from kidswar.words import number_words
from kidswar.words.catalogs import LANGUAGES, Translations
from kidswar.words.comparisons import best_of_many, comparison
from kidswar.words.sums import (
    biggest_sum,
    digits,
    sum_comparison,
    sum_line,
    sum_sentence,
    sum_tie_sentence,
)

EN = gettext.NullTranslations()
NB, NN = "\u00a0", "\u202f"  # French: no-break space before ":", narrow one before "!" and "?"

# (nominative, ablative "than ...", dative "equal to ..."), written by hand for 1..28.
TURKISH = {
    1: ("bir", "birden", "bire"),
    2: ("iki", "ikiden", "ikiye"),
    3: ("üç", "üçten", "üçe"),
    4: ("dört", "dörtten", "dörde"),
    5: ("beş", "beşten", "beşe"),
    6: ("altı", "altıdan", "altıya"),
    7: ("yedi", "yediden", "yediye"),
    8: ("sekiz", "sekizden", "sekize"),
    9: ("dokuz", "dokuzdan", "dokuza"),
    10: ("on", "ondan", "ona"),
    11: ("on bir", "on birden", "on bire"),
    12: ("on iki", "on ikiden", "on ikiye"),
    13: ("on üç", "on üçten", "on üçe"),
    14: ("on dört", "on dörtten", "on dörde"),
    15: ("on beş", "on beşten", "on beşe"),
    16: ("on altı", "on altıdan", "on altıya"),
    17: ("on yedi", "on yediden", "on yediye"),
    18: ("on sekiz", "on sekizden", "on sekize"),
    19: ("on dokuz", "on dokuzdan", "on dokuza"),
    20: ("yirmi", "yirmiden", "yirmiye"),
    21: ("yirmi bir", "yirmi birden", "yirmi bire"),
    22: ("yirmi iki", "yirmi ikiden", "yirmi ikiye"),
    23: ("yirmi üç", "yirmi üçten", "yirmi üçe"),
    24: ("yirmi dört", "yirmi dörtten", "yirmi dörde"),
    25: ("yirmi beş", "yirmi beşten", "yirmi beşe"),
    26: ("yirmi altı", "yirmi altıdan", "yirmi altıya"),
    27: ("yirmi yedi", "yirmi yediden", "yirmi yediye"),
    28: ("yirmi sekiz", "yirmi sekizden", "yirmi sekize"),
}


def load(lang: str) -> Translations:
    """A language's translations (imported here: the session fixture compiles the catalogs)."""
    from kidswar.words.catalogs import load as load_catalog

    return load_catalog(lang)


def test_turkish_case_forms_of_every_number() -> None:
    t = load("tr")
    for number, (plain, ablative, dative) in TURKISH.items():
        assert number_words.inside(number, t) == plain
        assert number_words.compared(number, t) == ablative
        assert number_words.equal_to(number, t) == dative
        # Starting a sentence: a capital (İ for i), and the tens keep a comma so "Yirmi,
        # yediden" is not heard as "yirmi yediden" (from 27).
        subject = number_words.subject(number, t)
        capital = "İ" + plain[1:] if plain.startswith("i") else plain[0].upper() + plain[1:]
        assert subject == (capital + "," if number in (10, 20) else capital)
        if number <= 14:
            assert number_words.first_addend(number, t) == capital  # no comma in a sum


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_number_has_every_form_and_no_two_numbers_share_one(lang: str) -> None:
    t = load(lang)
    for form in (
        number_words.subject,
        number_words.compared,
        number_words.equal_to,
        number_words.inside,
    ):
        words = [form(number, t) for number in number_words.NUMBERS]
        assert all(word.strip() and "%" not in word for word in words)
        assert len(set(words)) == len(words) == 28
    addends = [number_words.first_addend(number, t) for number in number_words.ADDENDS]
    assert len(set(addends)) == len(addends) == 14
    with pytest.raises(KeyError):
        number_words.first_addend(15, t)  # no card is worth 15: nothing adds it
    with pytest.raises(KeyError):
        number_words.subject(29, t)  # 14 + 14 is the biggest sum


SUMS = {
    "en": ["Three and four make seven.", "Eleven and four make fifteen.", "One and one make two."],
    "tr": ["Üç artı dört, yedi eder.", "On bir artı dört, on beş eder.", "Bir artı bir, iki eder."],
    "de": [
        "Drei und vier macht sieben.",
        "Elf und vier macht fünfzehn.",
        "Eins und eins macht zwei.",
    ],
    "es": ["Tres más cuatro son siete.", "Once más cuatro son quince.", "Uno más uno son dos."],
    "fr": [
        "Trois plus quatre font sept.",
        "Onze plus quatre font quinze.",
        "Un plus un font deux.",
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_cards_added_are_said_as_numbers(lang: str) -> None:
    t = load(lang)
    said = [sum_sentence(values, t) for values in ((3, 4), (11, 4), (1, 1))]
    assert said == SUMS[lang]


@pytest.mark.parametrize(
    "lang, sentence",
    [
        ("en", "Only one card: seven."),
        ("tr", "Tek kart: yedi."),
        ("de", "Nur eine Karte: sieben."),
        ("es", "Solo una carta: siete."),
        ("fr", f"Une seule carte{NB}: sept."),
    ],
)
def test_a_last_card_alone_is_its_own_sum(lang: str, sentence: str) -> None:
    assert sum_sentence((7,), load(lang)) == sentence


COMPARED = {  # (7, 6), (20, 7), (24, 26), (24, 24)
    "en": [
        "Seven is bigger than six.",
        "Twenty is bigger than seven.",
        "Twenty-four is smaller than twenty-six.",
        "Twenty-four is equal to twenty-four.",
    ],
    "tr": [
        "Yedi altıdan büyük.",
        "Yirmi, yediden büyük.",
        "Yirmi dört yirmi altıdan küçük.",
        "Yirmi dört yirmi dörde eşit.",
    ],
    "de": [
        "Sieben ist größer als sechs.",
        "Zwanzig ist größer als sieben.",
        "Vierundzwanzig ist kleiner als sechsundzwanzig.",
        "Vierundzwanzig ist genauso groß wie vierundzwanzig.",
    ],
    "es": [
        "Siete es mayor que seis.",
        "Veinte es mayor que siete.",
        "Veinticuatro es menor que veintiséis.",
        "Veinticuatro es igual a veinticuatro.",
    ],
    "fr": [
        "Sept, c\u2019est plus grand que six.",
        "Vingt, c\u2019est plus grand que sept.",
        "Vingt-quatre, c\u2019est plus petit que vingt-six.",
        "Vingt-quatre, c\u2019est égal à vingt-quatre.",
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sums_are_compared_with_number_words(lang: str) -> None:
    t = load(lang)
    pairs = [(7, 6), (20, 7), (24, 26), (24, 24)]
    said = [sum_comparison(first, second, t) for first, second in pairs]
    assert [sentence for sentence, _ in said] == COMPARED[lang]
    assert [signs for _, signs in said] == ["7 > 6", "20 > 7", "24 < 26", "24 = 24"]


BIGGEST_AND_TIES = {  # the biggest sum 15, both sums 7, three sums 15
    "en": [
        "Fifteen is the biggest sum.",
        "Both sums are seven: war!",
        "3 players have the same sum, fifteen: war!",
    ],
    "tr": [
        "On beş en büyük toplam.",
        "İkisinin de toplamı yedi: savaş!",
        "3 oyuncunun toplamı on beş: savaş!",
    ],
    "de": [
        "Fünfzehn ist die größte Summe.",
        "Beide Summen sind sieben: Krieg!",
        "3 Spieler haben dieselbe Summe, fünfzehn: Krieg!",
    ],
    "es": [
        "Quince es la suma más grande.",
        "Las dos sumas son siete: ¡guerra!",
        "3 jugadores tienen la misma suma, quince: ¡guerra!",
    ],
    "fr": [
        "Quinze est la plus grande somme.",
        f"Les deux sommes font sept{NB}: bataille{NN}!",
        f"3 joueurs ont la même somme, quinze{NB}: bataille{NN}!",
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_biggest_sum_and_a_tie_of_sums(lang: str) -> None:
    t = load(lang)
    said = [biggest_sum(15, t), sum_tie_sentence(2, 2, 7, t), sum_tie_sentence(3, 3, 15, t)]
    assert said == BIGGEST_AND_TIES[lang]


LITTLE_ACE = {  # the little deck's ace (1) against five, and a card beaten by nothing smaller
    "en": [
        "One is smaller than five.",
        "Five is bigger than one.",
        "One is equal to one.",
        "One is the smallest card.",
    ],
    "tr": ["Bir beşten küçük.", "Beş birden büyük.", "Bir bire eşit.", "Bir en küçük kart."],
    "de": [
        "Eins ist kleiner als fünf.",
        "Fünf ist größer als eins.",
        "Eins ist genauso groß wie eins.",
        "Die Eins ist die kleinste Karte.",
    ],
    "es": [
        "Uno es menor que cinco.",
        "Cinco es mayor que uno.",
        "Uno es igual a uno.",
        "El uno es la carta más pequeña.",
    ],
    "fr": [
        "Un, c\u2019est plus petit que cinq.",
        "Cinq, c\u2019est plus grand que un.",
        "Un, c\u2019est égal à un.",
        "Le un est la plus petite carte.",
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_little_decks_ace_is_said_as_one(lang: str) -> None:
    t = load(lang)
    said = [comparison(1, 5, t)[0], comparison(5, 1, t)[0], comparison(1, 1, t)[0]]
    assert [*said, best_of_many(1, True, t)] == LITTLE_ACE[lang]
    assert comparison(1, 5, t)[1] == "1 < 5"


def test_the_full_decks_ace_is_still_the_ace() -> None:
    assert comparison(Rank.ACE, Rank.FIVE, EN) == ("The ace is bigger than five.", "14 > 5")


def test_digits_of_a_sum() -> None:
    assert digits((3, 4)) == "3 + 4 = 7"
    assert digits((7,)) == "7"
    assert digits((3, 4), solved=False) == "3 + 4 = ?" and digits((7,), solved=False) == "7"
    full, little = Rules(Variant.ADDITION), Rules(Variant.ADDITION, deck=Deck.NUMBERS)
    assert sum_line(parse_cards(["JH", "4C"]), full) == "11 + 4 = 15"
    assert sum_line(parse_cards(["AH", "AC"]), full) == "14 + 14 = 28"
    assert sum_line(parse_cards(["AH", "4C"]), little) == "1 + 4 = 5"
    assert sum_line(parse_cards(["AH"]), little) == "1"
