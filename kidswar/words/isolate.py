"""A typed name inside a sentence made as plain text, isolated from the words around it.

A sentence made as plain text ("Game 1: مرحبا won.") holds each name between Unicode's FIRST
STRONG ISOLATE and POP DIRECTIONAL ISOLATE, the plain-text form of `<bdi>` (UAX #9), so a
right-to-left name does not reorder the sentence around it. The web's services isolate the
names they hand to the sentences (`kidswar.words.sentences` takes them as given, so the voice's
phrases, made with the seats' own names, have none); a page draws each such span as a `<bdi>`
(`kidswar.web.names.bdi_names`).
"""

from __future__ import annotations

FSI, PDI = "\u2068", "\u2069"


def isolate(name: str) -> str:
    """`name` between FSI and PDI: its direction decided by itself, the sentence's kept."""
    return f"{FSI}{name}{PDI}"
