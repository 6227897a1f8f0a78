"""Typed names inside the app's sentences, isolated (issue 23): games, class rounds and the
progress page played with names in Arabic and Hebrew and names that look like markup or like a
placeholder. On every page each visible occurrence of a name is a `<bdi>` holding exactly that
name, the sentence reads as it did before (the words around it unchanged), nothing typed is
markup; in plain text (the title, attributes such as `aria-label`, the status JSON's
sentences) the name stands between FSI and PDI; the results CSV keeps names as typed."""

from __future__ import annotations

import csv
import io
import json
from html.parser import HTMLParser

import pytest
from classroom_support import control, create_round, game_of, join
from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import FULL_FORM, move, post, token

from kidswar.sound.phrases import LANGUAGES
from kidswar.words import catalogs
from kidswar.words.isolate import FSI, PDI, isolate
from kidswar.words.sentences import forfeit_names, takes_sentence, winner_sentence

ARABIC = "\u0645\u0631\u062d\u0628\u0627"  # marhaba
HEBREW = "\u05e9\u05dc\u05d5\u05dd"  # shalom
MARKUP = "<i>x</i>"
PLACEHOLDER = "%(num)s"
JINJA = "{{x}}"
NAMES = (ARABIC, HEBREW, MARKUP, PLACEHOLDER, JINJA)
# Each pair seats two of them against each other (seat 1, seat 2).
PAIRS = [(ARABIC, HEBREW), (MARKUP, PLACEHOLDER), (JINJA, ARABIC), (HEBREW, MARKUP)]
EN = catalogs.load("en")
VOID = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
)
BLOCKS = frozenset({"p", "li", "h1", "h2", "h3", "summary", "label", "a", "button", "title"})


class Page(HTMLParser):
    """A page read as a browser would show it: the text outside every `<bdi>`, the text of
    each `<bdi>`, the blocks' texts (with their `<bdi>` read in line), the attributes and the
    elements found."""

    def __init__(self) -> None:
        """Read nothing yet."""
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.outside: list[str] = []  # text nodes shown, not in a <bdi>
        self.isolated: list[str] = []  # each <bdi>'s text
        self.blocks: list[str] = []  # each paragraph's (heading's, item's...) whole text
        self.attributes: list[tuple[str, str, str]] = []  # (tag, attribute, value)
        self.tags: set[str] = set()
        self.title = ""
        self._bdi: list[str] | None = None
        self._block: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Keep the element's attributes; open it."""
        self.tags.add(tag)
        self.attributes += [(tag, name, value) for name, value in attrs if value]
        if tag in VOID:
            return
        if tag == "bdi":
            assert self._bdi is None, "a <bdi> inside a <bdi>"
            self._bdi = []
        if tag in BLOCKS:
            self._block.append([])
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        """Close the element (and any left open inside it)."""
        if tag in VOID or tag not in self.open:
            return
        while self.open:
            closed = self.open.pop()
            if closed == "bdi" and self._bdi is not None:
                self.isolated.append("".join(self._bdi))
                self._bdi = None
            if closed in BLOCKS:
                text = " ".join("".join(self._block.pop()).split())
                if text:
                    self.blocks.append(text)
            if closed == tag:
                break

    def handle_data(self, data: str) -> None:
        """Sort the text: the title, a script's or style's (not shown), in a <bdi> or not."""
        if "script" in self.open or "style" in self.open or "template" in self.open:
            return
        if "title" in self.open:
            self.title += data
        elif self._bdi is not None:
            self._bdi.append(data)
        else:
            self.outside.append(data)
        for block in self._block:
            block.append(data)


def read(html: str) -> Page:
    """The page, read."""
    page = Page()
    page.feed(html)
    page.close()
    return page


def only_isolated(text: str, name: str) -> bool:
    """True when every occurrence of `name` in the plain text is between FSI and PDI."""
    return text.count(name) == text.count(f"{FSI}{name}{PDI}")


def assert_isolated(html: str, names: tuple[str, ...] = NAMES) -> Page:
    """Assert every visible occurrence of each name on the page is a <bdi> of its own, every
    one in plain text between FSI and PDI, and nothing typed became markup or a placeholder."""
    page = read(html)
    assert "i" not in page.tags, "a typed <i> became an element"
    shown = page.outside + page.isolated
    assert not [text for text in shown if FSI in text or PDI in text], "isolates left as text"
    for name in names:
        assert not [text for text in page.outside if name in text], name
        assert not [text for text in page.isolated if name in text and text != name], name
        assert only_isolated(page.title, name), page.title
        for tag, attribute, value in page.attributes:
            if attribute != "value":  # a form's field holds the name as typed, to edit
                assert only_isolated(value, name), (tag, attribute, value)
    return page


