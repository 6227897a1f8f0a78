"""Where the message catalogs are, and each language's translations outside a request.

The web layer gets translations from Flask-Babel; speech rendering and the command line load
them here, from the same compiled catalogs.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Protocol, cast

from babel.support import NullTranslations
from babel.support import Translations as BabelTranslations

# The languages, the one list of them: each by its code and its own name (so a reader finds theirs
# whatever the page's language). A new one needs its catalog under translations/ with its plural
# rules and its five-letter word for Peace: one test checks each (tests/test_catalogs.py).
LANGUAGE_NAMES = {
    "en": "English",
    "tr": "Türkçe",
    "de": "Deutsch",
    "es": "Español",
    "fr": "Français",
}
LANGUAGES = tuple(LANGUAGE_NAMES)
DOMAIN = "messages"


class Translations(Protocol):
    """The part of `gettext.NullTranslations` the sentences use."""

    def gettext(self, message: str) -> str: ...  # noqa: D102 (the gettext API)
    def ngettext(self, singular: str, plural: str, n: int) -> str: ...  # noqa: D102
    def pgettext(self, context: str, message: str) -> str: ...  # noqa: D102


def translations_dir() -> Path:
    """The compiled catalogs: shipped inside the package, or `translations/` in a checkout."""
    package = Path(__file__).resolve().parents[1]
    shipped = package / "translations"
    return shipped if shipped.is_dir() else package.parent / "translations"


@functools.cache
def load(lang: str) -> Translations:
    """The translations of one language (English is the source: no catalog needed)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang == "en":
        return cast(Translations, NullTranslations())
    # Babel types pgettext as returning `str | object`; with a str message it returns a str.
    return cast(Translations, BabelTranslations.load(str(translations_dir()), [lang], DOMAIN))
