"""One form of address for the child in each language, and French spacing (issue 14).

The child is "sen" in Turkish, "du" in German, "tú" in Spanish and "tu" in French. Where the
app speaks to all the players at once (French "Vous avez tous les deux retourné...", German
"Deckt eure Karten auf"), the plural of that same form is right: German "ihr" is the plural of
"du" and passes; French "vous" and Turkish "siz" forms pass only for the messages listed in
`PLURAL`, each addressed to several players. Turkish pages for grown-ups (setting up a game,
a class round, errors) say "siz" politely, so Turkish is checked on the child's pages only;
German, Spanish and French are checked everywhere, as their catalogs use one form throughout.

French typography, as the catalog writes it: a narrow no-break space (U+202F) before ! ? ;
and a no-break space (U+00A0) before : and inside « ».
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

CATALOGS = Path(__file__).resolve().parents[1] / "translations"
# Where the child reads or hears the words: the rules, the table, practice, the drill, the
# home page, and every sentence of kidswar.words and kidswar.sound.
CHILD_FACING = (
    "content/",
    "kidswar/words/",
    "kidswar/sound/",
    "kidswar/web/drill/",
    "kidswar/web/drawing/",
    "kidswar/web/services/practice_view.py",
    "kidswar/web/services/table_cards.py",
    "kidswar/web/templates/drill/",
    "kidswar/web/templates/home/",
    "kidswar/web/templates/practice/",
    "kidswar/web/templates/rules/",
    "kidswar/web/templates/table/",
    "kidswar/web/templates/timer/",
)
# Messages said to several players together, by language: a plural address is right there.
PLURAL = {
    "fr": {
        "Both turned %(card)s: war!",  # "Vous avez tous les deux retourné..."
        "Both turned %(card)s: peace!",
        "Count your cards!",  # the class board, to every table
        "How long do you play?",  # the easy setup, to the family
    },
    "tr": set(),
}


def messages(lang: str) -> Iterator[tuple[str, list[str], str]]:
    """Every translated message of a language: (msgid, where it is used, each msgstr)."""
    with open(CATALOGS / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else message.string
        for string in strings or ():
            yield msgid, [path for path, _ in message.locations], string


def child_facing(locations: list[str]) -> bool:
    """True for a message shown or said where the child is the reader."""
    return any(path.startswith(CHILD_FACING) for path in locations)


# Turkish: "siz" shows in the person ending -nız/-niz/-nuz/-nüz ("cevapladınız",
# "bırakabilirsiniz", "kartlarınızı") and in the imperative -(y)ın ("dokunun", "seçin"),
# which a bare "-ın" cannot tell from a genitive ("kartın") or a stem ("dokun"): the
# imperative is looked for on the verbs the app uses.
TR_PERSON = re.compile(r"\w*[aeıioöuü]n[ıiuü]z\w*")
TR_NOT_SIZ = {"deniz"}  # words that only look like it
# Not "sor" (ask): "sorun" is also the noun "problem".
TR_VERBS = "aç al bak başla başlat bekle bırak bitir böl çıkar cevapla dağıt dene dinle dokun"
TR_VERBS += " dön ekle et geç gel git gör işaretle iste izle kapat karıştır koy kur oku oyna"
TR_VERBS += " paylaş say seç söyle topla tut ver yap yaz yazdır yenile"
TR_SOFT = {"et": "ed", "git": "gid"}  # a vowel after the t softens it: "edin", "gidin"


def _harmony(stem: str) -> str:
    """The vowel of a suffix after `stem` by four-way vowel harmony (ı i u ü)."""
    last = [c for c in stem if c in "aeıioöuü"][-1]
    return {"a": "ı", "ı": "ı", "e": "i", "i": "i", "o": "u", "u": "u", "ö": "ü", "ü": "ü"}[last]


def _siz_imperatives() -> set[str]:
    """The "siz" imperatives of the app's verbs, plain and negative: "seçin", "seçmeyin"."""
    forms = set()
    for verb in TR_VERBS.split():
        negative = verb + ("ma" if _harmony(verb) in "ıu" else "me")
        for stem in (TR_SOFT.get(verb, verb), negative):
            glue = "y" if stem[-1] in "aeıioöuü" else ""
            forms.add(f"{stem}{glue}{_harmony(stem)}n")
    return forms


TR_SIZ_IMPERATIVES = _siz_imperatives()


def turkish_siz(text: str) -> list[str]:
    """The words of `text` that address the reader as "siz"."""
    words = re.findall(r"\w+", text.replace("'", " ").replace("’", " ").lower())
    return [
        word
        for word in words
        if word in TR_SIZ_IMPERATIVES or (TR_PERSON.fullmatch(word) and word not in TR_NOT_SIZ)
    ]


