"""A returning device asks for no script again: the modules a script imports by plain name are
mapped to their versioned addresses (kidswar/web/import_map.py), kept a year like the rest."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import Page

from .browserhelpers import start_easy, wait_for_new_table

SCRIPT = re.compile(r"^/static/[\w-]+\.m?js$")


def scripts_asked(asked: list[str]) -> list[str]:
    """The scripts and modules among the addresses the server was asked for."""
    return [address for address in asked if SCRIPT.match(address.partition("?")[0])]


def test_a_second_visit_to_a_table_asks_the_server_for_no_script_module(
    page: Page, live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    serve = live_app.wsgi_app

    def recorded(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """The app, noting each address that reached the server."""
        query = environ.get("QUERY_STRING")
        asked.append(environ["PATH_INFO"] + (f"?{query}" if query else ""))
        return serve(environ, start_response)

    monkeypatch.setattr(live_app, "wsgi_app", recorded)
    start_easy(page)
    page.wait_for_load_state("load")  # every module of the page's scripts has come
    first = scripts_asked(asked)
    modules = [address for address in first if ".mjs" in address]
    assert modules, f"the table's scripts imported no module: {first}"
    assert all(re.search(r"\?v=[0-9a-f]{12}$", address) for address in first), first
    table = page.url
    asked.clear()
    page.goto(table)
    wait_for_new_table(page)
    page.wait_for_load_state("load")
    assert urlsplit(table).path in [address.partition("?")[0] for address in asked]  # seen
    assert scripts_asked(asked) == []
