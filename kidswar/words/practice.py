"""What practice says: the questions, the cheers, "Let's count!", and the score at the end.

Every line is a whole sentence for the translator. The short calls that speech also says are
keyed (`calls`), so the page and the voice say exactly the same words; the sentence about the
cards reuses the comparisons of `comparisons` (about sums, of `sums`), which speech knows.
A question's values are card values (the little deck's ace is 1, "One is smaller than five.")
or, in Addition War, sums ("Seven is bigger than six."); no value is ever taken for a `Rank`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from kidswar.game.questions import Answer, Question
from kidswar.game.score import Score
from kidswar.words import phrase_keys as keys
from kidswar.words.catalogs import Translations
from kidswar.words.comparisons import best_of_many, comparison
from kidswar.words.numbers import format_count
from kidswar.words.said import hints
from kidswar.words.sums import biggest_sum, sum_comparison


def calls(t: Translations) -> dict[str, str]:
    """The questions and the short calls of practice, by phrase key (kidswar.sound.phrases)."""
    # Literal gettext calls, so Babel extracts each sentence for the translators.
    return {
        keys.question_key("bigger"): t.gettext("Which card is bigger?"),
        keys.question_key("smaller"): t.gettext("Which card is smaller?"),
        keys.question_key("biggest"): t.gettext("Which card is the biggest?"),
        keys.question_key("smallest"): t.gettext("Which card is the smallest?"),
        keys.question_key("bigger-sum"): t.gettext("Which sum is bigger?"),
        keys.question_key("biggest-sum"): t.gettext("Which sum is the biggest?"),
        keys.cheer_key(0): t.gettext("Yes!"),  # the cheers in the turns cheer_key takes
        keys.cheer_key(1): t.gettext("Well done!"),
        keys.cheer_key(2): t.gettext("That's right!"),
        # Translators: said kindly after a wrong answer, before the numbers are shown.
        keys.LETS_COUNT: t.gettext("Let's count!"),
    }


def question_key(question: Question) -> str:
    """The phrase key of a question: `question-bigger`, ..., `question-smallest`."""
    return keys.question_key(question.kind)


def hint(question: Question, t: Translations) -> str:
    """How to answer, under the question (the parent reads it, the voice says it; the child
    taps)."""
    return hints(t)[hint_key(question)]


def hint_key(question: Question) -> str:
    """The phrase key of a question's hint: `hint-bigger`, ..., `hint-biggest-sum`."""
    return keys.hint_key(question.kind)


def adult_prompt(question: Question, t: Translations) -> str:
    """Words for an adult to read out beside the question: asking the child to explain is how
    an answer turns into a reason."""
    if question.sums:
        return t.gettext("Ask: “How did you add them up?”")
    if question.lowest_wins:
        return t.gettext("Ask: “How do you know it is smaller?”")
    return t.gettext("Ask: “How do you know?”")


@dataclass(frozen=True)
class Answered:
    """The sentence that explains a question's answer, its signs, and its phrase key."""

    sentence: str  # "Seven is bigger than four."
    chain: str  # "7 > 4"
    phrase: str  # the phrase key speech says for the sentence


def explain(question: Question, t: Translations) -> Answered:
    """The whole sentence about the cards (or sums) of a question, best first.

    Two: a comparison ("Four is smaller than seven." when lowest wins). More: "The queen is
    the biggest card." ("Fifteen is the biggest sum."), or when the best is shared, "Seven is
    equal to seven.".
    """
    ordered = question.ordered()
    best = ordered[0]
    if len(ordered) == 2 or ordered[0] == ordered[1]:
        sentence, phrase = compared(question, best, ordered[1], t)
        return Answered(sentence, question.chain(), phrase)
    if question.sums:
        return Answered(biggest_sum(best, t), question.chain(), keys.biggest_sum_key(best))
    return Answered(
        best_of_many(best, question.lowest_wins, t),
        question.chain(),
        keys.best_key(best, question.lowest_wins),
    )


def compared(question: Question, first: int, second: int, t: Translations) -> tuple[str, str]:
    """Two of a question's values compared, the first said first: the sentence and its key."""
    if question.sums:
        return sum_comparison(first, second, t)[0], keys.sum_compare_key(first, second)
    return comparison(first, second, t)[0], keys.compare_key(first, second)


