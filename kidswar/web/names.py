"""Typed names on the pages, isolated from the text around them (issue 23).

A name is whatever a child or a teacher typed, in any script. Put beside other text ("مرحبا: 26
cards"), a right-to-left name would take the punctuation and numbers next to it into its own
direction and reorder the line. One mechanism isolates it everywhere:

- A sentence built as plain text (`kidswar.words.sentences`, the board's) gets each name
  between FSI and PDI (`kidswar.words.isolate`), the plain-text isolation of UAX #9: right as
  it is wherever plain text goes (a title or `aria-label`, the status JSON's sentences, the
  results CSV, a live region a script fills).
- On the page, the `bdi_names` filter draws such a sentence as HTML: the sentence escaped, each
  FSI..PDI span turned into `<bdi>..</bdi>`, the element the HTML standard advises for text of
  unknown direction. Names never hold FSI or PDI themselves (`game.table.verify_name` refuses
  every format character but the joiners inside a grapheme), so each span is a name.
- A name a template prints itself goes through `bdi` (in text, also as a placeholder of a
  translated sentence: Jinja's i18n escapes the other placeholders and keeps this markup), or
  through `isolate` inside an attribute, where markup would be shown as text.

The voice is never given any of this: it says the seat's own name ("Player 1"), from phrases
built without isolates (`kidswar.sound.phrases`).
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from kidswar.words.isolate import FSI, PDI, isolate

__all__ = ["bdi", "bdi_names", "isolate"]

# A name between its isolates, in a sentence already escaped (escaping leaves them be).
ISOLATED = re.compile(f"{FSI}([^{FSI}{PDI}]*){PDI}")


def bdi(name: object) -> Markup:
    """The name, escaped, in a `<bdi>` element (put together as text: `Markup`'s `%` costs
    a few microseconds more, and a table draws a name for every seat)."""
    return Markup(f"<bdi>{escape(str(name))}</bdi>")


def bdi_names(sentence: object) -> Markup:
    """A plain-text sentence as HTML: escaped, each name isolated by FSI..PDI in a `<bdi>`."""
    return Markup(ISOLATED.sub(r"<bdi>\1</bdi>", str(escape(sentence))))
