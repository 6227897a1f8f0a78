"""The home page: big picture tiles a child can choose by, the grown-ups' choices below; and
`/`, which goes there in a language."""

from __future__ import annotations

from flask import redirect, render_template, url_for
from flask_babel import gettext as _
from werkzeug.wrappers import Response

from kidswar.web.drawing.pictures_svg import friend_picture, practice_picture, war_picture
from kidswar.web.drawing.qr import qr_svg
from kidswar.web.forms.choices import EASY_DECK, EASY_DEFAULT_MINUTES
from kidswar.web.home import bp
from kidswar.web.home.tiles import Tile
from kidswar.web.i18n import preferred_language, translations
from kidswar.web.tablets import opened_here, tablet_urls
from kidswar.words import phrase_keys as keys
from kidswar.words.tiles import calls
from kidswar.words.variant_names import full_game_choice

# What a tile's tap starts: the easy game with the little deck (the easy rules' own tip: the
# little deck is for the youngest) and the easy game's usual timer, as the easy setup would.
QUICK_GAME = {"deck": EASY_DECK.value, "time": str(EASY_DEFAULT_MINUTES)}


@bp.get("/")
def root() -> Response:
    """`/`: go to the home page in the visitor's language."""
    return redirect(url_for("home.index", lang=preferred_language()), code=302)


@bp.get("/<lang>/")
def index() -> str:
    """The picture tiles (play, play with a friend, practice), then the grown-ups' choices."""
    names = calls(translations())  # the words under each picture are the words its clip says
    tiles = (
        Tile(
            keys.TILE_PLAY,
            names[keys.TILE_PLAY],
            war_picture(),
            url_for("setup.easy"),
            # children-seat.js puts the chosen child's animal in "child-animal" as it is sent:
            # the child sits at the first seat, beside their animal (issue 32).
            {"who": "computer", "child-animal": "", **QUICK_GAME},
        ),
        Tile(
            keys.TILE_FRIEND,
            names[keys.TILE_FRIEND],
            friend_picture(),
            url_for("setup.easy"),
            {"who": "two", "child-animal": "", **QUICK_GAME},
        ),
        Tile(
            keys.TILE_PRACTICE,
            names[keys.TILE_PRACTICE],
            practice_picture(),
            url_for("drill.start"),
            # Ten questions at once on the child's own level, as the other tiles start a game:
            # the start page's list of levels is words a child cannot read. drill.js puts the
            # current child's progress (kept on this device) in the empty field as it is sent.
            {"progress": ""},
        ),
    )
    full = full_game_choice(translations())
    return render_template("home/index.html", tiles=tiles, full_game_choice=full, **tablets_view())


def tablets_view() -> dict[str, object]:
    """On the serving machine only: the address the tablets open and its QR code, or None
    and whether to say how to let them in (`kidswar serve` listens on this computer only)."""
    urls = tablet_urls() if opened_here() else None
    if not urls:
        return {"tablets": None, "tablets_shut_out": urls == ()}
    address = f"{urls[0]}/"
    label = _("QR code of the address %(address)s", address=address)
    return {"tablets": address, "tablets_qr": qr_svg(address, label), "tablets_shut_out": False}
