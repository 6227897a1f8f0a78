"""QR codes of join addresses, drawn by the app as inline SVG (no outside service).

segno writes the SVG; we ask for it without an XML declaration, namespace, size or style
attribute (the pages' policy forbids style attributes), then make it an image with a name.
"""

from __future__ import annotations

import functools

import segno
from markupsafe import Markup, escape


@functools.lru_cache(maxsize=256)
def _qr_svg(text: str) -> str:
    """The bare SVG of a QR code of `text` (kept: a projector asks for the same one often)."""
    code = segno.make_qr(text, error="m")
    # Dark on light with the standard four-module quiet zone, so phones read it on any screen.
    return code.svg_inline(
        scale=1, border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr", lineclass=None
    )


def qr_svg(text: str, label: str) -> Markup:
    """A QR code of `text` as inline SVG, an image named `label` for screen readers."""
    svg = _qr_svg(text)
    assert svg.startswith("<svg ") and "style=" not in svg
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))
