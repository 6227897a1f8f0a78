"""The operators' guide (docs/running.md, "A crowded class round"; the README until issue 34)
shows the arithmetic of guessing a join code (issue 23, "the README shows the arithmetic"),
and its figures are the code's: the alphabet, the length, the default cap."""

from __future__ import annotations

from pathlib import Path

from kidswar.game.class_round import CODE_ALPHABET, CODE_LENGTH
from kidswar.settings import Settings

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "running.md"


def test_the_guide_shows_how_long_a_guesser_at_the_cap_needs() -> None:
    readme = " ".join(GUIDE.read_text().split())  # its lines joined, as it is read
    codes = len(CODE_ALPHABET) ** CODE_LENGTH
    cap = Settings().class_wrong_codes_per_minute
    per_day = cap * 60 * 24

    def days(rounds: int, addresses: int = 1) -> float:
        """Days on average for `addresses` at the cap to find one of `rounds` rounds."""
        return float(codes / (rounds * per_day * addresses))

    assert f"one address may try {cap} wrong codes a minute" in readme
    assert f"{len(CODE_ALPHABET)} characters" in readme
    assert f"to the power of {CODE_LENGTH} is {codes:,} codes" in readme
    assert f"({per_day:,} a day)" in readme
    assert f"{days(100) / 365.25:.0f} years with 100 rounds" in readme
    assert f"{days(1000) / 365.25:.1f} years with 1,000" in readme
    assert f"a thousand addresses together, {days(100, 1000):.1f} days with 100 rounds" in readme