# German "Sie": an imperative ("Wählen Sie") or "Sie"/"Ihnen"/"Ihr..." inside a sentence
# (at a sentence's start "Sie" is "she" or "they", and "Ihr" the plural of "du").
DE_SIE = re.compile(r"\b\w+en Sie\b|(?<=[a-zäöüß,] )(?:Sie|Ihnen|Ihre?[mnrs]?)\b")
# Spanish "usted" and "vosotros": the pronouns and their possessives.
ES_NOT_TU = re.compile(r"\b(?:[Uu]sted(?:es)?|[Vv]osotr[ao]s|[Vv]uestr[ao]s?)\b")
# French "vous": the pronoun, its possessives, or an imperative in -ez starting a sentence.
FR_VOUS = re.compile(
    r"\b(?:[Vv]ous|[Vv]otre|[Vv]os)\b|(?:^|[.!?«]\s*)(?!Assez\b)[A-ZÉ][a-zéè]{2,}ez\b"
)


def test_the_checkers_catch_the_forms_issue_14_found() -> None:
    assert turkish_siz("Daha büyük karta dokunun ya da işareti seçin.") == ["dokunun", "seçin"]
    assert turkish_siz("10 sorudan 7 tanesini doğru cevapladınız.") == ["cevapladınız"]
    assert turkish_siz("Geri dönün, sayfayı yenileyin ve yeniden deneyin.") == [
        "dönün",
        "yenileyin",
        "deneyin",
    ]
    assert turkish_siz("Bu sayfayı kimseyle paylaşmayın. Kontrol edin.") == [
        "paylaşmayın",
        "edin",
    ]
    sen = "Daha büyük karta dokun. Kartın bitince çıkarsın. Doğru cevapladın. Emin misin?"
    assert turkish_siz(sen) == []
    assert DE_SIE.search("Wählen Sie eine Karte.") and DE_SIE.search("Das zeigt Ihnen die Karte.")
    assert not DE_SIE.search("Sie gewinnt. Ihr deckt eure Karten auf. Wähle eine Karte.")
    assert ES_NOT_TU.search("Elija usted una carta.") and not ES_NOT_TU.search("Elige una carta.")
    assert FR_VOUS.search("Touchez la carte.") and FR_VOUS.search("Comptez vos cartes !")
    assert not FR_VOUS.search("Touche la carte. Chez toi. Assez de cartes ?")


def test_turkish_says_sen_to_the_child() -> None:
    found = [
        (msgid, turkish_siz(text))
        for msgid, where, text in messages("tr")
        if child_facing(where) and msgid not in PLURAL["tr"] and turkish_siz(text)
    ]
    assert not found, found


@pytest.mark.parametrize(("lang", "formal"), [("de", DE_SIE), ("es", ES_NOT_TU)])
def test_german_and_spanish_say_du_and_tu_everywhere(lang: str, formal: re.Pattern[str]) -> None:
    found = [(msgid, text) for msgid, _, text in messages(lang) if formal.search(text)]
    assert not found, found


def test_french_says_tu_and_vous_only_to_several_players() -> None:
    found = [
        (msgid, text)
        for msgid, _, text in messages("fr")
        if FR_VOUS.search(text) and msgid not in PLURAL["fr"]
    ]
    assert not found, found
    for msgid in PLURAL["fr"]:  # the list names messages that exist and still need it
        texts = [text for known, _, text in messages("fr") if known == msgid]
        assert texts and all(FR_VOUS.search(text) for text in texts), msgid


def test_the_child_hears_the_singular_in_practice() -> None:
    # The practice hints and the score, one child at a time, in each language's "you".
    hint = "Tap the bigger card, or choose the sign that goes between them."
    score = "You answered %(right)s of %(num)s question right."
    expected = {
        "tr": ("Daha büyük karta dokun ya", "doğru cevapladın."),
        "de": ("Tippe auf die größere Karte", "Du hast"),
        "es": ("Toca la carta más grande", "Has acertado"),
        "fr": ("Touche la carte la plus grande", "Bonnes réponses"),
    }
    for lang, (start, said) in expected.items():
        found = dict((msgid, text) for msgid, _, text in messages(lang))
        assert found[hint].startswith(start), lang
        assert said in found[score], lang


NNBSP, NBSP = "\u202f", "\u00a0"


def test_french_spacing_before_punctuation_and_inside_guillemets() -> None:
    wrong = []
    for msgid, _, text in messages("fr"):
        if re.search(rf"[ {NBSP}][!?;]", text):  # ! ? ; take a narrow no-break space
            wrong.append(("! ? ;", msgid, text))
        if re.search(rf"[ {NNBSP}]:", text):  # : takes a no-break space
            wrong.append((":", msgid, text))
        if re.search(rf"«[ {NNBSP}]|[ {NNBSP}]»", text):  # « » take no-break spaces inside
            wrong.append(("« »", msgid, text))
        if re.search(r"\w[!?;](?:\s|$)", text.replace("%(", "")):  # no space at all before
            wrong.append(("none", msgid, text))
    assert not wrong, wrong


def test_french_names_the_games_one_way() -> None:
    # "la Bataille", "la Paix": the article is capital only where a sentence or a title starts
    # ("À La Paix" was a slip), and "Peace" is never left in English.
    wrong = [
        (msgid, text)
        for msgid, _, text in messages("fr")
        if re.search(r"(?<=\w)[ \u00a0]La (?:Paix|Bataille)\b", text)
        or re.search(r"\bPeace\b", text.replace("« peace »", "").replace("«\u00a0peace\u00a0»", ""))
    ]
    assert not wrong, wrong
