"""A game's random generator saved as its seed and the words drawn (kidswar/game/stream.py)."""

from __future__ import annotations

import random

import pytest

from kidswar.game.stream import BLOCK, MAX_BLOCKS, restart, words_drawn


@pytest.mark.parametrize("drawn", [0, 1, 623, 624, 625, 5_000])
def test_the_count_of_words_rebuilds_the_same_generator(drawn: int) -> None:
    rng = random.Random(42)
    if drawn:
        rng.getrandbits(32 * drawn)
    assert words_drawn(rng, 42, known=0) == drawn
    rebuilt = restart(42, drawn)
    assert rebuilt.getstate() == rng.getstate()
    assert [rebuilt.random() for _ in range(5)] == [rng.random() for _ in range(5)]  # one future


def test_a_shuffle_is_counted_from_an_earlier_count() -> None:
    rng = restart(7, 100)
    rng.shuffle(list(range(52)))
    found = words_drawn(rng, 7, known=100)
    assert found is not None and found > 100 and restart(7, found).getstate() == rng.getstate()


def test_no_count_for_another_seed_or_too_far_past_the_known_one() -> None:
    rng = restart(7, 10)
    assert words_drawn(rng, 8, known=0) is None  # started from another seed
    far = restart(7, (MAX_BLOCKS + 2) * BLOCK)
    assert words_drawn(far, 7, known=0) is None  # the caller keeps the whole state then
    with pytest.raises(ValueError):
        restart(7, -1)
