"""The table's rules: who may act now, turning, "Play 10 battles", answering, time up, again.

A `Table` is a game at a table as it stands at one moment (`now`): its setup, the engine's game,
the battle shown, the seats that turned and wait, its practice, and the clock it plays under
(its own time limit's, its class round's, or none). It holds every rule of the table in one
place, in PokerKit's way: each action has a `verify_*` that raises `TableRefused` (carrying a
`Refusal`, which the web words and answers with a status) before anything changes, a `can_*`
that says yes or no for the page, and the action itself, which returns a frozen record of what
happened. The engine's `Game` is changed in place by the actions, as the engine plays battles.

- A seat's player turns their own card once; the battle is played when every seat still
  holding cards has turned (the computer's seats turn with the last person).
- A practice table asks about every battle before the next: `is_asking` is worked out here
  only, and "Play 10 battles" is not offered there.
- An answer is checked once, here (`verify_answer`): a practice table, the question asked now,
  and an answer that question can take (the card of a seat with a card on the table, a sign
  with two cards).
- A class round's clock refuses moves before it starts, while it is paused and once time is
  up; a table the teacher removed refuses everything.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kidswar.game.clock import Clock, ClockState
from kidswar.game.engine import Game
from kidswar.game.practice import Practice
from kidswar.game.questions import Answer, Question
from kidswar.game.records import Battle, Outcome
from kidswar.game.table import TableSetup

BATTLES_PER_RUN = 10  # "Play 10 battles"


class Refusal(enum.Enum):
    """Why a table will not do what was asked; the web words each one."""

    # Refused as the game stands (409): the page shows the game now with the sentence.
    REMOVED = "removed"  # the teacher took the table out of its class round
    NOT_STARTED = "not-started"  # the class round's clock has not started
    PAUSED = "paused"  # the class round is paused
    TIME_UP = "time-up"  # the game's or the round's time is up
    ALREADY_PLAYED = "already-played"  # a double click, a second tab, a battle played since
    ANSWER_FIRST = "answer-first"  # a practice table waits for its answer
    ALREADY_ANSWERED = "already-answered"  # no question asked, or not that battle's
    ROUND_OVER = "round-over"  # play again: the round's time is up
    NOT_OVER = "not-over"  # play again in a class round before the game ended
    # Requests no page of ours sends (400).
    NOT_PRACTICE = "not-practice"  # an answer to a table that does not practise
    ONE_AT_A_TIME = "one-at-a-time"  # "Play 10 battles" at a practice table
    NOT_A_SEAT = "not-a-seat"  # a turn for a computer's seat, or one with no cards
    NOT_AN_ANSWER = "not-an-answer"  # an answer the question cannot take (a third card)

    @property
    def is_bad_request(self) -> bool:
        """True for a request no page of ours sends (the web answers 400)."""
        return self in BAD_REQUESTS


BAD_REQUESTS = frozenset(
    {Refusal.NOT_PRACTICE, Refusal.ONE_AT_A_TIME, Refusal.NOT_A_SEAT, Refusal.NOT_AN_ANSWER}
)


class TableRefused(Exception):
    """An action the table refused, before anything changed; `refusal` says why."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.value)
        self.refusal = refusal


class Move(enum.StrEnum):
    """A move the table's buttons send: one seat's card, everyone's, or ten battles."""

    TURN = "turn"
    ALL = "all"
    TEN = "ten"


@dataclass(frozen=True)
class Moved:
    """What a move did: the battle shown now, the seats that turned and wait, battles played."""

    last: Battle | None
    turned: tuple[int, ...]
    played: tuple[Battle, ...]


@dataclass(frozen=True)
class Answered:
    """What an answer did: the question, whether it was right, and the practice after it."""

    question: Question
    answer: Answer
    right: bool
    practice: Practice


@dataclass(frozen=True)
class EndedForTime:
    """A game ended because its time was up: the outcome (the most cards wins)."""

    outcome: Outcome


