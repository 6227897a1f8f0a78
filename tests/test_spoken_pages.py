"""The voice says what each page shows, in the order shown, in every language (issue 22).

Known deals are played at a table, in practice (right and wrong answers), in the drill, and a
rules page is read; from each rendered page this collects the texts a child is told (every
paragraph of the said area, in page order) and the clips the page would play (`data-speech`,
`data-speak`), turned into their texts by the phrase registry. Each clip must say its text as
shown, or the text's declared spoken form: signs between numbers read as words ("7 > 4",
`signs_sentence`, in the comparison sentences' own words), a name typed for a seat said as the
seat's own ("Player 1"), Peace's letters spelled one by one. Not told, so not compared: the
controls (buttons, the sign row), the keys line for adults, what is drawn (the cards, the
reply's strip of cards, the number line), and the signs of a sentence that follows and says
the same ("8 > 7" above "Eight is bigger than seven.", a wrong reply's "The right answer").
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from deals import redeal, with_wars
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, move, post

from kidswar.sound.phrases import LANGUAGES, phrase_keys, phrase_text, voiced
from kidswar.words import catalogs, number_words
from kidswar.words.comparisons import NUMBERS, compare
from kidswar.words.content import SIGNS, page, peace_word
from kidswar.words.said import signs_sentence

NAME = "Zoë"  # typed for seat 1: shown, never given to the voice
SIGNED = re.compile(r"\d+(?: [<=>] \d+)+")  # numbers with signs between them, as shown
# Not told: the keys, the drawings, the counter and notices; and the words for the grown-up
# ("Ask: how do you know?") and the level's name, which the adult reads, not the app's voice.
SKIPPED = {
    "keys",
    "strip",
    "signs",
    "number-line-box",
    "progress",
    "notice",
    "adult-prompt",
    "level-now",
    "symbol",  # "8 > 7": said once, by the sentence below it
    "truth",  # "The right answer: 3 < 5": said once, by the reply's last sentence
}
# Texts shown as parts of one paragraph: the answer boxes' label and signs, and a wrong
# answer's count-on beside its sentence (one paragraph, as it is said, to fit a phone).
PARTS = {"answer-label", "answer-signs", "count-on-said", "practice-sentence"}
CLIP = re.compile(r"/speech/(\w+)/([a-z0-9-]+)\.mp3")


class Told(HTMLParser):
    """The texts inside the element with id `root`, one per paragraph (or heading, or answer
    box part), in page order, leaving out what is not told (`SKIPPED`, buttons, drawings)."""

    VOID = frozenset({"input", "br", "img", "meta", "link", "path", "hr"})

    def __init__(self, root: str) -> None:
        """Collect the texts inside the element with id `root`."""
        super().__init__(convert_charrefs=True)
        self.root, self.depth, self.skip_at = root, 0, 0
        self.texts: list[str] = []
        self.text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Enter an element: the root, a skipped part, or a text."""
        if tag in self.VOID:
            return
        found = dict(attrs)
        if self.depth:
            self.depth += 1
        elif found.get("id") == self.root:
            self.depth = 1
            return
        if not self.depth or self.skip_at:
            return
        classes = set((found.get("class") or "").split())
        if classes & SKIPPED or tag in ("button", "svg", "form"):
            self.skip_at = self.depth
        elif tag in ("p", "h2", "li") or classes & PARTS:
            self.flush()
            self.text = []

    def handle_endtag(self, tag: str) -> None:
        """Leave an element, ending its text."""
        if tag in self.VOID or not self.depth:
            return
        if self.skip_at == self.depth:
            self.skip_at = 0
        elif tag in ("p", "h2", "li", "span"):
            self.flush()
        self.depth -= 1

    def handle_data(self, data: str) -> None:
        """Keep the text of the element being read."""
        if self.text is not None and not self.skip_at:
            self.text.append(data)

    def flush(self) -> None:
        """End the text being read, if it has any."""
        if self.text is not None:
            text = " ".join("".join(self.text).split())
            if text:
                self.texts.append(text)
        self.text = None


def told(page_html: str, root: str) -> list[str]:
    """The texts a page tells inside `root`, in page order."""
    parser = Told(root)
    parser.feed(page_html)
    parser.flush()
    return parser.texts


def played(page_html: str, lang: str, attribute: str = "data-speech") -> list[str]:
    """The texts of the clips a page plays, in order (each clip's text from the registry)."""
    texts = []
    for value in re.findall(rf'{attribute}="([^"]*)"', page_html):
        for clip_lang, key in CLIP.findall(html.unescape(value)):
            assert clip_lang == lang, value
            texts.append(phrase_text(lang, key))
    return texts


def declared(shown: str, lang: str) -> list[str]:
    """What the voice says for one shown text: itself, or its declared spoken form (one
    sentence per sign between numbers; a typed name as the seat's own name)."""
    t = catalogs.load(lang)
    if SIGNED.fullmatch(shown):
        parts = shown.split()
        return [
            signs_sentence(int(parts[i]), parts[i + 1], int(parts[i + 2]), t)
            for i in range(0, len(parts) - 2, 2)
        ]
    if shown == "=":  # a wrong answer that chose "The same" among three cards
        return [t.gettext("The same")]
    if shown.isdigit():  # the card a wrong answer tapped among three cards: its number said
        return [number_words.subject(int(shown), t)]
    return [shown.replace(NAME, t.gettext("Player %(number)d") % {"number": 1})]


