"""The rules texts of `content/`: loading them, translating them, and extracting them for Babel.

Each page is a TOML file whose every text is one translatable unit with the context "rules",
which keeps rules sentences apart from interface words that happen to read the same.

A section's items are texts, or tables `{ id = "war", text = "..." }` when the app must find
an item by name: the id then stays with its text when the items are reordered. Loaded, such a
section holds the texts in `items`, like every other section, and the ids in `ids`.

A section of kind "links" names no items: loaded, it links to every other preset's page, in the
order of `Variant`, each item that page's own `summary` (one line saying what the game is). So a
new preset's page appears on War's "Other ways to play" without an edit to war.toml.
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from kidswar.game.rules import Variant
from kidswar.words.catalogs import Translations

CONTEXT = "rules"
PAGES = tuple(variant.page for variant in Variant)  # each preset's page (game/rules.py)
STRUCTURAL_KEYS = frozenset({"id", "ids", "kind"})  # names, not texts: never translated
_HAS_LETTERS = re.compile(r"[^\W\d_]")  # "1" and "3" in a table are not for translators
SIGNS = re.compile("[<=>]")  # what eSpeak does not say: a text with one needs a spoken form
# A space inside a number ("1 000" in French, with a narrow no-break space): not for the voice.
_DIGIT_GROUP = re.compile(r"(?<=\d)[\u00a0\u202f\u2009 ](?=\d{3}\b)")


def content_dir() -> Path:
    """Where the texts are: shipped inside the package, or beside it in a checkout."""
    package = Path(__file__).resolve().parents[1]
    shipped = package / "content"
    return shipped if shipped.is_dir() else package.parent / "content"


@functools.cache
def load_page(name: str) -> dict[str, Any]:
    """The English source of one page, as its TOML file holds it, named items split apart."""
    if name not in PAGES:
        raise KeyError(name)
    data = _read(name)
    data["section"] = [_split_named_items(name, section) for section in data.get("section", [])]
    for section in data["section"]:
        if section["kind"] == "links":
            section.update(_links_to_other_pages(name, section))
    _check_spoken(name, data)
    return data


def _read(name: str) -> dict[str, Any]:
    """A page's TOML file as it is, nothing checked."""
    with open(content_dir() / f"{name}.toml", "rb") as handle:
        return tomllib.load(handle)


def _check_spoken(name: str, data: dict[str, Any]) -> None:
    """Raise ValueError unless each spoken form is for a text of the page and has no sign."""
    # Checked on loading: a rewritten text would otherwise lose its spoken form unnoticed.
    texts = set(page_texts(data["section"]))
    for entry in data.get("spoken", []):
        if entry["text"] not in texts or SIGNS.search(entry["says"]):
            raise ValueError(
                f"{name}.toml: a [[spoken]] entry must name a text of the page and say it"
                f" without <, = or >: {entry['text']!r}"
            )


def _links_to_other_pages(name: str, section: dict[str, Any]) -> dict[str, list[str]]:
    """A "links" section's items and ids: every other page, each by its own `summary`.

    Raise ValueError if the section names items of its own, or a page has no summary."""
    # Checked on loading: a page without its summary would otherwise fail only when shown.
    if "items" in section:
        raise ValueError(
            f"{name}.toml, section {section['id']!r}: a links section names no items; each"
            " page it links to says what it is in its own `summary`"
        )
    ids = [other for other in PAGES if other != name]
    summaries: list[str] = []
    for other in ids:
        summary = _read(other).get("summary")
        if not isinstance(summary, str):
            raise ValueError(
                f"{name}.toml, section {section['id']!r} links to every other page:"
                f" give {other}.toml a `summary`, a line saying what the game is"
            )
        summaries.append(summary)
    return {"items": summaries, "ids": ids}


def _split_named_items(name: str, section: dict[str, Any]) -> dict[str, Any]:
    """A section whose items are `{ id, text }` tables as texts in `items` and ids in `ids`."""
    items = section.get("items", [])
    named = [isinstance(item, dict) for item in items]
    if not any(named):
        return section
    ids = [item.get("id") if isinstance(item, dict) else None for item in items]
    if not all(named) or None in ids or len(set(ids)) != len(ids):
        # Each item needs an id of its own, or the app could not find every one by name.
        raise ValueError(f"{name}.toml, section {section.get('id')!r}: give every item an id")
    return {**section, "items": [item["text"] for item in items], "ids": ids}


def is_text(value: str) -> bool:
    """True for a string a translator should see."""
    return bool(_HAS_LETTERS.search(value))


