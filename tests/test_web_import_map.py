"""The import map (kidswar/web/import_map.py): every module the scripts import, mapped to its
versioned address, and allowed by its hash in the page's CSP, however the app is mounted."""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from flask import Flask
from flask.testing import FlaskClient

MAP = re.compile(r'<script type="importmap">(.*?)</script>', re.S)
IMPORTED = re.compile(r'from "\./([\w-]+\.mjs)"')


def import_map(html: str) -> str:
    """The page's one import map, as written."""
    maps = MAP.findall(html)
    assert len(maps) == 1, "one import map a page"
    return str(maps[0])


def test_every_imported_module_is_mapped_to_its_versioned_address(
    app: Flask, client: FlaskClient
) -> None:
    response = client.get("/en/rules/")
    imports = json.loads(import_map(response.get_data(as_text=True)))["imports"]
    assert app.static_folder
    scripts = Path(app.static_folder)
    imported = {
        name
        for script in [*scripts.glob("*.js"), *scripts.glob("*.mjs")]
        for name in IMPORTED.findall(script.read_text(encoding="utf-8"))
    }
    assert imported, "the scripts import no module"
    for name in imported:
        versioned = imports[f"/static/{name}"]
        assert re.fullmatch(rf"/static/{re.escape(name)}\?v=[0-9a-f]{{12}}", versioned)
        kept = client.get(versioned)
        assert kept.status_code == 200 and "immutable" in kept.headers["Cache-Control"]


def test_the_policy_allows_the_map_by_its_hash_and_no_other_inline_script(
    client: FlaskClient,
) -> None:
    for prefix in ("", "/kidswar"):  # behind a proxy's prefix the addresses, and the hash, change
        response = client.get("/en/rules/", environ_overrides={"SCRIPT_NAME": prefix})
        text = import_map(response.get_data(as_text=True))
        assert f'"{prefix}/static/page-data.mjs":"{prefix}/static/page-data.mjs?v=' in text
        digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
        policy = response.headers["Content-Security-Policy"]
        (scripts,) = [part.strip() for part in policy.split(";") if "script-src" in part]
        assert scripts == f"script-src 'self' 'sha256-{digest}'"
