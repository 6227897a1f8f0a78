"""Typed names on the pages, isolated from the text around them (issue 23).

A name is whatever a child or a teacher typed, in any script. Put beside other text ("مرحبا: 26
cards"), a right-to-left name would take the punctuation and numbers next to it into its own
direction and reorder the line. `<bdi>` isolates it, as the HTML standard advises for text of
unknown direction: every template shows a typed name through the `bdi` filter, also where it
is a placeholder of a translated sentence (Jinja's i18n escapes the other placeholders and keeps
this markup).
"""

from __future__ import annotations

from markupsafe import Markup


def bdi(name: object) -> Markup:
    """The name, escaped, in a `<bdi>` element."""
    return Markup("<bdi>%s</bdi>") % str(name)
