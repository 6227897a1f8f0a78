"""The app's Jinja environment: Flask's, with template globals an `{% import %}` checks cheaply.

At every `{% import %}` (the table's fragment has three, each render) Jinja works out which of
the importing context's globals the imported template lacks: `context's keys - template.globals
.keys()`. A template's globals are a ChainMap (its own, then the environment's), whose keys view
makes that a Python loop testing each of some 30 names in both maps: about a tenth of the
table's render. Here the keys are one dict's, which the set difference takes in C; the globals
stay a ChainMap, so a global added to the environment later is still seen.
"""

from __future__ import annotations

import functools
from collections import ChainMap
from collections.abc import Hashable, KeysView, MutableMapping
from typing import Any

from flask.templating import Environment as FlaskEnvironment
from jinja2.runtime import Macro
from markupsafe import Markup

KEPT_DRAWINGS = 1024  # `kept`'s drawings, some KB each (the cards' drawings are most of them)


class TemplateGlobals(ChainMap[str, Any]):
    """A template's globals, its own over the environment's, with a quick set of keys."""

    def keys(self) -> KeysView[str]:
        """Every name, as a dict's keys (a set operation on them runs in C): the environment's
        own keys when the template has no globals of its own (every template here)."""
        if not any(self.maps[:-1]):
            return self.maps[-1].keys()
        merged: dict[str, Any] = {}
        for mapping in reversed(self.maps):  # in ChainMap's own order
            merged.update(dict.fromkeys(mapping))
        return merged.keys()


class Environment(FlaskEnvironment):
    """Flask's environment, its templates' globals made `TemplateGlobals`."""

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """The globals of a template loaded with `d` as its own (Jinja's, but quicker keys)."""
        return TemplateGlobals({} if d is None else d, self.globals)


@functools.lru_cache(maxsize=KEPT_DRAWINGS)
def kept(macro: Macro, *args: Hashable) -> Markup:
    """What `macro(*args)` draws, drawn once per macro and arguments: `{{ kept(drawn.cards,
    seat.showing) }}` draws what `{{ drawn.cards(seat.showing) }}` does.

    Only for a macro that reads nothing but its arguments (no request, no translation) and for
    arguments that are the same for every visitor: cards and their badges, the rules' steps in
    a language, never a name or a token. An imported template's macros stay the same objects
    while its module is kept (Jinja keeps it; see `Environment`), so a template reloaded in
    development draws anew.
    """
    return Markup(macro(*args))
