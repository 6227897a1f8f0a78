"""Languages: the language is part of the address (`/tr/...`), Flask-Babel translates.

`/` picks a language from the remembered choice (a cookie) or the browser's Accept-Language and
redirects; every page under `/<lang>/` remembers that choice.

A translation is text, never markup: what a translator writes ("<, = or > chooses a sign",
"Tom & Jerry") is escaped like any other text on the page. Jinja's new-style gettext, as
Flask-Babel installs it, marks every translation as safe (`Markup(translation) % variables`,
so that only the variables are escaped), and Flask-Babel's lazy strings say they are HTML
(`__html__`): both let a `<` in a catalog become a tag. Here the templates' gettext callables
escape the translation before Jinja marks it, and the forms' lazy strings (`lazy_gettext`)
escape theirs. A message that must carry markup of its own goes through `markup_gettext`
instead, named so in the template and told to translators by a `{# Translators: ... #}`
comment (which tags to keep); its variables are still escaped.
"""

from __future__ import annotations

import functools
from typing import Any, cast

from babel import Locale
from babel.numbers import format_decimal
from babel.support import NullTranslations
from flask import Flask, current_app, g, has_app_context, request, url_for
from flask_babel import Babel, LazyString, get_locale, get_translations
from flask_babel import gettext as babel_gettext
from flask_babel import ngettext as babel_ngettext
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape
from werkzeug.exceptions import NotFound
from werkzeug.wrappers import Response

from kidswar.words import content
from kidswar.words.catalogs import LANGUAGE_NAMES, Translations

babel = Babel()
LANGUAGES = LANGUAGE_NAMES  # code: its own name (the one list, in kidswar.words.catalogs)
DEFAULT = "en"
COOKIE = "lang"
ONE_YEAR = 365 * 24 * 60 * 60
TRANSLATIONS = "kidswar_translations"  # g: (the locale, its translations), see translations()
PAGE_TRANSLATIONS = "kidswar_page_translations"  # a page's context: see page_translations()
PAGE_LOCALE = "kidswar_page_locale"  # a page's context: its locale, see number_text()


def preferred_language() -> str:
    """The remembered choice, else the browser's best match, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or DEFAULT


def select_locale() -> Locale:
    """The page's language: from its address, else the visitor's preference.

    An address that matched no page (a 404) still says its language in its first segment.
    Given as a kept `Locale` (`locale_of`), which Flask-Babel takes as it is.
    """
    lang = g.get("lang") or request.path.strip("/").split("/", 1)[0]
    return locale_of(lang if lang in LANGUAGES else preferred_language())


@functools.cache  # one per language of LANGUAGES: never more than five
def locale_of(code: str) -> Locale:
    """The `Locale` of one of our languages, parsed once (Flask-Babel parsed the selector's
    code at every request that asked for its language: some 8 us). Babel's locales are shared
    by design: their data is Babel's own global cache, read only."""
    return Locale.parse(code)


def translations() -> Translations:
    """This request's translations, for the sentences of `kidswar.words`."""
    return cast(Translations, request_translations())  # Babel's pgettext is typed loosely


def request_translations() -> NullTranslations:
    """This request's translations, for the sentences and the templates' gettext callables.

    Looked up once per request and language (a table's page asks about a hundred times, and
    Flask-Babel's own lookup costs as much as the translation): kept on `g` beside the locale
    it was made for, so a request that changes its language gets that language's."""
    if not has_app_context():  # Flask-Babel's untranslated ones, as before there was a cache
        return get_translations()
    found = request_globals()
    locale = get_locale()
    kept = found.get(TRANSLATIONS)
    if kept is None or kept[0] is not locale:
        kept = (locale, get_translations())
        setattr(found, TRANSLATIONS, kept)
    return kept[1]


def request_globals() -> Any:
    """The object behind `g`: each look through the proxy (`g.get`) costs microseconds, and a
    table's fragment asks for its language and translations some twenty times."""
    return g._get_current_object()


def request_locale() -> Locale | None:
    """This request's locale: Flask-Babel's `get_locale()`, its public way (it also follows
    `force_locale`)."""
    return get_locale()


@functools.lru_cache(maxsize=1024)
def _number_in(number: int, locale: Locale) -> str:
    """`number` as `locale` writes it (Babel's formatting reads its patterns each time)."""
    return str(format_decimal(number, locale=locale))


@pass_context
def number_text(context: Context, number: int) -> str:
    """The `numberformat` filter: a count as the page's language writes it ("1,000",
    "1.000"), each kept per number and language (a table's page writes three); the page's
    locale is in its context (`page_language`), else the request's is asked for."""
    locale = context.get(PAGE_LOCALE)
    return _number_in(number, locale if locale is not None else request_locale())


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
        response.set_cookie(  # Secure over HTTPS, as the session's (security.SessionCookies)
            COOKIE, lang, max_age=ONE_YEAR, httponly=True, samesite="Lax", secure=request.is_secure
        )
    return response


def switcher() -> list[dict[str, str]]:
    """The same page in every language, for the switcher and the hreflang alternates."""
    return [
        {"code": code, "name": name, "href": same_page(lang=code)}
        for code, name in LANGUAGES.items()
    ]


def same_page(**values: Any) -> str:
    """This page's address with some of its values changed (`lang="de"`, or a query value such
    as `also="de"`), its other query values kept; a page that takes no language (an error's)
    gives the home page, with those values."""
    endpoint, args = request.endpoint, dict(request.view_args or {})
    # The query string goes along (`?code=...`), but none of its names may stand for the
    # address's own values or for `url_for`'s arguments (`_method`, `_scheme`, `endpoint`...):
    # `?_method=POST` or `?endpoint=x` made every page a 500.
    query = {
        key: value
        for key, value in request.args.items()
        if not key.startswith("_") and key not in args and key not in ("lang", "endpoint")
    }
    if endpoint and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        return url_for(endpoint, **{**query, **args, **values})
    return url_for("home.index", **values)


