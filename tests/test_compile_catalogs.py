"""Compiling the `.po` catalogs into `.mo` files (kidswar/words/compile_catalogs.py)."""

from __future__ import annotations

import gettext
from pathlib import Path

from kidswar.words.catalogs import LANGUAGES
from kidswar.words.compile_catalogs import compile_catalogs

PO = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Peace"
msgstr "Pace"

#, fuzzy
msgid "War"
msgstr "Guerra"
"""


def test_each_catalog_is_written_in_the_same_place_under_the_target(tmp_path: Path) -> None:
    source, target = tmp_path / "source", tmp_path / "target"
    po = source / "it" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    written = compile_catalogs(source, target)
    assert written == [target / "it" / "LC_MESSAGES" / "messages.mo"]
    assert [path.name for path in target.rglob("*")] == ["it", "LC_MESSAGES", "messages.mo"]


def test_a_fuzzy_entry_is_left_out(tmp_path: Path) -> None:
    po = tmp_path / "it" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    (mo,) = compile_catalogs(tmp_path, tmp_path)
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert compiled.gettext("Peace") == "Pace"
    assert compiled.gettext("War") == "War"


def test_the_projects_catalogs_compile_one_for_each_language_but_english(tmp_path: Path) -> None:
    translations = Path(__file__).resolve().parents[1] / "translations"
    written = compile_catalogs(translations, tmp_path)
    assert {path.relative_to(tmp_path).parts[0] for path in written} == set(LANGUAGES) - {"en"}
