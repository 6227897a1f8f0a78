"""The tables of a class round as the projector lists them (kidswar/web/services/board.py):
the game now counts, earlier games are kept, and a practice round's answers only once over."""

from __future__ import annotations

from pathlib import Path

from conftest import make_game
from services_support import service_context

from kidswar.game.class_round import Round, RoundSettings
from kidswar.game.clock import Clock
from kidswar.game.practice import Practice
from kidswar.game.questions import Question
from kidswar.game.rules import Variant
from kidswar.game.score import Score
from kidswar.game.table import Seat, TableSetup
from kidswar.storage.round_games import PlayedGame
from kidswar.web.services.board import (
    BoardSeat,
    BoardTable,
    board_table,
    class_practice,
    class_together,
    earlier_game,
    game_now_result,
    practice_json,
    tables_json,
)
from kidswar.words.catalogs import load
from kidswar.words.isolate import isolate

EN = load("en")
# docs/rules.md's worked example with only its six cards: Ada takes them all in one battle.
WON_BY_ADA = [["9H", "3C", "KD"], ["9S", "5D", "7C"]]
FRESH = [["2H", "3H"], ["4S", "5S"]]


def played(
    game_id: str, hands: list[list[str]], battles: int, practice: bool = False
) -> PlayedGame:
    """A game of Ada and Bo from this deal, `battles` of it played."""
    game = make_game("standard", hands)
    for _ in range(battles):
        game.play_battle()
    setup = TableSetup("easy", (Seat("Ada", False), Seat("Bo", False)), game.rules, practice)
    return PlayedGame(game_id, setup, game, Practice())


def test_a_table_that_played_again_keeps_its_earlier_game(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    games = [played("g1", WON_BY_ADA, 1), played("g2", FRESH, 0)]
    table = board_table(ctx, 3, "Owl table", "g2", games, over=False)
    assert (table.number, table.name, table.games, table.finished) == (3, "Owl table", 2, 1)
    assert table.earlier == (f"Game 1: {isolate('Ada')} won.",)
    assert [(seat.name, seat.count, seat.wins) for seat in table.seats] == [
        ("Ada", 2, 1),
        ("Bo", 2, 0),
    ]  # the cards of the game now; the wins of every game
    assert table.result is None  # the game now is not over
    assert (table.battles, table.played_battles) == (0, 1)


def test_a_finished_game_now_names_its_number_when_there_were_more(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    games = [played("g1", FRESH, 0), played("g2", WON_BY_ADA, 1)]
    table = board_table(ctx, 1, "", "g2", games, over=False)
    assert table.result is not None and table.result.startswith("Game 2: ")
    assert [seat.best for seat in table.seats] == [True, False]
    alone = board_table(ctx, 1, "", "g2", games[1:], over=False)
    assert alone.result is not None and not alone.result.startswith("Game")


def test_a_table_whose_game_was_cleaned_up_is_listed_without_one(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    assert board_table(ctx, 2, "Cat table", "gone", [], over=True) == BoardTable(
        2, "Cat table", (), 0, None
    )


def test_a_practice_tables_answers_only_once_time_is_up(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    games = [played("g1", FRESH, 0, practice=True)]
    assert board_table(ctx, 1, "", "g1", games, over=False).score is None
    over = board_table(ctx, 1, "", "g1", games, over=True)
    assert over.score == Score() and over.answers is not None


def test_earlier_games_and_the_game_now_in_few_words() -> None:
    assert earlier_game(1, None, ["Ada", "Bo"], EN) == "Game 1: a draw."
    assert game_now_result(2, "Ada wins!", False, EN) == "Game 2: Ada wins!"
    assert game_now_result(2, "A draw.", True, EN) == "Game 2 had not begun when time was up."


def scored(right: int, wrong: tuple[int, int] | None) -> BoardTable:
    """A practice table once over: `right` right answers and one miss of `wrong`, if any."""
    score = Score()
    for _ in range(right):
        score = score.record(Question(1, (9, 2), lowest_wins=False), True)
    if wrong is not None:
        score = score.record(Question(1, wrong, lowest_wins=False), False)
    seats = (BoardSeat("Ada", 10, False), BoardSeat("Bo", 12, True))
    return BoardTable(1, "", seats, 5, None, score, "", played_battles=5)


def test_what_the_class_answered_and_missed_most(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    settings = RoundSettings(10, Variant.STANDARD, 2, False, practice=True)
    found = Round("K7HQX4MP", "token", settings, Clock.ready(600), 1)
    tables = [scored(3, (7, 4)), scored(2, (4, 7)), scored(4, None)]
    practice = class_practice(ctx, found, tables)
    assert practice is not None
    assert (practice.right, practice.asked) == (9, 11)
    (pair,) = practice.missed
    assert (pair.values, pair.chain, pair.tables) == ((7, 4), "7 > 4", 2)
    assert pair.sentence == "Seven is bigger than four."
    assert practice.all_right is None
    assert practice_json(practice) == {
        "right": 9,
        "asked": 11,
        "text": practice.sentence,
        "missed": [{"values": [7, 4], "chain": "7 > 4", "text": pair.sentence, "tables": 2}],
    }
    assert class_practice(ctx, found, [BoardTable(1, "", (), 0, None)]) is None
    assert practice_json(None) is None


def test_a_class_shown_together_counts_its_battles_and_answers(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    tables = [scored(600, None), scored(1, None)]
    tables[0] = BoardTable(1, "", (), 0, None, tables[0].score, "", played_battles=1_200)
    together = class_together(ctx, tables, None)
    assert together.battles == "The class played 1,205 battles."
    assert together.right is None


def test_the_tables_as_json_rank_no_table_when_shown_together() -> None:
    table = scored(1, None)
    assert tables_json([table], together=True) == [
        {"number": 1, "name": "", "players": ["Ada", "Bo"]}
    ]
    (listed,) = tables_json([table])
    assert listed["counts"] == [10, 12]
    assert listed["answers"] == {"right": 1, "asked": 1, "text": ""}
