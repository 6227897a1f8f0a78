"""The address the tablets open, on the pages opened on the serving machine (issue 33).

`kidswar serve` puts the addresses it found in the app's TABLET_URLS; the live server here
listens on 127.0.0.1, so every page it serves is opened "on the serving machine".
"""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from .browserhelpers import check_axe
from .classsteps import create_round

TABLETS = "http://192.0.2.50:8000"  # an address of the serving machine's, as found


def test_the_home_page_shows_the_tablets_address_and_its_qr_code(
    page: Page, live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(live_app.config, "TABLET_URLS", (TABLETS,))
    page.goto("/en/")
    address = page.locator(".tablets-address")
    expect(address).to_have_text(f"{TABLETS}/")
    qr = page.get_by_role("img", name=f"QR code of the address {TABLETS}/")
    expect(qr).to_be_visible()
    check_axe(page, "the home page with the tablets' address")


def test_the_home_page_says_how_to_let_the_tablets_in(
    page: Page, live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(live_app.config, "TABLET_URLS", ())  # listening on this computer only
    page.goto("/en/")
    expect(page.locator(".tablets-shut-out")).to_contain_text("kidswar serve --host 0.0.0.0")
    expect(page.locator(".tablets-address")).to_have_count(0)


def test_the_teacher_page_shows_the_tablets_address_and_its_qr_code(
    page: Page, live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(live_app.config, "TABLET_URLS", (TABLETS,))
    code = create_round(page)
    expect(page.locator(".join-address").first).to_have_text(f"{TABLETS}/join/{code}")
    qr = page.get_by_role("img", name=f"QR code of the address {TABLETS}/join/{code}")
    expect(qr.first).to_be_visible()
    expect(page.get_by_text("This address starts with localhost")).to_have_count(0)


def test_the_teacher_page_says_how_to_start_on_the_network(
    page: Page, live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(live_app.config, "TABLET_URLS", ())
    create_round(page)
    expect(page.get_by_text("This address starts with localhost")).to_contain_text(
        "kidswar serve --host 0.0.0.0"
    )
