"""A game's random generator saved small: its seed and how many words it has drawn.

The engine draws from `random.Random` (the Mersenne Twister): the deal's shuffle and every
shuffled pickup. Its whole state is 625 numbers, about 7 KB as JSON, but a generator started
from a seed is also fully known by the seed and the number of 32-bit words drawn since, and
`getrandbits(32 * n)` draws exactly `n` words, so `restart` rebuilds it in microseconds.

Counting the words as they are drawn would slow the battle loop down, so `words_drawn` works
the count out afterwards: the state's last number is its position in its current block of 624
words, which gives the count up to a multiple of 624; each candidate is checked by rebuilding
the generator and comparing the whole state. A count is only ever given for an exact match,
so a game restored from it has the same future to the last shuffle.
"""

from __future__ import annotations

import random

BLOCK = 624  # the Mersenne Twister makes its words 624 at a time
# How many blocks past the last known count `words_drawn` looks: a saved move plays at most
# ten battles, a few dozen words; a whole game played in memory, a few thousand words.
MAX_BLOCKS = 256


def restart(seed: int, words: int) -> random.Random:
    """The generator started from `seed` after it has drawn `words` 32-bit words."""
    if words < 0:
        raise ValueError(f"a generator cannot have drawn {words} words")
    rng = random.Random(seed)
    if words:
        rng.getrandbits(32 * words)  # exactly `words` words: CPython draws 32 bits per word
    return rng


def words_drawn(rng: random.Random, seed: int, known: int) -> int | None:
    """How many words `rng` has drawn since it was started from `seed`, or None.

    `known`: a count it had reached earlier (0 for a fresh one). None when `rng` is not
    such a generator, or has drawn more than `MAX_BLOCKS` blocks past `known`: the caller
    then keeps the whole state instead.
    """
    state = rng.getstate()
    # The position (1 to 624) is the count modulo 624; both start at 0 mod 624 (position 624).
    words = known + (int(state[1][-1]) - known) % BLOCK
    probe = restart(seed, words)
    for _block in range(MAX_BLOCKS + 1):
        if probe.getstate() == state:
            return words
        probe.getrandbits(32 * BLOCK)
        words += BLOCK
    return None
