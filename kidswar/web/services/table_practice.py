"""Practice at the table: the battle shown in two steps, the question first, then the outcome.

The engine plays a battle whole, so with practice on a move still plays it at once; what
changes is what the table shows. Until the question is answered the table shows only the
cards turned, the stacks as they were when they were turned, and the question; nothing that
tells who takes the cards (no war cards, no counts after, no sentence). After the answer it
shows the reply, then the battle as usual. `with_practice` makes that view from `table_view`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kidswar.game.cards import Card
from kidswar.game.questions import counts_before
from kidswar.game.rules import Rules, Variant
from kidswar.game.table_rules import Table
from kidswar.storage.games import StoredGame
from kidswar.web.services.context import Context
from kidswar.web.services.practice_view import question_view, reply_view, score_view
from kidswar.web.services.table_cards import Showing
from kidswar.web.services.table_views import PracticeView, TableView
from kidswar.words.kind_words import NO_END
from kidswar.words.rules_text import STEP_BEFORE_BATTLE, step_number
from kidswar.words.said import Said, in_two
from kidswar.words.sentences import Description
from kidswar.words.sums import sum_line


def with_practice(ctx: Context, stored: StoredGame, table: Table, view: TableView) -> TableView:
    """The table's view with practice: the question (hiding the outcome), or the reply."""
    if not stored.setup.practice:
        return view
    practice = stored.practice
    battle, game = stored.last_battle, stored.game
    lowest = stored.setup.rules.variant.lowest_wins
    sums = stored.setup.rules.variant is Variant.ADDITION
    is_asking = table.is_asking
    extra = PracticeView(
        answer_url=ctx.url("table.answer", game_id=stored.id),
        for_child=bool(stored.setup.level),
        score=score_view(ctx.t, ctx.locale, practice.score, lowest, sums)
        if game.is_over and not is_asking
        else None,
    )
    view = replace(view, practice=extra, asking=is_asking)
    if battle is None:
        return view
    rules = stored.setup.rules
    question = table.question
    assert question is not None, "a practice table with a battle has its question"
    lang = ctx.locale
    if is_asking:
        addends = [rules.values_of(cards) for cards in battle.turned]
        asked = question_view(ctx.t, question, addends)
        if ctx.also_t is not None:  # the question and its hint in the second language too
            twin = question_view(ctx.also_t, question, addends)
            asked = replace(asked, said=in_two(asked.said, twin.said, ctx.also))
        before = counts_before(battle)
        return replace(
            view,
            practice=replace(extra, question=asked),
            seats=tuple(
                replace(
                    seat,
                    count=before[seat.index],
                    can_turn=False,
                    turned=False,
                    showing=asked_showing(seat.showing, battle.turned[seat.index], rules),
                )
                for seat in view.seats
            ),
            battle=None,
            rounds=(),
            description=None,
            over=False,
            outcome=None,
            outcome_sentence=None,
            outcome_said=None,
            end=NO_END,  # the game's end waits for the answer too
            step=step_number(STEP_BEFORE_BATTLE),
            said=(),
            speech=ctx.speech(asked.said),
        )
    if practice.last is not None and practice.last.number == battle.number:
        reply = reply_view(ctx.t, lang, question, battle.turned, practice.last, rules.deck)
        if ctx.also is not None and ctx.also_t is not None:  # and in the second language
            answered = reply_view(
                ctx.also_t, ctx.also, question, battle.turned, practice.last, rules.deck
            )
            reply = replace(reply, said=in_two(reply.said, answered.said, ctx.also))
        said = after_reply(view.said, view.description, bool(view.rounds))
        ending = () if view.outcome_said is None else (view.outcome_said,)
        end = (view.end.phrase,) if view.end.phrase else ()  # the kind word, last as shown
        view = replace(
            view,
            practice=replace(extra, reply=reply),
            said=said,
            speech=ctx.speech((*reply.said, *said, *ending, *end)),
        )
    return view


def after_reply(
    said: tuple[Said, ...], description: Description | None, war: bool
) -> tuple[Said, ...]:
    """The battle's texts after a practice reply: without a war the reply has just compared
    these very cards, so its sentence stands for the battle's comparison (and its signs);
    after a war the battle's comparison is about the new cards, and stays."""
    if description is None or war:
        return said
    return tuple(
        each for each in said if each.kind != "signs" and each.shown != description.compared
    )


def asked_showing(showing: Showing, cards: Sequence[Card], rules: Rules) -> Showing:
    """A seat's face-up cards while the table asks: in Addition War the sum is the question, so
    its line waits for the child ("3 + 4 = ?") until the answer."""
    if not showing.sum:
        return showing
    return replace(showing, sum=sum_line(cards, rules, solved=False))
