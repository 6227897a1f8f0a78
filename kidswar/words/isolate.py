"""A typed name inside a sentence made as plain text, isolated from the words around it.

The pages show a name on its own through `<bdi>` (`kidswar.web.names`); a sentence made here
as plain text ("Game 1: مرحبا won.") holds the name between Unicode's FIRST STRONG ISOLATE and
POP DIRECTIONAL ISOLATE, the plain-text form of the same isolation (UAX #9), so a right-to-left
name does not reorder the sentence around it.
"""

from __future__ import annotations

FSI, PDI = "\u2068", "\u2069"


def isolate(name: str) -> str:
    """`name` between FSI and PDI: its direction decided by itself, the sentence's kept."""
    return f"{FSI}{name}{PDI}"
