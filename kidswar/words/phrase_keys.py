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
LETS_COUNT = "lets-count"  # said kindly after a wrong answer
CHEERS = ("cheer-yes", "cheer-well-done", "cheer-right")  # after a right answer, taking turns
# What practice asks, as `kidswar.game.practice.Question.kind` names it.
QUESTION_KINDS = ("bigger", "smaller", "biggest", "smallest")


def compare_key(first: int, second: int) -> str:
    """Two ranks compared, the first said first: `compare-7-4` ("Seven is bigger than four.")."""
    return f"compare-{int(first)}-{int(second)}"  # int(): a Rank is named by its value


def best_key(value: int, lowest_wins: bool) -> str:
    """A card that beat two or more others: `biggest-12`, or `smallest-2` when lowest wins."""
    return f"{'smallest' if lowest_wins else 'biggest'}-{int(value)}"


def tie_key(lowest_wins: bool) -> str:
    """The call when the best card is shared: "War!", or in Peace "Peace!"."""
    return PEACE if lowest_wins else WAR


def question_key(kind: str) -> str:
    """A practice question by its kind: `question-bigger`, ..., `question-smallest`."""
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
