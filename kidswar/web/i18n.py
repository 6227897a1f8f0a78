"""Flask-Babel set-up and the per-request translations the words layer speaks through."""

from __future__ import annotations

from flask import Flask
from flask_babel import Babel, get_locale, get_translations

from kidswar.words.ranks import Translations

babel = Babel()
LANGUAGES = ("en",)


def select_locale() -> str:
    """The page's language (English until the languages land)."""
    return "en"


def translations() -> Translations:
    """This request's translations, for the sentences of `kidswar.words`."""
    return get_translations()


def init_babel(app: Flask) -> None:
    """Attach Flask-Babel to the app."""
    babel.init_app(app, locale_selector=select_locale)
    app.jinja_env.globals["get_locale"] = get_locale