def reply_sentence(question: Question, answer: Answer, right: bool, t: Translations) -> Answered:
    """The sentence after an answer, its signs in the order the question showed the cards.

    A right answer hears its own statement back: a sign read in the question's order ("Three is
    smaller than five." for `3 < 5`), a tapped card as the bigger (or smaller) one ("Five is
    bigger than three."). A wrong answer hears the truth in the question's order. With three or
    four cards: "The queen is the biggest card." either way. Sums are said the same way.
    """
    chain = question.in_order()
    if not question.is_pair:
        return replace(explain(question, t), chain=chain)
    first, second = question.shown
    seat = answer.seat
    if right and seat is not None and seat != question.seats[0]:
        first, second = second, first  # "this one is bigger": the tapped card leads
    sentence, phrase = compared(question, first, second, t)
    return Answered(sentence, chain, phrase)


def more_sentence(high: int, low: int, t: Translations) -> str:
    """The hops on the number line from the smaller number counted: "7 is 3 more than 4."."""
    return t.ngettext(
        "%(high)d is %(num)d more than %(low)d.",
        "%(high)d is %(num)d more than %(low)d.",
        high - low,
    ) % {"high": high, "low": low, "num": high - low}


def score_sentences(score: Score, t: Translations, locale: str) -> list[str]:
    """The score, gently: right out of asked, then the best streak (if there was one)."""
    if not score.asked:
        return []
    sentences = [
        t.ngettext(
            "You answered %(right)s of %(num)s question right.",
            "You answered %(right)s of %(num)s questions right.",
            score.asked,
        )
        % {"right": format_count(score.right, locale), "num": format_count(score.asked, locale)}
    ]
    if score.best > 1:
        sentences.append(
            t.ngettext(
                "Best streak: %(num)s right answer in a row.",
                "Best streak: %(num)s right answers in a row.",
                score.best,
            )
            % {"num": format_count(score.best, locale)}
        )
    return sentences


def missed_line(
    values: tuple[int, ...], lowest_wins: bool, t: Translations, sums: bool = False
) -> tuple[str, str]:
    """A pair (or more cards) missed, as signs and the sentence: ("7 > 4", "Seven is ...").

    `sums`: the values are Addition War's sums ("Seven is bigger than six.").
    """
    answered = explain(Question(0, tuple(values), lowest_wins, sums), t)
    return answered.chain, answered.sentence


def missed_lines(
    score: Score, lowest_wins: bool, t: Translations, sums: bool = False
) -> list[tuple[str, str]]:
    """The pairs to try again: each as signs and the sentence, ("7 > 4", "Seven is ...")."""
    return [missed_line(values, lowest_wins, t, sums) for values in score.missed]


def all_right(t: Translations) -> str:
    """Said at the end when no answer was wrong."""
    return t.gettext("Every answer was right. Nothing to practise again!")


# A class round that practised (issue 11): what the teacher's page and the projector say once
# time is up. Nothing here names a child: a table is told by the name it typed, shown above.


def table_answers(score: Score, t: Translations) -> str:
    """One table's answers in the round: "7 of 9 answers right.", or that there were none."""
    if not score.asked:
        return t.gettext("This table answered no questions.")
    return t.ngettext(
        "%(right)d of %(num)d answer right.",
        "%(right)d of %(num)d answers right.",
        score.asked,
    ) % {"right": score.right, "num": score.asked}


def class_answers(right: int, asked: int, t: Translations) -> str:
    """Every table's answers together: "The class answered 40 of 52 questions right."."""
    if not asked:
        return t.gettext("No questions were answered in this round.")
    return t.ngettext(
        "The class answered %(right)d of %(num)d question right.",
        "The class answered %(right)d of %(num)d questions right.",
        asked,
    ) % {"right": right, "num": asked}


def missed_by_tables(tables: int, t: Translations) -> str:
    """How many tables missed a pair: "3 tables got this wrong."."""
    return t.ngettext("%(num)d table got this wrong.", "%(num)d tables got this wrong.", tables) % {
        "num": tables
    }
