"""The rules pages: War (easy and full rules) and each of its variants, to read aloud or
print.

With a second language on the device (issue 36) each page is drawn in both: every section
twice, the page's language first, side by side on a laptop and one after the other on a phone,
each in its own `lang`, with its own clips and its own "Read all"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import abort, render_template, url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from kidswar.game.rules import Variant
from kidswar.sound.phrases import SPOKEN_KINDS
from kidswar.web.clips import clip_urls
from kidswar.web.i18n import translations
from kidswar.web.rules import bp
from kidswar.web.second_language import second_language
from kidswar.words import catalogs
from kidswar.words.catalogs import Translations
from kidswar.words.content import Page, page, page_title
from kidswar.words.phrase_keys import rules_section_keys
from kidswar.words.variant_names import how_to_play, short_name, start_label

# Which page explains each variant (its descriptor says), and which start link each page offers.
PAGE_FOR_VARIANT = {variant: variant.page for variant in Variant}
WAR = Variant.STANDARD  # its page is /rules/, with the easy rules at /rules/easy
VARIANT_FOR_PAGE = {name: variant for variant, name in PAGE_FOR_VARIANT.items()}


@bp.app_template_global()
def variant_rules_pages() -> list[tuple[str, str]]:
    """Each variant's rules page but War's (which has its own address): its name and title,
    for the links to them (the rules pages' menu, the home page)."""
    t = translations()
    return [(v.page, short_name(v, t)) for v in Variant if v.page != PAGE_FOR_VARIANT[WAR]]


@dataclass(frozen=True)
class RuleLink:
    """A link to another rules page: its address and its title."""

    url: str
    title: str


@dataclass(frozen=True)
class RulesSection:
    """A section of a rules page as the template draws it (`content/*.toml`, translated)."""

    id: str
    kind: str  # "paragraphs", "steps", "list", "links" or "table"
    heading: str
    items: tuple[str, ...] = ()
    header: tuple[str, ...] = ()  # a table's column headings
    rows: tuple[tuple[str, ...], ...] = ()  # a table's rows
    note: str | None = None  # a tip shown after the items
    speech: tuple[str, ...] = ()  # each item's clip, in a section read aloud
    links: tuple[RuleLink, ...] = ()  # in a "links" section, the page each item names


def section_view(
    name: str, section: dict[str, Any], lang: str, t: Translations, suffix: str = ""
) -> RulesSection:
    """One section of page `name` in language `lang` (translated by `t`), with its clips in
    that language (read aloud) or its links' pages; `suffix` keeps a second language's ids
    apart from the first's."""
    items = tuple(section.get("items", ()))
    speech: tuple[str, ...] = ()
    if section["kind"] in SPOKEN_KINDS:
        keys = rules_section_keys(name, section["id"], len(items))
        speech = tuple(clip_urls(lang, keys))
    links: tuple[RuleLink, ...] = ()
    if section["kind"] == "links":
        links = tuple(RuleLink(page_url(each), page_title(each, t)) for each in section["ids"])
    return RulesSection(
        section["id"] + suffix,
        section["kind"],
        section["heading"],
        items,
        tuple(section.get("header", ())),
        tuple(tuple(row) for row in section.get("rows", ())),
        section.get("note"),
        speech,
        links,
    )


@dataclass(frozen=True)
class RulesColumn:
    """A rules page in one language, as one column of the page draws it: its sections, and the
    words of its own buttons (in a second language's column, that language's)."""

    lang: str
    page: Page
    sections: list[RulesSection]
    read_all: str  # "Read all"
    stop: str  # "Stop", the "Read all" button while it reads
    read_aloud: str  # a speaker's label, "Read this aloud"


def column(name: str, lang: str, t: Translations, easy_only: bool, suffix: str) -> RulesColumn:
    """Page `name` in language `lang`: every section, or the easy rules alone."""
    rules_page = page(name, t)
    sections = [section_view(name, each, lang, t, suffix) for each in rules_page.sections]
    if easy_only:
        sections = [each for each in sections if each.id == "easy" + suffix]
    return RulesColumn(
        lang,
        rules_page,
        sections,
        t.gettext("Read all"),
        # Translators: "Read all" while it reads the section aloud: a tap stops the voice.
        t.pgettext("reading aloud", "Stop"),
        t.gettext("Read this aloud"),
    )


def render_page(name: str, easy_only: bool = False, also: str | None = None) -> str:
    """Render one rules page in the request's language, and in `also` beside it (a second
    language: None, or the page's own, for none)."""
    t, lang = translations(), str(get_locale())
    variant = VARIANT_FOR_PAGE[name]
    columns = [column(name, lang, t, easy_only, "")]
    if also is not None and also != lang and also in catalogs.LANGUAGES:
        # Its ids end in its code ("easy-de"): each "Read all" finds its own section.
        columns.append(column(name, also, catalogs.load(also), easy_only, f"-{also}"))
    return render_template(
        "rules/page.html",
        page=columns[0].page,
        columns=columns,
        # The sections in pairs, a language in each: [(easy in tr, easy in de), ...].
        rows=list(zip(*(each.sections for each in columns), strict=True)),
        variant=variant.value,
        easy_only=easy_only,
        title=_("Easy rules to print") if easy_only else how_to_play(variant, t),
        start_label=start_label(variant, t),
    )


def page_url(name: str) -> str:
    """The address of a rules page in the request's language."""
    return url_for("rules.war") if name == "war" else url_for("rules.variant", variant=name)


@bp.get("/<lang>/rules/")
def war() -> str:
    """War: the easy rules, the full rules, tips and what it practises."""
    return render_page("war", also=second_language())


@bp.get("/<lang>/rules/easy")
def easy() -> str:
    """The seven easy steps alone, large, to print on one page (in two languages, both on it)."""
    return render_page("war", easy_only=True, also=second_language())


@bp.get("/<lang>/rules/<variant>")
def variant(variant: str) -> str:
    """A variant of War: what it is, how it differs, where it comes from."""
    if variant not in VARIANT_FOR_PAGE or variant == "war":  # War has its own address
        abort(404)
    return render_page(variant, also=second_language())