def shown(page: Page, name: str) -> list[str]:
    """The blocks of the page that show `name`, as they read."""
    return [text for text in page.blocks if name in text]


def start(client: FlaskClient, first: str, second: str, lang: str = "en", **form: str) -> str:
    """Start a full game for two children named `first` and `second`; its table's address."""
    data = {**FULL_FORM, "kind-2": "human", "name-1": first, "name-2": second, **form}
    response = post(client, f"/{lang}/full", data, page=f"/{lang}/full")
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def page_of(client: FlaskClient, table: str) -> str:
    """The table's page as a browser gets it."""
    response = client.get(table)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize("first, second", PAIRS)
def test_a_game_names_its_players_isolated(
    client: FlaskClient, app: Flask, first: str, second: str
) -> None:
    table = start(client, first, second)
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH"], ["2C"]])
    before = assert_isolated(page_of(client, table))
    assert first in before.isolated and second in before.isolated  # the seats' headings
    assert move(client, table, "all", 1).status_code == 303
    after = assert_isolated(page_of(client, table))
    # The sentences read as they did: the name in its place, nothing else changed.
    assert takes_sentence(first, 2, EN) in after.blocks
    assert winner_sentence(game_of(app, table).game.outcome.reason, first, EN) in after.blocks
    assert after.isolated.count(first) >= 3  # its heading, who takes the cards, who won


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_isolates_the_names_in_its_sentences(
    client: FlaskClient, app: Flask, lang: str
) -> None:
    table = start(client, ARABIC, MARKUP, lang)
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["5H", "2S", "KS"], ["5D", "3S"]])
    assert move(client, table, "all", 1).status_code == 303  # a war, and every card taken
    page = assert_isolated(page_of(client, table))
    t = catalogs.load(lang)
    won = winner_sentence(game_of(app, table).game.outcome.reason, ARABIC, t)
    for sentence in (takes_sentence(ARABIC, 5, t), won):  # as read, each space one space
        assert " ".join(sentence.split()) in page.blocks


@pytest.mark.parametrize("first, second", PAIRS[:2])
def test_a_war_and_a_forfeit_name_their_players_isolated(
    client: FlaskClient, app: Flask, first: str, second: str
) -> None:
    war = start(client, first, second)
    redeal(app.config["DATABASE"], war.rsplit("/", 1)[1], [["5H", "2S", "KS"], ["5D", "3S", "2C"]])
    assert move(client, war, "all", 1).status_code == 303
    page = assert_isolated(page_of(client, war))
    assert takes_sentence(first, 6, EN) in page.blocks  # after the war
    forfeit = start(client, first, second, shortage="forfeit")
    hands = [["5H", "KS", "QS", "JS"], ["5D"]]
    redeal(app.config["DATABASE"], forfeit.rsplit("/", 1)[1], hands)
    assert move(client, forfeit, "all", 1).status_code == 303
    page = assert_isolated(page_of(client, forfeit))
    assert forfeit_names(second, first, EN) in page.blocks
    assert f"{first} wins: the other player could not lay a whole war." in page.blocks


def test_a_draw_names_who_held_the_most_cards_isolated(client: FlaskClient, app: Flask) -> None:
    table = start(client, ARABIC, MARKUP, limit="other", **{"limit-other": "1"})
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH", "2S"], ["2C", "3D"]])
    assert move(client, table, "all", 1).status_code == 303
    page = assert_isolated(page_of(client, table))
    assert (
        f"1 battle and nobody has every card: the game is a draw. {ARABIC} held the most cards: 3."
    ) in page.blocks


def test_practice_names_the_players_isolated(client: FlaskClient, app: Flask) -> None:
    table = start(client, HEBREW, PLACEHOLDER, practice="on")
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH", "3S"], ["2C", "4D"]])
    assert move(client, table, "all", 1).status_code == 303
    asking = assert_isolated(page_of(client, table))
    labels = [value for _tag, attribute, value in asking.attributes if attribute == "aria-label"]
    assert f"Choose {isolate(HEBREW)}'s king of hearts (K = 13) (key 1)" in labels
    answer = post(client, f"{table}/answer", {"battle": 1, "answer": "card-0"}, page=table)
    assert answer.status_code == 303
    replied = assert_isolated(page_of(client, table))
    assert takes_sentence(HEBREW, 2, EN) in replied.blocks