@dataclass
class Table:
    """A game at its table at the moment `now`, with every rule of what may be done there."""

    setup: TableSetup
    game: Game
    last_battle: Battle | None
    turned: tuple[int, ...]
    practice: Practice
    clock: Clock | None  # its round's, its own time limit's, or None for no limit
    now: float
    in_round: bool = False
    removed: bool = False  # the teacher took it out of its class round

    # -- what the table is doing ---------------------------------------------------------

    @property
    def is_asking(self) -> bool:
        """True while a practice table waits for the answer about the battle shown."""
        return self.setup.practice and self.practice.asks_about(self.last_battle, self.game.outcome)

    @property
    def question(self) -> Question | None:
        """The question about the battle shown (asked now or answered), None before any."""
        if not self.setup.practice or self.last_battle is None:
            return None
        return Question.from_battle(self.last_battle, self.setup.rules)

    @property
    def next_battle(self) -> int:
        """The number of the battle a move plays next (the page sends it with the move)."""
        return self.game.battles + 1

    def clock_refusal(self) -> Refusal | None:
        """Why no battle may be played now under the table's clock, or None when it may.

        A table the teacher removed plays no more, whatever its round's clock says.
        """
        if self.removed:
            return Refusal.REMOVED
        if self.clock is None:
            return None
        if self.clock.state is ClockState.READY:
            return Refusal.NOT_STARTED
        if self.clock.state is ClockState.PAUSED:
            return Refusal.PAUSED
        if self.clock.is_up(self.now):
            return Refusal.TIME_UP
        return None

    # -- time up -------------------------------------------------------------------------

    def is_out_of_time(self) -> bool:
        """True if the game goes on although its time is up: it must end now."""
        return self.clock is not None and not self.game.is_over and self.clock.is_up(self.now)

    def end_for_time(self) -> EndedForTime:
        """End the game because its time is up (the most cards wins); ValueError if it is not."""
        if not self.is_out_of_time():
            raise ValueError("the game's time is not up")
        outcome = self.game.end_for_time()
        self.turned = ()
        return EndedForTime(outcome)

    # -- moves ---------------------------------------------------------------------------

    def verify_move(self, move: Move, battle: int, seat: int | None = None) -> None:
        """Raise `TableRefused` unless `move` may be played now on battle number `battle`."""
        if move is Move.TEN and self.setup.practice:
            # Practice asks about every battle: its table offers one battle at a time.
            raise TableRefused(Refusal.ONE_AT_A_TIME)
        refusal = self.clock_refusal()  # removed, or time is up, or the round is not running
        if refusal is not None:
            raise TableRefused(refusal)
        if self.game.is_over or battle != self.next_battle:
            raise TableRefused(Refusal.ALREADY_PLAYED)
        if self.is_asking:  # practice: the battle shown waits for its answer
            raise TableRefused(Refusal.ANSWER_FIRST)
        if move is Move.TURN:
            if seat not in self.setup.humans or not self.game.counts[seat]:
                raise TableRefused(Refusal.NOT_A_SEAT)
            if seat in self.turned:  # a double tap: the card is already face up
                raise TableRefused(Refusal.ALREADY_PLAYED)

    def can_move(self, move: Move, battle: int, seat: int | None = None) -> bool:
        """True if `move` may be played now (`verify_move` would not refuse it)."""
        try:
            self.verify_move(move, battle, seat)
        except TableRefused:
            return False
        return True

    def can_turn(self, seat: int) -> bool:
        """True if the player of `seat` may turn their card now (the page offers the button)."""
        return self.can_move(Move.TURN, self.next_battle, seat)

    def can_play_ten(self) -> bool:
        """True if the table offers "Play 10 battles": never at a practice table."""
        return not self.setup.practice

    def move(self, move: Move, battle: int, seat: int | None = None) -> Moved:
        """Play `move` (checked first by `verify_move`) and say what happened.

        A seat that turns while others still have to waits face up: nothing is played yet.
        """
        self.verify_move(move, battle, seat)
        if move is Move.TURN:
            assert seat is not None
            turned = tuple(sorted({*self.turned, seat}))
            still_to_turn = {s for s in self.setup.humans if self.game.counts[s]} - set(turned)
            if still_to_turn:
                self.turned = turned
                return Moved(self.last_battle, turned, ())
        played = []
        for _number in range(BATTLES_PER_RUN if move is Move.TEN else 1):
            if self.game.is_over:
                break
            played.append(self.game.play_battle())
        self.last_battle = played[-1]
        self.turned = ()
        return Moved(self.last_battle, (), tuple(played))

    # -- practice ------------------------------------------------------------------------

    def verify_answer(self, answer: Answer, battle: int) -> Question:
        """Raise `TableRefused` unless `answer` answers the question about battle `battle` now;
        return that question. The one check of an answer at a table."""
        if not self.setup.practice:
            raise TableRefused(Refusal.NOT_PRACTICE)
        if self.removed:  # its answers count nowhere now
            raise TableRefused(Refusal.REMOVED)
        question = self.question
        if question is None or battle != question.number or not self.is_asking:
            raise TableRefused(Refusal.ALREADY_ANSWERED)
        if not question.accepts(answer):  # the card of a seat that has none on the table
            raise TableRefused(Refusal.NOT_AN_ANSWER)
        return question

    def can_answer(self, answer: Answer, battle: int) -> bool:
        """True if `answer` may be given now to the question about battle `battle`."""
        try:
            self.verify_answer(answer, battle)
        except TableRefused:
            return False
        return True

    def answer(self, answer: Answer, battle: int) -> Answered:
        """Answer the question about battle `battle` (checked first by `verify_answer`)."""
        question = self.verify_answer(answer, battle)
        self.practice = self.practice.answer(question, answer)
        return Answered(question, answer, question.is_right(answer), self.practice)

    # -- play again ----------------------------------------------------------------------

    def verify_play_again(self) -> None:
        """Raise `TableRefused` unless the table may start a new game with the same setup.

        Any game may be played again; a class table only while its round's time runs, and only
        once its game is over (a table cannot drop a game it is losing).
        """
        if not self.in_round:
            return
        if self.clock is None or self.clock.is_up(self.now):
            raise TableRefused(Refusal.ROUND_OVER)
        if self.removed:
            raise TableRefused(Refusal.REMOVED)
        if not self.game.is_over:
            raise TableRefused(Refusal.NOT_OVER)

    def can_play_again(self) -> bool:
        """True if the table may start a new game now (`verify_play_again`)."""
        try:
            self.verify_play_again()
        except TableRefused:
            return False
        return True

    def again(self) -> TableSetup:
        """The setup the next game is dealt with (checked first by `verify_play_again`)."""
        self.verify_play_again()
        return self.setup
