"""The sentences that say how long a game usually lasts (kidswar/words/game_length.py)."""

from __future__ import annotations

from kidswar.words.catalogs import LANGUAGES, load
from kidswar.words.estimates import SECONDS_PER_BATTLE, Estimate
from kidswar.words.game_length import draw_bar_label, estimate_sentences, histogram_label

# Made-up figures: at the usual pace 200 battles are 10 minutes, 100 are 5 and 400 are 20.
BATTLES_PER_MINUTE = 60 // SECONDS_PER_BATTLE
FIGURES = Estimate(
    variant="standard",
    players=2,
    games=500,
    median=10 * BATTLES_PER_MINUTE - 0.4,  # rounds to 200
    p10=5 * BATTLES_PER_MINUTE,
    p90=20 * BATTLES_PER_MINUTE,
    limit=1000,
    at_limit=12,
    bins=(488,),
)


def test_the_length_in_battles_then_in_minutes() -> None:
    battles, timing = estimate_sentences(FIGURES, load("en"), "en")
    assert battles == (
        "A game of War with 2 players usually lasts about 200 battles; most games last between "
        "100 and 400 battles."
    )
    assert timing == (
        f"At one battle every {SECONDS_PER_BATTLE} seconds that is about 10 minutes "
        "(mostly 5 to 20 minutes)."
    )


def test_the_counts_are_written_in_the_pages_locale() -> None:
    assert draw_bar_label(FIGURES, load("en"), "en") == "1,000 battles: a draw"
    assert "1.000" in draw_bar_label(FIGURES, load("de"), "de")


def test_one_minute_is_singular() -> None:
    short = Estimate("standard", 2, 500, 3.0, 1.0, 60.0, 1000, 0, (500,))
    _, timing = estimate_sentences(short, load("en"), "en")
    assert "about 1 minute (mostly 1 to 3 minutes)" in timing


def test_the_histograms_text_says_what_each_part_shows() -> None:
    label = histogram_label(FIGURES, load("en"), "en")
    assert label == (
        "A bar chart of the lengths of 500 simulated games, from 0 to 1,000 battles. "
        "Half of them were over within 200 battles. "
        "The last bar, set apart: 12 games reached the limit of 1,000 battles and were a draw."
    )


def test_a_limit_most_games_reach_is_said_without_a_range() -> None:
    """A battle limit of 10 on the full setup: "between 10 and 10 battles" said nothing."""
    capped = Estimate("standard", 2, 500, 10.0, 10.0, 10.0, 10, 480, (20,))
    battles, timing = estimate_sentences(capped, load("en"), "en")
    assert battles == "Most games reach the limit of 10 battles and end in a draw."
    assert timing == f"At one battle every {SECONDS_PER_BATTLE} seconds that is about 1 minute."


def test_short_games_give_their_minutes_without_a_range() -> None:
    """10 to 25 battles are 1 minute either way at the usual pace: no "mostly 1 to 1 minutes"."""
    short = Estimate("standard", 2, 500, 18.0, 10.0, 25.0, 1000, 0, (500,))
    battles, timing = estimate_sentences(short, load("en"), "en")
    assert battles.endswith("most games last between 10 and 25 battles.")
    assert timing == f"At one battle every {SECONDS_PER_BATTLE} seconds that is about 1 minute."


def test_no_language_says_a_range_from_a_number_to_itself() -> None:
    capped = Estimate("peace", 3, 500, 10.0, 10.0, 10.0, 10, 480, (20,))
    for lang in LANGUAGES:
        battles, timing = estimate_sentences(capped, load(lang), lang)
        assert "10" in battles and "(" not in timing, (lang, battles, timing)
