"""The address the tablets open, for pages opened on the serving machine itself (issue 33).

`kidswar serve` finds the addresses other devices on the network can open it by and puts them
in the app's config as TABLET_URLS: one or more ("http://192.168.1.20:8000") when it listens on
the network, none (an empty tuple) when it listens on this computer only. Another server
(gunicorn, a test's) leaves the key out: nothing is known then, and nothing is said.

A page asked for by "localhost" is on the serving machine: its join address and QR code would
name an address no tablet can open, so they name the first tablet address instead (the routed
one, `cli.addresses`). KIDSWAR_PUBLIC_URL, when set, wins over both (`web.public`).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import current_app, request

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")  # names only this computer can open


def is_local(host_url: str) -> bool:
    """True if the page was asked for by a name that other devices cannot open.

    `urlsplit` takes the port off and the brackets off an IPv6 address ("[::1]:8000" is
    "::1"); splitting the host on ":" would cut an IPv6 address at its first colon.
    """
    try:
        return urlsplit(host_url).hostname in LOCAL_HOSTS
    except ValueError:  # a malformed Host header (say "[::1"): not a name of this computer
        return False


def tablet_urls() -> tuple[str, ...] | None:
    """The addresses `kidswar serve` found for the tablets; () for none, None if unknown."""
    urls = current_app.config.get("TABLET_URLS")
    return None if urls is None else tuple(urls)


def opened_here() -> bool:
    """True if this request came by a name only the serving machine can open."""
    return is_local(request.host_url)


def tablet_base() -> str | None:
    """The address to build links for other devices from, when this page is opened on the
    serving machine and the server listens on the network; else None (the request's own)."""
    urls = tablet_urls()
    return urls[0] if urls and opened_here() else None
