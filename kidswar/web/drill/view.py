"""What the drill page draws: the question now (one card a side, or a pair to add up), the
reply to it, or the score at the end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import partial

from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from kidswar.game.cards import Card
from kidswar.game.drill import Drill, Level
from kidswar.game.ladder import Standing, above, below
from kidswar.game.progress import Progress
from kidswar.game.questions import Question
from kidswar.web.clips import said_urls
from kidswar.web.drawing.cards import card_label
from kidswar.web.drawing.cards_svg import card_svg
from kidswar.web.drawing.pictures_svg import choice_picture
from kidswar.web.drill.progress import progress_text
from kidswar.web.i18n import translations
from kidswar.web.second_language import second_language, second_translations
from kidswar.web.services.practice_view import (
    DrawnCard,
    QuestionView,
    ReplyView,
    ScoreView,
    badge,
    question_view,
    reply_view,
    score_view,
    with_badge,
)
from kidswar.words.catalogs import Translations
from kidswar.words.drill_sums import PAIRS_HINT, count_on, pairs_hint
from kidswar.words.levels import climb_offer, level_names, step_down_offer
from kidswar.words.phrase_keys import CHOICES, THE_SAME, adding_on_key, offer_key
from kidswar.words.said import Said, in_two
from kidswar.words.sums import addition, digits
from kidswar.words.tiles import choices


@dataclass(frozen=True)
class ChoiceView:
    """A choice drawn as a picture with its words, and the clip its speaker corner plays."""

    key: str  # the phrase key of its words (`phrase_keys.CHOICES`)
    name: str
    picture: Markup


def choice_views() -> dict[str, ChoiceView]:
    """The drill's choices by kind ("climb", "stay", "again"...): pictures a child can choose
    by, each named in the words its speaker corner says (issue 32)."""
    words = choices(translations())
    return {
        kind: ChoiceView(CHOICES[kind], name, choice_picture(kind)) for kind, name in words.items()
    }


@dataclass(frozen=True)
class OfferView:
    """The ladder's offer after an answer: the next level (celebrated) or the one below."""

    kind: str  # "climb" or "step-down"
    sentence: str
    level: str  # the rung offered, by its key
    phrase: str  # the sentence's clip (`phrase_keys.offer_key`), said after the reply


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
    level_name: str | None = None  # the rung's name in words ("Close numbers")
    # The child's progress as this request left it, for the page's script to keep (JSON
    # text); None on a plain look at the page, which brought none.
    progress: str | None = None
    offer: OfferView | None = None  # reply: the next level, or the one below
    pair: bool = True  # two sides (the signs answer too), else three: "The same"
    same_key: str = THE_SAME  # the clip of "The same", said by its button's speaker
    choices: dict[str, ChoiceView] = field(default_factory=dict)  # the reply's and the end's


def offer_view(drill: Drill, offer: Standing) -> OfferView | None:
    """The ladder's offer in words: the next rung up, or the one below (None: no offer)."""
    rung = drill.rung
    if rung is None or offer is Standing.STAY:
        return None
    t = translations()
    offered = above(rung) if offer is Standing.CLIMB else below(rung)
    if offered is None:
        return None
    name = level_names(t)[offered.name]
    if offer is Standing.CLIMB:
        return OfferView("climb", climb_offer(name, t), offered.name, offer_key("climb", rung.name))
    return OfferView(
        "step-down", step_down_offer(name, t), offered.name, offer_key("step-down", rung.name)
    )


def drill_view(
    drill: Drill, progress: Progress | None = None, offer: Standing = Standing.STAY
) -> DrillView:
    """What the drill template draws: the question now, the reply to it, or the score.

    `progress`: the child's, as the request left it (handed back to the page's script);
    `offer`: what the ladder offers after this answer."""
    lang = str(get_locale())
    level = drill.level
    rung = drill.rung
    view = partial(
        DrillView,
        drill.token,
        min(drill.number, drill.questions),
        drill.questions,
        drill.number >= drill.questions,
        drill.level_name,
        "smaller" if drill.lowest_wins else "bigger",
        level.sums,
        level_name=None if rung is None else level_names(translations())[rung.name],
        progress=None if progress is None else progress_text(progress),
        pair=level.sides == 2,
        choices=choice_views(),
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
    also, also_t = second_language(), second_translations()
    if drill.reply is not None:
        answered = drill.reply
        reply = reply_view(
            translations(), lang, question, sides, answered, level.deck, ties_taught=True
        )
        if also is not None and also_t is not None:  # and in the second language (issue 36)
            twin = reply_view(also_t, also, question, sides, answered, level.deck, True)
            reply = replace(reply, said=in_two(reply.said, twin.said, also))
        counted = (
            tuple(counted_on(level.deck.values_of(side)) for side in sides)
            if level.sums and not answered.right
            else ()
        )
        if counted and also_t is not None:
            twins = tuple(counted_on(level.deck.values_of(side), also_t) for side in sides)
            counted = in_two(counted, twins, also)
        offered = offer_view(drill, offer)
        said_offer = () if offered is None else (offered.phrase,)  # shown last, said last
        return view(
            "reply",
            speech=tuple(said_urls((*reply.said, *counted, *said_offer), lang)),
            reply=reply,
            offer=offered,
            count_on=counted,
        )
    asked = asked_view(translations(), question, sides, level)
    if also_t is not None:  # the question and its hint in the second language too
        asked = replace(
            asked, said=in_two(asked.said, asked_view(also_t, question, sides, level).said, also)
        )
    return view(
        "asking",
        speech=tuple(said_urls(asked.said, lang)),
        question=asked,
        sides=tuple(side_view(side, level, key) for key, side in enumerate(sides, start=1)),
    )


def asked_view(
    t: Translations, question: Question, sides: Sequence[Sequence[Card]], level: Level
) -> QuestionView:
    """The question in the language of `t`: about sums the game's hint speaks of players, and
    the drill has a pair on each side."""
    return question_view(
        t,
        question,
        [level.deck.values_of(side) for side in sides],
        hint=Said(pairs_hint(t), (PAIRS_HINT,), "hint") if level.sums else None,
    )


def counted_on(values: tuple[int, ...], t: Translations | None = None) -> Said:
    """A pair added by counting on from its bigger card, as shown and said (in the language of
    `t`, by default the page's)."""
    return Said(count_on(values, t or translations()), (adding_on_key(values),))


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
        # The badges are on the button too: its name holds them (WCAG 2.5.3, label in name).
        badges = [badge(card, level.deck) for card in cards]
        t = translations()
        named = [with_badge(label, on, t) for label, on in zip(labels, badges, strict=True)]
        # Translators: sum is the pair's addition in digits without its result, e.g. "3 + 4".
        name = _(
            "Choose this pair: %(cards)s, %(sum)s (key %(key)d)",
            cards=format_list(named, locale=str(get_locale())),
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
