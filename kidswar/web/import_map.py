"""The scripts' modules under versioned addresses: an import map in every page's head.

A script imports its modules by a plain relative name (`import ... from "./keys.mjs"`), which
the browser resolves to `/static/keys.mjs`, an address with no version: the browser could not
keep it, and asked for every module again at each visit (issue 37). The import map maps each
module's plain address to its versioned one (`static_files`: `?v=` and its hash), so a browser
keeps a module for a year as it keeps the script that imports it, and an upgrade still brings
the new one. The scripts themselves are unchanged.

The map is an inline script, which the strict CSP (`script-src 'self'`) forbids unless the
policy names its hash: `policy_source` gives that hash, and `security.add_headers` adds it. A
page's map is the same for every page (the modules and their versions change only with an
upgrade, a new process), and depends only on where the app is mounted (a proxy's prefix).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
from pathlib import Path
from typing import Any

from flask import Flask, current_app, has_request_context, request
from markupsafe import Markup

MODULES = "*.mjs"  # what the scripts import (the pages load the *.js scripts themselves)


def map_text() -> str:
    """This request's import map (the JSON between <script type="importmap"> and </script>)."""
    return _map_text(current_app._get_current_object(), request.script_root)  # type: ignore[attr-defined]


@functools.lru_cache(maxsize=16)
def _map_text(app: Flask, script_root: str) -> str:
    """The import map's JSON for the modules of `app` mounted at `script_root` (a proxy's
    prefix), safe inside a <script> element; made once, as every answer's CSP names its hash.

    The addresses are built as `url_for` builds them (the app's URL defaults add each module's
    version), but with the app's URL map bound to the mount point alone, not to the request:
    the first answer of a process may be the 400 of a Host no address can be built for, and
    it carries the CSP too."""
    assert app.static_folder is not None and app.static_url_path is not None
    static_url = f"{script_root}{app.static_url_path}"
    addresses = app.url_map.bind("localhost", script_name=script_root or "/")

    def address(filename: str) -> str:
        values: dict[str, Any] = {"filename": filename}
        app.inject_url_defaults("static", values)
        return addresses.build("static", values)

    imports = {
        f"{static_url}/{module.name}": address(module.name)
        for module in sorted(Path(app.static_folder).glob(MODULES))
    }
    text = json.dumps({"imports": imports}, separators=(",", ":"), sort_keys=True)
    # No "</script>" or markup can close the element, whatever a proxy's prefix holds.
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def import_map() -> Markup:
    """The templates' `import_map()`: the map, written as it is (its hash is in the CSP)."""
    return Markup(map_text())  # JSON of our own addresses, made safe in `_map_text`


@functools.lru_cache(maxsize=16)
def _hash_source(text: str) -> str:
    """The CSP source that allows an inline script of exactly `text`."""
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"'sha256-{digest}'"


def policy_source() -> str:
    """The CSP's script source for this request's import map ("" outside a request)."""
    if not has_request_context():
        return ""
    return _hash_source(map_text())


def init_app(app: Flask) -> None:
    """Give the templates `import_map()` (base.html writes it before any script)."""
    app.jinja_env.globals.update(import_map=import_map)
