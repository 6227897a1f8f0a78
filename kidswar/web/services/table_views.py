"""What the table's templates read: frozen, typed views (a misspelled name fails, not blanks).

`views.table_page` makes them from a stored game and its rules (`table_practice` for practice).
"""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from kidswar.game.class_round import RoundTable
from kidswar.game.records import Battle, Outcome
from kidswar.game.rules import Rules
from kidswar.web.services.practice_view import QuestionView, ReplyView, ScoreView
from kidswar.web.services.table_cards import Showing, WarLay
from kidswar.words.kind_words import NO_END, GameEnd
from kidswar.words.said import Said
from kidswar.words.sentences import Description


@dataclass(frozen=True)
class SeatView:
    """One seat as drawn: name, count, the cards showing, and whether its player may tap."""

    index: int
    name: str
    computer: bool
    count: int
    # The cards face up in front of this seat, each with its badge (and in Addition War their
    # sum); no cards before the first battle, or for a seat that is out.
    showing: Showing
    can_turn: bool
    turned: bool
    # The small picture of the device's child who practises in this seat (its animal), if any.
    animal: Markup | None = None


@dataclass(frozen=True)
class PracticeView:
    """Practice at the table: where answers go, the question or the reply, the score at the end."""

    answer_url: str
    question: QuestionView | None = None
    reply: ReplyView | None = None
    score: ScoreView | None = None
    # A table on a level: its answers count for the device's child, whose progress the answer
    # form carries (filled in by the page's script, `table/child`).
    for_child: bool = False


@dataclass(frozen=True)
class TableView:
    """Everything the table template draws of a game, sentences included."""

    id: str
    move_url: str  # where every move form of the table goes
    version: int  # the page's script compares it with the server's
    mode: str
    variant: str
    rules: Rules
    seats: tuple[SeatView, ...]
    battle: Battle | None
    next_battle: int
    battles: int
    description: Description | None
    quiet: tuple[str, ...]  # read out, not shown: each seat's sum in words
    rounds: tuple[tuple[WarLay, ...], ...]
    outcome: Outcome | None
    over: bool
    outcome_sentence: str | None
    steps: tuple[str, ...]
    step: int
    empty_pile: Markup
    back: Markup
    title: str
    rules_label: str
    speech: tuple[str, ...]  # the clips of the texts below (a practice reply's, then `said`)
    # The battle's texts the said area draws, in order, each with its clips (after a practice
    # reply, without what the reply said already).
    said: tuple[Said, ...] = ()
    # How the game ended (`outcome_sentence`) with its clip, said after the battle's texts.
    outcome_said: Said | None = None
    practice: PracticeView | None = None  # None: a game without practice
    asking: bool = False  # a practice table waits for its answer
    # The end of the game for the children: the kind word for those who did not win (its
    # clip's key too) and the sounds the page plays ("fanfare", "kind").
    end: GameEnd = NO_END


@dataclass(frozen=True)
class TimerView:
    """What the countdown on a table draws (the page's script reads the same values)."""

    state: str
    left: float | None
    total: float
    message: str
    text: str
    status_url: str
    poll: int
    words: dict[int, str]
    playing: bool
    refusal: str | None
    round: str | None
    table: RoundTable | None
    removed: bool
