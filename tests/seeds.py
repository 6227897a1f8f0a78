"""The seed web and browser tests deal their games from, and where a test keeps it."""

from __future__ import annotations

import os
import random

import pytest

SEED_VARIABLE = "KIDSWAR_TEST_SEED"


def chosen_seed() -> int:
    """The seed web tests deal their games from: `KIDSWAR_TEST_SEED`, else a fresh one."""
    chosen = os.environ.get(SEED_VARIABLE)
    return int(chosen) if chosen else random.SystemRandom().randrange(2**32)


SEED_KEY = pytest.StashKey[int]()  # set on a test's node by the fixtures that deal games
