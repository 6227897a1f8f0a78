"""Practice at the table (kidswar/web/services/table_practice.py): the battle shown in two
steps, the question first (hiding who takes the cards), then the reply and the battle."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from conftest import make_game
from services_support import service_context

from kidswar.game.cards import parse_cards
from kidswar.game.rules import Rules
from kidswar.game.table import Seat, TableSetup
from kidswar.game.table_rules import Move
from kidswar.storage.games import StoredGame
from kidswar.web.services.clock import table_of
from kidswar.web.services.context import Context
from kidswar.web.services.games import answer_question, find_game, play_move, start_game
from kidswar.web.services.table_cards import drawn
from kidswar.web.services.table_practice import after_reply, asked_showing, with_practice
from kidswar.web.services.table_views import TableView
from kidswar.web.services.views import table_view
from kidswar.words.catalogs import load
from kidswar.words.sentences import describe

TWO = (Seat("Ada", False), Seat("", True))


def keys_as_clips(lang: str, keys: Sequence[str]) -> list[str]:
    """Speech clips named after their phrase keys, so a test reads what the voice says."""
    return list(keys)


def played_once(tmp_path: Path, variant: str = "standard") -> tuple[Context, StoredGame]:
    """A practice game of Ada against the computer, its first battle played."""
    ctx = dataclasses.replace(service_context(tmp_path), clips=keys_as_clips)
    setup = TableSetup("easy", TWO, Rules.from_options(variant, 2), practice=True)
    stored = find_game(ctx, start_game(ctx, setup))
    return ctx, play_move(ctx, stored, Move.ALL, 1, None).stored


def practice_view(ctx: Context, stored: StoredGame) -> TableView:
    """The table's view with practice, as `views.table_page` makes it."""
    table = table_of(ctx, stored)
    return with_practice(ctx, stored, table, table_view(ctx, stored, table))


def test_a_game_without_practice_is_shown_as_it_is(tmp_path: Path) -> None:
    ctx = service_context(tmp_path)
    stored = find_game(ctx, start_game(ctx, TableSetup("easy", TWO, Rules())))
    stored = play_move(ctx, stored, Move.ALL, 1, None).stored
    table = table_of(ctx, stored)
    view = table_view(ctx, stored, table)
    assert with_practice(ctx, stored, table, view) is view


def test_while_asking_nothing_tells_who_takes_the_cards(tmp_path: Path) -> None:
    ctx, stored = played_once(tmp_path)
    view = practice_view(ctx, stored)
    assert view.asking
    assert view.practice is not None and view.practice.question is not None
    assert view.practice.reply is None
    assert (view.battle, view.rounds, view.description, view.outcome) == (None, (), None, None)
    assert view.said == ()
    assert [seat.count for seat in view.seats] == [26, 26]  # the stacks as they were turned
    assert not any(seat.can_turn for seat in view.seats)
    assert view.speech == tuple(view.practice.question.phrases)
    assert view.practice.answer_url == ctx.url("table.answer", game_id=stored.id)


def test_after_the_answer_the_reply_then_the_battle(tmp_path: Path) -> None:
    ctx, stored = played_once(tmp_path)
    question = table_of(ctx, stored).question
    assert question is not None
    answer = min(question.right_answers())
    answered = answer_question(ctx, stored, answer, 1).stored
    view = practice_view(ctx, answered)
    assert not view.asking
    assert view.practice is not None and view.practice.reply is not None
    assert view.battle is not None and view.description is not None
    assert view.speech[: len(view.practice.reply.phrases)] == tuple(view.practice.reply.phrases)


def test_in_addition_war_the_sum_waits_for_the_child(tmp_path: Path) -> None:
    ctx, stored = played_once(tmp_path, "addition")
    view = practice_view(ctx, stored)
    assert view.asking
    assert all(seat.showing.sum and seat.showing.sum.endswith(" = ?") for seat in view.seats)


def test_the_asked_showing_of_one_card_or_of_a_sum() -> None:
    addition = Rules.from_options("addition", 2)
    cards = parse_cards(["3C", "4D"])
    assert asked_showing(drawn(cards, addition, True), cards, addition).sum == "3 + 4 = ?"
    one = drawn(parse_cards(["3C"]), Rules(), True)
    assert asked_showing(one, parse_cards(["3C"]), Rules()) is one


def test_after_a_reply_the_battles_comparison_is_not_said_twice() -> None:
    t = load("en")
    game = make_game("standard", [["9H", "3C"], ["4S", "5D"]])
    description = describe(game.play_battle(), ["Ada", "Bo"], game.rules, t)
    assert description.compared is not None
    kept = after_reply(description.said, description, war=False)
    assert all(each.kind != "signs" for each in kept)
    assert description.compared not in [each.shown for each in kept]
    assert len(kept) < len(description.said)
    assert after_reply(description.said, description, war=True) == description.said
    assert after_reply(description.said, None, war=False) == description.said
