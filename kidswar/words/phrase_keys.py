"""The names of the spoken phrases: every phrase key is spelled here and nowhere else.

A phrase key names one clip speech can say (`kidswar.sound.phrases` lists them all and maps each
to its sentence in a language). The sentences, practice and the rules pages name their clips
through these functions, and the closed list is built from the same functions, so a key a page
asks for and the keys speech accepts cannot drift apart. Keys are lowercase letters, digits and
dashes only, so they are safe in a URL and a file name.
"""

from __future__ import annotations

from kidswar.game.table import ANIMALS

WAR = "war"  # "War!": the best card is shared
PEACE = "peace"  # "Peace!": the same, in Peace
TIME_UP = "time-up"  # "Time's up!"
KIND_WORD = "kind-word"  # the end of a game, to a child who did not win (words/kind_words.py)
KIND_WORD_MANY = "kind-word-many"  # the same, to several children
LETS_COUNT = "lets-count"  # said kindly after a wrong answer
CHOSE_BIGGER = "chose-bigger"  # "You chose the bigger one. We want the smaller one."
CHEERS = ("cheer-yes", "cheer-well-done", "cheer-right")  # after a right answer, taking turns
# What practice asks, as `kidswar.game.questions.Question.kind` names it.
QUESTION_KINDS = ("bigger", "smaller", "biggest", "smallest", "bigger-sum", "biggest-sum")
# The home page's picture tiles, said by their speaker corners, and the voice's "I am on".
TILE_PLAY = "tile-play-war"  # "Play War": one child against the computer
TILE_FRIEND = "tile-play-with-a-friend"  # two children on one device
TILE_PRACTICE = "tile-practice"  # the drill
VOICE_ON = "voice-on"  # "The voice is on.": said when Read aloud is switched on
# The drill's choices as pictures, each said by its speaker corner (issue 32), by kind.
CHOICES = {
    "climb": "choice-climb",  # "Yes, the next level!"
    "step-down": "choice-step-down",  # "Yes, let's"
    "stay": "choice-stay",  # "Stay on this level"
    "again": "choice-again",  # "Practise again"
    "other": "choice-other",  # "Choose other numbers"
}


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


def count_on_key(low: int, high: int) -> str:
    """Counting on from the smaller card to the bigger: `count-on-7-8` ("Seven… eight! Eight is
    one more than seven.")."""
    return f"count-on-{int(low)}-{int(high)}"


def offer_key(kind: str, rung: str) -> str:
    """The ladder's offer after an answer: `offer-climb-close` ("Hooray! You can do the next
    level: Close numbers! Try it?"), `offer-step-down-to-ten`."""
    return f"offer-{kind}-{rung}"


def cheer_key(number: int) -> str:
    """A cheer for a right answer, taking turns so it does not sound like a machine."""
    return CHEERS[number % len(CHEERS)]


def rules_key(page: str, section_id: str, number: int) -> str:
    """One item of a rules section read aloud, counted from 1: `rules-war-easy-3`."""
    return f"rules-{page}-{section_id}-{number}"


def rules_section_keys(page: str, section_id: str, count: int) -> list[str]:
    """The keys of a rules section's `count` items, in order: `rules-war-easy-1`, ...."""
    return [rules_key(page, section_id, number) for number in range(1, count + 1)]


# The sentences of a battle, as the table shows them (issue 22): each one has its clip.
WAR_AGAIN = "war-again"  # "The same again: war again!"
PEACE_AGAIN = "peace-again"  # "The same again: peace again!"
NOBODY_LEFT = "nobody-left"  # "Nobody has a card left to lay."
FORFEIT_NEITHER = "forfeit-neither"  # "Neither player has enough cards for the war."
MOST_TAKEN = 52  # the most cards one battle can take: every card of the deck
SEATS = 4  # the most seats a table has


def seat_voice(number: int, computer: bool, computers: int) -> str:
    """How the voice names seat `number` (from 1), whatever name was typed for it: `player-1`,
    `computer` (the only one), `computer-3`. The voice never reads a typed name."""
    if computer:
        return "computer" if computers == 1 else f"computer-{number}"
    return f"player-{number}"


