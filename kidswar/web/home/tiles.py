"""A picture tile of the home page: what it shows, what its speaker corner says, where it goes."""

from __future__ import annotations

from dataclasses import dataclass, field

from markupsafe import Markup


@dataclass(frozen=True)
class Tile:
    """One tile: its picture and name, the clip of that name, and the page it opens.

    With `form` the tile is a button that posts those fields to `href` (a game starts at once);
    without, it is a link.
    """

    key: str  # the phrase key of its name (kidswar.words.tiles)
    name: str  # the words under the picture, as the clip says them
    picture: Markup
    href: str
    form: dict[str, str] = field(default_factory=dict)