class LazyText(LazyString):  # type: ignore[misc]
    """A translation made when it is used (a form's labels and messages), which is text.

    Flask-Babel's `LazyString.__html__` gives the translation unescaped (its issue #121: "by
    design"), so WTForms and Jinja took a lazy translation for markup.
    """

    def __html__(self) -> str:
        return str(escape(str(self)))


def lazy_gettext(message: str, **variables: Any) -> LazyText:
    """`gettext` for a form's text, translated in the request that shows it."""
    return LazyText(babel_gettext, message, **variables)


def lazy_ngettext(singular: str, plural: str, num: int, **variables: Any) -> LazyText:
    """`ngettext` for a form's text, translated in the request that shows it."""
    return LazyText(babel_ngettext, singular, plural, num, **variables)


def _as_text(context: Context, translation: str, variables: dict[str, Any]) -> str:
    """A translation in a template, escaped as text in HTML (where the template escapes), its
    variables filled in and escaped too: as Jinja's i18n extension does in its new style
    (`Markup(translation) % variables`), but with the translation escaped first (see the
    module's docstring). A number goes in as it is (what `Markup`'s `%` makes of it, `%d` or
    `%s`), anything else escaped (`Markup`'s `%` wraps each value in a helper that escapes it:
    some 3 us a variable, for the same text)."""
    if not context.eval_ctx.autoescape:
        return translation % variables if variables or "%" in translation else translation
    text = escape(translation)
    if not variables and "%" not in translation:
        return text  # what `% {}` gives a text without a `%`, without Markup's formatting
    escaped = {
        name: value if isinstance(value, (int, float)) else escape(value)
        for name, value in variables.items()
    }
    return Markup(str.__mod__(text, escaped))


def page_language() -> dict[str, Any]:
    """A context processor: the page's locale and translations, found once a render (inside
    any `force_locale`), for the templates' gettext callables and `numberformat`."""
    return {PAGE_LOCALE: get_locale(), PAGE_TRANSLATIONS: request_translations()}


def page_translations(context: Context) -> NullTranslations:
    """The translations of the page being drawn: put in its context once a render (`init_babel`'s
    context processor, run inside any `force_locale`), else this request's (a macro imported
    without the page's context). A table's fragment translates about fifteen texts, and
    finding the request's translations cost more than translating."""
    found = context.get(PAGE_TRANSLATIONS)
    return found if found is not None else request_translations()


# The templates' gettext callables, in Jinja's new style and in one call each: its own wrapper
# of Flask-Babel's took three (the wrapper, `Context.call`, the escaping), about ten times in a
# table's fragment. Positional-only, so that a variable may be named like a parameter.
@pass_context
def template_gettext(context: Context, message: str, /, **variables: Any) -> str:
    """`_()` and `gettext()` in a template."""
    return _as_text(context, page_translations(context).ugettext(message), variables)


@pass_context
def template_ngettext(
    context: Context, singular: str, plural: str, num: int, /, **variables: Any
) -> str:
    """`ngettext()` in a template; `num` is a variable too, unless given."""
    variables.setdefault("num", num)
    return _as_text(context, page_translations(context).ungettext(singular, plural, num), variables)


@pass_context
def template_pgettext(context: Context, within: str, message: str, /, **variables: Any) -> str:
    """`pgettext()` in a template; `context` (the message's) is a variable too, unless given."""
    variables.setdefault("context", within)
    return _as_text(context, page_translations(context).upgettext(within, message), variables)


@pass_context
def template_npgettext(
    context: Context, within: str, singular: str, plural: str, num: int, /, **variables: Any
) -> str:
    """`npgettext()` in a template; `context` and `num` are variables too, unless given."""
    variables.setdefault("context", within)
    variables.setdefault("num", num)
    translation = page_translations(context).unpgettext(within, singular, plural, num)
    return _as_text(context, translation, variables)


def markup_gettext(message: str, **variables: Any) -> Markup:
    """The translation of a message that carries markup of its own (tags the template needs,
    which translators keep), its variables escaped. The extraction finds it by this name
    (`[tool.babel]` in pyproject.toml); give each such message a `{# Translators: ... #}`
    comment saying which tags to keep."""
    return Markup(request_translations().ugettext(message)) % variables


def init_babel(app: Flask) -> None:
    """Attach Flask-Babel, the language-in-the-address hooks and the template helpers."""
    babel.init_app(app, locale_selector=select_locale)
    # Flask-Babel's callables, in their new style, but translations escaped (see the module's
    # docstring) and each in one call; `_` straight to ours, not through Jinja's alias.
    app.jinja_env.newstyle_gettext = True  # type: ignore[attr-defined]
    app.jinja_env.globals.update(
        _=template_gettext,
        gettext=template_gettext,
        ngettext=template_ngettext,
        pgettext=template_pgettext,
        npgettext=template_npgettext,
    )
    app.jinja_env.filters["numberformat"] = number_text
    app.context_processor(page_language)
    app.url_value_preprocessor(pull_lang)
    app.url_defaults(add_lang)
    app.after_request(remember_lang)
    app.jinja_env.globals.update(
        get_locale=get_locale,
        languages=LANGUAGES,
        language_links=switcher,
        markup_gettext=markup_gettext,
    )
