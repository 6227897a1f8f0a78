"""What practice draws, for the table and the drill alike: the question, the reply, the score.

Each function turns pure practice values (kidswar.game.questions) into plain values and markup
for the templates in `templates/practice/`: the cards in order with the signs between them (in
Addition War each seat's two cards and their sum), the number line after a wrong answer, the
sentences, and the phrase keys speech says.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from babel.lists import format_list
from markupsafe import Markup

from kidswar.game.cards import Card, Rank
from kidswar.game.questions import Question, sign
from kidswar.game.rules import Deck
from kidswar.game.score import Reply, Score
from kidswar.web.drawing.cards import card_label
from kidswar.web.drawing.cards_svg import card_svg, counted_pips_svg
from kidswar.web.drawing.letters import corner_letter
from kidswar.web.drawing.numberline_svg import number_line_svg
from kidswar.words.catalogs import Translations
from kidswar.words.comparisons import same_cards
from kidswar.words.count_on import can_count_on, chose_bigger, count_on
from kidswar.words.phrase_keys import (
    CHOSE_BIGGER,
    LETS_COUNT,
    THE_SAME,
    YOU_CHOSE,
    cheer_key,
    count_on_key,
    more_key,
    number_key,
    same_cards_key,
)
from kidswar.words.practice import (
    adult_prompt,
    all_right,
    calls,
    hint_key,
    missed_lines,
    more_sentence,
    question_key,
    reply_sentence,
    score_sentences,
)
from kidswar.words.practice import (
    hint as hint_for,
)
from kidswar.words.said import Said, clips, signs_said, unsaid
from kidswar.words.sums import addition, digits

LETTERED_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)  # lettered on the line


@dataclass(frozen=True)
class QuestionView:
    """The question as drawn: its words, and what answers it (the sign row's two numbers)."""

    number: int
    kind: str  # `Question.kind`: bigger, smaller, biggest, smallest, bigger-sum, biggest-sum
    pair: bool
    sums: bool  # Addition War: the seats' sums are compared, not cards
    text: str
    hint: str
    first: int | str  # the sign row's numbers, or about sums the additions ("3 + 4")
    second: int | str
    seats: tuple[int, ...]
    phrases: tuple[str, ...]
    # The question and its hint as shown, each with its clip: what the page says, in order.
    said: tuple[Said, ...] = ()
    adult: str = ""  # words for the adult to read out beside the question ("Ask: ...")


@dataclass(frozen=True)
class DrawnCard:
    """A face-up card as drawn: its picture and its badge ("J = 11"), if it wears one (at the
    table, in the reply's strip, and in the drill)."""

    card: Markup
    badge: str | None


@dataclass(frozen=True)
class StripItem:
    """One seat's cards in the reply, where the question showed them, and the sign after."""

    cards: tuple[DrawnCard, ...]
    line: str | None  # about sums: "3 + 4 = 7"
    value: int | None
    sign: str | None  # the true sign to the next seat's cards (None after the last)


@dataclass(frozen=True)
class ReplyView:
    """What follows an answer: the call, the strip of cards, the statement, the counting."""

    right: bool
    call: str
    strip: tuple[StripItem, ...]
    chain: str
    chosen: str | None  # wrong: what the child's answer said ("3 > 5")
    sentence: str
    number_line: Markup | None
    counting: str | None
    phrases: tuple[str, ...]  # the clips of `said`, in order
    # Every text of the reply, in the order the page shows it, each with its clips; `kind`
    # names its part ("call", "chosen-label", "chosen", "truth-label", "truth", "chain",
    # "counting", "sentence"), and the template draws each part's text from here (`part`).
    said: tuple[Said, ...] = ()
    # Wrong: the hops said in words ("Seven… eight! Eight is one more than seven."), and for
    # "smaller?" answered with the bigger card, the contrast; each also in `said`.
    count_on: str | None = None
    contrast: str | None = None

    def part(self, kind: str) -> str:
        """The shown text of one part of the reply, from `said` (KeyError if it has none)."""
        for each in self.said:
            if each.kind == kind:
                return each.shown
        raise KeyError(kind)

    def twin(self, kind: str) -> Said | None:
        """The same part in the second language (None without one, or for a part in one)."""
        return next((each.also for each in self.said if each.kind == kind), None)


@dataclass(frozen=True)
class ScoreView:
    """The gentle score: right out of asked, the best streak, the pairs to try again."""

    asked: int
    sentences: tuple[str, ...]
    missed: tuple[tuple[str, str], ...]  # each pair to try again: its signs and its sentence
    all_right: str | None


def badge(card: Card, deck: Deck) -> str | None:
    """The number of a card whose face does not show it, as the rules teach it: "J = 11",
    "A = 14", or with the little deck "A = 1" (None for 2 to 10), with the letter the card's
    corner shows in the page's language ("B = 11" in German)."""
    if card.rank <= Rank.TEN:
        return None
    return f"{corner_letter(card.rank)} = {deck.value_of(card)}"  # the letter its corner shows


def with_badge(name: str, badge: str | None, t: Translations) -> str:
    """A card's name followed by the badge written on it, "queen of spades (Q = 12)", for a
    button that shows the card: its name holds the words seen on it (WCAG 2.5.3, label in
    name). A card without a badge is its name alone."""
    if badge is None:
        return name
    # Translators: a card's name followed by the badge written on it, for a screen reader:
    # "queen of spades (Q = 12)".
    form = t.pgettext("a card's name and its badge", "%(card)s (%(badge)s)")
    return form % {"card": name, "badge": badge}


def counted_card(card: Card, deck: Deck) -> Markup:
    """A face-up card to count: on 2 to 10 the pips are ringed in the groups a child sees at a
    glance (7 as 4 + 3: `cards_svg.pip_groups`, cards.css `.pip.counted`), and on the little
    deck's ace its one pip, which is its number.

    The whole deck's ace (one big pip) or a face card's picture would "show" a number it does
    not have: those are explained by their badge ("A = 14") and the number line instead.
    """
    svg = card_svg(card, card_label(card))
    if card.rank <= Rank.TEN or deck.value_of(card) == 1:
        svg = counted_pips_svg(svg, card.rank)
    return Markup(svg)


def line_letters(deck: Deck, sums: bool) -> dict[int, str]:
    """The card letters the number line writes over their numbers, as the cards' corners show
    them: J Q K A over 11 to 14 (B D K A in German), the little deck's A over 1; none over sums
    (a sum of 13 is no king)."""
    if sums:
        return {}
    if deck is Deck.NUMBERS:
        return {1: corner_letter(Rank.ACE)}
    return {rank.value: corner_letter(rank) for rank in LETTERED_RANKS}


def question_view(
    t: Translations,
    question: Question,
    addends: Sequence[Sequence[int]] | None = None,
    hint: Said | None = None,
) -> QuestionView:
    """The question and what answers it: the sign row's two numbers, or "The same".

    About sums, `addends` are each seat's values (seat order, as `Question.values`): the sign
    row then names the additions, "3 + 4" and "6 + 2", so that it does not give the sums away.
    `hint`: shown and said instead of the game's hint (the drill's pairs), with its clip.
    """
    values: Sequence[int | str] = question.shown
    if question.sums and addends is not None:
        values = [addition(addends[seat]) for seat in question.seats]
    text = calls(t)[question_key(question)]
    if hint is None:
        hint = Said(hint_for(question, t), (hint_key(question),), "hint")
    said = (Said(text, (question_key(question),)), hint)
    return QuestionView(
        question.number,
        question.kind,
        question.is_pair,
        question.sums,
        text,
        hint.shown,
        values[0],
        values[-1],
        question.seats,
        clips(said),
        said,
        adult_prompt(question, t),
    )


def strip(
    question: Question, turned: Sequence[Sequence[Card]], counted: bool, deck: Deck
) -> tuple[StripItem, ...]:
    """Each seat's cards where the question showed them (`turned`: a seat's face-up cards, one,
    or two in Addition War with their sum "3 + 4 = 7"), with the true sign to the next: 3 < 5."""
    items: list[StripItem] = []
    shown = question.shown
    for place, seat in enumerate(question.seats):
        cards = turned[seat]
        assert cards, f"seat {seat} has no card to show"
        after = sign(shown[place], shown[place + 1]) if place + 1 < len(shown) else None
        drawn = tuple(
            DrawnCard(
                counted_card(card, deck) if counted else Markup(card_svg(card, card_label(card))),
                badge(card, deck),
            )
            for card in cards
        )
        line = digits(deck.values_of(cards)) if question.sums else None
        items.append(StripItem(drawn, line, question.values[seat], after))
    return tuple(items)


def reply_view(
    t: Translations,
    locale: str,
    question: Question,
    turned: Sequence[Sequence[Card]],
    reply: Reply,
    deck: Deck,
    ties_taught: bool = False,
) -> ReplyView:
    """What follows an answer, the cards (`turned`: each seat's) where the question showed them.

    Right: a cheer, the cards with the true signs between them, and the child's own statement
    ("Yes! 3 < 5. Three is smaller than five."). Wrong: "Let's count!", what was chosen and what
    is true side by side, the pips to count, a number line and the true sentence.

    `ties_taught` (the drill): two cards of one value end with what "=" means, right or wrong
    ("The cards are the same. Seven is equal to seven.").
    """
    answered = reply_sentence(question, reply.answer, reply.right, t)
    if ties_taught and question.is_pair and not question.sums and len(set(question.shown)) == 1:
        value = int(question.shown[0])
        answered = replace(answered, sentence=same_cards(value, t), phrase=same_cards_key(value))
    call = cheer_key(question.number) if reply.right else LETS_COUNT
    line, counting = None, None
    said = [Said(calls(t)[call], (call,), "call")]
    chosen = None if reply.right else question.claim(reply.answer)
    if chosen is not None:  # what was chosen beside the right answer, each read aloud
        said += [
            Said(t.gettext("You chose"), (YOU_CHOSE,), "chosen-label"),
            claim_said(chosen, "chosen"),
            # Shown, not said: the reply's last sentence says the truth in the same words.
            Said(t.gettext("The right answer"), (), "truth-label"),
            replace(unsaid(signs_said(answered.chain)), kind="truth"),
        ]
    else:
        said.append(replace(unsaid(signs_said(answered.chain)), kind="chain"))
    if not reply.right:
        numbers = format_list([str(value) for value in sorted(set(question.shown))], locale=locale)
        if question.sums:
            label = t.gettext("A number line with the sums marked on it: %(numbers)s.")
        else:
            label = t.gettext("A number line with the cards' numbers marked on it: %(numbers)s.")
        letters = line_letters(deck, question.sums)
        line = Markup(number_line_svg(question.shown, label % {"numbers": numbers}, letters))
        low, high = min(question.shown), max(question.shown)
        if question.is_pair and low != high:  # the hops drawn on the line, counted
            counting = more_sentence(high, low, t)
    count_said = contrast = None
    if not reply.right and question.is_pair:
        low, high = min(question.shown), max(question.shown)
        if chose_the_bigger(question, reply):
            contrast = chose_bigger(t)
            said.insert(1, Said(contrast, (CHOSE_BIGGER,), "contrast"))
        if not question.sums and can_count_on(low, high):
            count_said = count_on(low, high, t)
            said.append(Said(count_said, (count_on_key(low, high),), "count-on"))
    if counting is not None and count_said is None:  # the hops in digits where not in words
        said.append(Said(counting, (more_key(high, low),), "counting"))
    said.append(Said(answered.sentence, (answered.phrase,), "sentence"))
    return ReplyView(
        reply.right,
        calls(t)[call],
        strip(question, turned, not reply.right, deck),
        answered.chain,
        chosen,
        answered.sentence,
        line,
        counting,
        clips(said),
        tuple(said),
        count_said,
        contrast,
    )


def chose_the_bigger(question: Question, reply: Reply) -> bool:
    """True when "Which card is smaller?" was answered by tapping the bigger card: the mistake
    children make there (Townsend 1974), told as the contrast."""
    seat = reply.answer.seat
    if reply.right or not question.lowest_wins or not question.is_pair or seat is None:
        return False
    tapped = question.values[seat]
    return tapped is not None and tapped > min(question.shown)


def claim_said(claim: str, kind: str) -> Said:
    """What a wrong answer chose, as shown and read: signs between two numbers ("3 > 5"), the
    number of the card tapped among three or four ("12": "Twelve"), or "=" ("The same")."""
    if " " in claim:
        return replace(signs_said(claim), kind=kind)
    if claim == "=":
        return Said(claim, (THE_SAME,), kind)
    return Said(claim, (number_key(int(claim)),), kind)


def score_view(
    t: Translations, locale: str, score: Score, lowest_wins: bool, sums: bool = False
) -> ScoreView:
    """The gentle score: right out of asked, the best streak, the pairs (of sums) to try again."""
    missed = missed_lines(score, lowest_wins, t, sums)
    return ScoreView(
        score.asked,
        tuple(score_sentences(score, t, locale)),
        tuple(missed),
        all_right(t) if score.asked and not missed else None,
    )
