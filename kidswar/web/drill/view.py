"""What the drill page draws: the question now (one card a side, or a pair to add up), the
reply to it, or the score at the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from kidswar.game.cards import Card
from kidswar.game.drill import QUESTIONS, Drill, Level
from kidswar.web.clips import clip_urls
from kidswar.web.drawing.cards import card_label
from kidswar.web.drawing.cards_svg import card_svg
from kidswar.web.i18n import translations
from kidswar.web.services.practice_view import (
    DrawnCard,
    QuestionView,
    ReplyView,
    ScoreView,
    badge,
    question_view,
    reply_view,
    score_view,
)
from kidswar.words.drill_sums import PAIRS_HINT, count_on, pairs_hint
from kidswar.words.phrase_keys import count_on_key
from kidswar.words.said import Said, clips
from kidswar.words.sums import addition, digits


@dataclass(frozen=True)
class SideView:
    """One side of the question: its cards, their sum still to find, the button's name."""

    cards: tuple[DrawnCard, ...]
    line: str | None  # about sums: "3 + 4 = ?"
    name: str


@dataclass(frozen=True)
class DrillView:
    """What the drill template draws: the question now, the reply to it, or the score."""

    token: str
    number: int
    total: int
    last: bool
    range: str
    kind: str  # "bigger" or "smaller"
    sums: bool
    state: str  # "asking", "reply" or "done"
    speech: tuple[str, ...] = ()
    question: QuestionView | None = None  # asking
    sides: tuple[SideView, ...] = ()
    reply: ReplyView | None = None  # reply
    # Wrong about sums: each pair counted on from its bigger card, under the reply (said after
    # the reply's texts, in this order).
    count_on: tuple[Said, ...] = ()
    score: ScoreView | None = None  # done


def drill_view(drill: Drill) -> DrillView:
    """What the drill template draws: the question now, the reply to it, or the score."""
    lang = str(get_locale())
    level = drill.level
    view = partial(
        DrillView,
        drill.token,
        min(drill.number, QUESTIONS),
        QUESTIONS,
        drill.number >= QUESTIONS,
        drill.level_name,
        "smaller" if drill.lowest_wins else "bigger",
        level.sums,
    )
    if drill.finished:
        return view(
            "done",
            score=score_view(
                translations(), str(get_locale()), drill.score, drill.lowest_wins, level.sums
            ),
        )
    sides = drill.sides()
    question = drill.question()
    if drill.reply is not None:
        reply = reply_view(
            translations(), str(get_locale()), question, sides, drill.reply, level.deck
        )
        counted = (
            tuple(counted_on(level.deck.values_of(side)) for side in sides)
            if level.sums and not drill.reply.right
            else ()
        )
        return view(
            "reply",
            speech=tuple(clip_urls(lang, (*reply.phrases, *clips(counted)))),
            reply=reply,
            count_on=counted,
        )
    # About sums the game's hint speaks of players; the drill has a pair on each side.
    asked = question_view(
        translations(),
        question,
        [level.deck.values_of(side) for side in sides],
        hint=Said(pairs_hint(translations()), (PAIRS_HINT,), "hint") if level.sums else None,
    )
    return view(
        "asking",
        speech=tuple(clip_urls(lang, asked.phrases)),
        question=asked,
        sides=tuple(side_view(side, level, key) for key, side in enumerate(sides, start=1)),
    )


def counted_on(values: tuple[int, ...]) -> Said:
    """A pair added by counting on from its bigger card, as shown and said."""
    return Said(count_on(values, translations()), (count_on_key(values),))


def side_view(cards: Sequence[Card], level: Level, key: int) -> SideView:
    """One side of the question: its card (or two, their sum still to find: "3 + 4 = ?"), each
    card's badge ("K = 13", "A = 1"), and the name of the button that answers with it."""
    labels = [card_label(card) for card in cards]
    # The sum is the question: "3 + 4 = ?" until the child answers.
    numbers = level.deck.values_of(cards)  # the little deck's ace: 1
    line = digits(numbers, solved=False) if level.sums else None
    if line is None:
        name = _("Choose this card: %(card)s (key %(key)d)", card=labels[0], key=key)
    else:
        # Translators: sum is the pair's addition in digits without its result, e.g. "3 + 4".
        name = _(
            "Choose this pair: %(cards)s, %(sum)s (key %(key)d)",
            cards=format_list(labels, locale=str(get_locale())),
            sum=addition(numbers),
            key=key,
        )
    return SideView(
        tuple(
            DrawnCard(Markup(card_svg(card, label)), badge(card, level.deck))
            for card, label in zip(cards, labels, strict=True)
        ),
        line,
        name,
    )
