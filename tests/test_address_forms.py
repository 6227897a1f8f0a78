"""One form of address for the child in each language (issues 14 and 20), and French spacing.

The child, and the parent beside them, is "sen" in Turkish, "du" in German, "tú" in Spanish and
"tu" in French (translations/README.md says why). Who reads an entry is decided here, in one
place (`said_to_the_child`): every entry of the ordinary app and of the class tables speaks to
the child, unless all its places are the teacher's pages or the projector (`GROWN_UP_PLACES`)
or its translator comment starts with one of `GROWN_UP_COMMENTS` (for a message in a file that
also speaks to the child). There Turkish says "siz", politely to the teacher and in the plural
to the whole class, and German "ihr" to the class.

Turkish and German entries said to the child may not use "siz" (`turkish_siz`) or
"ihr"/"Sie" (`german_not_du`). Where the app speaks to all the players at once it uses a form
without "you" (Turkish "kartları açalım", German "Karten aufdecken"); French keeps "vous" there
(`PLURAL`). German, Spanish and French are also checked for "Sie", "usted"/"vosotros" and
"vous" everywhere, as their catalogs use one form throughout, the teacher included.

French typography, as the catalog writes it: a narrow no-break space (U+202F) before ! ? ;
and a no-break space (U+00A0) before : and inside « ».
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po

CATALOGS = Path(__file__).resolve().parents[1] / "translations"
# The pages of the teacher and the projector, which read differently from the child's: every
# other file speaks to the child (or the parent), the class tables' pages included.
GROWN_UP_PLACES = (
    "kidswar/web/classroom/",  # the teacher's routes and new-round form
    "kidswar/web/templates/classroom/_board.html",  # the projector and the teacher's page
    "kidswar/web/templates/classroom/_join_info.html",
    "kidswar/web/templates/classroom/delete.html",  # the teacher confirms deleting the round
    "kidswar/web/templates/classroom/end.html",  # the teacher confirms ending the round
    "kidswar/web/templates/classroom/new.html",
    "kidswar/web/templates/classroom/projector.html",
    "kidswar/web/templates/classroom/remove.html",
    "kidswar/web/templates/classroom/teacher.html",
)
# A message for the teacher in a file that also speaks to the child says so to its translator.
GROWN_UP_COMMENTS = ("Translators: on the teacher's page", "Translators: on the projector")
# Messages said to several players together, by language: a plural address is right there.
PLURAL = {
    "fr": {
        "Both turned %(card)s: war!",  # "Vous avez tous les deux retourné..."
        "Both turned %(card)s: peace!",
        "Count your cards!",  # the class board, to every table
        "How long do you play?",  # the easy setup, to the family
        # The join address and code, one box on the projector for the whole class.
        "Join at this address:",
        "Or open kidswar, choose “Join a class round” and type the code:",
    },
}
# What the projector alone shows: the class, spoken to all at once.
PROJECTOR_PLACES = (
    "kidswar/web/templates/classroom/_board.html",
    "kidswar/web/templates/classroom/_join_info.html",
    "kidswar/web/templates/classroom/projector.html",
)
# The entries the December 2026 review found saying "siz" to the child (shared/reviews/
# words-2026-12.md, Turkish A and B): named so that a move or a new place cannot take one out
# of the check unnoticed.
REVIEWED_TR = (
    "Choose one of the options.",
    "Something went wrong on our side. Please try again.",
    "This page was open too long or came from somewhere else, so nothing was changed. Go back,"
    " reload the page and try again.",
    "Many tables were started from here in the last minute. Wait %(num)d second, then try again.",
    "Choose which cards to play with.",
    "Choose 2, 3 or 4 players.",
    "Tick the Practice box, or leave it empty.",
    "First answer the question, then play on.",
    "Choose a person or the computer for this seat.",
    "Choose who is playing.",
    "Choose how long the game lasts.",
    "Losing when you run short is only for two players. Choose “Play your last card face up” or"
    " set two players.",
    "No ads, no tracking, no accounts. Nothing you do here leaves this app.",
    "Please wait a moment",
    "Please check the form",
    "First player's name (you can leave it empty)",
    "Seat %(number)d: name (you can leave it empty)",
    # the class tables
    "This class round is full. Ask your teacher what to do.",
    "No class round has that code. Check the code on the board and try again.",
    "A join code has eight letters and digits, like K7HQ-X4MP. Check it and try again.",
    "A join code never has the digit %(digit)s. Check the code on the board and try again.",
    "A join code never has the letter %(letter)s. Check the code on the board and try again.",
    "A join code has only letters and digits, never “%(character)s”. Check the code on the board"
    " and try again.",
    "Too many wrong codes were tried from here. Wait %(num)d second, then check the code on the"
    " board and try again.",
    "Your teacher took this table out of the class round, so no more battles are played here."
    " Ask your teacher what to do next.",
    "The round has not started yet. Wait for your teacher to start it.",
    "The round is paused. Wait for your teacher to start it again.",
    "Go back to your table %(name)s",
    "Your table's name (you can leave it empty)",
    "Player %(number)d: name (you can leave it empty)",
    "You play against the computer.",
    "One device can have %(num)d table in a class round. For another one, ask your teacher to"
    " remove a table first.",
)


class Entry(NamedTuple):
    """One translated string of a catalog, with what says who reads it."""

    msgid: str
    places: list[str]  # the files it comes from
    comments: list[str]  # its translator comments
    text: str  # one translation (each plural form is an entry of its own)


def messages(lang: str, catalogs: Path = CATALOGS) -> Iterator[Entry]:
    """Every translated string of a language."""
    with open(catalogs / lang / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else message.string
        places = [path for path, _ in message.locations]
        for string in strings or ():
            yield Entry(msgid, places, list(message.auto_comments), string)


def said_to_the_child(entry: Entry) -> bool:
    """True unless only the teacher or the projector shows the entry (see the module's doc)."""
    if any(comment.startswith(GROWN_UP_COMMENTS) for comment in entry.comments):
        return False
    return not all(place.startswith(GROWN_UP_PLACES) for place in entry.places)


# Turkish "siz", in three shapes:
# - the pronoun: "siz", "sizin", "size", "sizden"...;
# - the person and possessive ending -(I)nIz, its vowel in harmony with the one before it:
#   "cevapladınız", "bırakabilirsiniz", "oynuyorsunuz", "sayfanız", "öğretmeninize",
#   "seçiniz" (and not "henüz", whose ü does not follow its e);
# - the imperative -(y)In ("seçin", "deneyin", "dokunun", "basın") and its negative -mAyIn
#   ("paylaşmayın"). A bare -In cannot be told from a genitive or "your" to one child ("kartın",
#   "oyunun"), so the plain imperative is looked for on the verbs the app uses (add a verb to
#   TR_VERBS when a message uses a new one). Any verb is recognised in the negative, after a
#   vowel ("-eyin": "bekleyin", "isteyin", but not "oyun"), and at the end of a request with
#   "lütfen" ("Lütfen formu gönderin."), where a verb stands last.
VOWELS = "aeıioöuü"
HARMONY = {"a": "ı", "ı": "ı", "e": "i", "i": "i", "o": "u", "u": "u", "ö": "ü", "ü": "ü"}
TR_PRONOUN = re.compile(r"siz(?:in|e|i|den|de|le|inle|ce|ler)?")
TR_PERSON = re.compile(rf"([{VOWELS}])n([ıiuü])z")
TR_NEGATIVE = re.compile(r"\w{2,}m[ae]y[ıi]n")
TR_AFTER_VOWEL = re.compile(rf"\w*([{VOWELS}])y([ıiuü])n")  # "bekleyin", "deneyin"
TR_CONSONANT_IN = re.compile(rf"\w*[^{VOWELS}s]([ıiuü])n")  # "gönderin"; not "-sin" ("misin")
TR_NOT_SIZ = ("deniz",)  # words that only look like it ("denizin")
TR_NOT_IMPERATIVE = {"oyun"}  # nouns that end like an imperative after a vowel ("game")
# Not "sor" (ask): "sorun" is also the noun "problem".
TR_VERBS = "aç al anlat bak bas başla başlat bekle bırak bitir böl çıkar cevapla dağıt dene dinle"
TR_VERBS += " dokun dön düşün ekle et geç gel git gir gör işaretle iste izle kapat karıştır katıl"
TR_VERBS += " kaydet koy kullan kur oku oyna paylaş say seç söyle sil topla tut unut ver yap yaz"
TR_VERBS += " yazdır yenile"
TR_SOFT = {"et": "ed", "git": "gid", "kaydet": "kayded"}  # a vowel after the t softens it


def _harmony(stem: str) -> str:
    """The vowel of a suffix after `stem` by four-way vowel harmony (ı i u ü)."""
    return HARMONY[[c for c in stem if c in VOWELS][-1]]


def _siz_imperatives() -> set[str]:
    """The "siz" imperatives of the app's verbs, plain and negative: "seçin", "seçmeyin"."""
    forms = set()
    for verb in TR_VERBS.split():
        negative = verb + ("ma" if _harmony(verb) in "ıu" else "me")
        for stem in (TR_SOFT.get(verb, verb), negative):
            glue = "y" if stem[-1] in VOWELS else ""
            forms.add(f"{stem}{glue}{_harmony(stem)}n")
    return forms


TR_SIZ_IMPERATIVES = _siz_imperatives()


def _in_harmony(match: re.Match[str] | None) -> bool:
    """True if a match's suffix vowel (its last group) follows the vowel before it."""
    if match is None:
        return False
    vowels = [c for c in match.group(0)[: match.start(match.lastindex or 0)] if c in VOWELS]
    return bool(vowels) and HARMONY[vowels[-1]] == match.group(match.lastindex or 0)


def _turkish_siz_word(word: str, last_in_a_request: bool) -> bool:
    """True for one lower-case word that says "siz" (the last word of a "lütfen" clause?)."""
    if word.startswith(TR_NOT_SIZ):
        return False
    if TR_PRONOUN.fullmatch(word) or word in TR_SIZ_IMPERATIVES or TR_NEGATIVE.fullmatch(word):
        return True
    if word not in TR_NOT_IMPERATIVE and _in_harmony(TR_AFTER_VOWEL.fullmatch(word)):
        return True
    if last_in_a_request and _in_harmony(TR_CONSONANT_IN.fullmatch(word)):
        return True
    return any(HARMONY[before] == after for before, after in TR_PERSON.findall(word))


def turkish_siz(text: str) -> list[str]:
    """The words of `text` that address the reader as "siz"."""
    found = []
    text = text.replace("'", " ").replace("’", " ").lower()
    for sentence in re.split(r"[.!?]", text):
        request = "lütfen" in sentence
        for clause in re.split(r"[,;:]| ve | ya da | sonra ", sentence):
            words = re.findall(r"\w+", clause)
            for number, word in enumerate(words, start=1):
                if _turkish_siz_word(word, request and number == len(words)):
                    found.append(word)
    return found


# German, to the child: never "ihr" (plural) nor "Sie" (formal), in these shapes:
# - "euch", "euer", "eure...": always the plural "you";
# - "ihr"/"Ihr" as the pronoun ("wann ihr wollt", "braucht ihr"). Followed by a noun it is
#   "her"/"their"/"its" ("ihre Zahl", "Ihre Zahl ist dein Ergebnis") and passes;
# - "Sie", "Ihnen", "Ihr..." inside a sentence (at a sentence's start "Sie" is "she" or
#   "they"), and an imperative with "Sie" ("Wählen Sie");
# - a plural imperative starting a sentence ("Spielt mit dem kleinen Kartenspiel.", "Nehmt die
#   Buben"), looked for on the verbs the app uses (add one to DE_PLURAL_IMPERATIVES if needed).
DE_PLURAL_IMPERATIVES = "Achtet Addiert Deckt Dreht Drückt Fangt Fragt Gebt Geht Haltet Hört Kommt"
DE_PLURAL_IMPERATIVES += (
    " Lasst Legt Lest Macht Mischt Nehmt Prüft Rechnet Sagt Schaut Schreibt Seht"
)
DE_PLURAL_IMPERATIVES += (
    " Setzt Spielt Startet Stellt Sucht Tauscht Teilt Tippt Verteilt Vergleicht"
)
DE_PLURAL_IMPERATIVES += " Versucht Wartet Wählt Zählt Zieht"
DE_NOT_DU = re.compile(
    r"\b(?:[Ee]uch|[Ee]uer|[Ee]ure[mnrs]?)\b"
    r"|\b[Ii]hr\b(?!\s+[A-ZÄÖÜ])"
    r"|(?<=[a-zäöüß,;:] )(?:Sie|Ihnen|Ihre?[mnrs]?)\b"
    r"|\b\w+en Sie\b"
    r"|(?:^|(?<=[.!?:;] )|(?<=„))(?:" + "|".join(DE_PLURAL_IMPERATIVES.split()) + r")\b"
)


def german_not_du(text: str) -> list[str]:
    """The words of `text` that address the reader as "ihr" or "Sie" rather than "du"."""
    return [found.group(0) for found in DE_NOT_DU.finditer(text)]


# German "Sie": an imperative ("Wählen Sie") or "Sie"/"Ihnen"/"Ihr..." inside a sentence
# (at a sentence's start "Sie" is "she" or "they", and "Ihr" the plural of "du").
DE_SIE = re.compile(r"\b\w+en Sie\b|(?<=[a-zäöüß,] )(?:Sie|Ihnen|Ihre?[mnrs]?)\b")
# Spanish "usted" and "vosotros": the pronouns and their possessives.
ES_NOT_TU = re.compile(r"\b(?:[Uu]sted(?:es)?|[Vv]osotr[ao]s|[Vv]uestr[ao]s?)\b")
# Spanish "tú" to the whole class, which the projector speaks to with no person: the pronouns
# and the imperatives a join box or a board would use (not after "se", the impersonal form
# with the same spelling: "se escribe el código").
ES_TU = re.compile(
    r"\b(?:[Tt]ú|[Tt]us?|[Tt]i|[Tt]e|[Cc]ontigo)\b"
    r"|\b(?<!se )(?:[ÚúUu]nete|[Ee]lige|[Aa]bre|[Ee]scribe|[Cc]uenta|[Tt]oca|[Pp]ulsa|[Mm]ira)\b"
)
# French "vous": the pronoun, its possessives, or an imperative in -ez starting a sentence or
# after its "Ou"/"Et" ("Ou ouvrez kidswar").
FR_VOUS = re.compile(
    r"\b(?:[Vv]ous|[Vv]otre|[Vv]os)\b|(?:^|[.!?«]\s*)(?!Assez\b)[A-ZÉ][a-zéè]{2,}ez\b"
    r"|(?:^|[.!?«]\s*)(?:Ou|Et),? (?!assez\b)[a-zéè]{3,}ez\b"
)


def test_the_checkers_catch_the_forms_the_reviews_found() -> None:
    # Issue 14's examples, then the December 2026 review's (the old Turkish and German texts).
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
    assert turkish_siz("Oturum henüz başlamadı. Öğretmeninizin başlatmasını bekleyin.") == [
        "öğretmeninizin",
        "bekleyin",
    ]
    assert turkish_siz("Masanızın adı (boş bırakabilirsiniz)") == ["masanızın", "bırakabilirsiniz"]
    assert turkish_siz("Bilgisayara karşı oynuyorsunuz.") == ["oynuyorsunuz"]
    assert turkish_siz("Ne yapacağınızı öğretmeninize sorun.") == ["yapacağınızı", "öğretmeninize"]
    assert turkish_siz("Burada yaptığınız hiçbir şey") == ["yaptığınız"]
    assert turkish_siz("Lütfen biraz bekleyin") == ["bekleyin"]
    assert turkish_siz("Bu adresten katılın: “Oturumu başlat” düğmesine basın.") == [
        "katılın",
        "basın",
    ]
    assert turkish_siz("Sizin sıranız. Unutmayın!") == ["sizin", "sıranız", "unutmayın"]
    # Verbs the list does not know: after a vowel, and last in a request with "lütfen".
    assert turkish_siz("Kartları sıralayın. Lütfen formu gönderin.") == ["sıralayın", "gönderin"]
    assert turkish_siz("Lütfen biraz bekle. Emin misin? Lütfen yeniden dene, kartın burada.") == []
    sen = (
        "Daha büyük karta dokun. Kartın bitince oyundan çıkarsın. Doğru cevapladın. Emin misin?"
        " Oturum henüz başlamadı. Öğretmeninin başlatmasını bekle. Masanın adı (boş"
        " bırakabilirsin). Bir sorun oldu. Oyunun sonu. Deniz, kartını destenin altına koy."
    )
    assert turkish_siz(sen) == []
    assert german_not_du("Ein Wecker kann die Partie beenden, wann ihr wollt.") == ["ihr"]
    assert german_not_du("Besondere Karten braucht ihr nicht.") == ["ihr"]
    assert german_not_du("Fangt mit Summen bis 20 an und rechnet dann bis 28.") == ["Fangt"]
    assert german_not_du("Tipp: Spielt mit dem kleinen Kartenspiel. Nehmt die Buben weg.") == [
        "Spielt",
        "Nehmt",
    ]
    assert german_not_du("Zurück zu eurem Tisch. Zählt eure Karten!") == ["eurem", "Zählt", "eure"]
    assert german_not_du("Ihr spielt. Wie geht es euch?") == ["Ihr", "euch"]
    assert german_not_du("Wählen Sie eine Karte. Das zeigt Ihnen Ihre Karte.") == [
        "Wählen Sie",
        "Ihnen",
        "Ihre",
    ]
    du = (
        "Sie gewinnt. Ihre Zahl ist dein Ergebnis. Beide decken ihre oberste Karte auf. Spiel mit"
        " dem kleinen Kartenspiel, wann du willst. Karten aufdecken und los geht’s! Er spielt."
    )
    assert german_not_du(du) == []
    assert DE_SIE.search("Wählen Sie eine Karte.") and DE_SIE.search("Das zeigt Ihnen die Karte.")
    assert not DE_SIE.search("Sie gewinnt. Ihr deckt eure Karten auf. Wähle eine Karte.")
    assert ES_NOT_TU.search("Elija usted una carta.") and not ES_NOT_TU.search("Elige una carta.")
    assert FR_VOUS.search("Touchez la carte.") and FR_VOUS.search("Comptez vos cartes !")
    assert not FR_VOUS.search("Touche la carte. Chez toi. Assez de cartes ?")
    assert FR_VOUS.search("Ou ouvrez kidswar et tapez le code :")
    assert not FR_VOUS.search("Ou ouvre kidswar. Et assez de cartes.")
    assert ES_TU.search("Únete en esta dirección:") and ES_TU.search("Cuenta tus cartas.")
    assert not ES_TU.search("¡A contar las cartas! Dirección para unirse: se escribe el código.")


def test_who_reads_an_entry_is_the_child_except_on_the_teachers_pages() -> None:
    entries = list(messages("tr"))
    child = {entry.msgid for entry in entries if said_to_the_child(entry)}
    grown_up = {entry.msgid for entry in entries} - child
    assert set(REVIEWED_TR) <= child, set(REVIEWED_TR) - child  # each exists and is checked
    # The teacher's and the projector's own words, by place and by translator comment.
    assert {
        "Keep this page to yourself",
        "Count your cards!",
        "Join at this address:",
        "When every table has joined, press “Start the round”.",
    } <= grown_up
    # The teacher reads only a small part of the app (issue 23 gave the teacher more to read:
    # levels, the board, the CSV).
    assert len(child) > 6 * len(grown_up)


def test_turkish_says_sen_to_the_child() -> None:
    found = [
        (entry.msgid, turkish_siz(entry.text))
        for entry in messages("tr")
        if said_to_the_child(entry) and turkish_siz(entry.text)
    ]
    assert not found, found


def test_turkish_says_siz_to_the_teacher_and_the_class() -> None:
    # The other side of the choice: the teacher is "siz", politely, and so is the whole class
    # on the projector; a translator who made them "sen" would undo it.
    texts = {entry.msgid: entry.text for entry in messages("tr") if not said_to_the_child(entry)}
    or_type = "Or open kidswar, choose “Join a class round” and type the code:"
    for msgid in ("Keep this page to yourself", "Count your cards!", "Join at this address:"):
        assert turkish_siz(texts[msgid]), msgid
    assert turkish_siz(texts[or_type])  # the join box's two lines alike


def test_spanish_speaks_to_the_class_with_no_person() -> None:
    # The projector speaks to every table at once: "¡A contar las cartas!", never a "tú"
    # that leaves the others out (translations/README.md), the join box included.
    found = [
        (entry.msgid, entry.text)
        for entry in messages("es")
        if all(place.startswith(PROJECTOR_PLACES) for place in entry.places)
        and ES_TU.search(entry.text)
    ]
    assert not found, found


def test_german_says_du_to_the_child() -> None:
    found = [
        (entry.msgid, german_not_du(entry.text))
        for entry in messages("de")
        if said_to_the_child(entry) and german_not_du(entry.text)
    ]
    assert not found, found


@pytest.mark.parametrize(("lang", "formal"), [("de", DE_SIE), ("es", ES_NOT_TU)])
def test_german_and_spanish_say_du_and_tu_everywhere(lang: str, formal: re.Pattern[str]) -> None:
    found = [(msgid, text) for msgid, _, _, text in messages(lang) if formal.search(text)]
    assert not found, found


def test_french_says_tu_and_vous_only_to_several_players() -> None:
    found = [
        (msgid, text)
        for msgid, _, _, text in messages("fr")
        if FR_VOUS.search(text) and msgid not in PLURAL["fr"]
    ]
    assert not found, found
    for msgid in PLURAL["fr"]:  # the list names messages that exist and still need it
        texts = [text for known, _, _, text in messages("fr") if known == msgid]
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
        found = dict((msgid, text) for msgid, _, _, text in messages(lang))
        assert found[hint].startswith(start), lang
        assert said in found[score], lang


NNBSP, NBSP = "\u202f", "\u00a0"


def test_french_spacing_before_punctuation_and_inside_guillemets() -> None:
    wrong = []
    for msgid, _, _, text in messages("fr"):
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
        for msgid, _, _, text in messages("fr")
        if re.search(r"(?<=\w)[ \u00a0]La (?:Paix|Bataille)\b", text)
        or re.search(r"\bPeace\b", text.replace("« peace »", "").replace("«\u00a0peace\u00a0»", ""))
    ]
    assert not wrong, wrong
