"""The rules pages: War (easy and full rules), Three down, Peace and Addition War, to read
aloud or print."""

from __future__ import annotations

from typing import Any

from flask import abort, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from kidswar.game.rules import Variant
from kidswar.sound.phrases import SPOKEN_KINDS
from kidswar.web.clips import clip_urls
from kidswar.web.i18n import translations
from kidswar.web.rules import bp
from kidswar.words.content import page, page_title
from kidswar.words.phrase_keys import rules_section_keys
from kidswar.words.variant_names import how_to_play, start_label

# Which page explains each variant, and which start link each page offers.
PAGE_FOR_VARIANT = {
    Variant.STANDARD: "war",
    Variant.THREE_DOWN: "three-down",
    Variant.PEACE: "peace",
    Variant.ADDITION: "addition",
}
VARIANT_FOR_PAGE = {name: variant for variant, name in PAGE_FOR_VARIANT.items()}


def render_page(name: str, easy_only: bool = False) -> str:
    """Render one rules page in the request's language."""
    t = translations()
    rules_page = page(name, t)
    variant = VARIANT_FOR_PAGE[name]
    sections = [with_links(with_speech(name, section)) for section in rules_page.sections]
    if easy_only:
        sections = [section for section in sections if section["id"] == "easy"]
    return render_template(
        "rules/page.html",
        page=rules_page,
        sections=sections,
        variant=variant.value,
        easy_only=easy_only,
        title=_("Easy rules to print") if easy_only else how_to_play(variant, t),
        start_label=start_label(variant, t),
    )


def with_speech(name: str, section: dict[str, Any]) -> dict[str, Any]:
    """A section with the address of each item's spoken clip (for the speaker buttons)."""
    if section["kind"] not in SPOKEN_KINDS:
        return section
    keys = rules_section_keys(name, section["id"], len(section["items"]))
    return {**section, "speech": clip_urls(str(get_locale()), keys)}


def with_links(section: dict[str, Any]) -> dict[str, Any]:
    """A "links" section with the address and the title of the page each item names."""
    if section["kind"] != "links":
        return section
    t = translations()
    links = [{"url": page_url(name), "title": page_title(name, t)} for name in section["ids"]]
    return {**section, "links": links}


def page_url(name: str) -> str:
    """The address of a rules page in the request's language."""
    return url_for("rules.war") if name == "war" else url_for("rules.variant", variant=name)


@bp.get("/<lang>/rules/")
def war() -> str:
    """War: the easy rules, the full rules, tips and what it practises."""
    return render_page("war")


@bp.get("/<lang>/rules/easy")
def easy() -> str:
    """The seven easy steps alone, large, to print on one page."""
    return render_page("war", easy_only=True)


@bp.get("/<lang>/rules/<variant>")
def variant(variant: str) -> str:
    """Three down, Peace or Addition War: what it is, how it differs, where it comes from."""
    if variant not in VARIANT_FOR_PAGE or variant == "war":  # War has its own address
        abort(404)
    return render_page(variant)
