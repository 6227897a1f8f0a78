"""The rules a game is played by: a preset (variant), a deck and the options of docs/rules.md.

`Rules` is a frozen value. It is checked when it is made, so an impossible combination (Peace
with three cards down, `forfeit` for three players, a battle limit of zero) never reaches a game.
The rules, not the card, say what a card is worth: with the `numbers` deck the ace counts 1.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from kidswar.game.cards import CARDS, Card, Rank


@dataclass(frozen=True)
class VariantDescriptor:
    """What sets a preset apart, said once: the engine, the setup forms, the rules pages and the
    table's look read it from here; its words are in `kidswar.words.variant_names`.

    A new preset is a member of `Variant` with its descriptor, its content page
    (`content/<page>.toml`, with its `summary`), its names in `variant_names` and the catalogs:
    tests/test_rules.py fails while any of them is missing."""

    face_down: int  # cards each player lays face down in a war (in Peace: one per letter)
    page: str  # its rules page: content/<page>.toml, at /<lang>/rules/<page> (War's: /rules/)
    face_up: int = 1  # cards each player turns face up in a battle and in each war round
    lowest_wins: bool = False  # who takes a battle: the highest value, or the lowest


class Variant(enum.Enum):
    """The presets of docs/rules.md, in the order the pages offer them. The variant, not the
    card, decides which card is best."""

    STANDARD = "standard"
    THREE_DOWN = "three-down"
    PEACE = "peace"
    ADDITION = "addition"

    @property
    def descriptor(self) -> VariantDescriptor:
        """What sets this preset apart."""
        return DESCRIPTORS[self]

    @property
    def face_down(self) -> int:
        """How many cards each player lays face down in a war (in Peace: one per letter)."""
        return DESCRIPTORS[self].face_down

    @property
    def face_up(self) -> int:
        """How many cards each player turns face up in a battle and in each war round."""
        return DESCRIPTORS[self].face_up

    @property
    def lowest_wins(self) -> bool:
        """True for Peace, where the lowest value is best (the 2, or the ace with `numbers`)."""
        return DESCRIPTORS[self].lowest_wins

    @property
    def page(self) -> str:
        """Its rules page's name (content/<page>.toml)."""
        return DESCRIPTORS[self].page


DESCRIPTORS = {
    Variant.STANDARD: VariantDescriptor(face_down=1, page="war"),
    Variant.THREE_DOWN: VariantDescriptor(face_down=3, page="three-down"),
    Variant.PEACE: VariantDescriptor(face_down=5, page="peace", lowest_wins=True),
    Variant.ADDITION: VariantDescriptor(face_down=0, page="addition", face_up=2),
}
PRESETS: tuple[Variant, ...] = tuple(Variant)