def flat(text: str) -> str:
    """A text with each run of white space (no-break ones too) as one space, as read here."""
    return " ".join(text.split())


def assert_says_what_it_shows(page_html: str, lang: str, root: str) -> list[str]:
    """Assert the clips of a page say its told texts, in order; return those texts."""
    shown = told(page_html, root)
    expected = [flat(said) for text in shown for said in declared(text, lang)]
    spoken = [flat(text) for text in played(page_html, lang)]
    assert spoken == expected, "\n".join(shown)
    assert not [text for text in spoken if SIGNS.search(text) or NAME in text]
    return shown


def start(client: FlaskClient, lang: str, **form: str) -> str:
    """Start an easy game against the computer, seat 1 named NAME; the table's address."""
    response = post(
        client, f"/{lang}/easy", {"who": "computer", "name-1": NAME, **form}, page=f"/{lang}/easy"
    )
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_says_every_sentence_it_shows(client: FlaskClient, app: Flask, lang: str) -> None:
    table = start(client, lang)
    with_wars(app.config["DATABASE"], table.rsplit("/", 1)[1], turns=10, wars=1)
    seen = []
    for battle in range(1, 11):
        assert move(client, table, "all", battle).status_code in (200, 303)
        page_html = client.get(table).get_data(as_text=True)
        if 'data-over="yes"' in page_html:
            break
        seen += assert_says_what_it_shows(page_html, lang, "said")
    t = catalogs.load(lang)
    takes = t.ngettext("%(name)s takes %(count)d card.", "%(name)s takes %(count)d cards.", 2)
    assert any(text == takes % {"name": NAME, "count": 2} for text in seen), seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_after_each_battle_the_voice_first_says_the_sentence_shown(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    # Issue 32: the first clip was the sign read as "Eight is greater than seven." above the
    # shown "Eight is bigger than seven.", and a tap cut the rest: the child heard other words.
    table = start(client, lang)
    with_wars(app.config["DATABASE"], table.rsplit("/", 1)[1], turns=15, wars=1)
    t = catalogs.load(lang)
    signs_said = 0
    for battle in range(1, 16):
        assert move(client, table, "all", battle).status_code in (200, 303)
        page_html = client.get(table).get_data(as_text=True)
        shown = told(page_html, "said")
        spoken = [flat(text) for text in played(page_html, lang)]
        sentences = re.findall(r'<p class="sentence">(.*?)</p>', page_html)
        first = flat(html.unescape(re.sub("</?bdi>", "", sentences[0])))
        assert spoken[0] == first.replace(NAME, t.gettext("Player %(number)d") % {"number": 1})
        assert all(text in [flat(each) for each in declared_all(shown, lang)] for text in spoken)
        symbol = re.search(r'<p class="symbol"[^>]*>([^<]+)</p>', page_html)
        if symbol:  # the sign row is shown, and said once: by the sentence below it
            signs_said += 1
            read = declared(html.unescape(symbol.group(1)), lang)
            assert all(spoken.count(flat(text)) <= 1 for text in read), spoken
        if 'data-over="yes"' in page_html:
            break
    assert signs_said


def declared_all(shown: list[str], lang: str) -> list[str]:
    """Every text a page may say for what it shows."""
    return [said for text in shown for said in declared(text, lang)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sign_is_read_in_the_words_of_the_comparison_sentences(lang: str) -> None:
    # Never "greater/less" beside "bigger/smaller": "7 > 4" is read "Seven is bigger than four.",
    # the comparison sentence itself, and so is a wrong choice's sign in the same template.
    t = catalogs.load(lang)
    for first, second in [(3, 5), (5, 3), (4, 4), (9, 2), (12, 13), (20, 19)]:
        sentence, signs = compare(first, second, NUMBERS, t)
        sign = signs.split()[1]
        assert signs_sentence(first, sign, second, t) == sentence


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("variant", "players"), [("peace", 2), ("addition", 3), ("standard", 4)])
def test_every_variant_says_what_it_shows(
    client: FlaskClient, app: Flask, lang: str, variant: str, players: int
) -> None:
    form = {**FULL_FORM, "variant": variant, "players": str(players), "name-1": NAME}
    response = post(client, f"/{lang}/full", form, page=f"/{lang}/full")
    assert response.status_code == 303, response.get_data(as_text=True)
    table = str(response.headers["Location"])
    with_wars(app.config["DATABASE"], table.rsplit("/", 1)[1], turns=8, wars=1)
    for battle in range(1, 9):
        move(client, table, "all", battle)
        page_html = client.get(table).get_data(as_text=True)
        if 'data-over="yes"' in page_html:
            break
        assert_says_what_it_shows(page_html, lang, "said")


def test_a_turkish_sum_pauses_before_its_result() -> None:
    # eSpeak pauses at the comma: "Bir artı on on bir eder." ran the sum into its result
    assert phrase_text("tr", "sum-1-10") == "Bir artı on, on bir eder."


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("practice", ["", "on"])
def test_the_end_of_a_game_says_who_won(
    client: FlaskClient, app: Flask, lang: str, practice: str
) -> None:
    table = start(client, lang, **({"practice": practice} if practice else {}))
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH"], ["2C"]])
    move(client, table, "all", 1)
    if practice:
        post(client, f"{table}/answer", {"battle": 1, "answer": "card-0"}, page=table)
    page_html = client.get(table).get_data(as_text=True)
    assert 'data-over="yes"' in page_html
    outcome = re.search(r'<p class="outcome">(.+?)</p>', page_html)  # the name in a <bdi>
    assert outcome is not None
    shown = [*told(page_html, "said"), html.unescape(re.sub("</?bdi>", "", outcome.group(1)))]
    expected = [flat(said) for text in shown for said in declared(text, lang)]
    assert [flat(text) for text in played(page_html, lang)] == expected
    assert NAME in shown[-1]  # "Zoë collected every card and wins!", said with "Player 1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_practice_says_its_question_hint_and_every_reply(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    table = start(client, lang, practice="on")
    hands = [["7H", "2C", "9D", "5S", "QH"], ["4S", "8C", "9S", "3D", "KC"]]
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], hands)
    # 7 > 4 right, 2 < 8 wrong, a war (9 = 9) right, then 5 ? 3 after it tapped wrong
    answers = ["gt", "gt", "same", "card-1"]
    kinds = set()
    for battle, given in enumerate(answers, start=1):
        move(client, table, "all", battle)
        asking = client.get(table).get_data(as_text=True)
        shown = assert_says_what_it_shows(asking, lang, "said")
        assert len(shown) == 2  # the question and its hint, both said
        post(client, f"{table}/answer", {"battle": battle, "answer": given}, page=table)
        reply = client.get(table).get_data(as_text=True)
        assert_says_what_it_shows(reply, lang, "said")
        kinds |= set(re.findall(r"reply-(right|wrong)", reply))
        if 'data-over="yes"' in reply:
            break
    assert kinds == {"right", "wrong"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("level", "question"), [("numbers", "bigger"), ("faces", "smaller"), ("addition", "bigger")]
)
def test_the_drill_says_its_questions_and_replies(
    client: FlaskClient, lang: str, level: str, question: str
) -> None:
    drill = f"/{lang}/drill"
    response = post(client, drill, {"range": level, "question": question}, page=drill)
    assert response.status_code == 303
    kinds = set()
    for number, given in enumerate(["lt", "gt", "same", "card-0", "card-1", "lt"], start=1):
        asking = client.get(f"{drill}/play").get_data(as_text=True)
        assert_says_what_it_shows(asking, lang, "drill")
        data = {"number": number, "answer": given, "token": token_of(asking)}
        post(client, f"{drill}/answer", data, page=f"{drill}/play")
        reply = client.get(f"{drill}/play").get_data(as_text=True)
        assert_says_what_it_shows(reply, lang, "drill")
        kinds |= set(re.findall(r"reply-(right|wrong)", reply))
        data = {"number": number, "token": token_of(reply)}
        post(client, f"{drill}/next", data, page=f"{drill}/play")
    assert "wrong" in kinds  # "lt" then "gt" about the same pair cannot both be right


