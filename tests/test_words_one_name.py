"""Each thing keeps its one name in each language, and a name typed or picked fits any sentence.

translations/README.md ("Words that stay the same", and its second review of December 2026):
a child hears the rules read aloud and then plays, so a battle is never called the war, and
the shapes on a card are never called the picture cards. A player's name (typed, or an
animal's: "Ours") can start with a vowel, so French never puts "de" before it.
"""

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

CATALOGS = Path(__file__).resolve().parents[1] / "translations"

# The war (the tie) in each language: never the word for one battle (tur, Runde, batalla, tour).
# French "la Bataille" (the game) has a capital; the tie is "bataille".
WAR_WORDS = {
    "tr": re.compile(r"savaş", re.IGNORECASE),
    "de": re.compile(r"Schlacht|Krieg"),
    "es": re.compile(r"guerra", re.IGNORECASE),
    "fr": re.compile(r"\bbatailles?\b"),
}
NAME = r"%\((?:name|names|child|loser|winner|animal)\)s"


def translations(lang: str) -> list[tuple[str, str]]:
    """Every (English, translation) pair of a catalog, each plural form apart."""
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle)
    pairs: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        pairs += [(" ".join(ids), str(string)) for string in strings]
    return pairs


@pytest.mark.parametrize("lang", sorted(WAR_WORDS))
def test_a_battle_is_never_called_the_war(lang: str) -> None:
    # Only entries about battles alone: one that names the war, a game ("War", "Addition
    # War") or the British name "Battle" may say the war's word too.
    about_battles = [
        (english, text)
        for english, text in translations(lang)
        if re.search(r"\bbattles?\b", english)
        and not re.search(r"\b[Ww]ars?\b|\bBattle\b|\b[Pp]eace\b", english)
    ]
    wrong = [(english, text) for english, text in about_battles if WAR_WORDS[lang].search(text)]
    assert about_battles, "no entry about battles: the filter is wrong"
    assert not wrong, wrong


def test_spanish_never_calls_a_cards_shapes_the_picture_cards() -> None:
    shapes = [
        (english, text)
        for english, text in translations("es")
        if re.search(r"\b(?:shapes?|pips?)\b", english)
    ]
    assert shapes
    assert not [(english, text) for english, text in shapes if "figura" in text]


def test_french_never_puts_de_or_que_before_a_name() -> None:
    # "la carte de Ours", "de Anna" want "d’": a name is told apart by a colon instead.
    wrong = [
        (english, text)
        for english, text in translations("fr")
        if re.search(rf"\b(?:de|que|le|la) {NAME}", text)
    ]
    assert not wrong, wrong


def test_french_counts_right_answers_without_agreeing_with_the_wrong_number() -> None:
    # The plural form is chosen by the number of answers, so "%(right)d bonnes réponses sur 5"
    # says "1 bonnes réponses": the count follows the noun instead ("Bonnes réponses : 1 sur 5").
    wrong = [
        (english, text)
        for english, text in translations("fr")
        if "%(right)" in english and re.search(r"%\(right\)[ds] bonnes? ", text)
    ]
    assert not wrong, wrong