class Deck(enum.Enum):
    """Which cards are played, and what each is worth (docs/rules.md, "Cards")."""

    FULL = "full"  # the 52 cards; J = 11, Q = 12, K = 13, A = 14
    NUMBERS = "numbers"  # the 40 cards A, 2 ... 10; the ace counts 1 and is the lowest

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's cards, in the order of `CARDS` (the order a seeded shuffle starts from)."""
        return _DECK_CARDS[self]

    def holds(self, card: Card) -> bool:
        """True if `card` is one of this deck's cards (no J, Q or K with `numbers`)."""
        return self is Deck.FULL or card.rank <= Rank.TEN or card.rank is Rank.ACE

    def value_of(self, card: Card) -> int:
        """The card's number value: 2-10 as printed, J 11, Q 12, K 13, A 14 (1 with `numbers`)."""
        if card.rank is Rank.ACE and self is Deck.NUMBERS:
            return 1
        return card.rank.value

    def values_of(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The cards' number values, in order: what a child adds up in Addition War."""
        return tuple(self.value_of(card) for card in cards)


_DECK_CARDS = {deck: tuple(card for card in CARDS if deck.holds(card)) for deck in Deck}


class Shortage(enum.Enum):
    """What happens to a player who cannot lay a whole war."""

    LAST_CARD = "last-card"
    FORFEIT = "forfeit"


class Pickup(enum.Enum):
    """How the winner of a battle puts the cards under their stack."""

    SHUFFLED = "shuffled"
    AS_LAID = "as-laid"


class WhoFights(enum.Enum):
    """With 3 or 4 players: who lays cards in a war."""

    EVERYONE = "everyone"
    TIED = "tied"


MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_BATTLE_LIMIT, MAX_BATTLE_LIMIT = 1, 100_000


@dataclass(frozen=True)
class Rules:
    """A variant, a number of players and the rule options, checked to fit together."""

    variant: Variant = Variant.STANDARD
    players: int = 2
    battle_limit: int = 1000
    shortage: Shortage = Shortage.LAST_CARD
    pickup: Pickup = Pickup.SHUFFLED
    who_fights: WhoFights = WhoFights.EVERYONE
    face_down: int = -1  # -1: the variant's own count
    time_limit_minutes: int | None = None
    deck: Deck = Deck.FULL

    def __post_init__(self) -> None:
        """Fill in the variant's face-down count, then verify the whole combination."""
        if self.face_down == -1 and isinstance(self.variant, Variant):
            object.__setattr__(self, "face_down", self.variant.face_down)
        self.verify()

    def verify(self) -> None:
        """Raise ValueError with a clear message if these rules cannot be played."""
        for name, kind in (
            ("variant", Variant),
            ("shortage", Shortage),
            ("pickup", Pickup),
            ("who_fights", WhoFights),
            ("deck", Deck),
        ):
            if not isinstance(getattr(self, name), kind):
                choices = ", ".join(member.value for member in kind.__members__.values())
                raise ValueError(f"{name} must be one of {choices}")
        if not _is_int(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(
                f"War is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players!r}"
            )
        if not _is_int(self.battle_limit) or not (
            MIN_BATTLE_LIMIT <= self.battle_limit <= MAX_BATTLE_LIMIT
        ):
            raise ValueError(
                f"battle_limit must be a whole number from {MIN_BATTLE_LIMIT} to "
                f"{MAX_BATTLE_LIMIT}, not {self.battle_limit!r}"
            )
        if not _is_int(self.face_down) or self.face_down != self.variant.face_down:
            raise ValueError(
                f"{self.variant.value} is played with {self.variant.face_down} "
                f"face-down card(s) in a tie, not {self.face_down!r}"
            )
        if self.shortage is Shortage.FORFEIT and self.players != 2:
            raise ValueError(f"the forfeit shortage rule is only for 2 players, not {self.players}")
        if self.time_limit_minutes is not None and (
            not _is_int(self.time_limit_minutes) or self.time_limit_minutes < 1
        ):
            raise ValueError(
                f"a time limit must be a whole number of minutes, at least 1, "
                f"not {self.time_limit_minutes!r}"
            )

    @classmethod
    def from_options(cls, variant: str = "standard", players: int = 2, **options: Any) -> Rules:
        """Make rules from plain values, as they come from JSON, a form or the command line.

        Kept per values (and their types: `True` is not 1), as rules are frozen: a saved game
        names its rules twice and is loaded for every battle. Unhashable values are no rules
        any form or save writes; they are checked uncached, to the same error."""
        try:
            return _rules_from_options(variant, players, **options)
        except TypeError:
            return cls._checked(variant, players, **options)

    @classmethod
    def _checked(cls, variant: str, players: int, **options: Any) -> Rules:
        """`from_options` itself, uncached."""
        kinds: dict[str, type[enum.Enum]] = {
            "shortage": Shortage,
            "pickup": Pickup,
            "who_fights": WhoFights,
            "deck": Deck,
        }
        values: dict[str, Any] = {
            "variant": _member(Variant, "variant", variant),
            "players": players,
        }
        for name, value in options.items():
            if name in kinds:
                values[name] = _member(kinds[name], name, value)
            elif name in ("battle_limit", "face_down", "time_limit_minutes"):
                values[name] = value
            else:
                raise ValueError(f"unknown rule option {name!r}")
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """These rules as plain JSON values; `from_options(**rules.to_json())` gives them back.

        The deck is written only when it is not the full deck (the default), so rules saved
        today read as they always did, also by the kidswar before the `numbers` deck.
        """
        values = {
            "variant": self.variant.value,
            "players": self.players,
            "battle_limit": self.battle_limit,
            "shortage": self.shortage.value,
            "pickup": self.pickup.value,
            "who_fights": self.who_fights.value,
            "time_limit_minutes": self.time_limit_minutes,
        }
        if self.deck is not Deck.FULL:
            values["deck"] = self.deck.value
        return values

    def value_of(self, card: Card) -> int:
        """The number a card counts for in these rules (the deck decides: A = 14, or 1)."""
        return self.deck.value_of(card)

    def values_of(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The numbers the cards count for in these rules, in order."""
        return self.deck.values_of(cards)


def _is_int(value: object) -> bool:
    """True for a real whole number (JSON `true` is not a battle limit)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _member(kind: type[enum.Enum], name: str, value: object) -> Any:
    """Look up an enum member by its text value, with a message listing the choices."""
    members = kind.__members__.values()  # every member, also one the app does not offer yet
    for member in members:
        if member.value == value:
            return member
    choices = ", ".join(str(member.value) for member in members)
    raise ValueError(f"unknown {name} {value!r}: choose one of {choices}")


# The battle limits the full setup form offers with a radio, the usual one first; any other is
# typed. The setup pages' game lengths at these are simulated ahead (kidswar/words/estimates).
BATTLE_LIMIT_CHOICES = (Rules().battle_limit, 500)


@functools.lru_cache(maxsize=256, typed=True)
def _rules_from_options(variant: str, players: int, **options: Any) -> Rules:
    """`Rules.from_options`, kept per values and types (a process sees a few rules only)."""
    return Rules._checked(variant, players, **options)
