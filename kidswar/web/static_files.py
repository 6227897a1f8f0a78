"""Static files under versioned addresses, kept by browsers for a year.

`url_for("static", filename=...)` adds `?v=` and the first characters of the file's SHA-256, so
the address changes whenever the file does: a browser can keep a style sheet or script for a
year and an upgrade still never leaves an old script running against a new page. A request
whose `v` is not the file's version now (a page from before an upgrade, a module a script
imported by its plain name) is served as Flask serves any static file, to be checked again.
"""

from __future__ import annotations

import functools
import hashlib
from functools import cache
from pathlib import Path
from typing import Any

from flask import Flask, g, request
from werkzeug.wrappers import Response

VERSION_ARG = "v"
YEAR = 365 * 24 * 3600  # the longest lifetime browsers honour
HASH_CHARS = 12  # 48 bits: two versions of one file never share it by chance


@cache
def _version(folder: str, filename: str) -> str | None:
    """The file's version, read once per process (the files change only with an upgrade)."""
    path = Path(folder, filename)
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_CHARS]
    except OSError:  # no such file: url_for still builds the address, which answers 404
        return None


def version_of(app: Flask, filename: str) -> str | None:
    """The version of a file in the app's static folder, or None if it is not there."""
    if app.static_folder is None:
        return None
    return _version(app.static_folder, filename)


def init_app(app: Flask) -> None:
    """Version the static addresses the app builds, and let browsers keep what they name."""
    url_for = app.url_for

    @functools.lru_cache(maxsize=256)
    def static_address(script_root: str, filename: str) -> str:
        """A static file's versioned address as `url_for` builds it, built once per file: a
        page names nine or more, and their versions change only with an upgrade (a new
        process). Where the app is mounted (`script_root`, a proxy's prefix) is in the key."""
        return url_for("static", filename=filename)

    @functools.lru_cache(maxsize=256)
    def plain_address(script_root: str, lang: str, endpoint: str) -> str:
        """A page's address without values but its language (`url_for("rules.war")`), built
        once per page and language: the table's fragment names one, a page's header several;
        it depends on nothing else (the language is the only value added to it, `i18n.add_lang`)
        but where the app is mounted. No game's or child's address is ever kept."""
        return url_for(endpoint)

    def templates_url_for(endpoint: str, **values: Any) -> str:
        """The templates' `url_for`: a static file's plain address (`filename` only) is kept,
        and so is a page's address without values, once the request's language is known (not
        one relative to the request's blueprint, ".index")."""
        if endpoint == "static" and len(values) == 1 and isinstance(values.get("filename"), str):
            return static_address(request.script_root, values["filename"])
        lang = g.get("lang")
        if not values and isinstance(lang, str) and not endpoint.startswith("."):
            return plain_address(request.script_root, lang, endpoint)
        return url_for(endpoint, **values)

    app.jinja_env.globals["url_for"] = templates_url_for

    @app.url_defaults
    def add_version(endpoint: str | None, values: dict[str, Any]) -> None:
        filename = values.get("filename")
        if endpoint == "static" and isinstance(filename, str) and VERSION_ARG not in values:
            version = version_of(app, filename)
            if version is not None:
                values[VERSION_ARG] = version

    @app.after_request
    def keep_versioned(response: Response) -> Response:
        if request.endpoint != "static" or response.status_code != 200:
            return response
        filename = (request.view_args or {}).get("filename")
        asked = request.args.get(VERSION_ARG)
        if isinstance(filename, str) and asked and asked == version_of(app, filename):
            response.cache_control.public = True
            response.cache_control.max_age = YEAR
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
        return response
