"""The device's second language: the one a child hears and reads beside the page's (issue 36).

A family between two languages (Turkish at home, German at school) chooses it in the language
menu; the device keeps it in a cookie, as it keeps the page's language (no account, nothing on
the server). `?also=de` on any address chooses German, `?also=` chooses none; a code that is
not one of the five is ignored, as if it had not been given. On a page in the language chosen
as the second one there is no second language: the page says everything once.

In a class round each table may add its own: the join form offers the choice (`choose`), and
the table's page then shows it, as any table does. The teacher's pages and the projector stay
in the teacher's language whatever the device chose: their blueprint calls `one_language_only`
before each request, so no page, service or menu of theirs sees a second language.

The pages and the services read it here: `second_language()` (its code, or None for this
request) and `second_translations()` (its translations, for sentences made in it).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request
from flask_babel import get_locale
from markupsafe import Markup
from werkzeug.wrappers import Response

from kidswar.web.i18n import LANGUAGES, ONE_YEAR, same_page
from kidswar.web.names import bdi_names
from kidswar.words.catalogs import Translations, load
from kidswar.words.said import Said

COOKIE = "also"
ASKED = "kidswar_also"  # g: the device's choice after this request's `?also=`, "" for none
ONE_LANGUAGE = "kidswar_one_language"  # g: True on a page that says everything once
NONE = ""  # `?also=`: no second language


def asked() -> str | None:
    """What this request's address asks for: a code, NONE (`?also=`), or None (nothing, or a
    code that is not one of the five)."""
    if COOKIE not in request.args:
        return None
    code = request.args.get(COOKIE, "").strip()
    return code if code in LANGUAGES or code == NONE else None


def chosen() -> str | None:
    """The device's second language after this request's `?also=`, whatever the page's."""
    found = g.get(ASKED)
    if found is None:
        address = asked()
        kept = request.cookies.get(COOKIE, NONE)
        found = address if address is not None else (kept if kept in LANGUAGES else NONE)
        setattr(g, ASKED, found)
    return found or None


def one_language_only() -> None:
    """Say everything on this request's page in its own language only, whatever the device's
    second language: the teacher's pages and the projector, which a whole class reads in the
    teacher's language (issue 36). A `before_request` of theirs."""
    setattr(g, ONE_LANGUAGE, True)


def second_language() -> str | None:
    """This request's second language: the device's choice, unless it is the page's own or
    the page says everything once (`one_language_only`)."""
    code = chosen()
    if code is None or code == str(get_locale()) or g.get(ONE_LANGUAGE, False):
        return None
    return code


def second_translations() -> Translations | None:
    """The translations of this request's second language (None without one): the same
    catalogs as Flask-Babel's, for a sentence made in that language within the request."""
    code = second_language()
    return None if code is None else load(code)


def remember(response: Response) -> Response:
    """Keep the choice an address made (`?also=de`, or `?also=` to forget it) on the device."""
    code = asked()
    return response if code is None else keep(response, code)


def choose(response: Response, code: str) -> Response:
    """Keep the second language a form chose (a table joining a class round; NONE for none),
    unless it is what this page has already: a device that keeps German sees none on a German
    page, and choosing none there does not make it forget German for the others."""
    return response if code == (second_language() or NONE) else keep(response, code)


def keep(response: Response, code: str) -> Response:
    """Keep `code` on the device as its second language (NONE: forget it), a year, as the
    page's language is kept (HttpOnly, SameSite=Lax, Secure over HTTPS)."""
    if request.cookies.get(COOKIE, NONE) == code:
        return response
    if code == NONE:
        response.delete_cookie(COOKIE, httponly=True, samesite="Lax", secure=request.is_secure)
    else:
        response.set_cookie(
            COOKIE, code, max_age=ONE_YEAR, httponly=True, samesite="Lax", secure=request.is_secure
        )
    return response


def second_language_links() -> list[dict[str, Any]]:
    """The same page with each second language the menu offers (every one but the page's), then
    with none; `current` marks the device's choice. None on a page that says everything once:
    a choice there would change nothing on it."""
    if g.get(ONE_LANGUAGE, False):
        return []
    page = str(get_locale())
    now = second_language() or NONE
    links = [
        {"code": code, "name": name, "href": same_page(also=code), "current": code == now}
        for code, name in LANGUAGES.items()
        if code != page
    ]
    links.append({"code": NONE, "name": None, "href": same_page(also=NONE), "current": now == NONE})
    return links


class TwoLanguages:
    """The templates' `two`: a text and its twin in the second language, the page's text first,
    in its own `lang` (`two.here(said)`, an attribute of its element), the twin beneath it in
    the second language's (`two.twin(said, css)`, a paragraph); without a second language both
    write nothing. The voice says them in the same order (`said.voiced`).

    Python, not Jinja macros: a table draws both for each of its texts, and a macro's call
    cost about 4 us, this one's under 1 (issue 37)."""

    @staticmethod
    def here(said: Said | None) -> Markup:
        """` lang="tr"`, the page's language, on a text that has a twin; else nothing."""
        if not said or said.also is None:
            return Markup()
        return Markup(' lang="%s"') % str(get_locale())

    @staticmethod
    def twin(said: Said | None, css: str = "sentence") -> Markup:
        """The text's twin, a paragraph of class `css` and "also" in its own language; else
        nothing. Names in it are isolated as in the text (`bdi_names`)."""
        if not said or said.also is None:
            return Markup()
        twin = said.also
        return Markup('<p class="%s also" lang="%s">%s</p>') % (
            css,
            twin.lang,
            bdi_names(twin.shown),
        )


def init_second_language(app: Flask) -> None:
    """Remember a chosen second language, and give the templates what they show of it."""
    app.after_request(remember)
    app.jinja_env.globals.update(
        second_language=second_language,
        second_language_links=second_language_links,
        two=TwoLanguages(),
    )
