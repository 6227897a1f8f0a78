"""The saved formats: every JSON record a row holds, versioned, and read from any older shape here.

A row keeps records the game layer writes (`to_json`): a table's setup, a game's last battle and
its practice, a round's settings and clock. Each is saved with the version of its shape
(`"format"`), and read by upgrading an older shape one step at a time to today's, here and only
here, before the record's own `from_json` reads it: the records read today's shape alone. A
record saved before formats were versioned has no `"format"`; its version is told by its shape.

A game's state versions itself (`Game.to_json` writes `"version"`: the whole random generator,
or its seed and draws, both still written), so `games.state` is read by `Game.from_json` as is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kidswar.game.cards import Card
from kidswar.storage.interfaces import NewerSavedFormat

FORMAT = "format"  # the key a saved record's version is kept under

Data = dict[str, Any]


@dataclass(frozen=True)
class SavedFormat:
    """One kind of saved record: the steps from each of its shapes to the next, oldest first."""

    name: str
    # steps[n - 1] turns a record of version n into one of version n + 1.
    steps: tuple[Callable[[Data], Data], ...]
    # The version of a record saved before versions were kept, told by what it holds.
    unversioned: Callable[[Data], int]

    @property
    def version(self) -> int:
        """The version records are saved at today."""
        return len(self.steps) + 1

    def dump(self, data: Data) -> str:
        """A record's `to_json` as the text saved in its column, with today's version."""
        return json.dumps({**data, FORMAT: self.version})

    def upgrade(self, data: Data) -> Data:
        """A saved record's JSON in today's shape (without its version), for `from_json`.

        Raises NewerSavedFormat for a version this kidswar does not know: a later one wrote it,
        and reading it as an older shape could lose what it holds.
        """
        data = dict(data)
        version = data.pop(FORMAT, None) or self.unversioned(data)
        known = isinstance(version, int) and not isinstance(version, bool)
        if not known or not 1 <= version <= self.version:
            raise NewerSavedFormat(
                f"this {self.name} was saved in format {version!r} by another version of"
                f" kidswar; this one reads formats 1 to {self.version}"
            )
        for step in self.steps[version - 1 :]:
            data = step(data)
        return data

    def load(self, text: str) -> Data:
        """The text of a column, read in today's shape (see `upgrade`)."""
        return self.upgrade(json.loads(text))


def _one_shape(version: int) -> Callable[[Data], int]:
    """Every unversioned record of a kind that has had one shape only."""
    return lambda _data: version


# A table's setup (games.setup, `TableSetup`).
# 1: the first release (mode, rules, seats). 2 (issue 7): practice, off before. 3 (issue 21):
# each seat's animal, the device's child who practises there ("": none, as before). 4 (issue
# 31): the practice level, whose numbers the table deals ("": none; the level chose the rules).
SETUP = SavedFormat(
    "table's setup",
    (
        lambda data: {**data, "practice": False},
        lambda data: {**data, "seats": [{**seat, "animal": ""} for seat in data["seats"]]},
        lambda data: {**data, "level": ""},
    ),
    lambda data: 2 if "practice" in data else 1,
)


def _value(text: str | None) -> int | None:
    """A card's number in a battle saved before issue 12: the full deck, the ace 14."""
    return None if text is None else Card.parse(text).rank.value


def _battle_with_numbers(data: Data) -> Data:
    """Battle format 2 (issue 12, Addition War and the little deck): each seat's cards turned
    and its number, also in every war round, and each lay's cards turned.

    A battle saved before was one card a seat from the full deck: each seat turned its `cards`
    entry and its number is that card's rank value; in a war round a seat that laid nothing
    stands with the number it had before.
    """
    standing = [_value(text) for text in data["cards"]]
    rounds = []
    for war_round in data["rounds"]:
        lays = [
            {**lay, "turned": [] if lay["up"] is None else [lay["up"]]} for lay in war_round["lays"]
        ]
        for lay in lays:
            if lay["up"] is not None:
                standing[lay["seat"]] = _value(lay["up"])
        sums = [standing[seat] or 0 for seat in war_round["fighters"]]
        rounds.append({**war_round, "lays": lays, "sums": sums})
    return {
        **data,
        "rounds": rounds,
        "turned": [[] if text is None else [text] for text in data["cards"]],
        "sums": [_value(text) for text in data["cards"]],
    }


# A game's last battle (games.last_battle, `Battle`).
# 1: one card a seat, the full deck. 2 (issue 12): cards turned and numbers (sums) per seat.
BATTLE = SavedFormat("battle", (_battle_with_numbers,), lambda data: 2 if "sums" in data else 1)

# A game's practice (games.practice, `Practice`; NULL while nothing is answered).
# 1: the last battle answered, the score, the last reply (practice mode, as first released).
PRACTICE = SavedFormat("practice", (), _one_shape(1))

# A class round's settings (rounds.settings, `RoundSettings`).
# 1: minutes, variant, players, against the computer. 2 (issue 11): practice rounds, off
# before. 3 (issue 12): the deck, the whole deck before. 4 (issues 21 and 23): "the class
# together" (off before) and the ladder's level (none before).
ROUND_SETTINGS = SavedFormat(
    "round's settings",
    (
        lambda data: {**data, "practice": False},
        lambda data: {**data, "deck": "full"},
        lambda data: {**data, "together": False, "level": None},
    ),
    lambda data: 3 if "deck" in data else 2 if "practice" in data else 1,
)

# A class round's clock (rounds.clock, `Clock`). 1: as first released.
CLOCK = SavedFormat("round's clock", (), _one_shape(1))
