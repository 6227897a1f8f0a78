"""What travels compressed (style sheets, scripts, drawings, pages without a secret), what never
does (a page with a CSRF token or a teacher's link, MP3 clips), and static files kept by the
browser only under an address that names their version."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable

import brotli
import flask_compress.flask_compress
import pytest
from classroom_support import create_round
from flask import Flask
from flask.testing import FlaskClient
from warm_clips import warm_clip

BROTLI = {"Accept-Encoding": "gzip, deflate, br"}
STATIC = re.compile(r'(?:href|src)="(/static/[^"?]+)\?v=([0-9a-f]{12})"')


def fetched(client: FlaskClient, url: str) -> tuple[bytes, str | None]:
    """The answer's body as the browser reads it, and how it travelled."""
    response = client.get(url, headers=BROTLI)
    assert response.status_code == 200, url
    encoding = response.headers.get("Content-Encoding")
    body = response.get_data()
    return (brotli.decompress(body) if encoding == "br" else body), encoding


@pytest.mark.parametrize("name", ["style.css", "table.js", "page-data.mjs", "cards.css"])
def test_static_files_travel_compressed_and_arrive_whole(
    app: Flask, client: FlaskClient, name: str
) -> None:
    body, encoding = fetched(client, f"/static/{name}")
    assert encoding == "br"
    assert app.static_folder
    with open(f"{app.static_folder}/{name}", "rb") as file:
        assert body == file.read()
    assert "Accept-Encoding" in client.get(f"/static/{name}").headers["Vary"]


def test_a_browser_that_takes_no_compression_gets_the_file_as_it_is(client: FlaskClient) -> None:
    response = client.get("/static/style.css")
    assert "Content-Encoding" not in response.headers
    assert b"{" in response.get_data()


def test_the_rules_page_travels_compressed_at_a_fraction_of_its_size(client: FlaskClient) -> None:
    plain = client.get("/en/rules/").get_data()
    response = client.get("/en/rules/", headers=BROTLI)
    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.get_data()) == plain
    assert len(response.get_data()) < len(plain) / 3


def test_a_page_with_a_form_is_never_compressed(client: FlaskClient) -> None:
    # BREACH: its CSRF token would sit beside text a visitor chose, in one compressed stream
    response = client.get("/en/easy", headers=BROTLI)
    assert 'name="csrf_token"' in response.get_data(as_text=True)
    assert "Content-Encoding" not in response.headers


def test_the_teachers_page_is_never_compressed(client: FlaskClient) -> None:
    teacher, _code = create_round(client)
    response = client.get(teacher, headers=BROTLI)
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers


def test_a_clip_is_sent_as_the_mp3_it_is(client: FlaskClient, app: Flask) -> None:
    warm_clip(app, "en", "compare-7-4")  # rendered first: what is sent is tested, not how fast
    response = client.get("/speech/en/compare-7-4.mp3?v=1", headers=BROTLI)
    assert response.status_code == 200
    assert "Content-Encoding" not in response.headers


def test_pages_name_static_files_by_version_and_browsers_keep_those_a_year(
    client: FlaskClient,
) -> None:
    page = client.get("/en/rules/").get_data(as_text=True)
    addresses = STATIC.findall(page)
    assert addresses, "the page names no versioned static file"
    for path, version in addresses:
        kept = client.get(f"{path}?v={version}")
        assert kept.status_code == 200
        assert "max-age=31536000" in kept.headers["Cache-Control"]
        assert "immutable" in kept.headers["Cache-Control"]


def test_an_old_or_missing_version_is_served_but_checked_again(client: FlaskClient) -> None:
    for url in ("/static/style.css?v=000000000000", "/static/style.css"):
        response = client.get(url)
        assert response.status_code == 200
        assert "max-age=31536000" not in response.headers.get("Cache-Control", "")


def test_a_static_file_is_compressed_once_across_requests(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    compressions: list[str] = []
    for name in ("_compress_data", "_compress_chunks"):  # a whole body, and a stream
        original = getattr(flask_compress.flask_compress, name)

        def counted(*args: object, _original: Callable[..., object] = original) -> object:
            compressions.append(str(args[2]))  # (app, data or chunks, algorithm)
            return _original(*args)

        monkeypatch.setattr(flask_compress.flask_compress, name, counted)
    plain = client.get("/static/style.css").get_data()
    bodies = [fetched(client, "/static/style.css")[0] for _ in range(3)]
    bodies += [fetched(client, "/static/style.css?v=000000000000")[0]]  # an old page's address
    gzipped = client.get("/static/style.css", headers={"Accept-Encoding": "gzip"})
    assert gzipped.headers["Content-Encoding"] == "gzip"
    assert bodies == [plain] * 4 and gzip.decompress(gzipped.get_data()) == plain
    assert compressions == ["br", "gzip"]  # once for each kind, then kept
    # A part of the file (a Range request) is never kept in place of the whole file.
    part = client.get("/static/style.css", headers={**BROTLI, "Range": "bytes=0-99"})
    assert part.status_code == 206
    assert fetched(client, "/static/style.css")[0] == plain
