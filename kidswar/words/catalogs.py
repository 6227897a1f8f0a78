"""Where the message catalogs are, and each language's translations outside a request.

The web layer gets translations from Flask-Babel; speech rendering and the command line load
them here, from the same compiled catalogs.
"""

from __future__ import annotations

import functools
from pathlib import Path

from babel.support import NullTranslations, Translations

LANGUAGES = ("en", "tr", "de", "es", "fr")
DOMAIN = "messages"


def translations_dir() -> Path:
    """The compiled catalogs: shipped inside the package, or `translations/` in a checkout."""
    package = Path(__file__).resolve().parents[1]
    shipped = package / "translations"
    return shipped if shipped.is_dir() else package.parent / "translations"


@functools.cache
def load(lang: str) -> NullTranslations:
    """The translations of one language (English is the source: no catalog needed)."""
    if lang not in LANGUAGES:
        raise KeyError(lang)
    if lang == "en":
        return NullTranslations()
    return Translations.load(str(translations_dir()), [lang], DOMAIN)