def token_of(page_html: str) -> str:
    """The drill's token on its page."""
    found = re.search(r'name="token" value="([^"]+)"', page_html)
    assert found, "no drill token"
    return found.group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", ["war", "peace", "addition"])
def test_a_rules_page_reads_each_item_as_shown(client: FlaskClient, lang: str, name: str) -> None:
    address = f"/{lang}/rules/" if name == "war" else f"/{lang}/rules/{name}"
    page_html = client.get(address).get_data(as_text=True)
    items = re.findall(r"<(?:li|p)>(.*?) <button[^>]*data-speak=\"([^\"]+)\"", page_html)
    assert items, address
    rules = page(name, catalogs.load(lang))
    word = peace_word(catalogs.load(lang))
    for shown_html, clip in items:
        shown = html.unescape(shown_html)
        key = CLIP.search(html.unescape(clip))
        assert key is not None and key.group(1) == lang
        said = phrase_text(lang, key.group(2))
        assert not SIGNS.search(said), said
        if shown in rules.spoken:  # declared beside the text in its TOML file, and translated
            assert said == voiced(lang, rules.spoken[shown])
        else:  # as shown, the letters of Peace's word spelled one by one
            expected = shown.replace("-".join(word), ", ".join(word))
            joined = re.sub(r"(?<=\d)[\u00a0\u202f\u2009 ](?=\d{3}\b)", "", expected)
            assert said == voiced(lang, joined)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_given_to_the_voice_keeps_a_sign_or_a_typed_name(lang: str) -> None:
    texts = [phrase_text(lang, key) for key in phrase_keys()]
    assert not [text for text in texts if SIGNS.search(text)]
    assert not [text for text in texts if NAME in text]
