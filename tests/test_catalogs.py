"""The catalogs stay complete: fresh against the sources, every message translated, no fuzzy."""

import copy
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from kidswar.words.catalogs import LANGUAGE_NAMES, LANGUAGES, load, translations_dir

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def pybabel(*args: str) -> subprocess.CompletedProcess[str]:
    """Run pybabel from this environment in the checkout."""
    return subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """Read a .po or .pot file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=locale)


def messages(catalog: Catalog) -> dict[Any, tuple[Any, ...]]:
    """What a translator works from and with: ids, contexts, plurals, flags, comments, strings.

    Line numbers are left out: code moving down a line does not make a translation stale.
    """
    return {
        (message.id, message.context): (
            message.string,
            sorted(message.flags),
            message.auto_comments,
        )
        for message in catalog
        if message.id
    }


def test_catalogs_are_up_to_date_with_the_sources(tmp_path: Path) -> None:
    # This is what `pybabel update --check --ignore-pot-creation-date` decides, done here
    # because Babel's own check reports every catalog with a msgctxt as out of date
    # (python-babel/babel#1307), and ours has many.
    template_path = tmp_path / "messages.pot"
    extracted = pybabel(
        "extract",
        "-F",
        "pyproject.toml",
        "--add-comments=Translators:",
        "-o",
        str(template_path),
        ".",
    )
    assert extracted.returncode == 0, extracted.stderr
    template = read_catalog(template_path)
    for lang in TRANSLATED:
        path = translations_dir() / lang / "LC_MESSAGES" / "messages.po"
        catalog = read_catalog(path, lang)
        updated = copy.deepcopy(catalog)
        updated.update(template, update_creation_date=False)
        before, after = messages(catalog), messages(updated)
        changed = sorted(
            str(key) for key in before.keys() | after.keys() if before.get(key) != after.get(key)
        )
        assert not changed and not updated.obsolete, (
            f"{lang}: the catalog is stale (see docs/developing.md, Translations): {changed[:5]}"
        )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    path = translations_dir() / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    messages = [message for message in catalog if message.id]
    assert len(messages) > 200
    untranslated = [
        message.id
        for message in messages
        if not message.string or (isinstance(message.string, tuple) and not all(message.string))
    ]
    fuzzy = [message.id for message in messages if message.fuzzy]
    assert not untranslated, f"{lang}: untranslated: {untranslated[:5]}"
    assert not fuzzy, f"{lang}: fuzzy: {fuzzy[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_are_intact(lang: str) -> None:
    path = translations_dir() / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    problems = [(message.id, [str(e) for e in errors]) for message, errors in catalog.check()]
    assert not problems, f"{lang}: {problems[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_what_it_needs(lang: str) -> None:
    """The one list of languages (`LANGUAGE_NAMES`): each is named in itself, has a catalog with
    its language's plural rules (CLDR's, as Babel knows them: a count's sentence takes the
    right form), and spells Peace in five letters (a peace lays five cards, one letter each)."""
    assert str(Locale.parse(lang).display_name).casefold() == LANGUAGE_NAMES[lang].casefold()
    if lang == "en":  # the source language: no catalog, "PEACE" in the code
        word = "PEACE"
    else:
        path = translations_dir() / lang / "LC_MESSAGES" / "messages.po"
        catalog = read_catalog(path, lang)
        assert catalog.num_plurals == Catalog(locale=lang).num_plurals, lang
        assert catalog.plural_expr == Catalog(locale=lang).plural_expr, lang
        word = load(lang).pgettext("letters on the Peace cards", "PEACE")
    assert len(word) == 5 and word.isalpha() and word.isupper(), word
