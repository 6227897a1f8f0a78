"""What the table template draws: a game turned into typed views, sentences included.

`table_page` is all of it: the table (with practice, if on) and the countdown above it.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from kidswar.game.table_rules import Table
from kidswar.storage.games import StoredGame
from kidswar.web.drawing.animals_svg import animal_svg
from kidswar.web.drawing.cards import draw_back
from kidswar.web.drawing.cards_svg import empty_pile_svg
from kidswar.web.refusals import refusal_sentence
from kidswar.web.services.clock import (
    clock_json,
    clock_text,
    minute_words,
    stopped_early,
    table_of,
)
from kidswar.web.services.context import Context
from kidswar.web.services.table_cards import drawn, turned_cards, war_rounds
from kidswar.web.services.table_practice import with_practice
from kidswar.web.services.table_views import SeatView, TableView, TimerView
from kidswar.words.isolate import isolate
from kidswar.words.kind_words import game_end
from kidswar.words.rules_text import STEP_BEFORE_BATTLE, easy_steps, step_number
from kidswar.words.said import in_two
from kidswar.words.sentences import describe, outcome_said, seat_names, seat_voices
from kidswar.words.variant_names import game_title, how_to_play


def table_view(ctx: Context, stored: StoredGame, table: Table) -> TableView:
    """Everything the table template needs, computed once per request (`table`: its rules)."""
    t, locale = ctx.t, ctx.locale
    game, setup, last = stored.game, stored.setup, stored.last_battle
    names = seat_names(setup.seats, t)
    rules, practice = setup.rules, setup.practice
    hands = game.hands
    seats = []
    for index, (seat, cards) in enumerate(zip(setup.seats, turned_cards(stored), strict=True)):
        turned = index in table.turned and bool(hands[index])
        seats.append(
            SeatView(
                index,
                names[index],
                seat.computer,
                len(hands[index]),
                drawn(cards, rules, practice),
                table.can_turn(index),  # the table's own rule: its button shows only then
                turned,
                animal_svg(seat.animal, css="seat-animal") if seat.animal else None,
            )
        )
    voices = seat_voices(setup.seats)  # each seat as the voice names it, never a typed name
    # In the sentences, each name isolated (FSI..PDI, drawn as <bdi> by the bdi_names filter).
    shown = [isolate(name) for name in names]
    description = None if last is None else describe(last, shown, setup.rules, t, voices)
    said = () if description is None else description.said
    ending = (
        None
        if game.outcome is None
        else outcome_said(game.outcome, shown, voices, game.battles, t, locale, game.counts)
    )
    also, also_t = ctx.also, ctx.also_t
    if also is not None and also_t is not None:  # each text with its twin in the second language
        # A typed name stays as typed; a seat without one is named in that language.
        shown_also = [isolate(name) for name in seat_names(setup.seats, also_t)]
        if last is not None:
            said = in_two(said, describe(last, shown_also, rules, also_t, voices).said, also)
        if game.outcome is not None and ending is not None:
            twin = outcome_said(
                game.outcome, shown_also, voices, game.battles, also_t, also, game.counts
            )
            ending = in_two((ending,), (twin,), also)[0]
    end = game_end(game.outcome, setup.seats, t)
    return TableView(
        id=stored.id,
        move_url=ctx.url("table.move", game_id=stored.id),
        version=stored.version,
        mode=setup.mode,
        variant=setup.rules.variant.value,
        rules=setup.rules,
        seats=tuple(seats),
        battle=last,
        next_battle=table.next_battle,
        battles=game.battles,
        description=description,
        # Read out, not shown: each seat's sum in words, its digits being under its cards.
        quiet=()
        if description is None
        else tuple(s.sentence for seats in description.sums for s in seats),
        rounds=() if last is None else war_rounds(t, last, rules, practice),
        outcome=game.outcome,
        over=game.is_over,
        outcome_sentence=None if ending is None else ending.shown,
        outcome_said=ending,
        steps=tuple(easy_steps(t)),
        step=step_number(STEP_BEFORE_BATTLE) if description is None else description.step,
        empty_pile=Markup(empty_pile_svg(t.gettext("no cards left"))),
        back=draw_back(),
        title=game_title(setup.rules.variant, t),
        rules_label=how_to_play(setup.rules.variant, t),
        # The battle's texts, how the game ended, then the end's kind word, as the table shows them.
        speech=ctx.speech(
            (*said, *([] if ending is None else [ending]), *([end.phrase] if end.phrase else []))
        ),
        said=said,
        end=end,
    )


ROUND_POLL_SECONDS = 5  # how often a class table asks whether the teacher paused or resumed


def timer_view(ctx: Context, stored: StoredGame, table: Table) -> TimerView | None:
    """What the countdown on a table draws, or None for a game without a time limit."""
    clock = table.clock
    # A game won before its time was up shows no clock: it stopped, nothing is left to count.
    if clock is None or stopped_early(stored):
        return None
    at = table.now
    refusal = table.clock_refusal()
    return TimerView(
        **clock_json(ctx, clock),
        text=clock_text(clock.left(at)),
        status_url=ctx.url("table.clock", game_id=stored.id),
        poll=ROUND_POLL_SECONDS if stored.round_code else 0,
        words=minute_words(ctx.t),
        playing=refusal is None,
        refusal=None if refusal is None else refusal_sentence(refusal, ctx.t),
        round=stored.round_code,
        table=stored.table,
        removed=table.removed,  # by the teacher
    )


def table_page(ctx: Context, stored: StoredGame) -> dict[str, Any]:
    """Everything the table's templates draw: the table view and the countdown (or None)."""
    table = table_of(ctx, stored)
    return {
        "view": with_practice(ctx, stored, table, table_view(ctx, stored, table)),
        "timer": timer_view(ctx, stored, table),
    }