def translate(value: Any, t: Translations, values: Mapping[str, str], key: str = "") -> Any:
    """A page (or part of one) with every text translated and its placeholders filled."""
    if isinstance(value, dict):
        return {k: translate(v, t, values, k) for k, v in value.items()}
    if isinstance(value, list):
        return [translate(item, t, values, key) for item in value]
    if isinstance(value, str) and key not in STRUCTURAL_KEYS and is_text(value):
        text = t.pgettext(CONTEXT, value)
        return text % values if "%(" in text else text
    return value


@dataclass(frozen=True)
class Page:
    """A translated rules page: its title, the "about" line, its sections, and the spoken form
    of each text the voice cannot read as it is shown."""

    name: str
    title: str
    about: str
    sections: list[dict[str, Any]]
    # A shown text -> what the voice says for it: a page's `[[spoken]]` entries, declared in
    # its TOML file beside the text ("7 > 4" is said "7 is greater than 4": eSpeak drops signs).
    spoken: dict[str, str] = field(default_factory=dict)

    def said(self, text: str) -> str:
        """What the voice says for one of this page's texts: its declared spoken form, or the
        text itself with digit groups joined ("1 000", which eSpeak reads digit by digit)."""
        return _DIGIT_GROUP.sub("", self.spoken.get(text) or text)


def peace_word(t: Translations) -> str:
    """The word on the five face-down cards of Peace, one letter a card ("PEACE" in English).

    Each language spells a five-letter word its children know and link with making peace, so a
    child hears their own language spelled out, not P-E-A-C-E (docs/rules-texts.md says why
    each word was chosen): Turkish BARIŞ, German TAUBE, Spanish PACES, French POUCE.
    """
    # Translators: written one letter per card on the five face-down cards of Peace, in
    # capitals. Exactly five letters: a peace always lays five cards. Use your word for peace
    # if it has five letters (Turkish: BARIŞ); else a five-letter word children know and link
    # with making peace (German: TAUBE, the dove of peace; Spanish: PACES, as in "hacer las
    # paces"; French: POUCE, what children call to stop a fight in a game).
    word = t.pgettext("letters on the Peace cards", "PEACE")
    # Five cards go face down, so only a five-letter translation fits; else keep the English.
    return word if len(word) == 5 else "PEACE"


def page(name: str, t: Translations) -> Page:
    """One rules page in the language of `t` (Peace's word and letters filled in)."""
    word = peace_word(t)
    source = load_page(name)
    data = translate(source, t, {"word": word, "letters": "-".join(word)})
    # For the voice the letters are spelled apart, "P, E, A, C, E": eSpeak runs "P-E-A-C-E"
    # together and reads its A as the article ("P, E, uh, C, E"); a comma makes each a letter.
    voiced = translate(source, t, {"word": word, "letters": spelled(word)})
    spoken = {
        shown: said
        for shown, said in zip(
            page_texts(data["section"]), page_texts(voiced["section"]), strict=True
        )
        if shown != said
    }
    for entry, said in zip(data.get("spoken", []), voiced.get("spoken", []), strict=True):
        spoken[entry["text"]] = said["says"]  # a declared spoken form, its letters spelled
    return Page(name, data["title"], data["about"], data["section"], spoken)


def spelled(word: str) -> str:
    """A word's letters as the voice reads them one by one: "P, E, A, C, E"."""
    return ", ".join(word)


def page_title(name: str, t: Translations) -> str:
    """A page's title alone, in the language of `t` (a link to the page names it so)."""
    title: str = translate(load_page(name)["title"], t, {})
    return title


def page_texts(value: Any, key: str = "") -> Iterator[str]:
    """Every translatable text in a page (or a part of one), in file order; ids and kinds are
    names, not texts, and a string without letters ("1", "3") is not for translators."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield from page_texts(v, k)
    elif isinstance(value, list):
        for item in value:
            yield from page_texts(item, key)
    elif isinstance(value, str) and key not in STRUCTURAL_KEYS and is_text(value):
        yield value


def extract_content(
    fileobj: BinaryIO,
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor for `content/*.toml` (entry point `kidswar_content`).

    Yields each text as a `pgettext("rules", text)` call at the line where it stands, with the
    `# Translators:` comment right above it, if any.
    """
    raw = fileobj.read().decode("utf-8")
    lines = raw.splitlines()
    searched_from = 0
    for text in page_texts(tomllib.loads(raw)):
        quoted = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        at = raw.find(quoted, searched_from)
        lineno = raw.count("\n", 0, at) + 1 if at >= 0 else 1
        searched_from = max(searched_from, at + 1) if at >= 0 else searched_from
        comments = []
        above = lines[lineno - 2].strip() if lineno >= 2 else ""
        if above.startswith("# Translators:"):
            comments.append(above[2:])
        yield lineno, "pgettext", (CONTEXT, text), comments