def test_a_timed_game_ends_naming_its_winner_isolated(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    table = start(client, JINJA, ARABIC, time="5")
    redeal(app.config["DATABASE"], table.rsplit("/", 1)[1], [["KH", "2S", "3S"], ["2C", "4D"]])
    assert move(client, table, "all", 1).status_code == 303
    clock.advance(5 * 60 + 1)
    page = assert_isolated(page_of(client, table))
    assert f"Time is up: {JINJA} has the most cards and wins!" in page.blocks
    assert f"{JINJA} has 4 cards." in page.blocks and f"{ARABIC} has 1 card." in page.blocks
    draw = start(client, HEBREW, ARABIC, time="5")  # time is up before a battle: a draw
    clock.advance(5 * 60 + 1)
    page = assert_isolated(page_of(client, draw))
    both = f"Time is up: {HEBREW} and {ARABIC} have the most cards. The game is a draw."
    assert both in page.blocks
    assert (
        page.isolated.count(HEBREW) == page.isolated.count(ARABIC) == 3
    )  # heading, sentence, count


def round_pages(client: FlaskClient, teacher: str, code: str) -> list[str]:
    """The class round's pages that show every table: the projector, the teacher's, the
    board the status JSON carries."""
    return [
        client.get(f"/en/class/{code}/screen").get_data(as_text=True),
        client.get(teacher).get_data(as_text=True),
        client.get(f"/en/class/{code}/status").get_json()["board"],
    ]


def test_a_class_round_names_its_tables_and_players_isolated(
    client: FlaskClient, app: Flask, clock: FakeClock
) -> None:
    teacher, code = create_round(client, time="5")
    names = {"table-name": ARABIC, "name-1": HEBREW, "name-2": MARKUP}
    device, table = join(app, code, **names)
    other, other_table = join(app, code, **{"table-name": PLACEHOLDER, "name-1": JINJA})
    database = app.config["DATABASE"]
    redeal(database, table.rsplit("/", 1)[1], [["KH"], ["2C"]])
    redeal(database, other_table.rsplit("/", 1)[1], [["KH", "2S", "3S"], ["2C", "4D"]])
    for page in round_pages(client, teacher, code):
        assert_isolated(page)
    assert control(client, teacher, "start") == 303
    assert move(device, table, "all", 1).status_code == 303  # won: every card
    assert move(other, other_table, "all", 1).status_code == 303
    assert_isolated(page_of(device, table))
    again = post(device, f"{table}/again", {}, page=table)
    new_table = str(again.headers["Location"])
    clock.advance(5 * 60 + 1)
    for device_now, at in ((device, new_table), (other, other_table)):
        assert_isolated(page_of(device_now, at))
    assert_isolated(device.get(f"/en/join/{code}").get_data(as_text=True))
    assert_isolated(client.get(f"{teacher}/tables/1/remove").get_data(as_text=True))
    for page in round_pages(client, teacher, code):
        read_page = assert_isolated(page)
        assert f"Game 1: {HEBREW} won." in read_page.blocks
        assert f"Time is up: {JINJA} has the most cards and wins!" in read_page.blocks
        assert f"{JINJA}: 4 cards" in " ".join(read_page.blocks)
    status = client.get(f"/en/class/{code}/status").get_json()
    listed = {table["name"]: table for table in status["tables"]}
    # The status JSON: names as data (as typed), its sentences plain text, each name isolated.
    assert listed[ARABIC]["players"] == [HEBREW, MARKUP]
    assert listed[ARABIC]["earlier"] == [f"Game 1: {isolate(HEBREW)} won."]
    assert listed[PLACEHOLDER]["result"] == (
        f"Time is up: {isolate(JINJA)} has the most cards and wins!"
    )
    results = client.get(f"{teacher}/results.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(results)))
    # A spreadsheet shows isolation marks as boxes (issue 33): the names as typed there.
    assert rows[1][4:6] == [ARABIC, f"{HEBREW}, {MARKUP}"]
    assert "<bdi>" not in results and FSI not in results and PDI not in results


def test_the_progress_page_names_each_child_isolated(client: FlaskClient) -> None:
    children = [
        {"animal": animal, "name": name}
        for animal, name in zip(("cat", "dog"), NAMES[:2], strict=True)
    ]
    response = client.post(
        "/en/progress/children",
        data=json.dumps({"children": children}).encode(),
        content_type="application/json",
        headers={"X-CSRFToken": token(client)},
    )
    assert response.status_code == 200
    page = assert_isolated(response.get_data(as_text=True))
    assert f"{ARABIC} (Cat)" in page.blocks and f"{HEBREW} (Dog)" in page.blocks
    labels = {value for _tag, attribute, value in page.attributes if attribute == "data-label"}
    assert labels == {f"{isolate(ARABIC)} (Cat)", f"{isolate(HEBREW)} (Dog)"}


def test_the_child_picker_puts_each_name_between_isolates(client: FlaskClient) -> None:
    page = read(client.get("/en/").get_data(as_text=True))
    named = [value for _tag, attribute, value in page.attributes if attribute == "data-named"]
    assert named and all(value.startswith(isolate("{name}") + " (") for value in named)
