"""The names of the spoken phrases: every phrase key is spelled here and nowhere else.

A phrase key names one clip speech can say (`kidswar.sound.phrases` lists them all and maps each
to its sentence in a language). The sentences, practice and the rules pages name their clips
through these functions, and the closed list is built from the same functions, so a key a page
asks for and the keys speech accepts cannot drift apart. Keys are lowercase letters, digits and
dashes only, so they are safe in a URL and a file name.
"""

from __future__ import annotations

WAR = "war"  # "War!": the best card is shared
PEACE = "peace"  # "Peace!": the same, in Peace
TIME_UP = "time-up"  # "Time's up!"
KIND_WORD = "kind-word"  # the end of a game, to a child who did not win (words/kind_words.py)
KIND_WORD_MANY = "kind-word-many"  # the same, to several children
LETS_COUNT = "lets-count"  # said kindly after a wrong answer
CHEERS = ("cheer-yes", "cheer-well-done", "cheer-right")  # after a right answer, taking turns
# What practice asks, as `kidswar.game.questions.Question.kind` names it.
QUESTION_KINDS = ("bigger", "smaller", "biggest", "smallest", "bigger-sum", "biggest-sum")


def compare_key(first: int, second: int) -> str:
    """Two cards compared, the first said first: `compare-7-4` ("Seven is bigger than four.").

    A card is named by its value: a Rank by its own, the little deck's ace by 1 (`compare-1-5`,
    "One is smaller than five.").
    """
    return f"compare-{int(first)}-{int(second)}"  # int(): a Rank is named by its value


def best_key(value: int, lowest_wins: bool) -> str:
    """A card that beat two or more others: `biggest-12`, or `smallest-2` when lowest wins."""
    return f"{'smallest' if lowest_wins else 'biggest'}-{int(value)}"


def sum_key(first: int, second: int) -> str:
    """Two cards added, top card first: `sum-3-4` ("Three and four make seven.")."""
    return f"sum-{int(first)}-{int(second)}"


def one_card_key(value: int) -> str:
    """A seat in Addition War that turned its last card alone: `one-card-7`."""
    return f"one-card-{int(value)}"


def sum_compare_key(first: int, second: int) -> str:
    """Two sums compared, the first said first: `sums-7-6` ("Seven is bigger than six.")."""
    return f"sums-{int(first)}-{int(second)}"


def biggest_sum_key(value: int) -> str:
    """A sum that beat two or more others: `biggest-sum-15` ("Fifteen is the biggest sum.")."""
    return f"biggest-sum-{int(value)}"


def tie_key(lowest_wins: bool) -> str:
    """The call when the best card is shared: "War!", or in Peace "Peace!"."""
    return PEACE if lowest_wins else WAR


def question_key(kind: str) -> str:
    """A practice question by its kind: `question-bigger`, ..., `question-biggest-sum`."""
    if kind not in QUESTION_KINDS:
        raise ValueError(f"no question of kind {kind!r}")  # a typo would name no clip
    return f"question-{kind}"


def cheer_key(number: int) -> str:
    """A cheer for a right answer, taking turns so it does not sound like a machine."""
    return CHEERS[number % len(CHEERS)]


def rules_key(page: str, section_id: str, number: int) -> str:
    """One item of a rules section read aloud, counted from 1: `rules-war-easy-3`."""
    return f"rules-{page}-{section_id}-{number}"


def rules_section_keys(page: str, section_id: str, count: int) -> list[str]:
    """The keys of a rules section's `count` items, in order: `rules-war-easy-1`, ...."""
    return [rules_key(page, section_id, number) for number in range(1, count + 1)]
