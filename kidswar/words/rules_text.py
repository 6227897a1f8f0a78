"""The easy rules: seven short steps that stand beside the table in easy mode."""

from __future__ import annotations

from kidswar.words.catalogs import Translations
from kidswar.words.content import page


def easy_steps(t: Translations) -> list[str]:
    """The seven easy rule steps of `content/war.toml`, in order (step 1 first)."""
    sections = page("war", t).sections
    return next(section["items"] for section in sections if section["id"] == "easy")
