"""The table drawn on fixed deals, as the snapshot test compares it (tests/test_table_snapshots.py).

Each scene starts a game through the setup pages, gives it a known deal, and plays it as the
table's script does (moves and answers sent with the fetch header, answered by the fragment);
every answer and, at the end, the whole page and its fragment are kept as the user gets them,
with what changes from request to request (CSRF tokens, game ids, static file versions)
normalised out. `tests/data/make_table_snapshots.py` records them; the test draws them again.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from clockhelpers import FakeClock
from deals import redeal
from flask import Flask
from flask.testing import FlaskClient
from webhelpers import post, start_easy, start_full

from kidswar.game.rules import Variant
from kidswar.storage.database import create
from kidswar.web import create_app
from kidswar.words.catalogs import LANGUAGES

FETCH = {"X-Kidswar": "fetch"}
WAR = [["7H", "2C", "9D", "KS", "3H", "5C"], ["7S", "4C", "8D", "QS", "2H", "6C"]]
GAME_PATH = re.compile(r"/game/([A-Za-z0-9_-]{6,})")
NORMAL = (
    (re.compile(r'name="csrf_token" value="[^"]+"'), 'name="csrf_token" value="TOKEN"'),
    (re.compile(r"\?v=[0-9a-f]+"), "?v=VERSION"),
)


class Scene:
    """One game played in one language, keeping each answer the app gave."""

    def __init__(self, app: Flask, lang: str) -> None:
        """A fresh browser session on the app."""
        self.app, self.lang = app, lang
        self.client: FlaskClient = app.test_client()
        self.kept: list[tuple[str, str]] = []
        self.table = ""

    def start(self, table: str, hands: list[list[str]]) -> None:
        """Take the game at `table` (an /en/ address), dealt `hands`, in the scene's language."""
        redeal(self.app.config["DATABASE"], table.rsplit("/", 1)[1], hands)
        self.table = table.replace("/en/", f"/{self.lang}/", 1)

    def keep(self, what: str, response: object) -> None:
        """Keep one answer (its status and its text, normalised)."""
        status = response.status_code  # type: ignore[attr-defined]
        text = response.get_data(as_text=True)  # type: ignore[attr-defined]
        self.kept.append((what, f"{status}\n{normalised(text)}"))

    def move(self, action: str, battle: int, **data: str) -> None:
        """Send a move as the table's script does and keep the fragment it answers with."""
        form = {"action": action, "battle": str(battle), **data}
        response = post(self.client, f"{self.table}/move", form, page=self.table, headers=FETCH)
        self.keep(f"move {action} {battle}", response)

    def answer(self, battle: int, given: str) -> None:
        """Answer the practice question as the table's script does; keep the fragment."""
        form = {"answer": given, "battle": str(battle)}
        response = post(self.client, f"{self.table}/answer", form, page=self.table, headers=FETCH)
        self.keep(f"answer {given} {battle}", response)

    def look(self, what: str = "page") -> None:
        """Keep the whole page and the fragment the script fetches when the game moved."""
        self.keep(f"{what} page", self.client.get(self.table))
        self.keep(f"{what} fragment", self.client.get(self.table, headers=FETCH))


def normalised(html: str) -> str:
    """The answer without what differs from one run to the next."""
    for pattern, replacement in NORMAL:
        html = pattern.sub(replacement, html)
    return GAME_PATH.sub("/game/GAME", html)


def easy(scene: Scene) -> None:
    """The easy game: new, one battle, then "Play 10 battles"."""
    scene.start(start_easy(scene.client), [["7H", "2C", "9D", "5S"], ["4S", "3C", "8D", "6H"]])
    scene.look("new")
    scene.move("all", 1)
    scene.move("ten", 2)
    scene.look()


def war_in(variant: Variant) -> Callable[[Scene], None]:
    """A war between two in a one-card variant (War, Three down, Peace...): the same deal,
    each laying its own number of cards face down."""

    def war(scene: Scene) -> None:
        scene.start(start_full(scene.client, variant=variant.value), WAR)
        scene.move("all", 1)
        scene.look()

    return war


# Every variant that turns one card has its war drawn, named by its rules page ("war",
# "three-down", "peace"): a new variant's scenes are new snapshots to record, not skipped.
# Addition War, which turns two, has its own scenes below.
WARS = {variant.page: war_in(variant) for variant in Variant if variant.face_up == 1}


def ended(scene: Scene) -> None:
    """The end of a game (one battle takes the last card)."""
    scene.start(start_full(scene.client), [["KH", "9D"], ["2C"]])
    scene.move("all", 1)
    scene.look()


def refused(scene: Scene) -> None:
    """A move from an old page: refused with a notice (409)."""
    scene.start(start_full(scene.client), WAR)
    scene.move("all", 1)
    scene.move("all", 1)


