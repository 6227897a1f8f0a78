"""Languages: the language is part of the address (`/tr/...`), Flask-Babel translates.

`/` picks a language from the remembered choice (a cookie) or the browser's Accept-Language and
redirects; every page under `/<lang>/` remembers that choice.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, g, request, url_for
from flask_babel import Babel, get_locale, get_translations
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

from kidswar.words import content
from kidswar.words.catalogs import Translations

babel = Babel()
# Each language's own name, so a reader finds theirs whatever the page's language.
LANGUAGES = {"en": "English", "tr": "Türkçe", "de": "Deutsch", "es": "Español", "fr": "Français"}
DEFAULT = "en"
COOKIE = "lang"
ONE_YEAR = 365 * 24 * 60 * 60


def preferred_language() -> str:
    """The remembered choice, else the browser's best match, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT


def select_locale() -> str:
    """The page's language: from its address, else the visitor's preference.

    An address that matched no page (a 404) still says its language in its first segment.
    """
    lang = g.get("lang") or request.path.strip("/").split("/", 1)[0]
    return lang if lang in LANGUAGES else preferred_language()


def translations() -> Translations:
    """This request's translations, for the sentences of `kidswar.words`."""
    return get_translations()


def peace_word() -> str:
    """The five letters on this request's Peace cards."""
    return content.peace_word(translations())


def pull_lang(endpoint: str | None, values: dict[str, Any] | None) -> None:
    """Take the language out of the address; an unknown one is a 404."""
    if values and "lang" in values:
        g.lang = values.pop("lang")
        if g.lang not in LANGUAGES:
            g.lang = None
            raise NotFound()


def add_lang(endpoint: str, values: dict[str, Any]) -> None:
    """Put the page's language into every address built for a page that takes one."""
    if "lang" not in values and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        values["lang"] = g.get("lang") or preferred_language()


def remember_lang(response: Response) -> Response:
    """Remember the language of a page the visitor opened, for their next visit to `/`."""
    lang = g.get("lang")
    if lang in LANGUAGES and request.cookies.get(COOKIE) != lang:
        response.set_cookie(COOKIE, lang, max_age=ONE_YEAR, httponly=True, samesite="Lax")
    return response


def switcher() -> list[dict[str, str]]:
    """The same page in every language, for the switcher and the hreflang alternates."""
    endpoint, args = request.endpoint, dict(request.view_args or {})
    # The query string goes along (`?code=...`), but none of its names may stand for the
    # address's own values or for `url_for`'s arguments (`_method`, `_scheme`, `endpoint`...):
    # `?_method=POST` or `?endpoint=x` made every page a 500.
    query = {
        key: value
        for key, value in request.args.items()
        if not key.startswith("_") and key not in args and key not in ("lang", "endpoint")
    }
    links = []
    for code, name in LANGUAGES.items():
        if endpoint and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
            href = url_for(endpoint, **{**query, **args, "lang": code})
        else:
            href = url_for("home.index", lang=code)
        links.append({"code": code, "name": name, "href": href})
    return links


def init_babel(app: Flask) -> None:
    """Attach Flask-Babel, the language-in-the-address hooks and the template helpers."""
    babel.init_app(app, locale_selector=select_locale)
    app.url_value_preprocessor(pull_lang)
    app.url_defaults(add_lang)
    app.after_request(remember_lang)
    app.jinja_env.globals.update(
        get_locale=get_locale, languages=LANGUAGES, language_links=switcher
    )