def seat_voices() -> tuple[str, ...]:
    """Every name the voice can give a seat, in a fixed order."""
    numbers = range(1, SEATS + 1)
    return (
        *(f"player-{number}" for number in numbers),
        "computer",
        *(f"computer-{number}" for number in numbers),
        *(f"animal-{animal}" for animal in ANIMALS),  # a child's seat, by its animal
    )


def playing_key(animal: str) -> str:
    """The picker's "Cat is playing now.", said when a child taps its animal: `playing-cat`."""
    return f"playing-{animal}"


def takes_key(voice: str, count: int) -> str:
    """Who takes the cards: `takes-player-1-2` ("Player 1 takes 2 cards.")."""
    return f"takes-{voice}-{int(count)}"


def forfeit_key(loser: str, winner: str) -> str:
    """A war one seat cannot lay: `forfeit-player-1-computer` (the seats' voices)."""
    return f"forfeit-{loser}-{winner}"


def tie_sentence_key(count: int, in_battle: int, value: int, lowest_wins: bool) -> str:
    """The tie as the table shows it: `war-both-12` ("Both turned a queen: war!"), `war-3-12`
    ("3 players turned a queen: war!"), `peace-both-2` in Peace."""
    call = "peace" if lowest_wins else "war"
    who = "both" if count == in_battle == 2 else str(int(count))
    return f"{call}-{who}-{int(value)}"


def sum_tie_key(count: int, in_battle: int, number: int) -> str:
    """A tie of sums: `tie-sums-both-7` ("Both sums are seven: war!"), `tie-sums-3-7`."""
    who = "both" if count == in_battle == 2 else str(int(count))
    return f"tie-sums-{who}-{int(number)}"


SIGN_NAMES = {"<": "lt", "=": "eq", ">": "gt"}  # the signs as a phrase key spells them


def signs_key(first: int, sign: str, second: int) -> str:
    """Two numbers with a sign between them, read aloud: `signs-7-gt-4` ("7 > 4": "Seven is
    greater than four."), also a wrong answer's claim as the child chose it (`signs-3-gt-5`)."""
    return f"signs-{int(first)}-{SIGN_NAMES[sign]}-{int(second)}"


def hint_key(kind: str) -> str:
    """How to answer a practice question of a kind: `hint-bigger`, ..., `hint-biggest-sum`;
    `hint-pairs` for the drill's pairs to add."""
    if kind not in (*QUESTION_KINDS, "pairs"):
        raise ValueError(f"no hint of kind {kind!r}")
    return f"hint-{kind}"


YOU_CHOSE = "you-chose"  # "You chose", beside the signs of a wrong answer
THE_SAME = "the-same"  # "The same": a wrong answer that said the best cards were the same


def same_cards_key(value: int) -> str:
    """A tie of two cards in the drill's reply, what "=" means: `same-cards-7` ("The cards are
    the same. Seven is equal to seven.")."""
    return f"same-cards-{int(value)}"


def number_key(number: int) -> str:
    """A number said alone: `number-12` ("Twelve": the card a wrong answer tapped)."""
    return f"number-{int(number)}"


def more_key(high: int, low: int) -> str:
    """The hops on the number line counted: `more-7-4` ("7 is 3 more than 4.")."""
    return f"more-{int(high)}-{int(low)}"


def adding_on_key(values: tuple[int, ...]) -> str:
    """Two cards added by counting on from the bigger: `add-on-4-3` ("Start at 4 and count
    on 3: 5, 6, 7."); `count_on_key` is the other counting on, from the smaller card to the
    bigger."""
    return f"add-on-{max(values)}-{min(values)}"


def outcome_key(reason: str, voice: str | None = None) -> str:
    """How a game ended (`Reason` values): `outcome-all-cards-player-1` ("Player 1 collected
    every card and wins!"), or without a winner `outcome-stalemate`, `outcome-forfeit`."""
    return f"outcome-{reason}" if voice is None else f"outcome-{reason}-{voice}"