def seat_by_seat(scene: Scene) -> None:
    """Two people at one table turning their own cards, one seat waiting for the other."""
    scene.start(start_full(scene.client, **{"kind-2": "human"}), WAR)
    scene.move("turn", 1, seat="0")
    scene.look("waiting")
    scene.move("turn", 1, seat="1")


def three_players(scene: Scene) -> None:
    """Three players, seats 1 and 3 at war."""
    scene.start(
        start_full(scene.client, players="3"),
        [["7H", "2C", "9D", "KS"], ["4S", "3C", "8D", "QS"], ["7D", "5S", "6C", "JH"]],
    )
    scene.move("all", 1)
    scene.look()


def four_players(scene: Scene) -> None:
    """Four players, one of them a second person."""
    scene.start(
        start_full(scene.client, players="4", **{"kind-2": "human"}),
        [["7H", "2C"], ["4S", "3C"], ["9D", "5S"], ["JH", "6D"]],
    )
    scene.move("all", 1)
    scene.look()


def practice(scene: Scene) -> None:
    """Practice on: asked, a wrong reply, a right one."""
    scene.start(start_easy(scene.client, practice="on"), [["7H", "2C", "9D"], ["4S", "3C", "8D"]])
    scene.move("all", 1)
    scene.look("asking")
    scene.answer(1, "lt")  # wrong: 7 > 4
    scene.move("all", 2)
    scene.answer(2, "lt")  # right: 2 < 3
    scene.look()


def practice_ended(scene: Scene) -> None:
    """Practice to the end of a game: the score."""
    scene.start(start_easy(scene.client, practice="on"), [["7H", "9D"], ["4S", "3C"]])
    for battle in (1, 2):
        scene.move("all", battle)
        scene.answer(battle, "gt")
    scene.look()


def practice_three(scene: Scene) -> None:
    """Practice with three players: which card is the biggest, answered wrong."""
    scene.start(
        start_full(scene.client, players="3", practice="on"),
        [["7H", "2C"], ["4S", "3C"], ["9D", "5S"]],
    )
    scene.move("all", 1)
    scene.answer(1, "card-1")  # wrong: the 9 is the biggest
    scene.look()


def addition(scene: Scene) -> None:
    """Addition War with the number cards: new, then a battle."""
    scene.start(
        start_full(scene.client, variant="addition", deck="numbers"),
        [["7H", "2C", "9D", "3S"], ["4S", "3C", "8D", "AS"]],
    )
    scene.look("new")
    scene.move("all", 1)
    scene.look()


def addition_war(scene: Scene) -> None:
    """Addition War: equal sums, a war."""
    scene.start(
        start_full(scene.client, variant="addition"),
        [["7H", "2C", "9D", "3S", "KH", "4D"], ["4S", "5C", "8D", "AS", "QC", "2D"]],
    )
    scene.move("all", 1)
    scene.look()


def addition_practice(scene: Scene) -> None:
    """Addition War with practice: which sum is bigger, answered wrong, then right."""
    scene.start(
        start_full(scene.client, variant="addition", deck="numbers", practice="on"),
        [["7H", "2C", "9D", "3S"], ["4S", "3C", "8D", "AS"]],
    )
    scene.move("all", 1)
    scene.answer(1, "lt")  # wrong: 9 > 7
    scene.move("all", 2)
    scene.answer(2, "gt")  # right: 12 > 9
    scene.look()


def timed(scene: Scene) -> None:
    """An easy game with a timer: the clock on the page, then the time up."""
    scene.start(
        start_easy(scene.client, time="5"), [["7H", "2C", "9D", "5S"], ["4S", "3C", "8D", "6H"]]
    )
    scene.move("all", 1)
    scene.look("playing")
    scene.app.config["CLOCK"].advance(6 * 60)
    scene.look("time up")


SCENES: dict[str, Callable[[Scene], None]] = {
    "easy": easy,
    **WARS,
    "ended": ended,
    "refused": refused,
    "seat-by-seat": seat_by_seat,
    "three-players": three_players,
    "four-players": four_players,
    "practice": practice,
    "practice-ended": practice_ended,
    "practice-three": practice_three,
    "addition": addition,
    "addition-war": addition_war,
    "addition-practice": addition_practice,
    "timed": timed,
}


def drawn(folder: Path) -> dict[str, str]:
    """Every scene in every language, as `{"scene lang: what": "status\\nhtml"}`."""
    path = folder / "kidswar.sqlite"
    create(str(path))
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(folder),
            "DATABASE": str(path),
            "DEAL_SEED": 1,
            "CLOCK": FakeClock(),
        }
    )
    answers: dict[str, str] = {}
    for name, play in SCENES.items():
        for lang in LANGUAGES:
            scene = Scene(app, lang)
            play(scene)
            for number, (what, text) in enumerate(scene.kept, 1):
                answers[f"{name} {lang}: {number} {what}"] = text
    return answers


def drawn_now() -> dict[str, str]:
    """`drawn` in a temporary instance folder."""
    with tempfile.TemporaryDirectory() as folder:
        return drawn(Path(folder))
