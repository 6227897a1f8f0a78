"""The easy rules: seven short steps that stand beside the table in easy mode.

Each step has an id in `content/war.toml`; the app names the step a battle illustrates by that
id and asks here for its number, so reordering the steps in the file moves the highlight with
them. The ids below are the ones the app points at (a test checks each is in the file).
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from kidswar.words.catalogs import Translations
from kidswar.words.content import load_page, page

EASY_PAGE, EASY_SECTION = "war", "easy"  # where the easy steps are: page, section id

STEP_BEFORE_BATTLE = "turn"  # before any battle: "Turn over the top card of your pile. ..."
STEP_TAKE = "take"  # a battle won: "Is your card bigger? Then both cards are yours: ..."
STEP_WAR = "war"  # a battle with a war: "The same card? That's war! ..."
STEP_WIN = "win"  # the game won: "Whoever gets all the cards wins!"


def _easy(sections: list[dict[str, Any]]) -> dict[str, Any]:
    """The section of the easy steps among a page's sections."""
    return next(section for section in sections if section["id"] == EASY_SECTION)


# The steps in each language, worked out once: the table shows them beside every battle, and
# translating the whole rules page for them cost a tenth of a battle's time (issue 24). Keyed
# by the translations object, which Flask-Babel keeps one of per language (a test's own
# translations get their own entry, and go with it), and kept with the loaded page they come
# from, so a page loaded again (a test's own content folder) is translated again.
_STEPS: WeakKeyDictionary[Translations, tuple[object, tuple[str, ...]]] = WeakKeyDictionary()


def easy_steps(t: Translations) -> list[str]:
    """The seven easy rule steps of `content/war.toml`, in order (step 1 first)."""
    source = load_page(EASY_PAGE)  # cached: the same object until the page is loaded again
    kept = _STEPS.get(t)
    if kept is None or kept[0] is not source:
        kept = _STEPS[t] = (source, tuple(_easy(page(EASY_PAGE, t).sections)["items"]))
    return list(kept[1])


def step_ids() -> list[str]:
    """The ids of the easy steps, in the order of the file (step 1 first)."""
    ids: list[str] = _easy(load_page(EASY_PAGE)["section"])["ids"]
    return list(ids)  # a copy: the page is cached


def step_number(step_id: str) -> int:
    """The number of the easy step with this id (1 first); KeyError for an id the file lacks."""
    ids = step_ids()
    if step_id not in ids:
        raise KeyError(step_id)
    return ids.index(step_id) + 1
