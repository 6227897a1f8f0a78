"""What a page shows and what the voice says for it, kept together so they cannot drift apart.

A page that speaks (the table, practice, the drill) holds its sentences as `Said` values: the
text it shows and the phrase keys of the clips the voice says for it, in order. The template
draws the shown texts from that list and the page's clips are made from the same list, so the
voice says exactly what is shown, in the order shown (issue 22).

Most texts are said as they are shown (one clip, the same sentence). A few have a declared
spoken form instead: signs between numbers are read in the words of the comparison sentences
("3 > 5": "Three is bigger than five.", eSpeak drops the signs), and only where no sentence
beside them says the same (a wrong answer's choice: issue 32); a sentence with a typed name
is said with that seat's own name ("Player 1", never text a user typed).

With a second language (issue 36) a text carries its twin: the same text made in that language
(`also`, `in_two`), shown beneath it and said after it, each clip in its own language's voice.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from kidswar.words import number_words
from kidswar.words import phrase_keys as keys
from kidswar.words.catalogs import Translations
from kidswar.words.phrase_keys import SIGN_NAMES, signs_key


@dataclass(frozen=True)
class Said:
    """One text a page shows, and the clips the voice says for it (phrase keys, in order).

    `kind` tells the template how to draw it, or which part of a page it is: "sentence",
    "signs" (numbers and signs, such as "7 > 4", drawn apart from the sentences), "quiet" (read
    out, shown another way: each seat's sum in words in Addition War, its digits being under its
    cards), "hint", "outcome", or a practice reply's parts (`ReplyView.part`). A text with no
    keys is shown and not said.
    """

    shown: str
    keys: tuple[str, ...]
    kind: str = "sentence"
    # The same text in the second language, shown beneath and said after this one (`in_two`).
    also: Said | None = None
    lang: str | None = None  # a twin's language (None: the page's)


# What stays in the page's language alone: digits and signs read the same in both, and a wrong
# answer's labels and claim ("You chose 3 > 5") stand beside the truth, which is said in both.
ONE_LANGUAGE = frozenset({"signs", "chosen-label", "chosen", "truth-label", "truth", "chain"})


def in_two(
    said: Sequence[Said], twins: Sequence[Said] | None, lang: str | None
) -> tuple[Said, ...]:
    """Texts with their twins in the second language `lang`: `twins` are the same texts made
    in it, in the same order (None: no second language, the texts as they are)."""
    if twins is None or lang is None:
        return tuple(said)
    return tuple(
        each
        if each.kind in ONE_LANGUAGE or not twin.shown
        else replace(each, also=replace(twin, lang=lang))
        for each, twin in zip(said, twins, strict=True)
    )


def voiced(texts: Iterable[Said | str], language: str) -> list[tuple[str, tuple[str, ...]]]:
    """What the voice says for some texts, in the order shown, as runs of (language, phrase
    keys): each text's clips in the page's `language`, then its twin's in the second; a phrase
    key alone (a kind word) is said in the page's language."""
    runs: list[tuple[str, tuple[str, ...]]] = []
    for text in texts:
        parts = (
            [(language, (text,))]
            if isinstance(text, str)
            else [(language, text.keys)]
            + ([(text.also.lang or language, text.also.keys)] if text.also else [])
        )
        for lang, said in parts:
            if not said:
                continue
            if runs and runs[-1][0] == lang:
                runs[-1] = (lang, runs[-1][1] + said)
            else:
                runs.append((lang, said))
    return runs


def unsaid(said: Said) -> Said:
    """A text shown and not said: the signs of a sentence that follows and says the same."""
    return Said(said.shown, (), said.kind)


def clips(said: Iterable[Said]) -> tuple[str, ...]:
    """The phrase keys a page plays for its texts, in the order it shows them."""
    return tuple(key for each in said for key in each.keys)


def signs_said(shown: str) -> Said:
    """Numbers with signs between them as shown ("9 > 7 = 7", or a claim "3 > 5"), said as one
    sentence per sign: "Nine is bigger than seven. Seven is equal to seven."."""
    parts = shown.split()
    numbers, signs = [int(part) for part in parts[::2]], parts[1::2]
    said = tuple(
        signs_key(first, sign, second)
        for (first, second), sign in zip(itertools.pairwise(numbers), signs, strict=True)
    )
    return Said(shown, said, "signs")


def sign_readings(t: Translations) -> dict[str, str]:
    """How each sign is read between two numbers, by sign, in the words of the page's own
    comparison sentences: "%(first)s is bigger than %(second)s." for ">" (the second number in
    its form after "bigger than", or for "=" after "equal to"). One set of words for a child,
    never "greater" beside "bigger" (issue 32)."""
    # The same msgids as `comparisons.compare`: one sentence, one translation.
    return {
        ">": t.gettext("%(first)s is bigger than %(second)s."),
        "<": t.gettext("%(first)s is smaller than %(second)s."),
        "=": t.gettext("%(first)s is equal to %(second)s."),
    }


def signs_sentence(first: int, sign: str, second: int, t: Translations) -> str:
    """Two numbers and the sign between them, as the words a child says for the sign: "Seven is
    bigger than four." for `7 > 4`, the words of the comparison sentences."""
    after = number_words.equal_to if sign == "=" else number_words.compared
    return sign_readings(t)[sign] % {
        "first": number_words.subject(first, t),
        "second": after(second, t),
    }


def signs_phrases(pairs: Sequence[tuple[int, int]], t: Translations) -> Iterable[tuple[str, str]]:
    """Every reading of a sign between two numbers that can meet, true or not (a wrong answer
    is shown as the child chose it, "3 > 5"): (key, sentence), each the `signs_sentence`."""
    # Each number's forms looked up once (speech builds a language's phrases on first use).
    numbers = number_words.NUMBERS
    subject = {number: number_words.subject(number, t) for number in numbers}
    compared = {number: number_words.compared(number, t) for number in numbers}
    equal_to = {number: number_words.equal_to(number, t) for number in numbers}
    readings = sign_readings(t)
    for first, second in pairs:
        for sign in SIGN_NAMES:
            after = equal_to if sign == "=" else compared
            text = readings[sign] % {"first": subject[first], "second": after[second]}
            yield signs_key(first, sign, second), text


def hints(t: Translations) -> dict[str, str]:
    """How to answer each kind of practice question (and the drill's pairs), by phrase key."""
    # Literal gettext calls, so Babel extracts each sentence for the translators.
    return {
        keys.hint_key("bigger"): t.gettext(
            "Tap the bigger card, or choose the sign that goes between them."
        ),
        keys.hint_key("smaller"): t.gettext(
            "Tap the smaller card, or choose the sign that goes between them."
        ),
        keys.hint_key("biggest"): t.gettext(
            "Tap the biggest card. If the biggest cards are the same, choose “The same”."
        ),
        keys.hint_key("smallest"): t.gettext(
            "Tap the smallest card. If the smallest cards are the same, choose “The same”."
        ),
        keys.hint_key("bigger-sum"): t.gettext(
            "Add up each player's cards: start from the bigger card and count on. Then tap"
            " the cards with the bigger sum, or choose the sign that goes between the sums."
        ),
        keys.hint_key("biggest-sum"): t.gettext(
            "Add up each player's cards: start from the bigger card and count on. Then tap"
            " the cards with the biggest sum. If the biggest sums are the same, choose"
            " “The same”."
        ),
        keys.hint_key("pairs"): t.gettext(
            "Add up each pair: start from the bigger card and count on. Then tap the pair with the"
            " bigger sum, or choose the sign that goes between the sums."
        ),
    }
