"""`school.py --free fragment|view`: how low a battle's cost could go, the table's drawing free.

Benchmark-only, and it changes what the server answers: installed in every process of the
server by the probes' `sitecustomize` (`school.py --free` sets BOUNDPROBE). It replaces the
table's `render_table` so that a battle answered to the table's script is not drawn: the
process keeps the first fragment it draws and answers each later battle with that text, its
next battle's number put in (the one thing the load generator reads). With "fragment" the
table's view is still computed (`table_page`) and only the drawing (Jinja) is free; with "view"
both are. Loading, playing, saving, the CSRF check and the server's own work stay as they are,
so the ratio it gives is a floor for any way of drawing the same table.

The kept answer is marked as holding a secret, as the drawn one is (its forms carry a CSRF
token), so it is sent uncompressed like the real one; unmarked, Flask-Compress compresses it
at every request, which costs more than the drawing saved.
"""

from __future__ import annotations

import re

NEXT = re.compile(r'data-next-battle="\d+"')
WHAT = ("fragment", "view")


def install(what: str) -> None:
    """Make the table's drawing (and with "view" its view too) cost nothing, as above."""
    if what not in WHAT:
        raise SystemExit(f"BOUNDPROBE: {what!r} is not one of {', '.join(WHAT)}")
    from flask import g
    from werkzeug.wrappers import Response

    import kidswar.web.table.routes as routes
    from kidswar.storage.games import StoredGame
    from kidswar.web.compression import SECRET
    from kidswar.web.context import context
    from kidswar.web.live import from_page_script
    from kidswar.web.services.views import table_page

    original = routes.render_table
    kept: list[str] = []  # this process's first drawn fragment

    def render_table(
        stored: StoredGame,
        notice: str | None = None,
        status: int = 200,
        progress: str | None = None,
        progress_refused: bool = False,
    ) -> Response:
        game = stored.game
        plain = not (notice or progress or progress_refused) and status == 200
        if not (plain and from_page_script()) or game.is_over:
            return original(stored, notice, status, progress, progress_refused)
        if what == "fragment":
            table_page(context(), stored)  # the view, computed and thrown away
        if not kept:
            kept.append(original(stored).get_data(as_text=True))
        setattr(g, SECRET, True)  # as the drawn fragment: never compressed
        page = NEXT.sub(f'data-next-battle="{game.battles + 1}"', kept[0])
        return Response(page, status, mimetype="text/html")

    routes.render_table = render_table
