"""Addresses for other devices to open (the join link and its QR code, a game's share link).

Built from KIDSWAR_PUBLIC_URL when it is set, whatever Host header the request carried; else
from the request's own host, which KIDSWAR_TRUSTED_HOSTS (Flask's TRUSTED_HOSTS) limits to the
server's names when set: a request with a foreign Host is then refused (400) before any address
is built. With neither (a home or classroom server), the host the teacher's browser used, but
for a page opened on the serving machine as "localhost": the address `kidswar serve` found
for the tablets (`web.tablets`).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request, url_for

from kidswar.web.app_settings import app_settings
from kidswar.web.tablets import tablet_base


def public_url_for(endpoint: str, **values: Any) -> str:
    """The absolute address of `endpoint` as the other devices should open it."""
    public = app_settings().public_url or tablet_base()
    if not public:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)  # with the app's own prefix (SCRIPT_NAME), if any
    return public + path.removeprefix(request.script_root)


def public_address(path: str) -> str:
    """The absolute address of a path `url_for` gave (the head's hreflang alternates, which
    search engines take only absolute)."""
    public = app_settings().public_url
    if not public:
        return request.host_url.rstrip("/") + path
    return public + path.removeprefix(request.script_root)


def init_app(app: Flask) -> None:
    """Let the templates build public addresses too."""
    app.jinja_env.globals.update(public_url_for=public_url_for, public_address=public_address)
